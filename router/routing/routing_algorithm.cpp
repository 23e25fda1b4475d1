#include "router/routing/routing_algorithm.h"

#include <stdexcept>

#include "router/routing/min_routing.h"
#include "router/routing/valiant_routing.h"

namespace hiradix {

RoutingDecision RoutingAlgorithm::minimal_hop(int router, int target, Packet& pkt) const {
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
  if (topo_.port_class(port) == PortClass::kGlobal) {
    d.out_vc = pkt.route.global_hops++;
  } else {
    d.out_vc = pkt.route.local_hops++;
  }
  d.misroute = d.out_port != d.min_port;
  return d;
}

std::unique_ptr<RoutingAlgorithm> make_routing(const RoutingOptions& options, const Dragonfly& topo) {
  if (options.algorithm == "min") return std::make_unique<MinRouting>(topo);
  if (options.algorithm == "valiant") return std::make_unique<ValiantRouting>(topo, parse_phase_a(options.phase_a));
  throw std::invalid_argument("routing.algorithm: unknown algorithm '" + options.algorithm + "'");
}

}  // namespace hiradix
