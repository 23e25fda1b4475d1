#include "router/routing/dragonfly_routing.h"

namespace hiradix {

RoutingDecision DragonflyRouting::minimal_hop(int router, int target, Packet& pkt, const PhaseSlots& slots) const {
  RoutingDecision d;
  const int dst_router = topo_.router_of_terminal(pkt.dst);
  d.min_port = static_cast<std::uint16_t>(router == dst_router ? topo_.port_of_terminal(pkt.dst)
                                                               : topo_.min_port(router, dst_router));
  if (router == target) {  // only reached for the destination router: eject
    d.out_port = static_cast<std::uint16_t>(topo_.port_of_terminal(pkt.dst));
    d.out_vc = 0;
    return d;
  }
  const int port = topo_.min_port(router, target);
  d.out_port = static_cast<std::uint16_t>(port);
  RouteState& rs = pkt.route;
  std::int8_t slot;
  if (topo_.port_class(port) == PortClass::kGlobal) {
    slot = hop_count_vcs_ ? static_cast<std::int8_t>(rs.global_hops) : slots.global;
    ++rs.global_hops;
    rs.phase_global = 1;
  } else {
    slot = hop_count_vcs_ ? static_cast<std::int8_t>(rs.local_hops) : rs.phase_global ? slots.local_after : slots.local_before;
    ++rs.local_hops;
  }
  d.no_slot = slot < 0;
  d.out_vc = static_cast<std::uint8_t>(slot & 7);  // as the RTL's 3-bit VC field
  d.misroute = d.out_port != d.min_port;
  return d;
}

}  // namespace hiradix
