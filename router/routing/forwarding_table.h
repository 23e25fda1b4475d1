// Every router's forwarding table, as a fabric manager fills a switch's at start (issue 27): per router and
// per destination router, a row of one byte per output port, 1 where the port is minimal
// (Topology::min_ports, or the routing's own set of them: GenericRouting::min_ports under routing.min_paths). The RTL routing unit of `min` off the Dragonfly reads the row of the packet's
// destination as its input `fwd_row` (generic_min_rtl.h); rtl/hiradix_forwarding_table.v is the table in
// hardware. One flat vector, built once: a decision points into it and allocates nothing.
#pragma once
#include <cstddef>
#include <cstdint>
#include <functional>
#include <vector>

#include "router/routing/rtl_field.h"
#include "rtl_own_slots.h"
#include "topology/topology.h"

namespace hiradix {

// The routing unit's input of a row towards the destination router (generic_min_rtl.h), filled by the
// routings that read the table (min, valiant and ugal off the Dragonfly).
HIRADIX_OWN_ARRAY(fwd_row)

class ForwardingTable {
 public:
  // The most bytes the model's copy of every router's table may take (routers^2 * radix): a network whose
  // tables exceed it gets none (built() false), and the RTL refuses to route it (GenericMinRouting::rtl_refusal).
  static constexpr std::size_t kMaxBytes = std::size_t{1} << 26;

  // The ports a row marks, per (router, target router): written to `out`, their number returned (as
  // Topology::min_ports). The routings pass theirs (GenericRouting::min_ports: routing.min_paths applied).
  using PortSet = std::function<int(int router, int target, int* out)>;
  explicit ForwardingTable(const Topology& topo);  // Topology::min_ports
  ForwardingTable(const Topology& topo, const PortSet& min_ports);
  bool built() const { return !rows_.empty(); }
  // Router `router`'s row for destination router `dst`: radix() bytes, 0 or 1 per port; null when not built().
  const std::uint8_t* row(int router, int dst) const {
    return built() ? rows_.data() + (static_cast<std::size_t>(router) * routers_ + static_cast<std::size_t>(dst)) * radix_ : nullptr;
  }
  int radix() const { return radix_; }
  std::size_t bytes() const { return static_cast<std::size_t>(routers_) * routers_ * radix_; }

 private:
  int routers_, radix_;
  std::vector<std::uint8_t> rows_;
};

}  // namespace hiradix
