// `min` on any topology other than the Dragonfly (whose `min` is MinRouting): a minimal path, at each hop the
// least loaded of the topology's minimal ports (Topology::min_ports; ties drawn by the LFSR), hop-count
// VCs (generic_routing.h): a hop on link class c takes VC (hops already taken on c), H_c VCs per class.
// Its RTL (rtl/routing/hiradix_route_generic_min.v, issue 27) reads the minimal ports as the row of the
// router's forwarding table for the packet's destination (forwarding_table.h), which gather() points at.
#pragma once
#include <string>

#include "router/routing/forwarding_table.h"
#include "router/routing/generic_min_rtl.h"
#include "router/routing/generic_routing.h"
#include "rtl_own_slots.h"

namespace hiradix {

class GenericMinRouting : public GenericRouting {
 public:
  explicit GenericMinRouting(const Topology& topo, MinPaths paths = MinPaths::kAdaptive)
      : GenericRouting(topo, paths), table_(topo, [this](int r, int t, int* out) { return min_ports(r, t, out); }) {}
  std::string name() const override { return "min"; }
  VcRequirement vcs_needed() const override;
  void gather(RouterView& view, const Packet& pkt, RoutingContext& ctx) const override;
  std::string rtl_refusal() const override;

  const ForwardingTable& table() const { return table_; }

 private:
  ForwardingTable table_;
};

}  // namespace hiradix
