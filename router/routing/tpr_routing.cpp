#include "router/routing/tpr_routing.h"

#include <algorithm>

#include "router/common/router_view.h"
#include "router/routing/routing_registry.h"

namespace hiradix {

int TprRouting::injection_grants_per_cycle(const Dragonfly& topo, const RouterParams& params) {
  const int ticks = (params.speedup_num + params.speedup_den - 1) / params.speedup_den;
  return topo.p() * std::max(ticks, 1);
}

std::unique_ptr<RoutingState> TprRouting::make_state(int router, const RouterParams& params, int, int) const {
  return std::make_unique<TprState>(topo_, router, window_, injection_grants_per_cycle(topo_, params));
}

void TprRouting::gather(RouterView& view, const Packet& pkt, RoutingContext& ctx) const {
  UgalRouting::gather(view, pkt, ctx);
  tpr_count(ctx) = 0;
  if (!view.at_injection()) return;
  const int dst_g = topo_.group_of(topo_.router_of_terminal(pkt.dst));
  if (dst_g == topo_.group_of(ctx.router)) return;  // no counter for the own group: count 0
  const std::uint32_t count = static_cast<TprState*>(view.state())->counters().count(dst_g, view.now());
  constexpr std::uint32_t kMax = (1u << rtl::TPR_W) - 1;  // the RTL's field saturates
  tpr_count(ctx) = static_cast<int>(std::min(count, kMax));
}

TprRegions tpr_regions(const RoutingOptions& o) {
  const auto phits = [&](const char* key) { return static_cast<int>(o.threshold_phits(key)); };
  return {static_cast<int>(o.integer("routing.tpr_low")), static_cast<int>(o.integer("routing.tpr_high")),
          phits("routing.tpr_t_benign"), phits("routing.tpr_t_mix"), phits("routing.tpr_t_adv")};
}

RoutingEntry tpr_routing_entry() {
  RoutingEntry e{
      "tpr", {"TPR", 19},
      "TPR, seed-000 §3.12: UGAL-L whose T is picked per destination group from the packets the router forwarded "
      "from its injection ports towards that group in the last routing.tpr_window cycles (three regions by "
      "routing.tpr_low / routing.tpr_high); non-minimal candidate always VLB lgl, VCs as pb",
      {{{"routing.tpr_window", KeyType::kInt, "200", 1, 10000, {}, "TPR's and LIAN's history window HW in cycles (seed-000 Table 6-1: 200): a decision at cycle t reads the packets forwarded in cycles t-HW .. t-1. At most 10,000: each router keeps a ring of (HW + 1) * p * ceil(speed-up) events, 16 bytes each. Only with tpr and lian."}},
       {{"routing.tpr_low", KeyType::kInt, "3", 0, 255, {}, "TPR's and LIAN's LI_l in packets (seed-000 Table 6-1: 3): a count (LIAN: the destination group's G) below it is the benign region. Counts saturate at 255 (the RTL's 8-bit field). Only with tpr and lian."}},
       {{"routing.tpr_high", KeyType::kInt, "5", 0, 255, {}, "TPR's LI_h in packets (seed-000 Table 6-1: 5): a count of at least LI_h is the adversarial region, LI_l <= count < LI_h the mix region. Only with tpr and lian."}},
       {{"routing.tpr_t_benign", KeyType::kInt, "150", -32768, 32767, {}, "TPR's UGAL T in flits (as routing.ugal_threshold) in the benign region (seed-000 Table 6-1: 150); also for destinations in the source group. Only with tpr and lian. Until 2026-11-24 hiradix read the three T as phits."}},
       {{"routing.tpr_t_mix", KeyType::kInt, "-30", -32768, 32767, {}, "TPR's UGAL T in flits in the mix region (seed-000 Table 6-1: -30). Only with tpr and lian."}},
       {{"routing.tpr_t_adv", KeyType::kInt, "-150", -32768, 32767, {}, "TPR's UGAL T in flits in the adversarial region (seed-000 Table 6-1: -150). Only with tpr and lian."}}},
      rtl::ALG_TPR,
      [](const RoutingOptions& o, const Topology& topo) -> std::unique_ptr<RoutingAlgorithm> {
        const Dragonfly& t = topology_as<Dragonfly>(topo, "routing.algorithm " + o.algorithm);
        const TprRegions regions = tpr_regions(o);
        auto r = std::make_unique<TprRouting>(t, regions, static_cast<Cycle>(o.integer("routing.tpr_window")),
                                              o.text("routing.vc_scheme") == "hop_count");
        read_ugal_options(*r, o);
        return r;
      }};
  for (RoutingKey& k : e.keys) k.used_by = {"tpr", "lian"};  // LIAN shares HW, LI and T (Table 6-1)
  return e;
}

}  // namespace hiradix
