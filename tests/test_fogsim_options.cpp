// Issue 33: the seeds' simulator's (FOGSim's) readings as options whose defaults keep hiradix's
// (docs/fogsim-differences.md): the intermediate router kept across a head's decisions at injection
// (routing.valiant_draw), the injection VC from the destination (nic.injection_vc), and Valiant's draw for
// a destination in the source group (routing.valiant_in_group), UGAL's minimal path on MIN's VC slots
// (routing.ugal_min_slots); and why Base under ADV+1 depends on the heads per injection port (issue 33 point
// 5). Each is checked against a hand-computed or
// independent expectation, and the two that change a routing decision against the RTL in lockstep.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "router/common/lfsr.h"
#include "router/routing/channel_dependencies.h"
#include "router/routing/routing_registry.h"
#include "router/routing/valiant_routing.h"
#include "testbench/nic.h"
#include "topology/dragonfly.h"

#include "sim_helpers.h"

using namespace hiradix;
using namespace hiradix::test;
using nlohmann::json;

namespace {

std::unique_ptr<RoutingAlgorithm> built(const std::string& algorithm, const Topology& topo,
                                        const std::vector<std::pair<std::string, std::string>>& keys) {
  RoutingOptions o;
  o.algorithm = algorithm;
  for (const auto& [k, v] : keys) o.set(k, v);
  return make_routing(o, topo);
}

// ---- nic.injection_vc ----

// FOGSim's destination policy: VC floor(dest * V / N). h = 2: N = 72 nodes; with V = 3 the nodes split
// into thirds of 24: 0..23 -> 0, 24..47 -> 1, 48..71 -> 2; with V = 2 halves of 36; with V = 1 all VC 0.
TEST(NicInjectionVc, DestinationPolicyIsFloorOfDestTimesVcsOverNodes) {
  const int n = 72;
  const std::vector<std::pair<std::uint32_t, int>> three = {{0, 0}, {1, 0}, {23, 0}, {24, 1}, {47, 1}, {48, 2}, {71, 2}};
  for (const auto& [dst, vc] : three) EXPECT_EQ(Nic::destination_vc(dst, 3, n), vc) << "dest " << dst;
  const std::vector<std::pair<std::uint32_t, int>> two = {{0, 0}, {35, 0}, {36, 1}, {71, 1}};
  for (const auto& [dst, vc] : two) EXPECT_EQ(Nic::destination_vc(dst, 2, n), vc) << "dest " << dst;
  for (std::uint32_t dst = 0; dst < static_cast<std::uint32_t>(n); ++dst) EXPECT_EQ(Nic::destination_vc(dst, 1, n), 0);
  // No overflow on a large network: 5,256 nodes (h = 6), 3 VCs.
  EXPECT_EQ(Nic::destination_vc(5255, 3, 5256), 2);
  EXPECT_EQ(Nic::destination_vc(1751, 3, 5256), 0);
  EXPECT_EQ(Nic::destination_vc(1752, 3, 5256), 1);
}

// The key: round_robin by default (result.json echoes it), destination accepted and run to a clean end with
// three injection VCs, anything else refused.
TEST(NicInjectionVc, KeyDefaultsToRoundRobinAndDestinationRunsClean) {
  const Overrides base = {{"topology.h", "2"}, {"traffic.load", "0.5"}, {"sim.warmup", "500"}, {"sim.measure", "2000"},
                          {"router.vcs.injection", "3"}};
  const json rr = run_sane(base);
  ASSERT_FALSE(rr.is_null());
  EXPECT_EQ(rr["config"]["nic"]["injection_vc"], "round_robin");
  const json dest = run_sane(with(base, {{"nic.injection_vc", "destination"}}));
  ASSERT_FALSE(dest.is_null());
  EXPECT_EQ(dest["config"]["nic"]["injection_vc"], "destination");
  EXPECT_NEAR(dest["accepted_load"].get<double>(), 0.5, 0.03);
  EXPECT_NE(config_error({{"nic.injection_vc", "random"}}).find("nic.injection_vc"), std::string::npos);
}

// ---- routing.valiant_draw ----

// A head decided at injection, blocked, and decided again with another decision's random state: with
// per_packet the second decision keeps the first one's R_ROOT and equals a first decision that drew that
// R_ROOT (the same loads, the random state that drew it); with per_attempt (the default) it draws anew.
TEST(ValiantDraw, PerPacketKeepsTheFirstIntermediateAcrossRetries) {
  const Dragonfly t(2, 4, 2, Arrangement::kPalmtree);
  const int src = 1;
  std::uint16_t load[64] = {};
  for (int port = 0; port < t.radix(src); ++port) load[port] = static_cast<std::uint16_t>(7 * port % 23);
  for (const std::string algorithm : {"ugal", "pb", "rpb", "tpr", "lian"}) {
    const auto keep = built(algorithm, t, {{"routing.valiant_draw", "per_packet"}});
    const auto redraw = built(algorithm, t, {});
    int differing = 0;
    std::uint64_t lfsr = lfsr_seed(3, 1);
    for (int trial = 0; trial < 200; ++trial) {
      const std::uint64_t first = lfsr = lfsr_advance(lfsr);
      const std::uint64_t again = lfsr = lfsr_advance(lfsr);
      Packet pkt;
      pkt.dst = static_cast<std::uint32_t>((trial * 7 + 5) % t.nodes());
      const RouteState injected = pkt.route;
      keep->route(RoutingContext{src, 0, first, nullptr, load}, pkt);
      const RouteState decided = pkt.route;
      // The router's recomputation: the header goes back to the injected one, then the routing's hook.
      RouteState header = injected;
      keep->recomputing(decided, header, nullptr, 0);
      EXPECT_EQ(header.intermediate, decided.intermediate);
      EXPECT_TRUE(header.flags & ValiantRouting::kDrawKept);
      pkt.route = header;
      const RoutingDecision d = keep->route(RoutingContext{src, 0, again, nullptr, load}, pkt);
      EXPECT_EQ(pkt.route.intermediate, decided.intermediate) << algorithm << " trial " << trial;
      // Independent: a first decision with the random state that drew that R_ROOT.
      Packet fresh;
      fresh.dst = pkt.dst;
      const RoutingDecision f = redraw->route(RoutingContext{src, 0, first, nullptr, load}, fresh);
      EXPECT_EQ(d.out_port, f.out_port) << algorithm << " trial " << trial;
      EXPECT_EQ(d.out_vc, f.out_vc) << algorithm << " trial " << trial;
      EXPECT_EQ(pkt.route.phase, fresh.route.phase) << algorithm << " trial " << trial;
      // per_attempt: the hook keeps nothing, and the retry draws from its own random state.
      RouteState plain = injected;
      redraw->recomputing(decided, plain, nullptr, 0);
      EXPECT_EQ(plain.flags, injected.flags);
      Packet retried;
      retried.dst = pkt.dst;
      retried.route = plain;
      redraw->route(RoutingContext{src, 0, again, nullptr, load}, retried);
      Packet drawn_again;
      drawn_again.dst = pkt.dst;
      redraw->route(RoutingContext{src, 0, again, nullptr, load}, drawn_again);
      EXPECT_EQ(retried.route.intermediate, drawn_again.route.intermediate);
      differing += retried.route.intermediate != decided.intermediate;
    }
    EXPECT_GT(differing, 40) << algorithm << ": per_attempt draws a new intermediate at most retries";
  }
}

TEST(ValiantDraw, OnlyTheRoutingsThatDecideAgainReadIt) {
  EXPECT_NE(config_error({{"routing.algorithm", "valiant"}, {"routing.valiant_draw", "per_packet"}})
                .find("routing.valiant_draw: is read only by routing.algorithm ugal, pb, rpb, tpr, lian"),
            std::string::npos);
  EXPECT_NE(config_error({{"topology.type", "mesh"}, {"topology.dims", "[4, 4]"}, {"routing.algorithm", "ugal"},
                          {"routing.valiant_draw", "per_packet"}})
                .find("routing.valiant_draw"),
            std::string::npos);
  EXPECT_EQ(config_error({{"routing.algorithm", "pb"}, {"routing.valiant_draw", "per_packet"}}), "accepted");
}

// ---- routing.valiant_in_group ----

// source_group: every R_ROOT drawn for a destination in the source group lies in that group and the path is
// minimal (one local hop, or ejection at the source router); destinations in other groups are decided as
// with the default. The default (phase_a) under lg- always leaves the group.
TEST(ValiantInGroup, SourceGroupDrawsInTheGroupAndRoutesMinimally) {
  const Dragonfly t(2, 4, 2, Arrangement::kPalmtree);
  std::uint16_t load[64] = {};
  for (const std::string algorithm : {"valiant", "ugal", "pb", "tpr"})
    for (const std::string policy : {"lgl", "lg-", "-gl", "-g-"}) {
      if (algorithm == "tpr" && policy != "lgl") continue;  // TPR's phase A is lgl
      const auto fogsim = built(algorithm, t, {{"routing.valiant_in_group", "source_group"}, {"routing.phase_a", policy}});
      const auto plain = built(algorithm, t, {{"routing.phase_a", policy}});
      std::uint64_t lfsr = lfsr_seed(5, 2);
      int left = 0, in_group = 0;
      for (int trial = 0; trial < 400; ++trial) {
        lfsr = lfsr_advance(lfsr);
        const int src = trial % t.routers();
        const int dst = (trial * 13 + 3) % t.nodes();
        const int dst_router = t.router_of_terminal(dst);
        Packet a, b;
        a.dst = b.dst = static_cast<std::uint32_t>(dst);
        for (int port = 0; port < t.radix(src); ++port) load[port] = static_cast<std::uint16_t>((trial + 3 * port) % 17);
        const RoutingDecision da = fogsim->route(RoutingContext{src, 0, lfsr, nullptr, load}, a);
        const RoutingDecision db = plain->route(RoutingContext{src, 0, lfsr, nullptr, load}, b);
        const std::string what = algorithm + " " + policy + " trial " + std::to_string(trial);
        if (t.group_of(dst_router) != t.group_of(src)) {  // unchanged
          EXPECT_EQ(da.out_port, db.out_port) << what;
          EXPECT_EQ(da.out_vc, db.out_vc) << what;
          EXPECT_EQ(a.route.intermediate, b.route.intermediate) << what;
          EXPECT_EQ(a.route.phase, b.route.phase) << what;
          continue;
        }
        ++in_group;
        EXPECT_EQ(t.group_of(static_cast<int>(a.route.intermediate)), t.group_of(src)) << what;
        EXPECT_EQ(a.route.phase, 1) << what;
        EXPECT_FALSE(da.misroute) << what;
        EXPECT_EQ(da.out_port, src == dst_router ? t.port_of_terminal(dst) : t.min_port(src, dst_router)) << what;
        // Minimal: the next router (if any) is the destination router, one local hop.
        if (src != dst_router) {
          EXPECT_EQ(t.port_class(da.out_port), PortClass::kLocal) << what;
          EXPECT_EQ(t.peer(src, da.out_port).router, dst_router) << what;
        }
        left += t.group_of(static_cast<int>(b.route.intermediate)) != t.group_of(src);
        if (policy == "lg-" || policy == "-g-" || policy == "-gl") {
          EXPECT_NE(t.group_of(static_cast<int>(b.route.intermediate)), t.group_of(src)) << what << ": the default leaves";
        }
      }
      EXPECT_GT(in_group, 20) << algorithm << " " << policy;
      EXPECT_GT(left, 0) << algorithm << " " << policy << ": the default draws outside the source group";
    }
}

// The draws themselves: uniform over the source group's a routers (every one of them drawn).
TEST(ValiantInGroup, DrawsCoverTheSourceGroupsRouters) {
  const Dragonfly t(2, 4, 2, Arrangement::kPalmtree);
  ValiantRouting v(t, PhaseA::kLg);
  v.set_in_group_minimal(true);
  const int src = 5, dst_router = 6;  // group 1
  std::vector<int> seen(static_cast<std::size_t>(t.routers()), 0);
  std::uint64_t lfsr = lfsr_seed(9, 4);
  for (int i = 0; i < 400; ++i) ++seen[static_cast<std::size_t>(v.choose_intermediate(src, lfsr = lfsr_advance(lfsr), dst_router))];
  for (int r = 0; r < t.routers(); ++r) {
    if (t.group_of(r) == 1) {
      EXPECT_GT(seen[static_cast<std::size_t>(r)], 50) << "router " << r;
    } else {
      EXPECT_EQ(seen[static_cast<std::size_t>(r)], 0) << "router " << r;
    }
  }
}

TEST(ValiantInGroup, KeyIsValiantsAndTheDragonflys) {
  EXPECT_NE(config_error({{"routing.algorithm", "rvlb"}, {"routing.valiant_in_group", "source_group"}})
                .find("routing.valiant_in_group: is read only by routing.algorithm valiant, ugal, pb, tpr"),
            std::string::npos);
  EXPECT_NE(config_error({{"topology.type", "mesh"}, {"topology.dims", "[4, 4]"}, {"routing.algorithm", "valiant"},
                          {"routing.valiant_in_group", "source_group"}})
                .find("routing.valiant_in_group"),
            std::string::npos);
}

// ---- the RTL follows both routing options ----

// Lockstep (every decision of the C++ model and the Verilated routing unit compared): 0 mismatches with
// each option, the kept draw under ADV+1 near saturation (many decisions taken again), the in-group draw
// under UN (1/9 of the destinations in the source group at h = 2). Each option changes the network's
// behaviour (another misrouted fraction for kept draws; fewer hops for in-group destinations).
TEST(FogsimLockstep, TheRtlFollowsTheKeptDraw) {
  const Overrides adv = {{"topology.h", "2"},     {"traffic.pattern", "adv"}, {"traffic.load", "0.45"},
                         {"sim.warmup", "500"},   {"sim.measure", "2500"},    {"router.rc_mode", "lockstep"}};
  for (const std::string algorithm : {"ugal", "pb", "tpr", "lian"}) {
    const json kept = run_sane(with(adv, {{"routing.algorithm", algorithm}, {"routing.valiant_draw", "per_packet"}}));
    const json drawn = run_sane(with(adv, {{"routing.algorithm", algorithm}}));
    ASSERT_FALSE(kept.is_null() || drawn.is_null());
    EXPECT_EQ(kept["rtl"]["mismatches"].get<int>(), 0) << algorithm;
    EXPECT_GT(kept["recomputation"]["count"].get<std::uint64_t>(), 50u) << algorithm;
    EXPECT_NE(kept["misrouted_fraction"].dump(), drawn["misrouted_fraction"].dump()) << algorithm;
  }
}

TEST(FogsimLockstep, TheRtlFollowsTheInGroupDraw) {
  const Overrides un = {{"topology.h", "2"}, {"traffic.load", "0.3"}, {"sim.warmup", "500"}, {"sim.measure", "2500"},
                        {"router.rc_mode", "lockstep"}};
  for (const std::string algorithm : {"valiant", "ugal", "pb"})
    for (const std::string policy : {"lgl", "lg-"}) {
      const Overrides o = with(un, {{"routing.algorithm", algorithm}, {"routing.phase_a", policy}});
      const json fogsim = run_sane(with(o, {{"routing.valiant_in_group", "source_group"}}));
      const json plain = run_sane(o);
      ASSERT_FALSE(fogsim.is_null() || plain.is_null());
      EXPECT_EQ(fogsim["rtl"]["mismatches"].get<int>(), 0) << algorithm << " " << policy;
      if (algorithm == "valiant") {
        EXPECT_LT(fogsim["average_hops"].get<double>(), plain["average_hops"].get<double>()) << policy;
      }
    }
}

// ---- routing.ugal_min_slots ----

struct Hop {
  PortClass cls;
  int vc;
};

// The hops of one packet from terminal port 0 of router `src` to terminal `dst`: the decision at injection
// (with `load` per port and `vc_load` per port and VC), then each router's decision on arrival.
std::vector<Hop> walk(const RoutingAlgorithm& r, const Dragonfly& t, int src, int dst, std::uint64_t random,
                      const std::uint16_t* load, const std::uint16_t* vc_load, RouteState* at_injection = nullptr) {
  std::vector<Hop> hops;
  Packet pkt;
  pkt.dst = static_cast<std::uint32_t>(dst);
  RoutingContext ctx{src, 0, random, nullptr, load};
  ctx.vc_load = vc_load;
  int here = src;
  for (int step = 0; step < 8; ++step) {
    const RoutingDecision d = r.route(ctx, pkt);
    if (step == 0 && at_injection) *at_injection = pkt.route;
    if (t.port_class(d.out_port) == PortClass::kTerminal) return hops;
    hops.push_back({t.port_class(d.out_port), d.out_vc});
    const PortEnd next = t.peer(here, d.out_port);
    here = next.router;
    ctx = RoutingContext{here, next.port, 0, nullptr, load};
  }
  ADD_FAILURE() << "no ejection within 8 hops";
  return hops;
}

// Hand rule for MIN's slots l1 g1 l2: a local hop before the global one on VC 0, the global hop on VC 0, a
// local hop after it on VC 1. Every minimal decision (all loads 0: Q_min * H_min = 0 <= Q_vlb * H_vlb + T,
// T >= 0) of every routing with a minimal candidate takes them with min; with phase_b (the default) under
// lgl the slots L2 G1 L3 (L1 on RVLB's intra-group path). Valiant decisions (the minimal port loaded) are
// unchanged.
TEST(UgalMinSlots, MinimalPathTakesMinsSlotsAndValiantPathsAreUnchanged) {
  const Dragonfly t(2, 4, 2, Arrangement::kPalmtree);
  std::uint16_t zero[64] = {}, vc_zero[64 * kStateVcs] = {};
  for (const std::string algorithm : {"ugal", "pb", "rpb", "pb_acor", "tpr", "lian"}) {
    const auto min = built(algorithm, t, {{"routing.ugal_min_slots", "min"}});
    const auto phase_b = built(algorithm, t, {});
    const bool restricted = algorithm == "rpb" || algorithm == "pb_acor" || algorithm == "lian";
    int minimal = 0, valiant = 0;
    std::uint64_t lfsr = lfsr_seed(11, 3);
    for (int src = 0; src < t.routers(); ++src)
      for (int dst = 0; dst < t.nodes(); dst += 3) {
        if (t.router_of_terminal(dst) == src) continue;
        lfsr = lfsr_advance(lfsr);
        const std::string what = algorithm + " " + std::to_string(src) + " -> " + std::to_string(dst);
        RouteState rs;
        const std::vector<Hop> m = walk(*min, t, src, dst, lfsr, zero, vc_zero, &rs);
        ASSERT_EQ(rs.phase, 1) << what;  // minimal
        ++minimal;
        bool global_taken = false;
        for (const Hop& h : m) {
          const int expected = h.cls == PortClass::kGlobal ? 0 : global_taken ? 1 : 0;
          EXPECT_EQ(h.vc, expected) << what;
          global_taken |= h.cls == PortClass::kGlobal;
        }
        global_taken = false;
        // lgl's phase B: L2 G1 L3; RVLB's intra-group path's phase B (rpb, pb_acor, lian): L1.
        const bool intra = restricted && t.group_of(t.router_of_terminal(dst)) == t.group_of(src);
        for (const Hop& h : walk(*phase_b, t, src, dst, lfsr, zero, vc_zero)) {
          const int expected = intra ? 1 : h.cls == PortClass::kGlobal ? 1 : global_taken ? 3 : 2;
          EXPECT_EQ(h.vc, expected) << what << " (phase_b)";
          global_taken |= h.cls == PortClass::kGlobal;
        }
        // The minimal port loaded: Valiant's path where the decision is not minimal, the same with both.
        std::uint16_t load[64] = {};
        load[t.min_port(src, t.router_of_terminal(dst))] = 4000;
        RouteState va, vb;
        const std::vector<Hop> a = walk(*min, t, src, dst, lfsr, load, vc_zero, &va);
        const std::vector<Hop> b = walk(*phase_b, t, src, dst, lfsr, load, vc_zero, &vb);
        ASSERT_EQ(va.phase, vb.phase) << what;
        if (va.phase == 1) continue;
        ++valiant;
        ASSERT_EQ(a.size(), b.size()) << what;
        for (std::size_t i = 0; i < a.size(); ++i) {
          EXPECT_EQ(a[i].cls, b[i].cls) << what;
          EXPECT_EQ(a[i].vc, b[i].vc) << what;
        }
      }
    EXPECT_GT(minimal, 100) << algorithm;
    EXPECT_GT(valiant, 50) << algorithm;
  }
}

// With routing.ugal_load: vc both candidates' first hops read VC 0 (as FOGSim's hop-count VCs): the minimal
// candidate's first hop is no longer on phase B's VC. Hand-computed: the source's minimal port holds 500
// phits in the VC phase B's slots give its first hop (lgl: local 2, global 1) and nothing in VC 0; every
// other VC is empty. With min Q_min = 0: Eq. 2-1 (0 * H_min <= Q_vlb * H_vlb + 0) takes the minimal path;
// with phase_b Q_min = 500 and Q_vlb = 0 (Valiant's first hop is on VC 0): Valiant.
TEST(UgalMinSlots, VcLoadReadsVcZeroOfTheMinimalCandidate) {
  const Dragonfly t(2, 4, 2, Arrangement::kPalmtree);
  const auto min = built("ugal", t, {{"routing.ugal_load", "vc"}, {"routing.ugal_min_slots", "min"}});
  const auto phase_b = built("ugal", t, {{"routing.ugal_load", "vc"}});
  std::uint16_t zero[64] = {};
  int checked = 0;
  std::uint64_t lfsr = lfsr_seed(2, 7);
  for (int src = 0; src < t.routers(); ++src)
    for (int dst = 0; dst < t.nodes(); dst += 5) {
      const int dst_router = t.router_of_terminal(dst);
      if (dst_router == src) continue;
      lfsr = lfsr_advance(lfsr);
      const int port = t.min_port(src, dst_router);
      const int b_vc = t.port_class(port) == PortClass::kGlobal ? 1 : 2;
      std::uint16_t vc_load[64 * kStateVcs] = {};
      vc_load[port * kStateVcs + b_vc] = 500;
      RouteState a, b;
      walk(*min, t, src, dst, lfsr, zero, vc_load, &a);
      walk(*phase_b, t, src, dst, lfsr, zero, vc_load, &b);
      const std::string what = std::to_string(src) + " -> " + std::to_string(dst);
      EXPECT_EQ(a.phase, 1) << what << ": min reads the empty VC 0";
      // phase_b reads 500 on the minimal candidate: Valiant unless the draw is degenerate (minimal anyway)
      // or Valiant's first hop is that same loaded VC (it never is: phase A's first hop is on VC 0).
      const bool degenerate = b.intermediate == static_cast<std::uint32_t>(src) || b.intermediate == static_cast<std::uint32_t>(dst_router);
      if (!degenerate) {
        EXPECT_EQ(b.phase, 0) << what << ": phase_b reads the loaded phase-B VC";
        ++checked;
      }
    }
  EXPECT_GT(checked, 50);
}

// Deadlock freedom by the channel-dependency check: acyclic with min under lgl and lg- for every routing
// that reads the key, at the VCs the routing asks for. Under -gl (G0 < L0 < L1 < G1 < L2) MIN's L0 G0 L1
// adds L0 -> G0 beside phase A's G0 -> L0: the check finds the cycle, which is why the key refuses -gl and
// -g- (the routing built directly, past the refusal).
TEST(UgalMinSlots, DeadlockFreeUnderLglAndLgAndCyclicUnderGl) {
  const Dragonfly t(2, 4, 2, Arrangement::kPalmtree);
  for (const std::string algorithm : {"ugal", "pb", "rpb", "pb_acor", "tpr", "lian"})
    for (const std::string policy : {"lgl", "lg-"}) {
      if (policy != "lgl" && (algorithm == "pb_acor" || algorithm == "tpr" || algorithm == "lian")) continue;
      std::vector<std::pair<std::string, std::string>> keys = {{"routing.ugal_min_slots", "min"}};
      if (policy != "lgl") keys.emplace_back("routing.phase_a", policy);
      const auto r = built(algorithm, t, keys);
      const DeadlockAnalysis a = analyse_deadlock(t, *r, r->vcs_needed().per_class);
      EXPECT_EQ(a.verdict, DeadlockAnalysis::Verdict::kAcyclic) << algorithm << " " << policy << ": " << a.cycle;
    }
  for (const PhaseA policy : {PhaseA::kGl, PhaseA::kG}) {
    UgalRouting plain(t, policy, 0);
    EXPECT_EQ(analyse_deadlock(t, plain, plain.vcs_needed().per_class).verdict, DeadlockAnalysis::Verdict::kAcyclic);
    UgalRouting min(t, policy, 0);
    min.set_min_slots(true);
    EXPECT_EQ(analyse_deadlock(t, min, min.vcs_needed().per_class).verdict, DeadlockAnalysis::Verdict::kCyclic)
        << to_string(policy);
  }
}

TEST(UgalMinSlots, KeyIsTheUgalFamilysOnTheDragonflyWithSlots) {
  EXPECT_NE(config_error({{"routing.algorithm", "valiant"}, {"routing.ugal_min_slots", "min"}})
                .find("routing.ugal_min_slots: is read only by routing.algorithm ugal, pb, rpb, pb_acor, tpr, lian"),
            std::string::npos);
  for (const std::string policy : {"-gl", "-g-"})
    EXPECT_NE(config_error({{"routing.algorithm", "ugal"}, {"routing.phase_a", policy}, {"routing.ugal_min_slots", "min"}})
                  .find("routing.ugal_min_slots: min needs routing.phase_a lgl or lg-"),
              std::string::npos)
        << policy;
  EXPECT_NE(config_error({{"routing.algorithm", "ugal"}, {"routing.vc_scheme", "hop_count"}, {"routing.ugal_min_slots", "min"}})
                .find("routing.ugal_min_slots"),
            std::string::npos);
  EXPECT_NE(config_error({{"topology.type", "mesh"}, {"topology.dims", "[4, 4]"}, {"routing.algorithm", "ugal"},
                          {"routing.ugal_min_slots", "min"}})
                .find("routing.ugal_min_slots"),
            std::string::npos);
  EXPECT_EQ(config_error({{"routing.algorithm", "pb"}, {"routing.phase_a", "lg-"}, {"routing.ugal_min_slots", "min"}}), "accepted");
}

// Lockstep: 0 mismatches with min for every routing that reads it (UN, where most decisions are minimal),
// with Q per port and per VC; with Q per VC the key changes the decisions (another misrouted fraction).
TEST(FogsimLockstep, TheRtlFollowsTheMinSlots) {
  const Overrides un = {{"topology.h", "2"}, {"traffic.load", "0.5"}, {"sim.warmup", "500"}, {"sim.measure", "2000"},
                        {"router.rc_mode", "lockstep"}};
  for (const std::string algorithm : {"ugal", "pb", "rpb", "pb_acor", "tpr", "lian"})
    for (const std::string load : {"port", "vc"}) {
      const Overrides o = with(un, {{"routing.algorithm", algorithm}, {"routing.ugal_load", load}});
      const json min = run_sane(with(o, {{"routing.ugal_min_slots", "min"}}));
      ASSERT_FALSE(min.is_null()) << algorithm << " " << load;
      EXPECT_EQ(min["rtl"]["mismatches"].get<int>(), 0) << algorithm << " " << load;
      if (algorithm == "ugal" && load == "vc") {
        const json phase_b = run_sane(o);
        ASSERT_FALSE(phase_b.is_null());
        EXPECT_NE(min["misrouted_fraction"].dump(), phase_b["misrouted_fraction"].dump());
      }
    }
}

// ---- Base with one injection VC (issue 33 point 5; docs/fogsim-differences.md section 5) ----

// A contention counter sees one head per injection VC, so under ADV+1, where every packet injected at a
// router shares one minimal output, the injection side adds at most p * (VCs used) to it. h = 2 (p = 2),
// offered 1.0: with th = 4 > p and one injection VC the source routers seldom misroute, and the packets go
// minimally to the router owning the group's link (more minimal paths, less accepted); th = 2 = p with one
// VC, or th = 4 with two VCs (2p = 4 heads), misroutes at injection and accepts more. Three VCs chosen by
// destination (FOGSim's policy) put all of a node's ADV+1 packets into one VC (h = 2: 72 nodes, VCs split at
// 24 and 48, group boundaries), and the run is the one-VC run bit for bit: the heads per injection port,
// not the VCs configured, set what the counter sees.
TEST(BaseInjectionHeads, AThresholdAboveTheInjectionHeadsKeepsAdvPacketsMinimal) {
  const Overrides adv = {{"topology.h", "2"},       {"routing.algorithm", "base"}, {"traffic.pattern", "adv"},
                         {"traffic.offset", "1"},   {"traffic.load", "1.0"},       {"sim.warmup", "500"},
                         {"sim.measure", "1500"}};
  const json one_th4 = run_sane(with(adv, {{"routing.contention_threshold", "4"}}));
  const json one_th2 = run_sane(with(adv, {{"routing.contention_threshold", "2"}}));
  const json two_th4 = run_sane(with(adv, {{"routing.contention_threshold", "4"}, {"router.vcs.injection", "2"}}));
  const json dest_th4 = run_sane(with(adv, {{"routing.contention_threshold", "4"}, {"router.vcs.injection", "3"},
                                            {"nic.injection_vc", "destination"}}));
  ASSERT_FALSE(one_th4.is_null() || one_th2.is_null() || two_th4.is_null() || dest_th4.is_null());
  const auto accepted = [](const json& r) { return r["accepted_load"].get<double>(); };
  const auto minimal = [](const json& r) { return r["path_types"]["min"].get<double>(); };
  EXPECT_LT(accepted(one_th4), 0.95 * accepted(one_th2));
  EXPECT_LT(accepted(one_th4), 0.95 * accepted(two_th4));
  EXPECT_GT(minimal(one_th4), 2 * minimal(one_th2));
  EXPECT_GT(minimal(one_th4), 2 * minimal(two_th4));
  EXPECT_EQ(dest_th4["accepted_load"].dump(), one_th4["accepted_load"].dump());
  EXPECT_EQ(dest_th4["path_types"].dump(), one_th4["path_types"].dump());
  EXPECT_EQ(dest_th4["contention"].dump(), one_th4["contention"].dump());
}

}  // namespace
