#include "router/routing/lian_routing.h"

#include <algorithm>
#include <stdexcept>

#include "router/common/router_view.h"
#include "router/routing/routing_registry.h"

namespace hiradix {

LianState::LianState(const Dragonfly& topo, int router, Cycle window, int max_per_cycle, int w_percent)
    : topo_(topo), group_(topo.group_of(router)), counters_(topo.groups(), window, max_per_cycle, w_percent) {
  for (int k = 0; k < topo.h(); ++k) global_groups_.push_back(topo.group_of(topo.peer(router, topo.global_port(k)).router));
}

LianRouting::LianRouting(const Dragonfly& topo, const TprRegions& regions, const LianThresholds& th, Cycle window,
                         int w_percent, bool hop_count_vcs)
    : UgalRouting(topo, PhaseA::kLgl, 0, hop_count_vcs, UgalInfo::kLocal, true),
      regions_(regions),
      th_(th),
      window_(window),
      w_percent_(w_percent) {}

std::unique_ptr<RoutingState> LianRouting::make_state(int router, const RouterParams& params, int, int) const {
  return std::make_unique<LianState>(topo_, router, window_, TprRouting::injection_grants_per_cycle(topo_, params), w_percent_);
}

void LianRouting::gather(RouterView& view, const Packet& pkt, RoutingContext& ctx) const {
  UgalRouting::gather(view, pkt, ctx);
  tpr_count(ctx) = lian_saturated(ctx) = lian_il(ctx) = 0;
  if (!view.at_injection()) return;
  LianState& s = *static_cast<LianState*>(view.state());
  const int dst_g = topo_.group_of(topo_.router_of_terminal(pkt.dst));
  read_counters(s, dst_g, view.now(), ctx);
  if (s.trace()) {
    const int groups = topo_.groups(), d = (dst_g - s.group() + groups) % groups;
    s.trace()->decision(view.now(), d > groups / 2 ? d - groups : d, tpr_count(ctx), lian_saturated(ctx), lian_il(ctx),
                        to_string(policy(ctx)));
  }
}

void LianRouting::read_counters(LianState& s, int dst_g, Cycle now, RoutingContext& ctx) const {
  constexpr std::uint64_t kMax = (1u << rtl::TPR_W) - 1;  // the RTL's fields saturate
  for (const int g : s.global_groups())
    if (s.counters().extended(g, now) > 100u * static_cast<std::uint64_t>(th_.gcs)) ++lian_saturated(ctx);
  if (dst_g == s.group()) return;  // no counter for the own group: T benign, no IL
  const int groups = topo_.groups();
  int d = (dst_g - s.group() + groups) % groups;  // 1 .. 2h^2
  if (d > groups / 2) d -= groups;                // signed offset, |d| <= h^2
  tpr_count(ctx) = static_cast<int>(std::min(s.counters().extended(dst_g, now) / 100, kMax));
  int relevant[2];
  std::uint64_t il = 0;
  for (int i = 0, n = lian_relevant_il(topo_.h(), d, relevant); i < n; ++i)
    il = std::max(il, lian_il_scaled(topo_.h(), relevant[i], [&](int offset) { return s.extended_at_offset(offset, now); }));
  const std::uint64_t scale = 100u * static_cast<std::uint64_t>(topo_.h());  // IL * 100 h
  lian_il(ctx) = static_cast<int>(std::min((il + scale - 1) / scale, kMax));
}

PhaseA LianRouting::policy(const RoutingContext& ctx) const {
  const bool l1 = lian_saturated(ctx) > th_.sgc;
  const bool l2 = lian_il(ctx) > th_.ilc;
  return l1 ? (l2 ? PhaseA::kLgl : PhaseA::kLg) : (l2 ? PhaseA::kGl : PhaseA::kG);
}

RoutingEntry lian_routing_entry() {
  RoutingEntry e{
      "lian", {"LIAN", 20},
      "LIAN, seed-000 §3.13: UGAL-L whose non-minimal policy (-g-, -gl, lg-, lgl) is picked from the source router's "
      "own per-group counters (packets injected in the last routing.tpr_window cycles plus routing.lian_w_percent of "
      "those waiting), T as tpr; RVLB's in-group draw for intra-group traffic; palmtree Dragonfly with a = 2h",
      {{{"routing.lian_w_percent", KeyType::kInt, "10", 0, 10000, {}, "LIAN's weight w of the packets waiting in the injection buffers, in percent (seed-000 Eq. 6-1: w = 0.1, so 10): G = injected + w * stored. Only with lian."}},
       {{"routing.lian_gcs", KeyType::kInt, "5", 0, 1000000, {}, "LIAN's GCSth in packets (seed-000 Table 6-1: 5): a group reached by one of the router's global links counts as saturated when its G exceeds it. Only with lian."}},
       {{"routing.lian_sgc", KeyType::kInt, "3", 0, 63, {}, "LIAN's SGCth (seed-000 Table 6-1: 3): the first local hop l1 is used when more than SGCth of the router's h global links reach a saturated group. Only with lian."}},
       {{"routing.lian_ilc", KeyType::kInt, "20", 0, 254, {}, "LIAN's ILCth in packets (seed-000 Table 6-1: 20): the second local hop l2 is used when an intermediate-local counter (Eq. 6-2) of the destination's offset exceeds it. Only with lian."}},
       {{"trace.lian", KeyType::kString, "''", 0, 0, {}, "CSV file of trace.router's LIAN readings (seed-000 §3.13): a row per injection decision there with the cycle, the destination group's signed offset, floor of its extended counter G, the global links to saturated groups, ceil of the larger relevant IL counter and the phase-A policy drawn under; '' = none. Window: trace.from/trace.to. Only with routing.algorithm lian."}}},
      rtl::ALG_LIAN,
      [](const RoutingOptions& o, const Topology& topo) -> std::unique_ptr<RoutingAlgorithm> {
        const Dragonfly& t = topology_as<Dragonfly>(topo, "routing.algorithm " + o.algorithm);
        if (t.arrangement() != Arrangement::kPalmtree || t.a() != 2 * t.h())
          throw std::invalid_argument("lian needs the palmtree arrangement with topology.a = 2 * topology.h "
                                      "(its IL counters, seed-000 Eq. 6-2, assume 2h^2 + 1 groups); got " + t.describe());
        const auto integer = [&](const char* key) { return static_cast<int>(o.integer(key)); };
        const TprRegions regions = tpr_regions(o);
        const LianThresholds th{integer("routing.lian_gcs"), integer("routing.lian_sgc"), integer("routing.lian_ilc")};
        auto r = std::make_unique<LianRouting>(t, regions, th, static_cast<Cycle>(o.integer("routing.tpr_window")),
                                               integer("routing.lian_w_percent"), o.text("routing.vc_scheme") == "hop_count");
        read_ugal_options(*r, o);
        return r;
      }};
  e.trace_key = "trace.lian";
  for (RoutingKey& k : e.keys) k.used_by = {"lian"};
  // The thesis' §6.3.2.2: where a -g- path saturates, the relevant IL counter reads about the same for every
  // group offset, which is what lets one threshold ILCth pick the l2 hop.
  e.figures = {{RoutingFigure::Kind::kTraceVsLoad, "lian_il_vs_load", "LIAN's intermediate-local counter vs offered load", "IL",
                "mean over its injection decisions", "il", "Larger relevant IL counter (packets)", "routing.lian_ilc", "ILCth"}};
  return e;
}

}  // namespace hiradix
