#include "router/routing/dragonfly_routing.h"

#include "rtl_fields.h"

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
  const int port = target == dst_router ? d.min_port : topo_.min_port(router, target);  // MIN's hops: one lookup
  d.out_port = static_cast<std::uint16_t>(port);
  RouteState& rs = pkt.route;
  const int cls = static_cast<int>(topo_.port_class(port));
  std::int8_t slot;
  if (hop_count_vcs_) slot = static_cast<std::int8_t>(rs.hops[cls]);
  else if (cls == kGlobalClass) slot = slots.global;
  else slot = phase_took_global(rs) ? slots.local_after : slots.local_before;
  ++rs.hops[cls];
  rs.phase_classes |= static_cast<std::uint8_t>(1u << cls);
  d.no_slot = slot < 0;
  d.out_vc = static_cast<std::uint8_t>(slot & ((1 << rtl::VC_W) - 1));  // as the RTL's VC field (no slot: all ones)
  d.misroute = d.out_port != d.min_port;
  return d;
}

}  // namespace hiradix
