// What a routing may read of its router for one decision (RC): the routing pulls what it needs
// (RoutingAlgorithm::gather) instead of the router filling every field for every algorithm. Arrays are
// over all output ports, computed when first asked for in this decision, in the router's scratch space,
// with the RTL's field widths (the routing unit's inputs, rtl/hiradix_fields.vh): what the C++ model reads
// is exactly what the RTL would be given.
#pragma once
#include <cstdint>

#include "tlm/cycle.h"

namespace hiradix {

class Router;
class RoutingState;
struct RoutingContext;

class RouterView {
 public:
  RouterView(Router& router, int id, const std::int32_t* contention, Cycle now, int in_port, int in_vc)
      : r_(router), id_(id), contention_(contention), now_(now), in_port_(in_port), in_vc_(in_vc) {}

  int router() const { return id_; }
  int radix() const;
  int in_port() const { return in_port_; }
  int in_vc() const { return in_vc_; }
  Cycle now() const { return now_; }
  bool at_injection() const;  // the decision is made at the packet's source router (a terminal input port)
  // Whether the RTL routing unit decides beside or instead of the model (router.rc_mode rtl / lockstep): a
  // routing fills the inputs only its RTL reads (a forwarding table's rows, ...) only then, off the model's
  // hot path.
  bool rtl_in_loop() const;
  // The random state this decision will be given (RoutingContext::random: the router's LFSR one step on), for
  // a routing whose RTL inputs depend on its draw (valiant off the Dragonfly: the intermediate's table row).
  std::uint64_t next_random() const;

  const std::int32_t* contention() const { return contention_; }  // per output port (seed-003 §1.3)
  // Phits ahead of a new packet on `port` (its output queue plus uncredited phits downstream, unsaturated).
  int load(int port) const;
  // Per output port: load saturated at LOAD_W bits (UGAL's Q); the group's global-link loads at the start
  // of the cycle (UGAL-G, through the Network's GroupLoadView); the VCs 0..READY_W-1 that can take a whole
  // packet now; per port and VC 0..READY_W-1 the occupancy in integer percent (OLM, Hybrid).
  const std::uint16_t* port_loads() const;
  // port_loads() into ctx.port_load as the routing reads it (router/routing/port_load.h): nothing now, each port's entry at
  // its first read, so that a decision reading two ports does not touch every port's credits (docs/benchmark.md,
  // "Port loads filled as read"). Whole now when the RTL unit is in the loop: it reads every entry.
  void port_loads_as_read(RoutingContext& ctx) const;
  std::uint16_t fill_port_load(const RoutingContext& ctx, int port) const;  // port_load_of's first read
  // Per output port and VC 0..kStateVcs-1 (port * kStateVcs + vc): the phits holding that VC's downstream
  // credits, saturated as port_loads() (UGAL's Q read per VC, routing.ugal_load: vc).
  const std::uint16_t* vc_loads() const;
  const std::uint16_t* group_loads() const;
  const std::uint32_t* ready_masks() const;
  // Per output port, the VCs 0..READY_W-1 whose flow control lets a whole packet go now (not paused; credits
  // for a packet), the output queue aside (MAR-bP's condition, RoutingContext::flow_ready).
  const std::uint32_t* flow_ready_masks() const;
  const std::uint8_t* occupancies() const;
  // The routing's own state in this router (null if it has none).
  RoutingState* state() const;

 private:
  Router& r_;
  int id_;
  const std::int32_t* contention_;
  Cycle now_;
  int in_port_, in_vc_;
};

}  // namespace hiradix
