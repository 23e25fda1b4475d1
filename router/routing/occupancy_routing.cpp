#include "router/routing/occupancy_routing.h"

#include <algorithm>

#include "router/routing/routing_registry.h"

namespace hiradix {

namespace {
int integer(const RoutingOptions& o, const char* key) { return static_cast<int>(o.integer(key)); }
}  // namespace

RoutingEntry olm_routing_entry() {
  RoutingEntry e{"olm", {"OLM", 5},
          "seed-003 §2, §1.4: in-transit MM+L misrouting when the minimal VC is congested by credits, to candidates at "
          "most routing.olm_threshold % as occupied; covers PAR",
          {{{"routing.olm_threshold", KeyType::kInt, "50", 0, 100, {}, "OLM: a nonminimal candidate is valid iff its VC's occupancy q_nonmin <= th % of the minimal VC's q_min (seed-003 Table I: 50). q = phits holding the output VC's credits (queued, on the link, downstream, not yet credited back) in integer percent of its downstream buffer."}},
          {{"routing.olm_min_occupancy", KeyType::kInt, "50", 0, 100, {}, "OLM and Hybrid's credit trigger (ThMin, seed-003 §1.4 [F]; not in the paper): misroute only when q_min >= ThMin % and the minimal VC cannot take the whole packet now (credits or output-queue room). 50: with the seed's buffers a credit shortage alone already means q_min >= 75 (local) / 97 (global), so ThMin decides only when a full output queue (a busy link) counts as congestion: once the minimal VC has at least half its buffer in flight."}}},
          rtl::ALG_OLM,
          [](const RoutingOptions& o, const Topology& topo) -> std::unique_ptr<RoutingAlgorithm> {
            const Dragonfly& t = topology_as<Dragonfly>(topo, "routing.algorithm " + o.algorithm);
            return std::make_unique<OlmRouting>(t, integer(o, "routing.olm_threshold"), integer(o, "routing.olm_min_occupancy"));
          }};
  key_of(e, "routing.olm_threshold").label = "OLM th %";
  return e;
}

RoutingEntry hybrid_routing_entry() {
  RoutingEntry e{"hybrid", {"Hybrid", 7},
                 "§1.4: base's trigger with routing.hybrid_contention_threshold OR olm's with routing.hybrid_threshold",
                 {{{"routing.hybrid_contention_threshold", KeyType::kInt, "0", 0, 1000, {}, "Hybrid: misroute when the minimal port's contention counter is >= th, to any candidate that can take the packet. 0 = min(7, p): seed-003 Table I's 7, capped at p as routing.contention_threshold is."}},
          {{"routing.hybrid_threshold", KeyType::kInt, "35", 0, 100, {}, "Hybrid's credit part: as routing.olm_threshold, with seed-003 Table I's 35 %."}}},
                 rtl::ALG_HYBRID,
                 [](const RoutingOptions& o, const Topology& topo) -> std::unique_ptr<RoutingAlgorithm> {
            const Dragonfly& t = topology_as<Dragonfly>(topo, "routing.algorithm " + o.algorithm);
                   return std::make_unique<HybridRouting>(t, integer(o, "routing.hybrid_contention_threshold"),
                                                          integer(o, "routing.hybrid_threshold"),
                                                          integer(o, "routing.olm_min_occupancy"));
                 }};
  e.keys[0].resolve = [](long long th, const Topology& t) -> long long { return th ? th : std::min(7, t.nodes_per_router()); };
  key_of(e, "routing.hybrid_contention_threshold").label = "th (Hybrid)";
  key_of(e, "routing.hybrid_threshold").label = "Hybrid th %";
  return e;
}

}  // namespace hiradix
