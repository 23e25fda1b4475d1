#include "router/routing/min_routing.h"

#include "router/routing/channel_dependencies.h"
#include "router/routing/generic_min_routing.h"
#include "router/routing/routing_registry.h"

namespace hiradix {

bool MinRouting::enumerate_dependencies(ChannelGraph& g, CdgMethod method) const {
  enumerate_route_paths(*this, g, method);
  return true;
}

RoutingEntry min_routing_entry() {
  return {"min", {"MIN", 1}, "seed-000 §3.1; on a topology other than the Dragonfly, a minimal path with hop-count VCs, adaptive among several minimal ports", {}, rtl::ALG_MIN,
          [](const RoutingOptions& o, const Topology& topo) -> std::unique_ptr<RoutingAlgorithm> {
            // The Dragonfly's own MIN; on any other topology the one written against the Topology interface.
            if (const auto* t = dynamic_cast<const Dragonfly*>(&topo))
              return std::make_unique<MinRouting>(*t, o.text("routing.vc_scheme") == "hop_count");
            return std::make_unique<GenericMinRouting>(topo);
          }};
}

}  // namespace hiradix
