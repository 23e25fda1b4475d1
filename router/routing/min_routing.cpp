#include "router/routing/min_routing.h"

#include "router/routing/routing_registry.h"

namespace hiradix {

RoutingEntry min_routing_entry() {
  return {"min", {"MIN", 1}, "seed-000 §3.1", {}, rtl::ALG_MIN,
          [](const RoutingOptions& o, const Topology& topo) -> std::unique_ptr<RoutingAlgorithm> {
            const Dragonfly& t = topology_as<Dragonfly>(topo, "routing.algorithm " + o.algorithm);
            return std::make_unique<MinRouting>(t, o.text("routing.vc_scheme") == "hop_count");
          }};
}

}  // namespace hiradix
