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
  RoutingEntry e{"min", {"MIN", 1},
                 "seed-000 §3.1; on a topology other than the Dragonfly, a minimal path with hop-count VCs, adaptive among several "
                 "minimal ports (or in dimension order: routing.min_paths)",
                 {{{"routing.min_paths", KeyType::kString, "adaptive", 0, 0, {"adaptive", "dimension_order"},
                    "min, valiant, ugal and rvlb on mesh, torus and flattened_butterfly (issue 27): which minimal ports each hop may take, "
                    "in each phase: adaptive = the least loaded of all the minimal ports, any dimension first (seed-000 §2.6's reading); "
                    "dimension_order = only the port of the lowest-numbered dimension in which the router and the phase's target "
                    "differ (on a torus an even ring's tie goes as dor's: plus from an even coordinate, minus from an odd one). "
                    "VCs stay hop-count VCs. The RTL's forwarding table holds the same ports. Refused on dragonfly, fully_connected "
                    "and kns."},
                   nullptr, nullptr, {"min", "valiant", "ugal", "rvlb"}, "min paths"}},
                 rtl::ALG_MIN,
                 [](const RoutingOptions& o, const Topology& topo) -> std::unique_ptr<RoutingAlgorithm> {
                   const MinPaths paths = read_min_paths(o, topo);  // refuses dimension_order on a Dragonfly
                   // The Dragonfly's own MIN; on any other topology the one written against the Topology interface.
                   if (const auto* t = dynamic_cast<const Dragonfly*>(&topo))
                     return std::make_unique<MinRouting>(*t, o.text("routing.vc_scheme") == "hop_count");
                   return std::make_unique<GenericMinRouting>(topo, paths);
                 }};
  return e;
}

}  // namespace hiradix
