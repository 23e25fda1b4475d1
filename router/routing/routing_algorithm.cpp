#include "router/routing/routing_algorithm.h"

#include <stdexcept>

#include "router/routing/in_transit_routing.h"
#include "router/routing/min_routing.h"
#include "router/routing/occupancy_routing.h"
#include "router/routing/valiant_routing.h"

namespace hiradix {

RoutingDecision RoutingAlgorithm::minimal_hop(int router, int target, Packet& pkt, const PhaseSlots& slots) const {
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

std::unique_ptr<RoutingAlgorithm> make_routing(const RoutingOptions& options, const Dragonfly& topo) {
  const bool hop_count = options.vc_scheme == "hop_count";
  if (options.algorithm == "min") return std::make_unique<MinRouting>(topo, hop_count);
  if (options.algorithm == "valiant")
    return std::make_unique<ValiantRouting>(topo, parse_phase_a(options.phase_a), hop_count);
  if (options.algorithm == "base") return std::make_unique<BaseRouting>(topo, options.contention_threshold);
  if (options.algorithm == "ectn")
    return std::make_unique<EctnRouting>(topo, options.contention_threshold, options.ectn_threshold);
  if (options.algorithm == "pb")
    return std::make_unique<PbRouting>(topo, parse_phase_a(options.phase_a), options.ugal_threshold, options.pb_factor,
                                       options.pb_threshold, hop_count);
  if (options.algorithm == "olm") return std::make_unique<OlmRouting>(topo, options.olm_threshold, options.min_occupancy);
  if (options.algorithm == "hybrid")
    return std::make_unique<HybridRouting>(topo, options.hybrid_contention_threshold, options.hybrid_threshold,
                                           options.min_occupancy);
  if (options.algorithm == "ugal")
    return std::make_unique<UgalRouting>(topo, parse_phase_a(options.phase_a), options.ugal_threshold, hop_count,
                                         parse_ugal_info(options.ugal_info));
  throw std::invalid_argument("routing.algorithm: unknown algorithm '" + options.algorithm + "'");
}

}  // namespace hiradix
