// Routing functions walked hop by hop, without a SystemC kernel: a fresh Packet is routed from its source
// terminal by calling route() at each router (in_port = the terminal port at injection, then the peer
// port the packet arrived on) until the routing ejects it. The paths are checked against expectations
// computed independently from the topology (seed-000 §3.1 MIN, §3.2 / Table 5-1 Valiant).
#include <gtest/gtest.h>

#include <algorithm>
#include <functional>
#include <map>
#include <memory>
#include <set>
#include <sstream>
#include <string>
#include <tuple>
#include <vector>

#include "router/common/lfsr.h"
#include "router/routing/channel_dependencies.h"
#include "router/routing/in_transit_routing.h"
#include "router/common/rng.h"
#include "topology/dragonfly.h"
#include "router/routing/min_routing.h"
#include "router/routing/occupancy_routing.h"
#include "router/routing/routing_registry.h"
#include "router/routing/valiant_routing.h"
#include "tlm/packet.h"

using namespace hiradix;

namespace hiradix {
// Readable test parameters (found by argument-dependent lookup).
void PrintTo(PhaseA p, std::ostream* os) { *os << to_string(p); }
}  // namespace hiradix

namespace {

// The header's hop counters of the Dragonfly's classes, and its names of Valiant's phase-0 shapes.
constexpr int kLocalHops = static_cast<int>(PortClass::kLocal), kGlobalHops = static_cast<int>(PortClass::kGlobal);
const Dragonfly kPathNames(1, 2, 1, Arrangement::kPalmtree);

struct Topo {
  int p, a, h;
  Arrangement arr;
};

std::string topo_name(const Topo& t) {
  std::ostringstream s;
  s << "p" << t.p << "a" << t.a << "h" << t.h << (t.arr == Arrangement::kPalmtree ? "palm" : "cons");
  return s.str();
}
void PrintTo(const Topo& t, std::ostream* os) { *os << topo_name(t); }

const std::vector<Topo> kTopologies = {
    {2, 4, 2, Arrangement::kPalmtree},  {2, 4, 2, Arrangement::kConsecutive}, {3, 6, 3, Arrangement::kPalmtree},
    {1, 3, 2, Arrangement::kConsecutive}, {2, 4, 3, Arrangement::kPalmtree},   {2, 5, 2, Arrangement::kConsecutive},
};

struct Step {
  int router;     // where the routing decision was taken
  int out_port;   // router-to-router port taken
  PortClass cls;  // its class
  int vc;         // VC assigned on that link
  bool phase_a;   // taken while heading for the Valiant intermediate router
};

struct Walk {
  std::vector<Step> hops;
  int last_router = -1;       // the router that ejected the packet
  int eject_port = -1;
  int eject_vc = -1;
  int intermediate = -1;      // pkt.route.intermediate right after the injection decision
  int phase_after_inject = -1;
  RouteState final_route;
  std::string error;          // non-empty: the walk itself went wrong (bad port, no ejection, ...)

  std::string shape() const {
    std::string s;
    for (const Step& st : hops) s += st.cls == PortClass::kGlobal ? 'g' : 'l';
    return s;
  }
  std::string phase_a_shape() const {
    std::string s;
    for (const Step& st : hops)
      if (st.phase_a) s += st.cls == PortClass::kGlobal ? 'g' : 'l';
    return s;
  }
};

// Routes a packet from terminal src to terminal dst. `max_steps` bounds runaway routings.
Walk walk(const RoutingAlgorithm& alg, const Dragonfly& t, int src, int dst, std::uint64_t& lfsr, int max_steps = 12,
          const std::uint16_t* port_load = nullptr) {
  Walk w;
  Packet pkt;
  pkt.src = static_cast<std::uint32_t>(src);
  pkt.dst = static_cast<std::uint32_t>(dst);
  pkt.size = 8;
  const int dst_router = t.router_of_terminal(dst);
  int r = t.router_of_terminal(src);
  int in = t.port_of_terminal(src);
  for (int step = 0; step <= max_steps; ++step) {
    lfsr = lfsr_advance(lfsr);  // as the router does for every decision
    const RoutingContext ctx{r, in, lfsr, nullptr, port_load};
    const RoutingDecision d = alg.route(ctx, pkt);
    if (step == 0) {
      w.intermediate = static_cast<int>(pkt.route.intermediate);
      w.phase_after_inject = pkt.route.phase;
    }
    std::ostringstream where;
    where << "src " << src << " dst " << dst << " at router " << r << " hop " << step << ": ";
    if (d.out_port >= t.radix()) {
      w.error = where.str() + "out_port " + std::to_string(d.out_port) + " beyond the radix";
      return w;
    }
    // The minimal port reported for contention counters and the misroute flag.
    const int expected_min = r == dst_router ? t.port_of_terminal(dst) : t.min_port(r, dst_router);
    if (d.min_port != expected_min) {
      w.error = where.str() + "min_port " + std::to_string(d.min_port) + ", expected " + std::to_string(expected_min);
      return w;
    }
    if (d.misroute != (d.out_port != d.min_port)) {
      w.error = where.str() + "misroute flag disagrees with out_port != min_port";
      return w;
    }
    if (t.port_class(d.out_port) == PortClass::kTerminal) {
      w.last_router = r;
      w.eject_port = d.out_port;
      w.eject_vc = d.out_vc;
      w.final_route = pkt.route;
      return w;
    }
    w.hops.push_back({r, d.out_port, t.port_class(d.out_port), d.out_vc, pkt.route.phase == 0});
    const PortEnd e = t.peer(r, d.out_port);
    r = e.router;
    in = e.port;
  }
  w.error = "src " + std::to_string(src) + " dst " + std::to_string(dst) + ": no ejection after " +
            std::to_string(max_steps) + " hops";
  return w;
}

// Checks shared by every routing: ejection at the right terminal, VC indices within the routing's
// requirement and increasing along the path per link class (each hop of a class moves to a higher VC of
// that class), returns "" or a description of the first violation.
std::string check_common(const Walk& w, const Dragonfly& t, int dst, const VcRequirement& need) {
  if (!w.error.empty()) return w.error;
  std::ostringstream s;
  if (w.last_router != t.router_of_terminal(dst)) s << "ejected at router " << w.last_router << " not " << t.router_of_terminal(dst);
  else if (w.eject_port != t.port_of_terminal(dst)) s << "ejected on port " << w.eject_port << " not " << t.port_of_terminal(dst);
  else if (w.eject_vc != 0) s << "ejection VC " << w.eject_vc << " (ejection ports have one VC)";
  if (!s.str().empty()) return s.str() + " (path " + w.shape() + ")";
  int last_local = -1, last_global = -1, locals = 0, globals = 0;
  for (const Step& st : w.hops) {
    const bool g = st.cls == PortClass::kGlobal;
    const int limit = g ? need[2] : need[1];
    int& last = g ? last_global : last_local;
    if (st.vc < 0 || st.vc >= limit) {
      s << (g ? "global" : "local") << " VC " << st.vc << " at router " << st.router << " exceeds vcs_needed-1 = " << limit - 1;
      break;
    }
    if (st.vc <= last) {
      s << (g ? "global" : "local") << " VC " << st.vc << " at router " << st.router << " does not increase (previous " << last << ")";
      break;
    }
    last = st.vc;
    ++(g ? globals : locals);
  }
  if (!s.str().empty()) return s.str() + " (path " + w.shape() + ")";
  if (w.final_route.hops[kLocalHops] != locals || w.final_route.hops[kGlobalHops] != globals) {
    s << "header hop counters " << int(w.final_route.hops[kLocalHops]) << "/" << int(w.final_route.hops[kGlobalHops]) << " but the walk took "
      << locals << " local and " << globals << " global hops";
    return s.str();
  }
  return "";
}

// The phase-A path type name as seed-000 Table 5-1 spells it, computed from the hop classes taken.
std::string expected_path_name(const std::string& phase_a) {
  if (phase_a.empty()) return "min";
  const auto g = phase_a.find('g');
  std::string name = "---";
  if (g == std::string::npos) {
    name[0] = 'l';  // an intra-group intermediate: one local hop
  } else {
    if (g > 0) name[0] = 'l';
    name[1] = 'g';
    if (g + 1 < phase_a.size()) name[2] = 'l';
  }
  return name;
}

// The candidate set of R_ROOT for each phase-A policy (seed-000 §3.2), from the wiring alone.
std::set<int> candidates(const Dragonfly& t, PhaseA policy, int src_router) {
  std::set<int> c;
  const int g = t.group_of(src_router);
  switch (policy) {
    case PhaseA::kG:  // far end of one of the source router's own h global links
      for (int k = 0; k < t.h(); ++k) c.insert(t.peer(src_router, t.global_port(k)).router);
      break;
    case PhaseA::kGl:  // any router of the h groups those links reach
      for (int k = 0; k < t.h(); ++k) {
        const int group = t.group_of(t.peer(src_router, t.global_port(k)).router);
        for (int i = 0; i < t.a(); ++i) c.insert(t.router_at(group, i));
      }
      break;
    case PhaseA::kLg:  // far end of any of the a*h global links of the source group
      for (int x = 0; x < t.a(); ++x)
        for (int k = 0; k < t.h(); ++k) c.insert(t.peer(t.router_at(g, x), t.global_port(k)).router);
      break;
    case PhaseA::kLgl:  // any router
      for (int r = 0; r < t.routers(); ++r) c.insert(r);
      break;
  }
  return c;
}

std::set<std::string> allowed_phase_a(PhaseA policy) {
  switch (policy) {
    case PhaseA::kG: return {"g"};
    case PhaseA::kGl: return {"g", "gl"};
    case PhaseA::kLg: return {"g", "lg"};
    case PhaseA::kLgl: return {"l", "g", "lg", "gl", "lgl"};
  }
  return {};
}

// Destination terminals for each source: all of them on small networks, a fixed sample otherwise.
std::vector<int> destinations(const Dragonfly& t, int src, int limit) {
  std::vector<int> d;
  if (t.terminals() <= limit) {
    for (int x = 0; x < t.terminals(); ++x) d.push_back(x);
    return d;
  }
  Rng pick(12345, static_cast<std::uint64_t>(src));
  for (int i = 0; i < limit; ++i) d.push_back(static_cast<int>(pick.below(static_cast<std::uint32_t>(t.terminals()))));
  d.push_back(src);  // a packet to itself is ejected where it entered
  return d;
}

// ---------------------------------------------------------------------------------------------------------
// MIN

class MinPaths : public ::testing::TestWithParam<Topo> {};

TEST_P(MinPaths, AtMostThreeHopsOfShapeLglEndingAtTheDestinationTerminal) {
  const Topo tp = GetParam();
  const Dragonfly t(tp.p, tp.a, tp.h, tp.arr);
  const MinRouting min(t);
  EXPECT_EQ(min.vcs_needed()[1], 2);
  EXPECT_EQ(min.vcs_needed()[2], 1);
  const std::set<std::string> shapes = {"l", "g", "lg", "gl", "lgl"};
  std::uint64_t rng = lfsr_seed(7, 0);
  int walks = 0;
  for (int src = 0; src < t.terminals(); ++src) {
    for (int dst : destinations(t, src, 150)) {
      const Walk w = walk(min, t, src, dst, rng);
      const std::string err = check_common(w, t, dst, min.vcs_needed());
      ASSERT_EQ(err, "") << "src " << src << " dst " << dst;
      const std::string shape = w.shape();
      const int sr = t.router_of_terminal(src), dr = t.router_of_terminal(dst);
      ASSERT_LE(w.hops.size(), 3u) << shape;
      if (sr == dr) {
        ASSERT_EQ(shape, "") << "same router: eject at once";
      } else if (t.group_of(sr) == t.group_of(dr)) {
        ASSERT_EQ(shape, "l") << "same group: one local hop (the group is fully connected)";
      } else {
        ASSERT_TRUE(shapes.count(shape)) << "shape " << shape << " src " << src << " dst " << dst;
        // The single global hop joins the source group directly to the destination group.
        for (const Step& st : w.hops)
          if (st.cls == PortClass::kGlobal) {
            EXPECT_EQ(t.group_of(st.router), t.group_of(sr));
            EXPECT_EQ(t.group_of(t.peer(st.router, st.out_port).router), t.group_of(dr));
          }
      }
      EXPECT_FALSE(w.final_route.misrouted) << "MIN never leaves the minimal path";
      EXPECT_EQ(w.final_route.path_bits, 0);
      ++walks;
    }
  }
  EXPECT_GE(walks, std::min(t.terminals() * t.terminals(), 150 * t.terminals()));
}

INSTANTIATE_TEST_SUITE_P(Topologies, MinPaths, ::testing::ValuesIn(kTopologies),
                         [](const auto& info) { return topo_name(info.param); });

// ---------------------------------------------------------------------------------------------------------
// Valiant

std::string policy_name(PhaseA p) {
  switch (p) {
    case PhaseA::kLgl: return "lgl";
    case PhaseA::kLg: return "lg_";
    case PhaseA::kGl: return "_gl";
    case PhaseA::kG: return "_g_";
  }
  return "x";
}

class ValiantPaths : public ::testing::TestWithParam<std::tuple<Topo, PhaseA>> {};

TEST_P(ValiantPaths, PhaseAReachesADrawnCandidateMinimallyAndPathBitsNameIt) {
  const auto [tp, policy] = GetParam();
  const Dragonfly t(tp.p, tp.a, tp.h, tp.arr);
  const ValiantRouting val(t, policy);
  const VcRequirement need = val.vcs_needed();
  const std::set<std::string> allowed = allowed_phase_a(policy);
  std::map<std::string, int> seen_names;
  int degenerate = 0, walks = 0;
  for (int src = 0; src < t.terminals(); ++src) {
    const int sr = t.router_of_terminal(src);
    const std::set<int> cands = candidates(t, policy, sr);
    for (int dst : destinations(t, src, 40)) {
      for (std::uint64_t seed = 1; seed <= 3; ++seed) {
        std::uint64_t lfsr = lfsr_seed(seed, static_cast<std::uint64_t>(src * 7919 + dst));
        const int predicted = val.choose_intermediate(sr, lfsr_advance(lfsr));  // the draw made at injection
        const Walk w = walk(val, t, src, dst, lfsr);
        const std::string err = check_common(w, t, dst, need);
        ASSERT_EQ(err, "") << "policy " << to_string(policy) << " src " << src << " dst " << dst;
        ++walks;
        const int dr = t.router_of_terminal(dst);
        const int root = w.intermediate;
        ASSERT_EQ(root, predicted) << "route() must draw R_ROOT with choose_intermediate";
        ASSERT_TRUE(cands.count(root)) << "R_ROOT " << root << " outside the " << to_string(policy) << " candidate set of router "
                                       << sr;
        ASSERT_LE(w.hops.size(), 6u) << w.shape();
        const std::string pa = w.phase_a_shape();
        // Phase-A hops come first, then phase B.
        bool in_b = false;
        for (const Step& st : w.hops) {
          if (!st.phase_a) in_b = true;
          ASSERT_FALSE(in_b && st.phase_a) << "phase A resumed after phase B: " << w.shape();
        }
        EXPECT_EQ(kPathNames.path_type_name(w.final_route.path_bits), expected_path_name(pa))
            << "path_bits " << int(w.final_route.path_bits) << " but phase A took '" << pa << "'";
        ++seen_names[kPathNames.path_type_name(w.final_route.path_bits)];
        if (root == sr || root == dr) {  // degenerate draws route minimally
          ++degenerate;
          EXPECT_EQ(w.phase_after_inject, 1);
          ASSERT_EQ(pa, "") << "degenerate R_ROOT " << root;
          ASSERT_EQ(static_cast<int>(w.hops.size()), t.min_hops(sr, dr)) << w.shape();
          continue;
        }
        ASSERT_EQ(w.phase_after_inject, 0);
        ASSERT_TRUE(allowed.count(pa)) << "phase A '" << pa << "' not allowed for " << to_string(policy);
        // Phase A ends at R_ROOT on a minimal path; phase B is minimal from there.
        const std::size_t na = pa.size();
        const int after_a = t.peer(w.hops[na - 1].router, w.hops[na - 1].out_port).router;
        ASSERT_EQ(after_a, root);
        ASSERT_EQ(static_cast<int>(na), t.min_hops(sr, root));
        ASSERT_EQ(static_cast<int>(w.hops.size() - na), t.min_hops(root, dr)) << w.shape();
        if (policy == PhaseA::kG) {
          ASSERT_EQ(pa, "g") << "-g-: phase A is exactly one global hop";
        }
      }
    }
  }
  EXPECT_GT(walks, 1000);
  EXPECT_GT(degenerate, 0);
  // Every non-minimal name the policy allows shows up, and nothing else.
  std::set<std::string> names;
  for (const auto& [n, c] : seen_names) names.insert(n);
  std::set<std::string> expected = {"min"};
  for (const std::string& pa : allowed) expected.insert(expected_path_name(pa));
  EXPECT_EQ(names, expected);
}

TEST_P(ValiantPaths, IntermediateDrawsCoverTheCandidateSetUniformly) {
  const auto [tp, policy] = GetParam();
  const Dragonfly t(tp.p, tp.a, tp.h, tp.arr);
  const ValiantRouting val(t, policy);
  for (int src_router : {0, t.routers() / 2 + 1, t.routers() - 1}) {
    const std::set<int> cands = candidates(t, policy, src_router);
    // Structural sizes of the sets (seed-000 §3.2).
    switch (policy) {
      case PhaseA::kG: EXPECT_EQ(static_cast<int>(cands.size()), t.h()); break;
      case PhaseA::kGl: EXPECT_EQ(static_cast<int>(cands.size()), t.h() * t.a()); break;
      case PhaseA::kLg: EXPECT_EQ(static_cast<int>(cands.size()), t.a() * t.h()); break;  // one per other group
      case PhaseA::kLgl: EXPECT_EQ(static_cast<int>(cands.size()), t.routers()); break;
    }
    if (policy != PhaseA::kLgl) {
      for (int c : cands) EXPECT_NE(t.group_of(c), t.group_of(src_router));
    }
    const int per = 300;
    const int draws = per * static_cast<int>(cands.size());
    std::map<int, int> count;
    std::uint64_t lfsr = lfsr_seed(99, static_cast<std::uint64_t>(src_router));
    for (int i = 0; i < draws; ++i) ++count[val.choose_intermediate(src_router, lfsr = lfsr_advance(lfsr))];
    for (const auto& [r, n] : count) ASSERT_TRUE(cands.count(r)) << "drew router " << r << " outside the candidate set";
    EXPECT_EQ(count.size(), cands.size()) << "some candidates never drawn";
    for (const auto& [r, n] : count) {
      EXPECT_GT(n, per / 2) << "candidate " << r << " drawn " << n << " times of " << draws;
      EXPECT_LT(n, per * 3 / 2) << "candidate " << r << " drawn " << n << " times of " << draws;
    }
  }
}

INSTANTIATE_TEST_SUITE_P(
    TopologiesAndPolicies, ValiantPaths,
    ::testing::Combine(::testing::Values(kTopologies[0], kTopologies[1], kTopologies[2], kTopologies[3], kTopologies[5]),
                       ::testing::Values(PhaseA::kLgl, PhaseA::kLg, PhaseA::kGl, PhaseA::kG)),
    [](const auto& info) { return topo_name(std::get<0>(info.param)) + "_" + policy_name(std::get<1>(info.param)); });

TEST(ValiantPolicies, VcRequirementsFollowTheLongestPath) {
  const Dragonfly t(2, 4, 2, Arrangement::kPalmtree);
  auto need = [&](PhaseA p) { return ValiantRouting(t, p).vcs_needed(); };
  EXPECT_EQ(need(PhaseA::kLgl)[1], 4);
  EXPECT_EQ(need(PhaseA::kLgl)[2], 2);
  EXPECT_EQ(need(PhaseA::kLg)[1], 3);
  EXPECT_EQ(need(PhaseA::kLg)[2], 2);
  EXPECT_EQ(need(PhaseA::kGl)[1], 3);
  EXPECT_EQ(need(PhaseA::kGl)[2], 2);
  EXPECT_EQ(need(PhaseA::kG)[1], 2);
  EXPECT_EQ(need(PhaseA::kG)[2], 2);
  for (const char* n : {"lgl", "lg-", "-gl", "-g-"}) EXPECT_EQ(to_string(parse_phase_a(n)), n);
  EXPECT_THROW(parse_phase_a("glg"), std::invalid_argument);
  RoutingOptions o;
  o.algorithm = "valiant";
  o.set("routing.phase_a", "-g-");
  EXPECT_EQ(make_routing(o, t)->name(), "valiant");
  o.algorithm = "min";
  EXPECT_EQ(make_routing(o, t)->name(), "min");
  o.algorithm = "ugal";
  EXPECT_EQ(make_routing(o, t)->name(), "ugal");
  EXPECT_EQ(make_routing(o, t)->vcs_needed()[1], 2) << "UGAL's paths are -g- Valiant's or minimal";
  o.algorithm = "olm";
  EXPECT_EQ(make_routing(o, t)->name(), "olm");
  o.algorithm = "hybrid";
  EXPECT_EQ(make_routing(o, t)->name(), "hybrid");
  o.algorithm = "par";  // OLM covers PAR (MM+L at injection and after the first local hop): no separate name
  EXPECT_THROW(make_routing(o, t), std::invalid_argument);
}

// ---------------------------------------------------------------------------------------------------------
// Deadlock freedom: with virtual cut-through, a routing is deadlock-free if the channel dependency graph
// (channel = router output port + VC; edge = a packet holding one channel next requests the other) is
// acyclic (Dally & Seitz). Here the graph of sampled paths; the pre-run check enumerates every path.

class ChannelDependencies : public ::testing::TestWithParam<std::tuple<Topo, std::string>> {};

// Sampled walks of the real routing (random draws, random UGAL loads): their graph is acyclic and lies in
// the one the deadlock check enumerates (router/routing/channel_dependencies.h, tests/test_deadlock_check.cpp).
TEST_P(ChannelDependencies, AreAcyclic) {
  const auto [tp, alg] = GetParam();
  const Dragonfly t(tp.p, tp.a, tp.h, tp.arr);
  RoutingOptions o;
  o.algorithm = alg == "min" || alg == "ugal" ? alg : "valiant";
  if (alg != "min" && alg != "ugal") o.set("routing.phase_a", alg);
  if (const auto dot = alg.find('.'); dot != std::string::npos) {  // rvlb.POLICY, rpb.POLICY
    o.algorithm = alg.substr(0, dot);
    o.set("routing.phase_a", alg.substr(dot + 1));
  }
  Rng load_rng(3, 3);
  std::uint16_t loads[64] = {};  // UGAL: random port loads, so both its minimal and Valiant choices occur
  const auto routing = make_routing(o, t);
  const std::vector<int> vcs = {1, routing->vcs_needed()[1], routing->vcs_needed()[2]};
  ChannelGraph sampled(t, vcs);
  const int draws = alg == "min" ? 1 : 24;
  for (int sr = 0; sr < t.routers(); ++sr)
    for (int dr = 0; dr < t.routers(); ++dr)
      for (int k = 0; k < draws; ++k) {
        std::uint64_t rng = lfsr_seed(static_cast<std::uint64_t>(k + 1), static_cast<std::uint64_t>(sr * 100003 + dr));
        for (auto& l : loads) l = static_cast<std::uint16_t>(load_rng.below(64));
        const Walk w = walk(*routing, t, sr * t.p(), dr * t.p(), rng, 12, loads);
        ASSERT_EQ(w.error, "");
        for (std::size_t i = 0; i + 1 < w.hops.size(); ++i) {
          ASSERT_LT(w.hops[i + 1].vc, vcs[static_cast<std::size_t>(w.hops[i + 1].cls)]);
          sampled.add(sampled.id(w.hops[i].router, w.hops[i].out_port, w.hops[i].vc), w.hops[i + 1].out_port, w.hops[i + 1].vc);
        }
      }
  const std::string cycle = sampled.describe(sampled.find_cycle());
  EXPECT_EQ(cycle, "") << "routing " << alg << " on " << topo_name(tp)
                       << " has a cyclic channel dependency (can deadlock under load): " << cycle;
  EXPECT_TRUE(channel_dependencies(t, *routing, vcs).contains(sampled)) << "a sampled dependency the check does not enumerate";
}

INSTANTIATE_TEST_SUITE_P(Routings, ChannelDependencies,
                         ::testing::Combine(::testing::Values(kTopologies[0], kTopologies[1]),
                                            ::testing::Values("min", "lgl", "lg-", "-gl", "-g-", "ugal", "rvlb.lgl",
                                                              "rvlb.lg-", "rvlb.-gl", "rvlb.-g-", "rpb.lgl", "rpb.-g-")),
                         [](const auto& info) {
                           std::string a = std::get<1>(info.param);
                           std::replace(a.begin(), a.end(), '-', '_');
                           std::replace(a.begin(), a.end(), '.', '_');
                           return topo_name(std::get<0>(info.param)) + "_" + a;
                         });

}  // namespace

namespace hiradix {
namespace {

// UGAL-L (seed-000 Eq. 2-1) at its boundary, by hand: h = 2 Dragonfly (p 2, a 4, G 9), packet injected
// at router 0 for a router of another group. For a drawn R_ROOT, minimal iff
// Q_min * H_min <= Q_vlb * H_vlb + T; we set the two ports' loads so that the sides differ by exactly
// one phit-hop and move T across the boundary.
TEST(Ugal, MisroutesExactlyWhenTheMinimalCostExceedsValiantsPlusT) {
  const Dragonfly t(2, 4, 2, Arrangement::kPalmtree);
  const int src = 0, dst_router = 4 * 5 + 2;  // router 2 of group 5
  // An LFSR state whose draw is a real intermediate (not the source or destination router).
  std::uint64_t lfsr = lfsr_seed(1, 0);
  const ValiantRouting probe(t, PhaseA::kLgl);
  int root = -1;
  for (;;) {
    lfsr = lfsr_advance(lfsr);
    root = probe.choose_intermediate(src, lfsr);
    if (root != src && root != dst_router && t.min_port(src, root) != t.min_port(src, dst_router)) break;
  }
  const int h_min = t.min_hops(src, dst_router), h_vlb = t.min_hops(src, root) + t.min_hops(root, dst_router);
  const int p_min = t.min_port(src, dst_router), p_vlb = t.min_port(src, root);
  std::uint16_t load[64] = {};
  load[p_vlb] = 10;
  // Q_min chosen so that Q_min * H_min = Q_vlb * H_vlb + 1 (up to rounding, then T absorbs the rest).
  load[p_min] = static_cast<std::uint16_t>((10 * h_vlb) / h_min + 1);
  const int excess = load[p_min] * h_min - 10 * h_vlb;  // > 0: minimal is dearer by this many phit-hops
  ASSERT_GT(excess, 0);
  for (int threshold : {excess - 1, excess}) {
    const UgalRouting ugal(t, PhaseA::kLgl, threshold);
    Packet pkt;
    pkt.dst = static_cast<std::uint32_t>(dst_router * t.p());
    const RoutingContext ctx{src, 0, lfsr, nullptr, load};
    const RoutingDecision d = ugal.route(ctx, pkt);
    const bool minimal = threshold >= excess;
    EXPECT_EQ(pkt.route.phase, minimal ? 1 : 0) << "T = " << threshold << ", excess " << excess;
    EXPECT_EQ(d.out_port, minimal ? p_min : p_vlb);
    EXPECT_EQ(static_cast<int>(pkt.route.intermediate), root);
  }
  // Equal loads, T = 0: the shorter minimal path wins (Q*3 <= Q*H_vlb since H_vlb >= H_min).
  load[p_min] = load[p_vlb] = 7;
  const UgalRouting ugal(t, PhaseA::kLgl, 0);
  Packet pkt;
  pkt.dst = static_cast<std::uint32_t>(dst_router * t.p());
  ugal.route(RoutingContext{src, 0, lfsr, nullptr, load}, pkt);
  EXPECT_EQ(pkt.route.phase, 1);
}

// routing.ugal_load: vc (the seeds' reading): Q is the load of the one VC each candidate's first hop takes.
// Both first hops on the same local port: under lgl's slots (L0 G0 L1 | L2 G1 L3, docs/decisions.md) the
// minimal path takes local VC 2 (phase B's first local slot) and Valiant's VC 0. The port reading sees
// equal Q and keeps the shorter minimal path; the VC reading follows whichever VC is loaded.
TEST(Ugal, VcLoadReadsTheVcEachFirstHopTakes) {
  const Dragonfly t(2, 4, 2, Arrangement::kPalmtree);
  const int src = 0, dst_router = 4 * 5 + 2;  // router 2 of group 5
  const int p_min = t.min_port(src, dst_router);
  ASSERT_EQ(t.port_class(p_min), PortClass::kLocal);
  const ValiantRouting probe(t, PhaseA::kLgl);
  std::uint64_t lfsr = lfsr_seed(1, 0);
  for (;;) {
    lfsr = lfsr_advance(lfsr);
    const int root = probe.choose_intermediate(src, lfsr);
    if (root != src && root != dst_router && t.min_port(src, root) == p_min) break;
  }
  std::uint16_t port_load[64] = {}, vc_load[64 * kStateVcs] = {};
  port_load[p_min] = 100;
  const auto decide = [&](bool per_vc, int loaded_vc) {
    std::fill(std::begin(vc_load), std::end(vc_load), 0);
    vc_load[p_min * kStateVcs + loaded_vc] = 100;
    UgalRouting ugal(t, PhaseA::kLgl, 0);
    ugal.set_vc_load(per_vc);
    Packet pkt;
    pkt.dst = static_cast<std::uint32_t>(dst_router * t.p());
    RoutingContext ctx{src, 0, lfsr, nullptr, port_load};
    ctx.vc_load = vc_load;
    const RoutingDecision d = ugal.route(ctx, pkt);
    return std::make_pair(static_cast<int>(pkt.route.phase), static_cast<int>(d.out_vc));
  };
  EXPECT_EQ(decide(false, 2), std::make_pair(1, 2));  // port reading: equal Q, minimal on local VC 2
  EXPECT_EQ(decide(true, 2), std::make_pair(0, 0));   // the minimal VC loaded: Valiant on VC 0
  EXPECT_EQ(decide(true, 0), std::make_pair(1, 2));   // Valiant's VC loaded: minimal
}

// The index (router index in the group * h + global port) of group g's link to group `to`, found by
// walking the wiring (independent of Dragonfly::global_owner).
int wired_link(const Dragonfly& t, int g, int to) {
  for (int x = 0; x < t.a(); ++x)
    for (int k = 0; k < t.h(); ++k)
      if (t.group_of(t.peer(t.router_at(g, x), t.global_port(k)).router) == to) return x * t.h() + k;
  return -1;
}

// An LFSR state (advanced from `lfsr`) whose lgl draw from `src` satisfies `ok(root)`.
std::uint64_t draw_where(const Dragonfly& t, int src, std::uint64_t lfsr, const std::function<bool(int)>& ok) {
  const ValiantRouting probe(t, PhaseA::kLgl);
  for (;;) {
    lfsr = lfsr_advance(lfsr);
    if (ok(probe.choose_intermediate(src, lfsr))) return lfsr;
  }
}

// UGAL-G (seed-000 §3.5, Kim et al.): Q = first-hop port load + the load of the path's first global
// channel (unless the first hop is that channel), by hand on h = 2 (p 2, a 4, G 9). A source router of
// group 0, destination in group 5, an R_ROOT in a third group, both first hops local: equal port loads and
// a loaded minimal global link make UGAL-G take Valiant where UGAL-L stays minimal; then the boundary in T.
TEST(UgalGroup, AddsEachPathsGlobalChannelAndMovesAtTheBoundary) {
  const Dragonfly t(2, 4, 2, Arrangement::kPalmtree);
  const int dst_router = 4 * 5 + 2;
  const int src = t.router_at(0, (wired_link(t, 0, 5) / t.h() + 1) % t.a());  // does not own the link to group 5
  const auto local_first = [&](int r) { return t.port_class(t.min_port(src, r)) == PortClass::kLocal; };
  ASSERT_TRUE(local_first(dst_router));
  const std::uint64_t lfsr = draw_where(t, src, lfsr_seed(3, 0), [&](int r) {
    return t.group_of(r) != 0 && t.group_of(r) != 5 && local_first(r) && t.min_port(src, r) != t.min_port(src, dst_router);
  });
  const int root = ValiantRouting(t, PhaseA::kLgl).choose_intermediate(src, lfsr);
  const int p_min = t.min_port(src, dst_router), p_vlb = t.min_port(src, root);
  const int l_min = wired_link(t, 0, 5), l_vlb = wired_link(t, 0, t.group_of(root));
  const int h_min = t.min_hops(src, dst_router), h_vlb = t.min_hops(src, root) + t.min_hops(root, dst_router);
  std::uint16_t load[64] = {}, group[256] = {};
  load[p_min] = load[p_vlb] = 4;
  group[l_min] = 100;
  group[l_vlb] = 20;
  const auto route = [&](UgalInfo info, int threshold) {
    const UgalRouting ugal(t, PhaseA::kLgl, threshold, false, info);
    Packet pkt;
    pkt.dst = static_cast<std::uint32_t>(dst_router * t.p());
    RoutingContext ctx{src, 0, lfsr, nullptr, load};
    ctx.group_load = group;
    const RoutingDecision d = ugal.route(ctx, pkt);
    EXPECT_EQ(d.out_port, pkt.route.phase == 1 ? p_min : p_vlb);
    return pkt.route.phase == 1;
  };
  EXPECT_TRUE(route(UgalInfo::kLocal, 0)) << "UGAL-L sees equal first-hop loads: the shorter minimal path";
  const int excess = (4 + 100) * h_min - (4 + 20) * h_vlb;  // phit-hops by which minimal is dearer
  ASSERT_GT(excess, 0);
  EXPECT_FALSE(route(UgalInfo::kGroup, 0));
  EXPECT_FALSE(route(UgalInfo::kGroup, excess - 1));
  EXPECT_TRUE(route(UgalInfo::kGroup, excess));
  // Loads of other links do not matter.
  for (int l = 0; l < t.a() * t.h(); ++l)
    if (l != l_min && l != l_vlb) group[l] = 4000;
  EXPECT_FALSE(route(UgalInfo::kGroup, excess - 1));
  EXPECT_TRUE(route(UgalInfo::kGroup, excess));
}

// When the source router owns the path's global link, the first hop *is* that channel: it is counted
// once, from the router's own port load (group_load's entry for it is not added).
TEST(UgalGroup, AFirstHopOnTheGlobalChannelCountsOnce) {
  const Dragonfly t(2, 4, 2, Arrangement::kPalmtree);
  const int dst_router = 4 * 5 + 2;
  const int l_min = wired_link(t, 0, 5);
  const int src = t.router_at(0, l_min / t.h());  // owns group 0's link to group 5
  ASSERT_EQ(t.min_port(src, dst_router), t.global_port(l_min % t.h()));
  const std::uint64_t lfsr = draw_where(t, src, lfsr_seed(4, 0), [&](int r) {
    return t.group_of(r) != 0 && t.group_of(r) != 5 && t.port_class(t.min_port(src, r)) == PortClass::kGlobal;
  });
  const int root = ValiantRouting(t, PhaseA::kLgl).choose_intermediate(src, lfsr);
  std::uint16_t load[64] = {}, group[256] = {};
  load[t.min_port(src, dst_router)] = load[t.min_port(src, root)] = 10;
  group[l_min] = 1000;  // were it added, minimal would lose
  group[wired_link(t, 0, t.group_of(root))] = 0;
  const UgalRouting ugal(t, PhaseA::kLgl, 0, false, UgalInfo::kGroup);
  Packet pkt;
  pkt.dst = static_cast<std::uint32_t>(dst_router * t.p());
  RoutingContext ctx{src, 0, lfsr, nullptr, load};
  ctx.group_load = group;
  ugal.route(ctx, pkt);
  EXPECT_EQ(pkt.route.phase, 1);
}

// An R_ROOT in the source group: the Valiant path's first global channel is phase B's, the link to the
// destination group (the minimal path's): with equal first-hop loads, the same global load on both sides
// and longer Valiant, minimal wins; UGAL-L and UGAL-G agree.
TEST(UgalGroup, ARootInTheSourceGroupSharesTheMinimalGlobalChannel) {
  const Dragonfly t(2, 4, 2, Arrangement::kPalmtree);
  const int dst_router = 4 * 5 + 2;
  const int src = t.router_at(0, (wired_link(t, 0, 5) / t.h() + 1) % t.a());  // does not own the link to group 5
  ASSERT_EQ(t.port_class(t.min_port(src, dst_router)), PortClass::kLocal);
  const std::uint64_t lfsr = draw_where(t, src, lfsr_seed(5, 0), [&](int r) {
    return t.group_of(r) == 0 && r != src && t.min_port(src, r) != t.min_port(src, dst_router);
  });
  std::uint16_t load[64] = {}, group[256] = {};
  const int root = ValiantRouting(t, PhaseA::kLgl).choose_intermediate(src, lfsr);
  load[t.min_port(src, dst_router)] = 30;
  load[t.min_port(src, root)] = 0;
  group[wired_link(t, 0, 5)] = 50;
  // Minimal: (30 + 50) * H_min; Valiant: (0 + 50) * H_vlb.
  const int h_min = t.min_hops(src, dst_router), h_vlb = t.min_hops(src, root) + t.min_hops(root, dst_router);
  const bool want_min = 80 * h_min <= 50 * h_vlb;
  const UgalRouting ugal(t, PhaseA::kLgl, 0, false, UgalInfo::kGroup);
  Packet pkt;
  pkt.dst = static_cast<std::uint32_t>(dst_router * t.p());
  RoutingContext ctx{src, 0, lfsr, nullptr, load};
  ctx.group_load = group;
  ugal.route(ctx, pkt);
  EXPECT_EQ(pkt.route.phase == 1, want_min) << "H_min " << h_min << " H_vlb " << h_vlb;
  // Moving the shared global load changes Valiant's side only by its H_vlb weight: 0 makes Valiant win.
  group[wired_link(t, 0, 5)] = 0;
  Packet pkt2;
  pkt2.dst = pkt.dst;
  ugal.route(ctx, pkt2);
  EXPECT_EQ(pkt2.route.phase, 0) << "30 * H_min > 0";
}

}  // namespace
}  // namespace hiradix

namespace hiradix {
namespace {

// Base (seed-003 §1.3) by hand, on h = 2 (p 2, a 4, G 9; ports 0-1 terminals, 2-4 local, 5-6 global):
// a packet injected at router 0 for router 2 of group 5 (minimal output: a local port, the link owner is
// another router). With th = 2: counter th-1 keeps it minimal; th misroutes through one of router 0's
// global ports (CRG at injection) whose counter is under th and whose VC 0 can take the packet.
TEST(Base, MisroutesAtTheThresholdOnlyToReadyUncontendedCandidates) {
  const Dragonfly t(2, 4, 2, Arrangement::kPalmtree);
  const BaseRouting base(t, 2);
  const int dst_router = 4 * 5 + 2;
  const int min_port = t.min_port(0, dst_router);
  ASSERT_EQ(t.port_class(min_port), PortClass::kLocal);
  std::int32_t counters[64] = {};
  std::uint32_t ready[64];
  for (auto& r : ready) r = 0x7;  // every VC of every port can take a packet
  auto decide = [&](std::uint64_t random) {
    Packet pkt;
    pkt.dst = static_cast<std::uint32_t>(dst_router * t.p());
    RoutingContext ctx{0, 0, random, counters, nullptr, 0, ready};
    const RoutingDecision d = base.route(ctx, pkt);
    EXPECT_EQ(d.min_port, min_port);
    EXPECT_FALSE(d.no_slot);
    return d;
  };
  counters[min_port] = 1;  // th - 1
  for (std::uint64_t r = 1; r < 50; ++r) EXPECT_EQ(decide(lfsr_seed(r, 9)).out_port, min_port);
  counters[min_port] = 2;  // th: misroute, to either global port, VC 0 (from an injection port)
  std::set<int> seen;
  for (std::uint64_t r = 1; r < 200; ++r) {
    const RoutingDecision d = decide(lfsr_seed(r, 9));
    EXPECT_TRUE(d.misroute);
    EXPECT_EQ(t.port_class(d.out_port), PortClass::kGlobal);
    EXPECT_EQ(d.out_vc, 0);
    seen.insert(d.out_port);
  }
  EXPECT_EQ(seen, (std::set<int>{5, 6}));
  counters[5] = 2;  // a contended candidate is not taken
  for (std::uint64_t r = 1; r < 50; ++r) EXPECT_EQ(decide(lfsr_seed(r, 9)).out_port, 6);
  ready[6] = 0x6;  // the other one cannot take the packet on VC 0 now: no candidate, stay minimal
  for (std::uint64_t r = 1; r < 50; ++r) EXPECT_EQ(decide(lfsr_seed(r, 9)).out_port, min_port);
}

// OLM and Hybrid by hand, in the same setting as Base above: injected at router 0 for router 2 of group 5,
// minimal output a local port on VC 0, CRG candidates the global ports 5 and 6 on VC 0. q is integer percent
// per output VC (RoutingContext::occupancy).
struct OccupancyCase {
  const Dragonfly t{2, 4, 2, Arrangement::kPalmtree};
  const int dst_router = 4 * 5 + 2;
  const int min_port = t.min_port(0, dst_router);
  std::int32_t counters[64] = {};
  std::uint32_t ready[64];
  std::uint8_t occupancy[64 * kStateVcs] = {};
  OccupancyCase() {
    for (auto& r : ready) r = 0x7;
  }
  std::uint8_t& q(int port, int vc = 0) { return occupancy[port * kStateVcs + vc]; }
  // The output ports chosen over many random draws.
  std::set<int> outputs(const RoutingAlgorithm& r) {
    std::set<int> seen;
    for (std::uint64_t k = 1; k < 200; ++k) {
      Packet pkt;
      pkt.dst = static_cast<std::uint32_t>(dst_router * t.p());
      RoutingContext ctx{0, 0, lfsr_seed(k, 9), counters, nullptr, 0, ready};
      ctx.occupancy = occupancy;
      const RoutingDecision d = r.route(ctx, pkt);
      EXPECT_EQ(d.min_port, min_port);
      EXPECT_EQ(d.out_vc, 0);
      EXPECT_FALSE(d.no_slot);
      EXPECT_EQ(d.misroute, d.out_port != min_port);
      seen.insert(d.out_port);
    }
    return seen;
  }
};

TEST(Olm, TriggerNeedsMinimalOccupancyAndABlockedMinimalVc) {
  OccupancyCase c;
  const OlmRouting olm(c.t, 50, 60);  // th 50 %, ThMin 60 %
  ASSERT_EQ(c.t.port_class(c.min_port), PortClass::kLocal);
  const std::set<int> minimal{c.min_port}, both{5, 6};
  // Candidates empty. The minimal VC can take the packet (credits and queue room): no misroute, even full.
  c.q(c.min_port) = 100;
  EXPECT_EQ(c.outputs(olm), minimal);
  // It cannot: misroute, to either global port.
  c.ready[c.min_port] = 0x6;
  EXPECT_EQ(c.outputs(olm), both);
  // Below ThMin it does not fire (a full output queue over a mostly empty VC); at ThMin it does.
  c.q(c.min_port) = 59;
  EXPECT_EQ(c.outputs(olm), minimal);
  c.q(c.min_port) = 60;
  EXPECT_EQ(c.outputs(olm), both);
  // Another VC of the minimal port being blocked does not count: the packet's VC is 0.
  c.ready[c.min_port] = 0x5;
  EXPECT_EQ(c.outputs(olm), minimal);
}

TEST(Olm, CandidatesAtMostThresholdPercentOfTheMinimalOccupancy) {
  OccupancyCase c;
  const OlmRouting olm(c.t, 50, 50);
  c.ready[c.min_port] = 0x6;  // the minimal VC 0 is blocked
  c.q(c.min_port) = 80;
  c.q(5) = 40;  // exactly 50 % of 80: valid
  c.q(6) = 41;  // just above: not
  EXPECT_EQ(c.outputs(olm), (std::set<int>{5}));
  c.q(6) = 40;
  EXPECT_EQ(c.outputs(olm), (std::set<int>{5, 6}));
  c.q(5) = c.q(6) = 41;  // none valid: stay minimal (and be routed again while blocked)
  EXPECT_EQ(c.outputs(olm), (std::set<int>{c.min_port}));
  c.q(c.min_port) = 81;  // 41 <= 40.5 is false on integers too (100 * 41 > 50 * 81)
  EXPECT_EQ(c.outputs(olm), (std::set<int>{c.min_port}));
  c.q(c.min_port) = 82;  // 4100 <= 4100
  EXPECT_EQ(c.outputs(olm), (std::set<int>{5, 6}));
  c.ready[6] = 0x6;  // a valid candidate must also take the whole packet now
  EXPECT_EQ(c.outputs(olm), (std::set<int>{5}));
  // The occupancy of a candidate's other VCs does not matter; its VC 0 does.
  c.q(5, 1) = 100;
  EXPECT_EQ(c.outputs(olm), (std::set<int>{5}));
  // Contention counters play no part in OLM.
  c.counters[5] = 100;
  c.counters[c.min_port] = 0;
  EXPECT_EQ(c.outputs(olm), (std::set<int>{5}));
}

TEST(Hybrid, ContentionPartAtThMinusOneAndThAndCreditPartAroundItsThreshold) {
  OccupancyCase c;
  const HybridRouting hybrid(c.t, 3, 35, 50);  // contention th 3, credit part 35 %, ThMin 50 %
  c.q(5) = c.q(6) = 100;  // candidates full: only the contention part can misroute
  c.counters[c.min_port] = 2;  // th - 1, minimal VC ready: no trigger
  EXPECT_EQ(c.outputs(hybrid), (std::set<int>{c.min_port}));
  c.counters[c.min_port] = 3;  // th: misroute to any candidate that can take the packet, however occupied
  EXPECT_EQ(c.outputs(hybrid), (std::set<int>{5, 6}));
  c.counters[5] = 50;  // the candidates' counters do not filter either (unlike Base)
  EXPECT_EQ(c.outputs(hybrid), (std::set<int>{5, 6}));
  c.ready[5] = 0x6;  // but readiness does
  EXPECT_EQ(c.outputs(hybrid), (std::set<int>{6}));
  c.ready[5] = 0x7;
  c.counters[5] = 0;

  // Credit part (counter th - 1): minimal VC blocked at q_min 100; candidates up to 35 % valid.
  c.counters[c.min_port] = 2;
  c.ready[c.min_port] = 0x6;
  c.q(c.min_port) = 100;
  c.q(5) = 35;
  c.q(6) = 36;
  EXPECT_EQ(c.outputs(hybrid), (std::set<int>{5}));
  c.q(5) = 36;  // both just above 35 %: minimal
  EXPECT_EQ(c.outputs(hybrid), (std::set<int>{c.min_port}));
  c.q(c.min_port) = 49;  // under ThMin: the credit part does not fire even with empty candidates
  c.q(5) = c.q(6) = 0;
  EXPECT_EQ(c.outputs(hybrid), (std::set<int>{c.min_port}));
}

TEST(Base, VcRuleOfSeed003) {
  const Dragonfly t(2, 4, 2, Arrangement::kPalmtree);
  const BaseRouting b(t, 6);
  const OlmRouting olm(t, 50, 50);
  const HybridRouting hybrid(t, 7, 35, 50);
  for (const InTransitRouting* r : std::initializer_list<const InTransitRouting*>{&b, &olm, &hybrid}) {
  const InTransitRouting& base = *r;
  SCOPED_TRACE(base.name());
  const int inj = 0, local = 2, global = 5;
  EXPECT_EQ(base.next_vc(inj, 0, local, false), 0);    // from injection: VC 0
  EXPECT_EQ(base.next_vc(inj, 0, global, true), 0);
  EXPECT_EQ(base.next_vc(local, 1, local, true), 1);   // local misroute keeps the VC
  EXPECT_EQ(base.next_vc(local, 1, local, false), 2);  // minimal local -> local: VC + 1
  EXPECT_EQ(base.next_vc(local, 1, global, false), 1); // local -> global keeps the VC
  EXPECT_EQ(base.next_vc(global, 0, local, true), 0);  // local misroute after a global hop keeps it
  EXPECT_EQ(base.next_vc(global, 0, local, false), 1); // global -> local minimal: VC + 1
  EXPECT_EQ(base.next_vc(global, 1, 0, false), 0);     // ejection
  EXPECT_EQ(base.vcs_needed()[1], 3);                // seed-003 Table I
  EXPECT_EQ(base.vcs_needed()[2], 2);
  }
}

// Deadlock freedom of Base (3 local / 2 global VCs): a head that cannot advance is routed again, so a
// blocked packet can always take its minimal hop; misroutes go only where the whole packet fits. The
// graph of "sits in channel c, may wait for the minimal channel of its next hop" must be acyclic, over
// walks with random counters and ready VCs (so every MM+L misroute type occurs), and VCs stay in range.
// The same for OLM and Hybrid, with random occupancies too (their triggers read them).
void check_escape_graph(const std::function<std::unique_ptr<RoutingAlgorithm>(const Dragonfly&)>& make) {
  for (const Topo& tp : {kTopologies[0], kTopologies[1]}) {
    const Dragonfly t(tp.p, tp.a, tp.h, tp.arr);
    const auto routing = make(t);
    const RoutingAlgorithm& base = *routing;
    std::uint8_t occupancy[64 * kStateVcs];
    const long radix = t.radix();
    const std::vector<int> vcs = {1, 3, 2};
    ChannelGraph sampled(t, vcs);
    Rng rng(17, static_cast<std::uint64_t>(t.h()));
    std::int32_t counters[64];
    std::uint32_t ready[64];
    int misroutes = 0;
    for (int sr = 0; sr < t.routers(); ++sr)
      for (int dr = 0; dr < t.routers(); ++dr)
        for (int k = 0; k < 6; ++k) {
          Packet pkt;
          pkt.dst = static_cast<std::uint32_t>(dr * t.p());
          int router = sr, in_port = 0, in_vc = 0;
          long here = -1;  // the channel the packet sits in (none while in the NIC)
          for (int hop = 0; hop < 16; ++hop) {
            for (int p = 0; p < radix; ++p) {
              counters[p] = static_cast<std::int32_t>(rng.below(4));
              ready[p] = static_cast<std::uint32_t>(rng.below(16));
              for (int v = 0; v < kStateVcs; ++v) occupancy[p * kStateVcs + v] = static_cast<std::uint8_t>(rng.below(101));
            }
            RoutingContext ctx{router, in_port, rng.next(), counters, nullptr, in_vc, ready};
            ctx.occupancy = occupancy;
            const RoutingDecision d = base.route(ctx, pkt);
            ASSERT_FALSE(d.no_slot) << "VC beyond 3 local / 2 global at router " << router;
            misroutes += d.misroute;
            if (t.port_class(d.out_port) == PortClass::kTerminal) break;
            if (here >= 0 && t.port_class(d.min_port) != PortClass::kTerminal) {
              ASSERT_LT(d.min_vc, vcs[static_cast<std::size_t>(t.port_class(d.min_port))]);
              sampled.add(here, d.min_port, d.min_vc);
            }
            here = sampled.id(router, d.out_port, d.out_vc);
            const PortEnd next = t.peer(router, d.out_port);
            router = next.router;
            in_port = next.port;
            in_vc = d.out_vc;
            ASSERT_LT(hop, 15) << "walk did not end";
          }
          ASSERT_EQ(router, dr);
        }
    EXPECT_GT(misroutes, 100);
    const std::string cycle = sampled.describe(sampled.find_cycle());
    EXPECT_EQ(cycle, "") << "escape channels of " << base.name() << " on " << topo_name(tp) << " have a cycle";
    EXPECT_TRUE(channel_dependencies(t, base, vcs).contains(sampled)) << "a sampled escape dependency the check does not enumerate";
  }
}

TEST(Base, MinimalEscapeChannelsAreAcyclicAndVcsStayInRange) {
  check_escape_graph([](const Dragonfly& t) { return std::make_unique<BaseRouting>(t, 2); });
}
TEST(Olm, MinimalEscapeChannelsAreAcyclicAndVcsStayInRange) {
  check_escape_graph([](const Dragonfly& t) { return std::make_unique<OlmRouting>(t, 50, 50); });
}
TEST(Hybrid, MinimalEscapeChannelsAreAcyclicAndVcsStayInRange) {
  check_escape_graph([](const Dragonfly& t) { return std::make_unique<HybridRouting>(t, 2, 35, 50); });
}

}  // namespace
}  // namespace hiradix

namespace hiradix {
namespace {

// ---------------------------------------------------------------------------------------------------------
// RVLB and RPB (seed-000 §3.3; docs/papers/seed-000-thesis.md "RVLB and RPB"): a destination in the
// source group draws R_ROOT among the group's a routers (R_S and R_D included, which give MIN) and takes
// the path l - l on local VCs 0 then 1; every other packet is routed exactly as by valiant / pb.

// By hand on h = 2 (p 2, a 4, G 9): from router 1 of group 3 to router 2 of group 3. The draw is the high
// half of (the low 32 random bits) * a: 0xC0000000 * 4 >> 32 = 3, 0x3FFFFFFF -> 0, 0x40000000 -> 1 (R_S),
// 0x80000000 -> 2 (R_D); the high 32 bits play no part.
TEST(Rvlb, HandComputedDrawsOnATinyNetwork) {
  const Dragonfly t(2, 4, 2, Arrangement::kPalmtree);
  const int g = 3, src = t.router_at(g, 1), dst = t.router_at(g, 2);
  ASSERT_EQ(src, 13);
  ASSERT_EQ(dst, 14);
  struct Case {
    std::uint64_t random;
    int root_x;
  };
  for (const PhaseA policy : {PhaseA::kLgl, PhaseA::kG}) {
    const RvlbRouting rvlb(t, policy);
    for (const Case c : {Case{0xFFFFFFFFC0000000ull, 3}, Case{0x123456783FFFFFFFull, 0}, Case{0x40000000ull, 1},
                         Case{0xABCDEF0180000000ull, 2}}) {
      const int root = g * 4 + c.root_x;
      EXPECT_EQ(rvlb.choose_intermediate(src, c.random, dst), root);
      Packet pkt;
      pkt.dst = static_cast<std::uint32_t>(dst * 2 + 1);
      const RoutingDecision d = rvlb.route(RoutingContext{src, 0, c.random}, pkt);
      EXPECT_EQ(static_cast<int>(pkt.route.intermediate), root);
      if (root == src || root == dst) {  // degenerate: the minimal local hop, on the intra-group path's L1
        EXPECT_EQ(pkt.route.phase, 1);
        EXPECT_EQ(d.out_port, t.min_port(src, dst));
        EXPECT_EQ(d.out_vc, 1);
        EXPECT_FALSE(d.misroute);
        continue;
      }
      // l on local VC 0 to R_ROOT, then l on local VC 1 to the destination router, which ejects.
      EXPECT_EQ(pkt.route.phase, 0);
      EXPECT_EQ(t.port_class(d.out_port), PortClass::kLocal);
      EXPECT_EQ(d.out_vc, 0);
      EXPECT_TRUE(d.misroute);
      const PortEnd at_root = t.peer(src, d.out_port);
      ASSERT_EQ(at_root.router, root);
      const RoutingDecision d2 = rvlb.route(RoutingContext{root, at_root.port, 0x5555ull}, pkt);
      EXPECT_EQ(pkt.route.phase, 1);
      EXPECT_EQ(d2.out_vc, 1);
      const PortEnd at_dst = t.peer(root, d2.out_port);
      ASSERT_EQ(at_dst.router, dst);
      const RoutingDecision d3 = rvlb.route(RoutingContext{dst, at_dst.port, 0x7777ull}, pkt);
      EXPECT_EQ(d3.out_port, 1) << "terminal 1 of the destination router";
      EXPECT_EQ(kPathNames.path_type_name(pkt.route.path_bits), "l--");
      EXPECT_EQ(pkt.route.hops[kLocalHops], 2);
      EXPECT_EQ(pkt.route.hops[kGlobalHops], 0);
    }
  }
  // The same random state under valiant lgl goes anywhere: 0xC0000000 * 36 >> 32 = 27, router 3 of group 6.
  EXPECT_EQ(ValiantRouting(t, PhaseA::kLgl).choose_intermediate(src, 0xFFFFFFFFC0000000ull), 27);
  // ... and a destination in another group keeps valiant's draw under rvlb.
  EXPECT_EQ(RvlbRouting(t, PhaseA::kLgl).choose_intermediate(src, 0xFFFFFFFFC0000000ull, 0), 27);
}

std::string packed(const Walk& w) {
  std::ostringstream s;
  for (const Step& st : w.hops) s << st.router << ":" << st.out_port << "/" << st.vc << (st.phase_a ? "a " : "b ");
  const RouteState& r = w.final_route;
  s << "| " << r.intermediate << " " << int(r.phase) << " " << int(r.path_bits) << " " << int(r.hops[kLocalHops]) << " "
    << int(r.hops[kGlobalHops]) << " " << r.misrouted << " ej " << w.last_router << ":" << w.eject_port;
  return s.str();
}

class RvlbPaths : public ::testing::TestWithParam<std::tuple<Topo, PhaseA>> {};

// Intra-group packets never leave their group: R_ROOT is one of the group's routers, drawn uniformly, the
// path is l - l (or the minimal l), VCs within the policy's needs and increasing.
TEST_P(RvlbPaths, IntraGroupTrafficStaysInTheGroupOnLocalVcsZeroThenOne) {
  const auto [tp, policy] = GetParam();
  const Dragonfly t(tp.p, tp.a, tp.h, tp.arr);
  const RvlbRouting rvlb(t, policy);
  EXPECT_EQ(rvlb.vcs_needed()[1], ValiantRouting(t, policy).vcs_needed()[1]);
  EXPECT_EQ(rvlb.vcs_needed()[2], ValiantRouting(t, policy).vcs_needed()[2]);
  std::map<int, int> roots;  // R_ROOT's index in the group, over all draws
  int walks = 0, two_hops = 0;
  for (int src = 0; src < t.terminals(); ++src) {
    const int sr = t.router_of_terminal(src), g = t.group_of(sr);
    for (int x = 0; x < t.a(); ++x)
      for (int k = 0; k < t.p(); ++k) {
        const int dr = t.router_at(g, x), dst = dr * t.p() + k;
        if (dst == src) continue;
        for (std::uint64_t seed = 1; seed <= 4; ++seed) {
          std::uint64_t lfsr = lfsr_seed(seed, static_cast<std::uint64_t>(src * 7919 + dst));
          const Walk w = walk(rvlb, t, src, dst, lfsr);
          ASSERT_EQ(check_common(w, t, dst, rvlb.vcs_needed()), "") << "src " << src << " dst " << dst;
          ++walks;
          const int root = w.intermediate;
          ASSERT_EQ(t.group_of(root), g) << "R_ROOT " << root << " outside the source group";
          ++roots[root - t.router_at(g, 0)];
          for (const Step& st : w.hops) {
            ASSERT_EQ(st.cls, PortClass::kLocal) << w.shape();
            ASSERT_EQ(t.group_of(st.router), g);
          }
          if (root == sr || root == dr) {  // minimal: nothing (a terminal of the same router) or one l
            ASSERT_EQ(w.shape(), sr == dr ? "" : "l");
            if (sr != dr) {
              EXPECT_EQ(w.hops[0].vc, 1);
            }
            EXPECT_EQ(w.final_route.path_bits, 0);
          } else {  // through R_ROOT, also for a terminal of the same router (out and back)
            ASSERT_EQ(w.shape(), "ll");
            EXPECT_EQ(w.hops[0].vc, 0);
            EXPECT_EQ(w.hops[1].vc, 1);
            EXPECT_EQ(t.peer(w.hops[0].router, w.hops[0].out_port).router, root);
            EXPECT_EQ(kPathNames.path_type_name(w.final_route.path_bits), "l--");
            ++two_hops;
          }
        }
      }
  }
  EXPECT_GT(two_hops, 0);
  ASSERT_EQ(static_cast<int>(roots.size()), t.a()) << "every router of the group is drawn";
  for (const auto& [x, n] : roots) {
    EXPECT_GT(n, walks / t.a() * 3 / 4) << "router " << x << " of the group drawn " << n << " of " << walks;
    EXPECT_LT(n, walks / t.a() * 5 / 4) << "router " << x << " of the group drawn " << n << " of " << walks;
  }
}

// A destination in another group: RVLB walks exactly as Valiant with the same policy and random state.
TEST_P(RvlbPaths, InterGroupTrafficIsValiants) {
  const auto [tp, policy] = GetParam();
  const Dragonfly t(tp.p, tp.a, tp.h, tp.arr);
  const RvlbRouting rvlb(t, policy);
  const ValiantRouting val(t, policy);
  int walks = 0;
  for (int src = 0; src < t.terminals(); ++src)
    for (int dst : destinations(t, src, 30)) {
      if (t.group_of(t.router_of_terminal(dst)) == t.group_of(t.router_of_terminal(src))) continue;
      for (std::uint64_t seed = 1; seed <= 2; ++seed) {
        std::uint64_t a = lfsr_seed(seed, static_cast<std::uint64_t>(src * 7919 + dst)), b = a;
        const Walk wr = walk(rvlb, t, src, dst, a), wv = walk(val, t, src, dst, b);
        ASSERT_EQ(wr.error, "");
        ASSERT_EQ(packed(wr), packed(wv)) << "src " << src << " dst " << dst;
        ++walks;
      }
    }
  EXPECT_GT(walks, 500);
}

INSTANTIATE_TEST_SUITE_P(
    TopologiesAndPolicies, RvlbPaths,
    ::testing::Combine(::testing::Values(kTopologies[0], kTopologies[1], kTopologies[2], kTopologies[5]),
                       ::testing::Values(PhaseA::kLgl, PhaseA::kLg, PhaseA::kGl, PhaseA::kG)),
    [](const auto& info) { return topo_name(std::get<0>(info.param)) + "_" + policy_name(std::get<1>(info.param)); });

// RPB against PB, decision by decision with the same inputs (random state, port loads, PB flag): equal
// for destinations in other groups; for a destination in the source group RPB's R_ROOT is in the group,
// so its non-minimal path is l - l, where PB's may leave the group.
TEST(Rpb, InterGroupAsPbAndTheIntraGroupCandidateStaysInTheGroup) {
  const Dragonfly t(2, 4, 2, Arrangement::kPalmtree);
  const RpbRouting rpb(t, PhaseA::kLgl, 0, 120, 5);
  const PbRouting pb(t, PhaseA::kLgl, 0, 120, 5);
  EXPECT_EQ(rpb.vcs_needed()[1], 4);
  EXPECT_EQ(rpb.vcs_needed()[2], 2);
  Rng rng(7, 7);
  int inter = 0, intra_nonmin = 0, intra_min = 0, pb_left_group = 0;
  for (int src = 0; src < t.terminals(); ++src)
    for (int dst = 0; dst < t.terminals(); ++dst) {
      const int sr = t.router_of_terminal(src), dr = t.router_of_terminal(dst);
      if (sr == dr) continue;
      const bool same_group = t.group_of(sr) == t.group_of(dr);
      for (int k = 0; k < 6; ++k) {
        std::uint16_t load[64] = {};
        for (auto& l : load) l = static_cast<std::uint16_t>(rng.below(40));
        const bool flag = !same_group && rng.below(2);
        Packet a, b;
        a.dst = b.dst = static_cast<std::uint32_t>(dst);
        RoutingContext ctx{sr, 0, rng.next(), nullptr, load};
        pb_flag(ctx) = flag;
        const RoutingDecision da = rpb.route(ctx, a), db = pb.route(ctx, b);
        if (!same_group) {
          ++inter;
          ASSERT_EQ(da.out_port, db.out_port);
          ASSERT_EQ(da.out_vc, db.out_vc);
          ASSERT_EQ(a.route.intermediate, b.route.intermediate);
          ASSERT_EQ(a.route.phase, b.route.phase);
          continue;
        }
        const int root = static_cast<int>(a.route.intermediate);
        ASSERT_EQ(t.group_of(root), t.group_of(sr));
        ASSERT_EQ(t.port_class(da.out_port), PortClass::kLocal);
        if (t.group_of(static_cast<int>(b.route.intermediate)) != t.group_of(sr)) ++pb_left_group;
        // Eq. 2-1 by hand: MIN iff Q_min * 1 <= Q_vlb * 2 (T = 0; a degenerate R_ROOT is MIN anyway).
        const bool degenerate = root == sr || root == dr;
        const bool want_min = degenerate || load[t.min_port(sr, dr)] <= 2 * load[t.min_port(sr, root)];
        ASSERT_EQ(a.route.phase == 1, want_min) << "src " << src << " dst " << dst << " root " << root;
        ASSERT_EQ(da.out_port, want_min ? t.min_port(sr, dr) : t.min_port(sr, root));
        ASSERT_EQ(da.out_vc, want_min ? 1 : 0);
        ++(want_min ? intra_min : intra_nonmin);
      }
    }
  EXPECT_GT(inter, 1000);
  EXPECT_GT(intra_min, 50);
  EXPECT_GT(intra_nonmin, 50);
  EXPECT_GT(pb_left_group, 50) << "PB's candidate for the same destinations leaves the group";
}

TEST(Rvlb, RegistryNamesAndVcs) {
  const Dragonfly t(2, 4, 2, Arrangement::kPalmtree);
  for (const char* policy : {"lgl", "lg-", "-gl", "-g-"}) {
    RoutingOptions o;
    o.set("routing.phase_a", policy);
    o.algorithm = "valiant";
    const VcRequirement val = make_routing(o, t)->vcs_needed();
    o.algorithm = "rvlb";
    const auto rvlb = make_routing(o, t);
    EXPECT_EQ(rvlb->name(), "rvlb");
    EXPECT_EQ(rvlb->vcs_needed()[1], val[1]) << policy;
    EXPECT_EQ(rvlb->vcs_needed()[2], val[2]) << policy;
    o.algorithm = "pb";
    const VcRequirement pbv = make_routing(o, t)->vcs_needed();
    o.algorithm = "rpb";
    const auto rpb = make_routing(o, t);
    EXPECT_EQ(rpb->name(), "rpb");
    EXPECT_EQ(rpb->vcs_needed()[1], pbv[1]) << policy;
    EXPECT_TRUE(rpb->broadcast_needs().has_value()) << "RPB keeps PB's flags and their broadcast";
    for (const auto* r : {rvlb.get(), rpb.get()})  // what a config with too few VCs is told
      EXPECT_NE(r->vc_rule().find("intra-group path l - l"), std::string::npos) << r->vc_rule();
  }
  EXPECT_NE(routing_entry("rvlb").rtl_code, routing_entry("valiant").rtl_code);
  EXPECT_NE(routing_entry("rpb").rtl_code, routing_entry("pb").rtl_code);
}

}  // namespace
}  // namespace hiradix
