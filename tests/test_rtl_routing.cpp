// The Verilated routing unit against the C++ reference, without SystemC: every decision of every packet
// walk in small networks, and large random samples of the input space; then network runs in lockstep
// (forked children) and the checker's ability to fail.
#include <gtest/gtest.h>

#include <cstdint>
#include <filesystem>
#include <fstream>
#include <map>
#include <memory>
#include <sstream>
#include <string>

#include "router/common/rng.h"
#include "router/common/lfsr.h"
#include "router/routing/acor_routing.h"
#include "router/routing/in_transit_routing.h"
#include "router/routing/lian_routing.h"
#include "router/routing/tpr_routing.h"
#include "router/routing/valiant_routing.h"
#include "router/rtl/rc_interface.h"
#include "router/rtl/rtl_bus.h"
#include "router/rtl/rtl_routing_unit.h"
#include "router/rtl/unit_geometry.h"
#include "sim_helpers.h"
#include "topology/topology_registry.h"

namespace hiradix {
namespace {

using nlohmann::json;
using test::simulate;
using test::with;

// ---------------------------------------------------------------------------------------------------------
// The routing unit's divisions by geometry constants (rtl/hiradix_arith.vh, recip_shift / recip_mult /
// div_by): floor(x / d) = (x * M) >> S for every x < 2^n, with S = n + ceil(log2 d), M = ceil(2^S / d) kept
// to NODE_W + 1 bits and a (2 NODE_W + 1)-bit product. Terminal numbers (n = NODE_W) are divided by p and
// p * a, router, group and link numbers (n = ROUTER_W) by a and h; p, a, h < 2^GEOM_W.

using rtl::GEOM_W;
using rtl::NODE_W;
using rtl::ROUTER_W;

struct Reciprocal {
  int s;
  std::uint64_t m;
};

Reciprocal reciprocal(std::uint64_t d, int n) {  // as the RTL computes it
  int s = n;
  for (int i = 0; i < 15; ++i)
    if ((std::uint64_t{1} << i) < d) ++s;
  const std::uint64_t m = (((std::uint64_t{1} << s) + d - 1) / d) & ((std::uint64_t{1} << (NODE_W + 1)) - 1);
  return {s, m};
}

std::uint64_t divide(std::uint64_t x, Reciprocal r) {
  const std::uint64_t product = (x * r.m) & ((std::uint64_t{1} << (2 * NODE_W + 1)) - 1);
  return (product >> r.s) & ((std::uint64_t{1} << NODE_W) - 1);
}

TEST(RoutingUnitDivision, ExactForEverySmallDivisorAndEveryDividend) {
  // Every d < 2^GEOM_W (p, a, h) and every x < 2^n: 8.3 M cases for n = NODE_W.
  for (const int n : {NODE_W, ROUTER_W}) {
    for (std::uint32_t d = 1; d < (1u << GEOM_W); ++d) {
      const Reciprocal r = reciprocal(d, n);
      std::uint32_t q = 0, rem = 0;  // x / d and x % d, stepped
      for (std::uint32_t x = 0; x < (1u << n); ++x) {
        if (divide(x, r) != q) FAIL() << x << " / " << d << " gives " << divide(x, r) << ", not " << q << " (n = " << n << ")";
        if (++rem == d) rem = 0, ++q;
      }
    }
  }
}

TEST(RoutingUnitDivision, ExactForEveryProductDivisor) {
  // Every d < 2^(2 GEOM_W) (p * a) and x < 2^NODE_W. (x * M) >> S never decreases with x, so it is
  // floor(x / d) for every x once it is at both ends of every quotient's run: x = q d - 1 and x = q d.
  const std::uint64_t n = std::uint64_t{1} << NODE_W;
  for (std::uint64_t d = 1; d < (std::uint64_t{1} << (2 * GEOM_W)); ++d) {
    const Reciprocal r = reciprocal(d, NODE_W);
    for (std::uint64_t q = 0; q * d < n; ++q) {
      if (divide(q * d, r) != q) FAIL() << q * d << " / " << d;
      if (q > 0 && divide(q * d - 1, r) != q - 1) FAIL() << q * d - 1 << " / " << d;
    }
    if (divide(n - 1, r) != (n - 1) / d) FAIL() << n - 1 << " / " << d;
  }
}

// ---------------------------------------------------------------------------------------------------------
// The routing unit: C++ reference vs Verilated RTL on the same packed inputs.

struct Params {
  int p, a, h;
  Arrangement arrangement;
};

std::string describe(const RcInputs& in) { return to_json(in).dump(); }

// Occupancies (percent) for OLM / Hybrid: half the time from a set where the relative thresholds of
// kRoutings (30, 35, 50, 80 %) and ThMin (0, 20, 50 %) land exactly on a boundary (40 = 50 % of 80, 35 =
// 35 % of 100, 24 = 30 % of 80, ...), so `<=` against `<` shows; otherwise anywhere in the OCC_W field.
std::uint8_t random_occupancy(Rng& rng) {
  static const std::uint8_t kEdges[] = {0, 19, 20, 24, 25, 35, 36, 40, 41, 49, 50, 64, 80, 100};
  if (rng.below(2)) return kEdges[rng.below(sizeof kEdges)];
  return static_cast<std::uint8_t>(rng.below(1u << rtl::OCC_W));
}

// RoutingOptions by name, so that the table does not depend on the order of the struct's fields.
RoutingOptions opt(const char* algorithm, const char* phase_a = "lgl", const char* vc_scheme = "slot", int ugal_t = 0,
                   int th = 6) {
  RoutingOptions o;
  o.algorithm = algorithm;
  o.set("routing.phase_a", phase_a).set("routing.vc_scheme", vc_scheme);
  o.set("routing.ugal_threshold", ugal_t).set("routing.contention_threshold", th);
  return o;
}
RoutingOptions ectn(int th, int ectn_th) {
  RoutingOptions o = opt("ectn", "lgl", "slot", 0, th);
  o.set("routing.ectn_threshold", ectn_th);
  return o;
}
RoutingOptions ugal_group(const char* phase_a, int ugal_t) {
  RoutingOptions o = opt("ugal", phase_a, "slot", ugal_t);
  o.set("routing.ugal_info", "group");
  return o;
}
RoutingOptions occupancy_based(const char* algorithm, int olm, int hybrid, int min_occupancy, int hybrid_th) {
  RoutingOptions o = opt(algorithm);
  o.set("routing.olm_threshold", olm).set("routing.hybrid_threshold", hybrid);
  o.set("routing.olm_min_occupancy", min_occupancy).set("routing.hybrid_contention_threshold", hybrid_th);
  return o;
}
RoutingOptions acor(const char* sequence, const char* vc_scheme = "slot", const char* algorithm = "acor", int ugal_t = 0) {
  RoutingOptions o = opt(algorithm, "lgl", vc_scheme, ugal_t);
  o.set("routing.acor_sequence", sequence);
  return o;
}

// TPR: the thesis' regions, and others whose T values show which region was taken (LI_l = 0: never benign).
RoutingOptions tpr(int low, int high, int t_benign, int t_mix, int t_adv, const char* phase_a = "lgl",
                   const char* vc_scheme = "slot") {
  RoutingOptions o = opt("tpr", phase_a, vc_scheme, 77);  // neither routing.phase_a nor ugal_threshold is read
  o.set("routing.tpr_low", low).set("routing.tpr_high", high);
  o.set("routing.tpr_t_benign", t_benign).set("routing.tpr_t_mix", t_mix).set("routing.tpr_t_adv", t_adv);
  return o;
}

// LIAN: SGCth and ILCth (and TPR's regions for T), so that every policy and region is taken.
RoutingOptions lian(int sgc, int ilc, const char* vc_scheme = "slot", int low = 3, int high = 5) {
  RoutingOptions o = tpr(low, high, 150, -30, -150, "lgl", vc_scheme);
  o.algorithm = "lian";
  o.set("routing.lian_sgc", sgc).set("routing.lian_ilc", ilc);
  return o;
}
// routing.ugal_load: vc (UGAL's Q read per VC) on a routing built on UGAL.
RoutingOptions per_vc(RoutingOptions o) {
  o.set("routing.ugal_load", "vc");
  return o;
}
// LIAN is defined on the balanced palmtree Dragonfly only (its IL counters assume 2h^2 + 1 groups).
bool defined_on(const RoutingOptions& o, const Dragonfly& topo) {
  return o.algorithm != "lian" || (topo.arrangement() == Arrangement::kPalmtree && topo.a() == 2 * topo.h());
}
// LIAN's readings: the saturated global links around SGCth (0..h+1), sometimes anywhere in the field; the
// IL reading like a TPR count.
void random_lian(Rng& rng, int h, int& saturated, int& il) {
  saturated = static_cast<int>(rng.below(4) ? rng.below(static_cast<std::uint32_t>(h + 2)) : rng.below(1u << rtl::PORT_W));
  il = static_cast<int>(rng.below(4) ? rng.below(24) : rng.below(1u << rtl::TPR_W));
}

// TPR's windowed count: mostly around the regions' boundaries, sometimes anywhere in the TPR_W field.
std::uint8_t random_tpr_count(Rng& rng) {
  return static_cast<std::uint8_t>(rng.below(4) ? rng.below(8) : rng.below(1u << rtl::TPR_W));
}

const RoutingOptions kRoutings[] = {
    opt("min"), opt("valiant"), opt("valiant", "lg-"), opt("valiant", "-gl"), opt("valiant", "-g-"),
    opt("valiant", "lgl", "hop_count"), opt("min", "lgl", "hop_count"), opt("ugal"), opt("ugal", "-g-", "slot", 40),
    opt("ugal", "lg-", "slot", -300), opt("base", "lgl", "slot", 0, 2), opt("base", "lgl", "slot", 0, 5),
    ectn(2, 3), ectn(5, 10), opt("pb"), opt("pb", "-g-", "slot", 40),
    ugal_group("lgl", 0), ugal_group("-gl", 25), ugal_group("lg-", -300),
    occupancy_based("olm", 50, 35, 50, 7), occupancy_based("olm", 30, 35, 0, 7), occupancy_based("hybrid", 50, 35, 50, 3),
    occupancy_based("hybrid", 50, 80, 20, 6), opt("rvlb"), opt("rvlb", "lg-"), opt("rvlb", "-gl"), opt("rvlb", "-g-"),
    opt("rvlb", "lgl", "hop_count"), opt("rpb"), opt("rpb", "-g-", "slot", 40), opt("rpb", "lgl", "slot", -30),
    acor("3l"), acor("2l-a"), acor("2l-b"), acor("3l", "hop_count"), acor("3l", "slot", "pb_acor"),
    acor("2l-b", "slot", "pb_acor", 40), acor("2l-a", "slot", "pb_acor", -30), tpr(3, 5, 150, -30, -150),
    tpr(0, 4, 300, 40, -300, "-g-"), tpr(6, 2, 5, 0, -5), tpr(3, 5, 150, -30, -150, "lgl", "hop_count"), tpr(200, 255, 20, -1, 9),
    lian(3, 20), lian(0, 3), lian(1, 0, "slot", 0, 2), lian(2, 10, "hop_count"), lian(63, 254),
    per_vc(opt("ugal")), per_vc(opt("ugal", "-g-", "slot", 40)), per_vc(opt("ugal", "lgl", "hop_count", -30)),
    per_vc(ugal_group("lg-", 25)), per_vc(opt("pb")), per_vc(opt("rpb", "-gl")), per_vc(acor("3l", "slot", "pb_acor")),
    per_vc(tpr(3, 5, 150, -30, -150)), per_vc(lian(3, 20))};

class RoutingUnit : public ::testing::TestWithParam<Params> {
 protected:
  RtlRoutingUnit rtl;
};

// Every packet of the network (each source router and terminal port to every destination, with several
// LFSR states), hop by hop along the route the RTL takes: every decision must agree.
TEST_P(RoutingUnit, EveryHopOfEveryWalkAgrees) {
  const Params& prm = GetParam();
  const Dragonfly topo(prm.p, prm.a, prm.h, prm.arrangement);
  std::uint64_t decisions = 0;
  for (const RoutingOptions& options : kRoutings) {
    if (!defined_on(options, topo)) continue;
    const auto model = make_routing(options, topo);
    const RcConfig cfg = rc_config(options, topo);
    std::uint64_t lfsr = lfsr_seed(11, static_cast<std::uint64_t>(prm.h));
    Rng state_rng(13, static_cast<std::uint64_t>(prm.h));
    Rng tpr_rng(17, static_cast<std::uint64_t>(prm.h));  // its own stream: the other routings' walks unchanged
    Rng lian_rng(23, static_cast<std::uint64_t>(prm.h));  // likewise
    Rng vc_rng(31, static_cast<std::uint64_t>(prm.h));    // likewise
    std::uint16_t vc_loads[64 * kStateVcs] = {};
    std::int32_t counters[64] = {};
    std::uint32_t ready[64] = {};
    std::uint8_t comb[64] = {};
    std::uint16_t loads[64] = {}, group_loads[256] = {};
    std::uint8_t occupancy[64 * kStateVcs] = {};
    // Exhaustive for small networks (every source to every destination); sampled with odd strides in large ones.
    const int src_step = topo.terminals() <= 200 ? 1 : topo.terminals() / 41 | 1;
    const int dst_step = topo.terminals() <= 200 ? 1 : topo.terminals() / 397 | 1;
    for (int src = 0; src < topo.terminals(); src += src_step) {
      for (int dst = 0; dst < topo.terminals(); dst += dst_step) {
        if (topo.router_of_terminal(dst) == topo.router_of_terminal(src) && dst % 3 != 0) continue;
        Packet pkt;
        pkt.dst = static_cast<std::uint32_t>(dst);
        int router = topo.router_of_terminal(src), in_port = topo.port_of_terminal(src), in_vc = 0;
        for (int hop = 0; hop < 12; ++hop) {
          RoutingContext ctx;
          ctx.router = router;
          ctx.in_port = in_port;
          ctx.in_vc = in_vc;
          for (int p = 0; p < topo.radix(); ++p) {  // in-transit routings read these: random, so they adapt
            counters[p] = static_cast<std::int32_t>(state_rng.below(8));
            ready[p] = static_cast<std::uint32_t>(state_rng.below(16));
            for (int v = 0; v < kStateVcs; ++v) occupancy[p * kStateVcs + v] = random_occupancy(state_rng);
          }
          ctx.contention = counters;
          ctx.port_ready = ready;
          // ECtN's combined counters and PB's flag, random too (around ECtN's thresholds 3 and 10).
          for (int p = 0; p < topo.radix(); ++p) comb[p] = static_cast<std::uint8_t>(state_rng.below(16));
          ectn_dest(ctx) = static_cast<int>(state_rng.below(16));
          ectn_comb(ctx) = comb;
          pb_flag(ctx) = state_rng.below(2) != 0;
          acor_level(ctx) = static_cast<int>(state_rng.below(4));  // ACOR: every level (3 = the top, as 2)
          tpr_count(ctx) = random_tpr_count(tpr_rng);
          random_lian(lian_rng, topo.h(), lian_saturated(ctx), lian_il(ctx));
          if (topo.port_class(in_port) == PortClass::kTerminal) {  // UGAL reads loads at injection: small, so it goes both ways
            for (int p = 0; p < topo.radix(); ++p) loads[p] = static_cast<std::uint16_t>(state_rng.below(40));
            for (int l = 0; l < topo.a() * topo.h(); ++l) group_loads[l] = static_cast<std::uint16_t>(state_rng.below(40));
            ctx.port_load = loads;
            if (cfg.field("ugal_group")) ctx.group_load = group_loads;
            if (cfg.field("vc_load")) {  // as the router fills it for routing.ugal_load: vc
              for (std::uint16_t& q : vc_loads) q = static_cast<std::uint16_t>(vc_rng.below(40));
              ctx.vc_load = vc_loads;
            }
          }
          if (model->needs_occupancy()) ctx.occupancy = occupancy;  // as the router fills it
          const RcInputs in = pack_inputs(cfg, ctx, pkt, lfsr, topo.radix());
          const RcOutputs want = reference_decision(*model, in);
          const RcOutputs got = rtl.evaluate(in);
          ++decisions;
          ASSERT_EQ(to_json(got), to_json(want)) << options.algorithm << " " << options.text("routing.phase_a") << " " << options.text("routing.vc_scheme")
                                                 << " inputs " << describe(in);
          lfsr = got.lfsr;
          in_vc = got.out_vc;
          pkt.route = unpack_route_state(got.route);
          if (topo.port_class(got.out_port) == PortClass::kTerminal) break;  // ejected
          const PortEnd next = topo.peer(router, got.out_port);
          router = next.router;
          in_port = next.port;
        }
        ASSERT_EQ(router, topo.router_of_terminal(dst)) << "walk did not arrive: " << options.algorithm;
      }
    }
  }
  EXPECT_GT(decisions, static_cast<std::uint64_t>(topo.terminals()));
}

// Random inputs over the whole domain the router can present: any router, input port, destination,
// LFSR state and header state (intermediate router in range, every other field any value).
TEST_P(RoutingUnit, RandomInputsAgree) {
  const Params& prm = GetParam();
  const Dragonfly topo(prm.p, prm.a, prm.h, prm.arrangement);
  Rng rng(5, static_cast<std::uint64_t>(prm.p * 1000 + prm.a * 10 + prm.h));
  Rng tpr_rng(19, static_cast<std::uint64_t>(prm.p * 1000 + prm.a * 10 + prm.h));
  Rng lian_rng(29, static_cast<std::uint64_t>(prm.p * 1000 + prm.a * 10 + prm.h));
  Rng vc_rng(37, static_cast<std::uint64_t>(prm.p * 1000 + prm.a * 10 + prm.h));
  for (const RoutingOptions& options : kRoutings) {
    if (!defined_on(options, topo)) continue;
    const auto model = make_routing(options, topo);
    const RcConfig cfg = rc_config(options, topo);
    for (int i = 0; i < 10000; ++i) {
      RcInputs in;
      in.cfg = cfg;
      in.router = static_cast<std::uint16_t>(rng.below(static_cast<std::uint32_t>(topo.routers())));
      in.in_port = static_cast<std::uint8_t>(rng.below(static_cast<std::uint32_t>(topo.radix())));
      in.dst = rng.below(static_cast<std::uint32_t>(topo.terminals()));
      RouteState rs = unpack_route_state(static_cast<std::uint32_t>(rng.next()));
      rs.intermediate = rng.below(static_cast<std::uint32_t>(topo.routers()));
      in.route = pack_route_state(rs);
      in.lfsr = rng.next() | 1;
      // Loads spread over the whole field, and small ones so that UGAL's comparison goes both ways.
      const std::uint32_t top = (i & 1) ? (1u << rtl::LOAD_W) : 64;
      std::uint32_t* port_load = in.input("port_load");
      for (int p = 0; p < topo.radix(); ++p) port_load[p] = rng.below(top);
      std::uint32_t *contention = in.input("contention"), *ready = in.input("port_ready");
      for (int p = 0; p < topo.radix(); ++p) {
        contention[p] = rng.below((i & 2) ? 128 : 8);
        ready[p] = rng.below(16);
      }
      std::uint32_t* group_load = in.input("group_load");
      for (int l = 0; l < topo.a() * topo.h(); ++l) group_load[l] = rng.below(top);
      std::uint32_t* occupancy = in.input("occupancy");
      for (int k = 0; k < rtl::MAX_PORTS * rtl::READY_W; ++k) occupancy[k] = random_occupancy(rng);
      in.in_vc = static_cast<std::uint8_t>(rng.below(4));
      const std::uint32_t comb_top = (i & 4) ? (1u << rtl::COMB_W) : 16;
      in.input("ectn_dest")[0] = rng.below(comb_top);
      std::uint32_t* comb = in.input("ectn_comb");
      for (int p = 0; p < topo.radix(); ++p) comb[p] = rng.below(comb_top);
      in.input("pb_flag")[0] = rng.below(2);
      in.input("acor_level")[0] = rng.below(4);
      in.input("tpr_count")[0] = static_cast<std::uint32_t>(random_tpr_count(tpr_rng));
      int saturated = 0, il = 0;
      random_lian(lian_rng, topo.h(), saturated, il);
      in.input("lian_saturated")[0] = static_cast<std::uint32_t>(saturated);
      in.input("lian_il")[0] = static_cast<std::uint32_t>(il);
      if (cfg.field("vc_load")) {
        std::uint32_t* vc_load = in.input("vc_load");
        for (int k = 0; k < rtl::MAX_PORTS * rtl::READY_W; ++k) vc_load[k] = vc_rng.below(top);
      }
      const RcOutputs want = reference_decision(*model, in);
      const RcOutputs got = rtl.evaluate(in);
      ASSERT_EQ(to_json(got), to_json(want)) << options.algorithm << " " << options.text("routing.phase_a") << " inputs " << describe(in);
    }
  }
}

INSTANTIATE_TEST_SUITE_P(Geometries, RoutingUnit,
                         ::testing::Values(Params{1, 2, 1, Arrangement::kPalmtree}, Params{2, 4, 2, Arrangement::kPalmtree},
                                           Params{2, 4, 2, Arrangement::kConsecutive}, Params{3, 6, 3, Arrangement::kPalmtree},
                                           Params{3, 5, 2, Arrangement::kConsecutive}, Params{4, 8, 4, Arrangement::kPalmtree},
                                           Params{1, 3, 5, Arrangement::kPalmtree}, Params{8, 16, 8, Arrangement::kPalmtree}),
                         [](const auto& info) {
                           const Params& p = info.param;
                           return "p" + std::to_string(p.p) + "a" + std::to_string(p.a) + "h" + std::to_string(p.h) + "_" +
                                  to_string(p.arrangement);
                         });

TEST(RoutingUnitConfig, UgalThresholdsAreFlitsOfTheRun) {
  // routing.ugal_threshold and routing.tpr_t_* are in flits (seed-000 Table 3-1, as FOGSim multiplies them
  // by the flit size); the routing unit takes phits.
  RoutingOptions o;
  o.algorithm = "tpr";
  o.set("routing.ugal_threshold", -3);
  o.flit_phits = 8;
  const Dragonfly topo(2, 4, 2, Arrangement::kPalmtree);
  const RcConfig c = rc_config(o, topo);
  EXPECT_EQ(c.field("ugal_t"), -24);
  EXPECT_EQ(c.field("tpr_t_benign"), 1200);
  EXPECT_EQ(c.field("tpr_t_mix"), -240);
  EXPECT_EQ(c.field("tpr_t_adv"), -1200);
  o.flit_phits = 300;  // -150 * 300 = -45,000 phits: below the signed 16-bit field
  try {
    rc_config(o, topo);
    FAIL() << "a threshold beyond the field was accepted";
  } catch (const std::invalid_argument& e) {
    EXPECT_NE(std::string(e.what()).find("routing.tpr_t_benign"), std::string::npos) << e.what();
  }
  // The config loader gives the run's flit: the whole packet under VCT, packet.flit under wormhole.
  EXPECT_EQ(load_config("", {{"packet.size", "10"}}).routing.flit_phits, 10);
  EXPECT_EQ(load_config("", {{"router.switching", "wormhole"}, {"packet.size", "8"}, {"packet.flit", "2"}}).routing.flit_phits, 2);
}

// routing.ugal_load: vc reaches the RTL as cfg_vc_load, and a record of it replays with the per-VC loads.
TEST(RoutingUnitConfig, UgalLoadPerVcReachesTheRtl) {
  const Overrides vc{{"routing.algorithm", "ugal"}, {"routing.ugal_load", "vc"}};
  for (const char* mode : {"model", "rtl", "lockstep"}) EXPECT_NO_THROW(load_config("", with(vc, {{"router.rc_mode", mode}}))) << mode;
  const Dragonfly topo(2, 4, 2, Arrangement::kPalmtree);
  EXPECT_EQ(rc_config(per_vc(opt("ugal")), topo).field("vc_load"), 1);
  EXPECT_EQ(rc_config(opt("ugal"), topo).field("vc_load"), 0);
  RcInputs in;
  in.cfg = rc_config(per_vc(opt("pb")), topo);
  in.lfsr = 12345;
  std::uint32_t* vc_load = in.input("vc_load");
  for (int i = 0; i < rtl::MAX_PORTS * rtl::READY_W; ++i) vc_load[i] = static_cast<std::uint32_t>(i % 97);
  const RcInputs back = inputs_from_json(json::parse(to_json(in).dump()));
  EXPECT_EQ(back.cfg.field("vc_load"), 1);
  EXPECT_EQ(back.values, in.values);
  EXPECT_EQ(to_json(in)["vc_load_on"], true) << "today's JSON name, so that older records replay";
}

// synth.json's record of the unit's constants: every declared configuration field, whichever the routing
// reads; a choice as its key's text under the key's name, a number as the field holds it (Hybrid's
// threshold in the field that OLM's key feeds otherwise, UGAL's T in phits).
TEST(RoutingUnitConfig, SynthesisRecordsEveryConfigurationField) {
  RoutingOptions o = opt("hybrid", "lgl", "slot", -3);
  o.set("routing.hybrid_threshold", 40).set("routing.olm_threshold", 60);
  o.flit_phits = 8;
  const json p = routing_unit_params(rc_config(o, Dragonfly(2, 4, 2, Arrangement::kPalmtree)));
  EXPECT_EQ(p.size(), rtl_bus().config.size() + 2) << p.dump();
  EXPECT_EQ(p["algorithm"], "hybrid");
  EXPECT_EQ(p["vc_scheme"], "slot");
  EXPECT_EQ(p["phase_a"], "lgl");
  EXPECT_EQ(p["ugal_info"], "local");
  EXPECT_EQ(p["ugal_threshold"], -24);
  EXPECT_EQ(p["occupancy_threshold"], 40);
  EXPECT_EQ(p["tpr_low"], 3);
  EXPECT_TRUE(p["tpr_t_mix"].is_number_integer());
}

TEST(RoutingUnitConfig, NetworksBeyondTheFieldWidthsAreRejected) {
  // h = 16 balanced: 32 * 513 = 16,416 routers > 2^12.
  EXPECT_THROW(rc_config(RoutingOptions(), Dragonfly(16, 32, 16, Arrangement::kPalmtree)), std::invalid_argument);
  EXPECT_NO_THROW(rc_config(RoutingOptions(), Dragonfly(8, 16, 8, Arrangement::kPalmtree)));
  // UGAL-G's group_load holds MAX_GLINKS = 256 links: a = 5, h = 55 has 275 (1,380 routers, radix 60).
  auto ugal = [](const char* info) {
    RoutingOptions o;
    o.algorithm = "ugal";
    o.set("routing.ugal_info", info);
    return o;
  };
  EXPECT_THROW(rc_config(ugal("group"), Dragonfly(1, 5, 55, Arrangement::kPalmtree)), std::invalid_argument);
  EXPECT_NO_THROW(rc_config(ugal("local"), Dragonfly(1, 5, 55, Arrangement::kPalmtree)));
  EXPECT_NO_THROW(rc_config(ugal("group"), Dragonfly(8, 16, 8, Arrangement::kPalmtree)));
}

// A mismatch record of OLM / Hybrid replays: the occupancies and percent thresholds survive the JSON, and
// the reference rebuilt from the record's config decides as the RTL on the recorded inputs.
TEST(RcInputsJson, OccupancyAndThresholdsRoundTripAndReplay) {
  const Dragonfly topo(2, 4, 2, Arrangement::kPalmtree);
  Rng rng(21, 2);
  RtlRoutingUnit unit;
  for (const RoutingOptions& options : kRoutings) {
    if (options.algorithm != "olm" && options.algorithm != "hybrid") continue;
    for (int i = 0; i < 300; ++i) {
      RcInputs in;
      in.cfg = rc_config(options, topo);
      in.router = static_cast<std::uint16_t>(rng.below(static_cast<std::uint32_t>(topo.routers())));
      in.in_port = static_cast<std::uint8_t>(rng.below(static_cast<std::uint32_t>(topo.radix())));
      in.dst = rng.below(static_cast<std::uint32_t>(topo.terminals()));
      in.lfsr = rng.next() | 1;
      std::uint32_t *contention = in.input("contention"), *ready = in.input("port_ready");
      for (int p = 0; p < topo.radix(); ++p) {
        contention[p] = rng.below(8);
        ready[p] = rng.below(16);
      }
      std::uint32_t* occupancy = in.input("occupancy");
      for (int k = 0; k < rtl::MAX_PORTS * rtl::READY_W; ++k) occupancy[k] = random_occupancy(rng);
      const RcInputs back = inputs_from_json(json::parse(to_json(in).dump()));
      EXPECT_EQ(to_json(back), to_json(in));
      EXPECT_EQ(back.cfg.field("occupancy_th"), in.cfg.field("occupancy_th"));
      EXPECT_EQ(back.cfg.field("min_occupancy"), in.cfg.field("min_occupancy"));
      EXPECT_EQ(back.values, in.values);
      EXPECT_EQ(reference_decision(back), unit.evaluate(in)) << options.algorithm << " " << describe(in);
    }
  }
}

// Mismatch records written before the routings declared their fields (commit 1cc9699, seven routings, the
// checker's self-test flipping the model's VC at decision 400) still replay: their JSON names are the
// fields' JSON names, and the reference and the RTL on the parsed inputs both give the record's RTL output.
// One output moved on purpose since: ECtN's decision is a local misroute, which the in-transit routings
// record in the header's path bits since 2026-11-26 (issue 32), so the record's outputs (RTL and model) carry
// path_bits 1 (route 25300992 -> 25309184); its inputs are as written at 1cc9699.
TEST(RcInputsJson, RecordsFromBeforeTheDeclarationsReplay) {
  std::ifstream in(std::string(HIRADIX_SOURCE_DIR) + "/tests/fixtures/rtl_mismatches_1cc9699.json");
  ASSERT_TRUE(in);
  const json records = json::parse(in);
  ASSERT_EQ(records.size(), 7u);
  RtlRoutingUnit unit;
  for (const auto& [name, m] : records.items()) {
    const RcInputs inputs = inputs_from_json(m["inputs"]);
    const RcOutputs rtl = outputs_from_json(m["rtl"]);
    EXPECT_EQ(reference_decision(inputs), rtl) << name;
    EXPECT_EQ(unit.evaluate(inputs), rtl) << name;
    EXPECT_NE(outputs_from_json(m["model"]), rtl) << name << ": the record is a mismatch";
    // Every field the record has is read back under the same name, with the same value; the packed route
    // state moved to today's layout (route_format 2: 14-bit router ids, 5-bit hop counters), its fields did not.
    const json back = to_json(inputs);
    for (const auto& [field, value] : m["inputs"].items())
      if (field != "route") {
        EXPECT_EQ(back[field], value) << name << " " << field;
      }
    EXPECT_EQ(to_json(rtl)["route_fields"], m["rtl"]["route_fields"]) << name;
  }
}

TEST(RouteState, PackUnpackRoundTrips) {
  Rng rng(9, 9);
  for (int i = 0; i < 10000; ++i) {
    const std::uint64_t v = rng.next() & ((std::uint64_t{1} << rtl::RS_W) - 1);
    EXPECT_EQ(pack_route_state(unpack_route_state(v)), v);
  }
}

// ---------------------------------------------------------------------------------------------------------
// Network runs in lockstep: zero mismatches, and results identical to the model alone.

Overrides lockstep(const Overrides& more) {
  return with({{"topology.h", "2"}, {"sim.warmup", "1500"}, {"sim.measure", "2500"}, {"sim.watchdog", "1000"},
               {"router.rc_mode", "lockstep"}},
              more);
}

class Lockstep : public ::testing::TestWithParam<Overrides> {};

TEST_P(Lockstep, ZeroMismatchesAndTheSameResultsAsTheModel) {
  int code = -1;
  const json r = simulate(lockstep(GetParam()), &code);
  ASSERT_FALSE(r.is_null());
  EXPECT_EQ(code, 0);
  EXPECT_EQ(r["status"], "ok");
  ASSERT_TRUE(r.contains("rtl"));
  EXPECT_EQ(r["rtl"]["mismatches"], 0);
  EXPECT_GT(r["rtl"]["decisions"].get<long long>(), 1000);
  // The routings with a state block in the RTL run it beside the C++ state, read at every injection
  // decision (router/rtl/rtl_state_block.h).
  const json& routing = r["config"]["routing"];
  const std::string algorithm = routing["algorithm"];
  const bool block = algorithm == "tpr" || algorithm == "lian" || algorithm == "pb_acor" ||
                     (algorithm == "acor" && routing["acor_mode"] == "switch");
  EXPECT_EQ(r["rtl"].contains("state_block"), block);
  if (block) {
    EXPECT_GT(r["rtl"]["state_block_reads"].get<long long>(), 100);
  }
  const json model = simulate(with(lockstep(GetParam()), {{"router.rc_mode", "model"}}));
  const json rtl = simulate(with(lockstep(GetParam()), {{"router.rc_mode", "rtl"}}));
  EXPECT_FALSE(model.contains("rtl"));
  EXPECT_EQ(test::without_rc_mode(r), test::without_rc_mode(model));
  EXPECT_EQ(test::without_rc_mode(rtl), test::without_rc_mode(model));
}

INSTANTIATE_TEST_SUITE_P(
    Traffic, Lockstep,
    ::testing::Values(
        Overrides{{"traffic.pattern", "un"}, {"traffic.load", "0.1"}},
        Overrides{{"traffic.pattern", "un"}, {"traffic.load", "1.0"}},
        Overrides{{"traffic.pattern", "adv"}, {"traffic.offset", "1"}, {"traffic.load", "0.05"}},
        Overrides{{"traffic.pattern", "adv"}, {"traffic.offset", "1"}, {"traffic.load", "1.0"}},
        Overrides{{"traffic.pattern", "adv"}, {"traffic.offset", "2"}, {"traffic.load", "1.0"}},
        Overrides{{"routing.algorithm", "valiant"}, {"traffic.pattern", "un"}, {"traffic.load", "0.1"}},
        Overrides{{"routing.algorithm", "valiant"}, {"traffic.pattern", "un"}, {"traffic.load", "1.0"}},
        Overrides{{"routing.algorithm", "valiant"}, {"traffic.pattern", "adv"}, {"traffic.load", "0.05"}},
        Overrides{{"routing.algorithm", "valiant"}, {"traffic.pattern", "adv"}, {"traffic.load", "1.0"}},
        Overrides{{"routing.algorithm", "valiant"}, {"routing.phase_a", "lg-"}, {"traffic.pattern", "adv"},
                  {"traffic.offset", "2"}, {"traffic.load", "1.0"}},
        Overrides{{"routing.algorithm", "valiant"}, {"routing.phase_a", "-gl"}, {"traffic.pattern", "adv"},
                  {"traffic.offset", "2"}, {"traffic.load", "0.6"}, {"topology.arrangement", "consecutive"}},
        Overrides{{"routing.algorithm", "valiant"}, {"routing.phase_a", "-g-"}, {"topology.h", "3"},
                  {"traffic.pattern", "adv"}, {"traffic.offset", "3"}, {"traffic.load", "1.0"}},
        Overrides{{"routing.algorithm", "ugal"}, {"traffic.pattern", "un"}, {"traffic.load", "0.1"}},
        Overrides{{"routing.algorithm", "ugal"}, {"traffic.pattern", "un"}, {"traffic.load", "1.0"}},
        Overrides{{"routing.algorithm", "ugal"}, {"traffic.pattern", "adv"}, {"traffic.load", "0.05"}},
        Overrides{{"routing.algorithm", "ugal"}, {"routing.ugal_threshold", "-20"}, {"traffic.pattern", "adv"},
                  {"traffic.offset", "2"}, {"traffic.load", "1.0"}},
        Overrides{{"routing.algorithm", "ugal"}, {"routing.ugal_info", "group"}, {"traffic.pattern", "un"}, {"traffic.load", "0.3"}},
        Overrides{{"routing.algorithm", "ugal"}, {"routing.ugal_info", "group"}, {"traffic.pattern", "un"}, {"traffic.load", "1.0"}},
        Overrides{{"routing.algorithm", "ugal"}, {"routing.ugal_info", "group"}, {"traffic.pattern", "adv"}, {"traffic.load", "0.1"}},
        Overrides{{"routing.algorithm", "ugal"}, {"routing.ugal_info", "group"}, {"traffic.pattern", "adv"}, {"traffic.load", "1.0"}},
        Overrides{{"routing.algorithm", "ugal"}, {"routing.ugal_info", "group"}, {"routing.ugal_threshold", "-20"},
                  {"routing.phase_a", "-gl"}, {"traffic.pattern", "adv"}, {"traffic.offset", "2"}, {"traffic.load", "0.6"},
                  {"topology.arrangement", "consecutive"}},
        Overrides{{"routing.algorithm", "base"}, {"traffic.pattern", "un"}, {"traffic.load", "0.1"}},
        Overrides{{"routing.algorithm", "base"}, {"traffic.pattern", "un"}, {"traffic.load", "1.0"}},
        Overrides{{"routing.algorithm", "base"}, {"traffic.pattern", "adv"}, {"traffic.load", "0.05"}},
        Overrides{{"routing.algorithm", "base"}, {"traffic.pattern", "adv"}, {"traffic.load", "1.0"},
                  {"router.vcs.injection", "3"}},
        Overrides{{"routing.algorithm", "base"}, {"traffic.pattern", "adv"}, {"traffic.offset", "2"},
                  {"traffic.load", "1.0"}},
        Overrides{{"routing.algorithm", "ectn"}, {"traffic.pattern", "un"}, {"traffic.load", "0.3"}},
        Overrides{{"routing.algorithm", "ectn"}, {"traffic.pattern", "adv"}, {"traffic.load", "0.1"}},
        Overrides{{"routing.algorithm", "ectn"}, {"traffic.pattern", "adv"}, {"traffic.load", "1.0"},
                  {"routing.ectn_threshold", "4"}, {"routing.ectn_period", "20"}},
        Overrides{{"routing.algorithm", "pb"}, {"traffic.pattern", "un"}, {"traffic.load", "0.3"}},
        Overrides{{"routing.algorithm", "pb"}, {"traffic.pattern", "adv"}, {"traffic.load", "1.0"}},
        Overrides{{"routing.algorithm", "pb"}, {"traffic.pattern", "adv"}, {"traffic.offset", "2"},
                  {"traffic.load", "0.3"}},
        Overrides{{"routing.algorithm", "olm"}, {"traffic.pattern", "un"}, {"traffic.load", "0.1"}},
        Overrides{{"routing.algorithm", "olm"}, {"traffic.pattern", "un"}, {"traffic.load", "1.0"}},
        Overrides{{"routing.algorithm", "olm"}, {"traffic.pattern", "adv"}, {"traffic.load", "1.0"}},
        Overrides{{"routing.algorithm", "hybrid"}, {"traffic.pattern", "un"}, {"traffic.load", "0.1"}},
        Overrides{{"routing.algorithm", "hybrid"}, {"traffic.pattern", "un"}, {"traffic.load", "1.0"}},
        Overrides{{"routing.algorithm", "hybrid"}, {"traffic.pattern", "adv"}, {"traffic.load", "1.0"},
                  {"router.vcs.injection", "3"}},
        Overrides{{"routing.algorithm", "rvlb"}, {"traffic.pattern", "un"}, {"traffic.load", "0.3"}},
        Overrides{{"routing.algorithm", "rvlb"}, {"traffic.pattern", "advl"}, {"traffic.load", "1.0"}},
        Overrides{{"routing.algorithm", "rvlb"}, {"routing.phase_a", "-g-"}, {"traffic.pattern", "adv"},
                  {"traffic.load", "1.0"}},
        Overrides{{"routing.algorithm", "rpb"}, {"traffic.pattern", "un"}, {"traffic.load", "0.3"}},
        Overrides{{"routing.algorithm", "rpb"}, {"traffic.pattern", "advl"}, {"traffic.load", "1.0"}},
        Overrides{{"routing.algorithm", "rpb"}, {"traffic.pattern", "adv"}, {"traffic.offset", "2"},
                  {"traffic.load", "0.5"}},
        // ACOR at every level: ACOR-Switch with thresholds 0 climbs to the top at the first blocked heads
        // and stays there, ACOR-Packet climbs per packet.
        Overrides{{"routing.algorithm", "acor"}, {"traffic.pattern", "un"}, {"traffic.load", "0.3"}},
        Overrides{{"routing.algorithm", "acor"}, {"traffic.pattern", "adv"}, {"traffic.load", "1.0"},
                  {"routing.acor_increase_1", "0"}, {"routing.acor_increase_2", "0"}, {"routing.acor_decrease_1", "0"},
                  {"routing.acor_decrease_2", "0"}},
        Overrides{{"routing.algorithm", "acor"}, {"routing.acor_mode", "packet"}, {"traffic.pattern", "adv"},
                  {"traffic.load", "0.5"}},
        Overrides{{"routing.algorithm", "acor"}, {"routing.acor_sequence", "2l-b"}, {"traffic.pattern", "advl"},
                  {"traffic.load", "1.0"}},
        Overrides{{"routing.algorithm", "pb_acor"}, {"traffic.pattern", "un"}, {"traffic.load", "0.4"}},
        Overrides{{"routing.algorithm", "pb_acor"}, {"traffic.pattern", "adv"}, {"traffic.load", "1.0"},
                  {"routing.acor_increase_1", "2"}, {"routing.acor_increase_2", "4"}, {"routing.acor_interval", "100"}},
        // TPR in every region: UN at low load (benign), ADV+1 (adversarial counts), ADV+2 past saturation
        // (the counts of carried traffic fall back into the mix region), and a short window.
        Overrides{{"routing.algorithm", "tpr"}, {"traffic.pattern", "un"}, {"traffic.load", "0.3"}},
        Overrides{{"routing.algorithm", "tpr"}, {"traffic.pattern", "adv"}, {"traffic.load", "0.4"}},
        Overrides{{"routing.algorithm", "tpr"}, {"traffic.pattern", "adv"}, {"traffic.offset", "2"}, {"traffic.load", "1.0"},
                  {"routing.tpr_window", "50"}, {"routing.source_decision", "once"}},
        // LIAN under every policy: the thesis' thresholds (at h = 2 l1 is never taken: 2 links, SGCth 3),
        // and low ones under which the counters pick l1 and l2 as the traffic builds up.
        Overrides{{"routing.algorithm", "lian"}, {"traffic.pattern", "un"}, {"traffic.load", "0.4"}},
        Overrides{{"routing.algorithm", "lian"}, {"traffic.pattern", "adv"}, {"traffic.load", "1.0"},
                  {"routing.lian_sgc", "0"}, {"routing.lian_gcs", "2"}, {"routing.lian_ilc", "3"}},
        Overrides{{"routing.algorithm", "lian"}, {"traffic.pattern", "advl"}, {"traffic.load", "0.6"},
                  {"routing.lian_sgc", "1"}, {"routing.lian_ilc", "1"}, {"routing.lian_w_percent", "100"}},
        // UGAL's Q read per VC (routing.ugal_load: vc).
        Overrides{{"routing.algorithm", "ugal"}, {"routing.ugal_load", "vc"}, {"traffic.pattern", "un"}, {"traffic.load", "0.6"}},
        Overrides{{"routing.algorithm", "ugal"}, {"routing.ugal_load", "vc"}, {"traffic.pattern", "adv"}, {"traffic.load", "1.0"}},
        Overrides{{"routing.algorithm", "pb"}, {"routing.ugal_load", "vc"}, {"traffic.pattern", "adv"}, {"traffic.offset", "2"},
                  {"traffic.load", "0.4"}},
        Overrides{{"routing.algorithm", "lian"}, {"routing.ugal_load", "vc"}, {"traffic.pattern", "un"}, {"traffic.load", "0.5"}}));

// dor on meshes and tori (issue 27): the unit's geometry by coordinates (rtl/topology/hiradix_mesh_geometry.v)
// and rtl/routing/hiradix_route_dor.v agree with DorRouting at every decision -- out port, VC and the header
// (hop count, and the flags that keep the dimension and the dateline) --, and rtl runs give the model's
// results. Even rings (6, 4) make the tie rule decide; the orders reach every code of cfg_dor_order's kinds.
class MeshLockstep : public ::testing::TestWithParam<Overrides> {};

// A lockstep run of `algorithm` on the network of `shape`: no mismatch, and the model's and the RTL's runs
// give the lockstep run's results.
void mesh_lockstep(const char* algorithm, const Overrides& shape) {
  const Overrides run = with({{"routing.algorithm", algorithm}, {"sim.warmup", "1000"}, {"sim.measure", "2000"},
                              {"sim.watchdog", "1000"}, {"router.rc_mode", "lockstep"}},
                             shape);
  int code = -1;
  const json r = simulate(run, &code);
  ASSERT_FALSE(r.is_null());
  EXPECT_EQ(code, 0);
  EXPECT_EQ(r["status"], "ok");
  ASSERT_TRUE(r.contains("rtl"));
  EXPECT_EQ(r["rtl"]["mismatches"], 0);
  EXPECT_GT(r["rtl"]["decisions"].get<long long>(), 1000);
  ::testing::Test::RecordProperty("decisions", std::to_string(r["rtl"]["decisions"].get<long long>()));
  const json model = simulate(with(run, {{"router.rc_mode", "model"}}));
  const json rtl = simulate(with(run, {{"router.rc_mode", "rtl"}}));
  EXPECT_EQ(test::without_rc_mode(r), test::without_rc_mode(model));
  EXPECT_EQ(test::without_rc_mode(rtl), test::without_rc_mode(model));
}

TEST_P(MeshLockstep, DorZeroMismatchesAndTheSameResultsAsTheModel) { mesh_lockstep("dor", GetParam()); }

INSTANTIATE_TEST_SUITE_P(
    Shapes, MeshLockstep,
    ::testing::Values(
        Overrides{{"topology.type", "mesh"}, {"topology.dims", "[4, 4]"}, {"traffic.pattern", "un"}, {"traffic.load", "0.5"}},
        Overrides{{"topology.type", "mesh"}, {"topology.dims", "[5, 3]"}, {"routing.dor_order", "yx"}, {"topology.p", "2"},
                  {"traffic.pattern", "un"}, {"traffic.load", "1.0"}},
        Overrides{{"topology.type", "mesh"}, {"topology.dims", "[3, 4, 2]"}, {"routing.dor_order", "zyx"},
                  {"traffic.pattern", "un"}, {"traffic.load", "0.8"}},
        Overrides{{"topology.type", "mesh"}, {"topology.dims", "[3, 3, 3]"}, {"traffic.pattern", "un"}, {"traffic.load", "0.4"}},
        Overrides{{"topology.type", "torus"}, {"topology.dims", "[6, 4]"}, {"traffic.pattern", "un"}, {"traffic.load", "1.0"}},
        Overrides{{"topology.type", "torus"}, {"topology.dims", "[5, 3]"}, {"routing.dor_order", "yx"}, {"traffic.pattern", "un"},
                  {"traffic.load", "0.7"}},
        Overrides{{"topology.type", "torus"}, {"topology.dims", "[4, 3, 2]"}, {"routing.dor_order", "yzx"},
                  {"traffic.pattern", "un"}, {"traffic.load", "1.0"}}));

// osha on meshes and tori (seed 001 §1.3-§1.4, issue 30): rtl/routing/hiradix_route_osha.v over DOR's step
// (hiradix_dor_step.v) agrees with OshaRouting at every decision -- the VN from the source's toggle (the
// input osha_vn) at injection and from the header's flags bit 6 after, VN 1's swapped order, each VN's VCs
// with the dateline on a torus -- and rtl runs give the model's results. p = 2 has two toggles per router.
class OshaLockstep : public ::testing::TestWithParam<Overrides> {};

TEST_P(OshaLockstep, ZeroMismatchesAndTheSameResultsAsTheModel) { mesh_lockstep("osha", GetParam()); }

INSTANTIATE_TEST_SUITE_P(
    Shapes, OshaLockstep,
    ::testing::Values(
        Overrides{{"topology.type", "mesh"}, {"topology.dims", "[4, 4]"}, {"traffic.pattern", "un"}, {"traffic.load", "0.6"}},
        Overrides{{"topology.type", "mesh"}, {"topology.dims", "[5, 3]"}, {"routing.osha_order", "yx"}, {"topology.p", "2"},
                  {"traffic.pattern", "un"}, {"traffic.load", "1.0"}},
        Overrides{{"topology.type", "mesh"}, {"topology.dims", "[3, 4, 2]"}, {"routing.osha_order", "zxy"},
                  {"traffic.pattern", "un"}, {"traffic.load", "0.8"}},
        Overrides{{"topology.type", "torus"}, {"topology.dims", "[6, 4]"}, {"traffic.pattern", "un"}, {"traffic.load", "1.0"}},
        Overrides{{"topology.type", "torus"}, {"topology.dims", "[4, 3, 3]"}, {"routing.osha_order", "yzx"}, {"topology.p", "2"},
                  {"traffic.pattern", "un"}, {"traffic.load", "0.7"}}));

// dor on Flattened Butterflies and HyperX (issue 27): the same code's submodule takes the FB's hop
// (rtl/routing/hiradix_fb_dor_step.v over rtl/topology/hiradix_flattened_butterfly_geometry.v, chosen by the
// fb_* inputs) and agrees with FlattenedButterflyDorRouting at every decision -- out port, VC 0 and the header
// (one local hop counted per dimension) --, and rtl runs give the model's results. 2-D and 3-D, p = 1 and
// p > 1 (the balanced default p = min S_d, and a p of its own), both 2-D orders and 3-D orders.
class FbLockstep : public ::testing::TestWithParam<Overrides> {};

TEST_P(FbLockstep, DorZeroMismatchesAndTheSameResultsAsTheModel) { mesh_lockstep("dor", GetParam()); }

INSTANTIATE_TEST_SUITE_P(
    Shapes, FbLockstep,
    ::testing::Values(
        Overrides{{"topology.type", "flattened_butterfly"}, {"topology.dims", "[4, 4]"}, {"topology.p", "1"},
                  {"traffic.pattern", "un"}, {"traffic.load", "0.6"}},
        Overrides{{"topology.type", "flattened_butterfly"}, {"topology.dims", "[4, 4]"}, {"routing.dor_order", "yx"},
                  {"traffic.pattern", "un"}, {"traffic.load", "1.0"}},
        Overrides{{"topology.type", "flattened_butterfly"}, {"topology.dims", "[5, 3]"}, {"routing.dor_order", "xy"},
                  {"topology.p", "2"}, {"traffic.pattern", "un"}, {"traffic.load", "0.8"}},
        Overrides{{"topology.type", "flattened_butterfly"}, {"topology.dims", "[3, 4, 2]"}, {"routing.dor_order", "zyx"},
                  {"topology.p", "1"}, {"traffic.pattern", "un"}, {"traffic.load", "0.8"}},
        Overrides{{"topology.type", "flattened_butterfly"}, {"topology.dims", "[3, 3, 3]"}, {"routing.dor_order", "yzx"},
                  {"traffic.pattern", "un"}, {"traffic.load", "1.0"}},
        Overrides{{"topology.type", "flattened_butterfly"}, {"topology.dims", "[2, 3, 4]"}, {"topology.p", "3"},
                  {"traffic.pattern", "un"}, {"traffic.load", "0.5"}}));

// hybrid_dor on KNS networks (seed-001 §2.1, issue 27): rtl/routing/hiradix_route_hybrid_dor.v over
// rtl/topology/hiradix_kns_geometry.v agrees with HybridDorRouting at every decision, at the switches (down to
// the destination's coordinate) and at the forwarding end nodes (up the first differing dimension of the
// order, or eject) -- out port, VC 0 and the header (one local hop counted per hop) --, and rtl runs give the
// model's results. n = 2 and 3, k = 2..4, p = 1 and p > 1 (k > p + n and k < p + n: the largest radix is the
// switch's or the end node's), both 2-D orders and 3-D orders, forwarding latency and buffers of their own.
class KnsLockstep : public ::testing::TestWithParam<Overrides> {};

TEST_P(KnsLockstep, HybridDorZeroMismatchesAndTheSameResultsAsTheModel) { mesh_lockstep("hybrid_dor", GetParam()); }

INSTANTIATE_TEST_SUITE_P(
    Shapes, KnsLockstep,
    ::testing::Values(
        Overrides{{"topology.type", "kns"}, {"topology.dims", "[2, 2]"}, {"traffic.pattern", "un"}, {"traffic.load", "0.8"}},
        Overrides{{"topology.type", "kns"}, {"topology.dims", "[3, 3]"}, {"routing.dor_order", "yx"}, {"topology.p", "2"},
                  {"traffic.pattern", "un"}, {"traffic.load", "0.7"}},
        Overrides{{"topology.type", "kns"}, {"topology.dims", "[4, 4]"}, {"traffic.pattern", "un"}, {"traffic.load", "1.0"}},
        Overrides{{"topology.type", "kns"}, {"topology.dims", "[4, 4]"}, {"routing.dor_order", "yx"}, {"topology.p", "3"},
                  {"topology.node_latency", "2"}, {"topology.node_buffer", "16"}, {"traffic.pattern", "un"}, {"traffic.load", "0.6"}},
        Overrides{{"topology.type", "kns"}, {"topology.dims", "[2, 2, 2]"}, {"routing.dor_order", "zyx"},
                  {"traffic.pattern", "un"}, {"traffic.load", "0.8"}},
        Overrides{{"topology.type", "kns"}, {"topology.dims", "[3, 3, 3]"}, {"routing.dor_order", "yzx"}, {"topology.p", "2"},
                  {"traffic.pattern", "un"}, {"traffic.load", "0.5"}},
        Overrides{{"topology.type", "kns"}, {"topology.dims", "[4, 4, 4]"}, {"traffic.pattern", "un"}, {"traffic.load", "0.7"}}));

// min off the Dragonfly (GenericMinRouting, issue 27): rtl/routing/hiradix_route_generic_min.v, driven by the
// row of the router's forwarding table (fwd_row, router/routing/forwarding_table.h), agrees with the C++ at
// every decision -- the least loaded of the row's ports, ties drawn by the LFSR in port order, the hop-count
// VC from the header's local counter, ejection at the destination router -- and rtl runs give the model's
// results. Meshes and tori in 2-D and 3-D (even rings: both directions minimal), Flattened Butterflies with
// p > 1 (a minimal port per differing dimension, so loads and ties decide at high load), KNS networks (end
// nodes choose among their dimensions; switches have one minimal port).
class GenericMinLockstep : public ::testing::TestWithParam<Overrides> {};

TEST_P(GenericMinLockstep, ZeroMismatchesAndTheSameResultsAsTheModel) { mesh_lockstep("min", GetParam()); }

INSTANTIATE_TEST_SUITE_P(
    Shapes, GenericMinLockstep,
    ::testing::Values(
        Overrides{{"topology.type", "mesh"}, {"topology.dims", "[4, 4]"}, {"traffic.pattern", "un"}, {"traffic.load", "0.6"}},
        Overrides{{"topology.type", "mesh"}, {"topology.dims", "[3, 3, 2]"}, {"topology.p", "2"}, {"traffic.pattern", "un"},
                  {"traffic.load", "1.0"}},
        Overrides{{"topology.type", "torus"}, {"topology.dims", "[4, 4]"}, {"traffic.pattern", "un"}, {"traffic.load", "1.0"}},
        Overrides{{"topology.type", "torus"}, {"topology.dims", "[4, 3, 2]"}, {"traffic.pattern", "un"}, {"traffic.load", "0.7"}},
        Overrides{{"topology.type", "flattened_butterfly"}, {"topology.dims", "[4, 4]"}, {"topology.p", "4"},
                  {"traffic.pattern", "un"}, {"traffic.load", "1.0"}},
        Overrides{{"topology.type", "flattened_butterfly"}, {"topology.dims", "[3, 3, 3]"}, {"topology.p", "3"},
                  {"traffic.pattern", "un"}, {"traffic.load", "0.8"}},
        // A trunk of two links per neighbour (topology.trunk): each row of the table holds both.
        Overrides{{"topology.type", "flattened_butterfly"}, {"topology.dims", "[3, 3]"}, {"topology.p", "3"}, {"topology.trunk", "2"},
                  {"traffic.pattern", "un"}, {"traffic.load", "0.9"}},
        Overrides{{"topology.type", "kns"}, {"topology.dims", "[3, 3]"}, {"topology.p", "2"}, {"traffic.pattern", "un"},
                  {"traffic.load", "0.7"}},
        Overrides{{"topology.type", "kns"}, {"topology.dims", "[2, 2, 2]"}, {"traffic.pattern", "un"}, {"traffic.load", "0.8"}},
        Overrides{{"topology.type", "fully_connected"}, {"topology.routers", "8"}, {"topology.p", "2"}, {"traffic.pattern", "un"},
                  {"traffic.load", "0.8"}},
        // Nodes with two NICs on neighbouring routers: the header addresses the NIC (RcInputs::dst).
        Overrides{{"topology.type", "fully_connected"}, {"topology.routers", "6"}, {"topology.p", "4"}, {"topology.nics", "2"},
                  {"traffic.pattern", "un"}, {"traffic.load", "0.8"}},
        // Seed 004's 8 x 8 mesh: 14 hops, VCs 0..13 (HOPS_W, VC_W = 5), and a torus with rings of 8.
        Overrides{{"topology.type", "mesh"}, {"topology.dims", "[8, 8]"}, {"traffic.pattern", "un"}, {"traffic.load", "0.5"}},
        Overrides{{"topology.type", "torus"}, {"topology.dims", "[8, 8]"}, {"traffic.pattern", "transpose"}, {"traffic.load", "0.6"}}));

// valiant and ugal off the Dragonfly (GenericValiantRouting, GenericUgalRouting, issue 27):
// rtl/routing/hiradix_route_generic_valiant.v, driven by the forwarding table's rows towards the destination
// (fwd_row) and towards the intermediate router (fwd_row_mid), agrees with the C++ at every decision -- the
// intermediate drawn from the low 32 bits of the LFSR (degenerate draws minimal), UGAL's Q x H comparison with
// T (generic_ugal_rtl.h's distances), phase 0 then phase 1 on the least loaded row port (ties by the high 32
// bits), the hop-count VCs of each phase (phase 0's hops kept in the flags), the misroute flag, the ejection
// -- and rtl runs give the model's results. Shapes whose Valiant path (2 H hops) fits the header's hop
// counter (31): meshes and tori in 2-D and 3-D, Flattened Butterflies in 2-D and 3-D with p > 1, KNS networks
// of 1 to 3 dimensions (a switch can be drawn as the intermediate); a negative and a positive T.
class GenericVlbLockstep : public ::testing::TestWithParam<Overrides> {};

TEST_P(GenericVlbLockstep, ValiantZeroMismatchesAndTheSameResultsAsTheModel) { mesh_lockstep("valiant", GetParam()); }
TEST_P(GenericVlbLockstep, UgalZeroMismatchesAndTheSameResultsAsTheModel) { mesh_lockstep("ugal", GetParam()); }

INSTANTIATE_TEST_SUITE_P(
    Shapes, GenericVlbLockstep,
    ::testing::Values(
        Overrides{{"topology.type", "mesh"}, {"topology.dims", "[3, 2]"}, {"topology.p", "2"}, {"traffic.pattern", "un"},
                  {"traffic.load", "0.6"}},
        Overrides{{"topology.type", "mesh"}, {"topology.dims", "[2, 2, 2]"}, {"traffic.pattern", "un"}, {"traffic.load", "1.0"},
                  {"routing.ugal_threshold", "-8"}},
        Overrides{{"topology.type", "torus"}, {"topology.dims", "[4, 2]"}, {"traffic.pattern", "un"}, {"traffic.load", "1.0"}},
        Overrides{{"topology.type", "torus"}, {"topology.dims", "[3, 3, 3]"}, {"traffic.pattern", "un"}, {"traffic.load", "0.7"},
                  {"routing.ugal_threshold", "20"}},
        Overrides{{"topology.type", "flattened_butterfly"}, {"topology.dims", "[4, 4]"}, {"topology.p", "4"},
                  {"traffic.pattern", "un"}, {"traffic.load", "1.0"}},
        Overrides{{"topology.type", "flattened_butterfly"}, {"topology.dims", "[3, 3, 3]"}, {"topology.p", "3"},
                  {"traffic.pattern", "un"}, {"traffic.load", "0.8"}},
        // A trunk of two links per neighbour (topology.trunk): each row of the table holds both.
        Overrides{{"topology.type", "flattened_butterfly"}, {"topology.dims", "[3, 3]"}, {"topology.p", "3"}, {"topology.trunk", "2"},
                  {"traffic.pattern", "un"}, {"traffic.load", "0.9"}},
        Overrides{{"topology.type", "kns"}, {"topology.dims", "[4]"}, {"topology.p", "2"}, {"traffic.pattern", "un"},
                  {"traffic.load", "0.8"}},
        Overrides{{"topology.type", "kns"}, {"topology.dims", "[6]"}, {"topology.p", "3"}, {"traffic.pattern", "un"},
                  {"traffic.load", "1.0"}},
        Overrides{{"topology.type", "fully_connected"}, {"topology.routers", "6"}, {"topology.p", "3"}, {"traffic.pattern", "un"},
                  {"traffic.load", "0.9"}, {"routing.ugal_threshold", "2"}},
        Overrides{{"topology.type", "fully_connected"}, {"topology.routers", "5"}, {"topology.p", "6"}, {"topology.nics", "3"},
                  {"traffic.pattern", "un"}, {"traffic.load", "0.7"}},
        // Paths beyond the 3-bit counter of before 2026-11-27: 2 x 8 hops on a 5 x 5 mesh, a 2-D and a 3-D KNS.
        Overrides{{"topology.type", "mesh"}, {"topology.dims", "[5, 5]"}, {"traffic.pattern", "un"}, {"traffic.load", "0.5"},
                  {"routing.ugal_threshold", "4"}},
        Overrides{{"topology.type", "kns"}, {"topology.dims", "[3, 3]"}, {"topology.p", "2"}, {"traffic.pattern", "un"},
                  {"traffic.load", "0.7"}},
        Overrides{{"topology.type", "kns"}, {"topology.dims", "[2, 2, 2]"}, {"traffic.pattern", "un"}, {"traffic.load", "0.9"}}));

// routing.min_paths: dimension_order (issue 27): the forwarding table's rows hold the one dimension-ordered
// port, so the RTL's min, valiant and ugal take it as the model does: zero mismatches and the model's results,
// on Flattened Butterflies (2-D, 3-D, a HyperX), a mesh and a torus with even rings (dor's tie rule).
class DimOrderLockstep : public ::testing::TestWithParam<Overrides> {};

TEST_P(DimOrderLockstep, MinZeroMismatchesAndTheSameResultsAsTheModel) {
  mesh_lockstep("min", with(GetParam(), {{"routing.min_paths", "dimension_order"}}));
}
TEST_P(DimOrderLockstep, ValiantZeroMismatchesAndTheSameResultsAsTheModel) {
  mesh_lockstep("valiant", with(GetParam(), {{"routing.min_paths", "dimension_order"}}));
}
TEST_P(DimOrderLockstep, UgalZeroMismatchesAndTheSameResultsAsTheModel) {
  mesh_lockstep("ugal", with(GetParam(), {{"routing.min_paths", "dimension_order"}}));
}

INSTANTIATE_TEST_SUITE_P(
    Shapes, DimOrderLockstep,
    ::testing::Values(
        Overrides{{"topology.type", "flattened_butterfly"}, {"topology.dims", "[4, 4]"}, {"topology.p", "4"},
                  {"traffic.pattern", "un"}, {"traffic.load", "1.0"}},
        Overrides{{"topology.type", "flattened_butterfly"}, {"topology.dims", "[3, 3, 3]"}, {"topology.p", "3"},
                  {"traffic.pattern", "un"}, {"traffic.load", "0.8"}},
        Overrides{{"topology.type", "flattened_butterfly"}, {"topology.dims", "[2, 3, 4]"}, {"topology.p", "2"},
                  {"traffic.pattern", "un"}, {"traffic.load", "0.7"}, {"routing.ugal_threshold", "-8"}},
        // A trunk of two links per neighbour (topology.trunk): each row of the table holds both.
        Overrides{{"topology.type", "flattened_butterfly"}, {"topology.dims", "[3, 3]"}, {"topology.p", "3"}, {"topology.trunk", "2"},
                  {"traffic.pattern", "un"}, {"traffic.load", "0.9"}},
        Overrides{{"topology.type", "mesh"}, {"topology.dims", "[4, 4]"}, {"traffic.pattern", "un"}, {"traffic.load", "0.6"}},
        Overrides{{"topology.type", "torus"}, {"topology.dims", "[4, 4]"}, {"traffic.pattern", "un"}, {"traffic.load", "1.0"}}));

// rvlb on grids (issue 27): generic valiant's submodule under code 20 (GRID_RVLB, grid_rvlb_rtl.h) draws the
// intermediate router by the grid's chain of fractions (rtl/routing/hiradix_grid_draw.v) from the mesh's or
// the Flattened Butterfly's coordinates, and agrees with GridRvlbRouting at every decision -- the draw (its
// row, fwd_row_mid, read by the model at the same draw), the degenerate draws, both phases, the VCs -- and rtl
// runs give the model's results. Meshes and tori in 2-D and 3-D, Flattened Butterflies in 2-D and 3-D with
// p > 1 and unequal sizes, within the header's hop counter (2 H hops); UN, and transpose on a torus (pairs
// that differ in both dimensions, and nodes of one router that agree in both).
class GridRvlbLockstep : public ::testing::TestWithParam<Overrides> {};

TEST_P(GridRvlbLockstep, RvlbZeroMismatchesAndTheSameResultsAsTheModel) { mesh_lockstep("rvlb", GetParam()); }

INSTANTIATE_TEST_SUITE_P(
    Shapes, GridRvlbLockstep,
    ::testing::Values(
        Overrides{{"topology.type", "mesh"}, {"topology.dims", "[3, 2]"}, {"topology.p", "2"}, {"traffic.pattern", "un"},
                  {"traffic.load", "0.6"}},
        Overrides{{"topology.type", "mesh"}, {"topology.dims", "[2, 2, 2]"}, {"traffic.pattern", "un"}, {"traffic.load", "1.0"}},
        Overrides{{"topology.type", "torus"}, {"topology.dims", "[4, 2]"}, {"traffic.pattern", "un"}, {"traffic.load", "1.0"}},
        Overrides{{"topology.type", "torus"}, {"topology.dims", "[3, 3, 3]"}, {"traffic.pattern", "un"}, {"traffic.load", "0.7"}},
        Overrides{{"topology.type", "flattened_butterfly"}, {"topology.dims", "[4, 4]"}, {"topology.p", "4"},
                  {"traffic.pattern", "un"}, {"traffic.load", "1.0"}},
        Overrides{{"topology.type", "flattened_butterfly"}, {"topology.dims", "[5, 3]"}, {"topology.p", "2"},
                  {"traffic.pattern", "un"}, {"traffic.load", "0.8"}},
        Overrides{{"topology.type", "torus"}, {"topology.dims", "[3, 3]"}, {"topology.p", "2"}, {"traffic.pattern", "transpose"},
                  {"traffic.load", "0.6"}},
        Overrides{{"topology.type", "flattened_butterfly"}, {"topology.dims", "[3, 3, 3]"}, {"topology.p", "3"},
                  {"traffic.pattern", "un"}, {"traffic.load", "0.8"}},
        Overrides{{"topology.type", "flattened_butterfly"}, {"topology.dims", "[4, 3, 2]"}, {"topology.p", "2"},
                  {"traffic.pattern", "un"}, {"traffic.load", "0.9"}}));

// The checker can fail: a deliberately wrong model decision stops the run at exactly that decision, with
// a record that replays to the RTL's output.
TEST(LockstepChecker, AnInjectedWrongDecisionIsCaughtAndReplays) {
  int code = -1;
  const json r = simulate(lockstep({{"routing.algorithm", "valiant"}, {"traffic.load", "0.3"},
                                    {"rtl.inject_mismatch_at", "777"}}),
                          &code);
  ASSERT_FALSE(r.is_null());
  EXPECT_EQ(code, 5);
  EXPECT_EQ(r["status"], "rtl_mismatch");
  EXPECT_EQ(r["rtl"]["mismatches"], 1);
  const json& m = r["rtl"]["mismatch"];
  EXPECT_EQ(m["decision"], 777);
  EXPECT_LT(r["simulation"]["cycles"].get<long long>(), 1500 + 2500) << "the run must stop at the mismatch";
  const RcOutputs model = outputs_from_json(m["model"]), rtl = outputs_from_json(m["rtl"]);
  EXPECT_EQ(model.out_vc ^ rtl.out_vc, 1) << "exactly the injected bit differs";
  RcOutputs fixed = model;
  fixed.out_vc ^= 1;
  EXPECT_EQ(fixed, rtl);
  // Replay: both sides re-evaluated on the recorded inputs give the RTL's recorded output.
  const RcInputs in = inputs_from_json(m["inputs"]);
  RtlRoutingUnit unit;
  EXPECT_EQ(unit.evaluate(in), rtl);
  EXPECT_EQ(reference_decision(in), rtl);
}

// A record of nodes with several NICs replays on the network it names: its destination is the NIC's terminal
// address, which reference_decision maps back to the node and the NIC (rc_interface.cpp).
TEST(LockstepChecker, ARecordOfNodesWithSeveralNicsReplaysOnItsNetwork) {
  int code = -1;
  const json r = simulate({{"topology.type", "fully_connected"}, {"topology.routers", "6"}, {"topology.p", "4"},
                           {"topology.nics", "2"}, {"routing.algorithm", "min"}, {"traffic.load", "0.6"},
                           {"sim.warmup", "300"}, {"sim.measure", "600"}, {"router.rc_mode", "lockstep"},
                           {"rtl.inject_mismatch_at", "211"}},
                          &code);
  ASSERT_FALSE(r.is_null());
  EXPECT_EQ(code, 5);
  const json& m = r["rtl"]["mismatch"];
  const RcInputs in = inputs_from_json(m["inputs"]);
  const RcOutputs rtl = outputs_from_json(m["rtl"]);
  RtlRoutingUnit unit;
  EXPECT_EQ(unit.evaluate(in), rtl);
  TopologyOptions t;
  t.type = "fully_connected";
  t.set("topology.routers", "6").set("topology.p", "4").set("topology.nics", "2");
  EXPECT_EQ(reference_decision(in, *make_topology(t)), rtl);
  EXPECT_EQ(m["network"]["nics"], 2);
}

// A Flattened Butterfly's record replays on its own network (flattened_butterfly_unit_geometry.cpp's
// network_of: the record carries fb_size), a HyperX's 3-D shape and p included.
TEST(LockstepChecker, AFlattenedButterflyRecordReplaysOnItsNetwork) {
  int code = -1;
  const json r = simulate({{"topology.type", "flattened_butterfly"}, {"topology.dims", "[3, 4, 2]"}, {"topology.p", "2"},
                           {"routing.algorithm", "dor"}, {"routing.dor_order", "zxy"}, {"traffic.load", "0.5"},
                           {"sim.warmup", "500"}, {"sim.measure", "1000"}, {"router.rc_mode", "lockstep"},
                           {"rtl.inject_mismatch_at", "333"}},
                          &code);
  ASSERT_FALSE(r.is_null());
  EXPECT_EQ(code, 5);
  const json& m = r["rtl"]["mismatch"];
  EXPECT_EQ(m["decision"], 333);
  const RcInputs in = inputs_from_json(m["inputs"]);
  EXPECT_EQ(record_network(in)->describe(), "flattened_butterfly 3x4x2 p=2");
  const RcOutputs rtl = outputs_from_json(m["rtl"]);
  RtlRoutingUnit unit;
  EXPECT_EQ(unit.evaluate(in), rtl);
  EXPECT_EQ(reference_decision(in), rtl);
}

// A KNS's record replays on its own network (kns_unit_geometry.cpp's network_of: the record carries
// kns_size, so k and n), p included, a switch's decision and an end node's (kns_switch) among the records.
TEST(LockstepChecker, AKnsRecordReplaysOnItsNetwork) {
  int at_switch = 0, at_node = 0;
  for (const char* at : {"333", "334", "335", "336", "337", "338"}) {
    int code = -1;
    const json r = simulate({{"topology.type", "kns"}, {"topology.dims", "[3, 3, 3]"}, {"topology.p", "2"},
                             {"routing.algorithm", "hybrid_dor"}, {"routing.dor_order", "zxy"}, {"traffic.load", "0.5"},
                             {"sim.warmup", "500"}, {"sim.measure", "1000"}, {"router.rc_mode", "lockstep"},
                             {"rtl.inject_mismatch_at", at}},
                            &code);
    ASSERT_FALSE(r.is_null());
    EXPECT_EQ(code, 5);
    const json& m = r["rtl"]["mismatch"];
    EXPECT_EQ(m["decision"], std::stoi(at));
    const RcInputs in = inputs_from_json(m["inputs"]);
    EXPECT_EQ(record_network(in)->describe(), "kns 3x3x3 p=2");
    ++(in.input("kns_switch")[0] != 0 ? at_switch : at_node);
    const RcOutputs rtl = outputs_from_json(m["rtl"]);
    RtlRoutingUnit unit;
    EXPECT_EQ(unit.evaluate(in), rtl) << at;
    EXPECT_EQ(reference_decision(in), rtl) << at;
  }
  EXPECT_GT(at_switch, 0);
  EXPECT_GT(at_node, 0);
}

TEST(LockstepChecker, ModesAndKeysAreValidated) {
  EXPECT_THROW(load_config("", {{"router.rc_mode", "verilog"}}), ConfigError);
  EXPECT_THROW(load_config("", {{"rtl.inject_mismatch_at", "3"}}), ConfigError);  // needs lockstep
  EXPECT_THROW(load_config("", {{"rtl.trace", "x.fst"}}), ConfigError);           // needs rtl or lockstep
  EXPECT_THROW(load_config("", {{"router.rc_mode", "rtl"}, {"topology.h", "16"}}), ConfigError);  // too many routers
  EXPECT_NO_THROW(load_config("", {{"router.rc_mode", "rtl"}, {"topology.h", "8"}}));
}

}  // namespace
}  // namespace hiradix

namespace hiradix {
namespace {

// Waveforms: the routing unit's FST and one router's stage VCD are written, within the window, and the VCD
// is consistent: strictly increasing times inside [from, to + 1], only declared signals, and every SA grant
// of an input port comes in a cycle where that port bid for the switch.
TEST(Waveforms, RoutingUnitFstAndRouterStageVcd) {
  test::TempDir dir("hiradix_trace");
  const std::string fst = dir.file("rc.fst"), vcd = dir.file("stages.vcd");
  const json r = simulate(lockstep({{"traffic.load", "0.5"}, {"rtl.trace", fst}, {"trace.router", "5"},
                                    {"trace.vcd", vcd}, {"trace.from", "1600"}, {"trace.to", "1900"}}));
  ASSERT_FALSE(r.is_null());
  EXPECT_EQ(r["status"], "ok");
  ASSERT_TRUE(std::filesystem::exists(fst));
  EXPECT_GT(std::filesystem::file_size(fst), 100u);

  std::ifstream in(vcd);
  ASSERT_TRUE(in);
  std::map<std::string, std::string> name_of;  // id -> signal name
  std::string line;
  long long time = -1;
  std::map<std::string, std::string> value;  // id -> value in the current cycle
  int grants = 0, routed = 0;
  auto check_cycle = [&] {
    for (const auto& [id, v] : value) {
      const std::string& name = name_of[id];
      if (v == "bz") continue;
      if (name.find("rc_out_port") != std::string::npos) ++routed;
      if (name.find("sa_grant_out_port") == std::string::npos) continue;
      ++grants;
      const std::string port = name.substr(0, name.find('_'));
      std::string bid_id;
      for (const auto& [i, n] : name_of)
        if (n == port + "_sa_bid_vcs") bid_id = i;
      EXPECT_TRUE(value.count(bid_id) && value[bid_id] != "bz" && value[bid_id].find('1') != std::string::npos)
          << name << " granted at " << time << " without a bid";
    }
  };
  bool defs = true;
  while (std::getline(in, line)) {
    std::istringstream s(line);
    std::string first;
    s >> first;
    if (defs) {
      if (first == "$var") {
        std::string wire, width, id, name;
        s >> wire >> width >> id >> name;
        name_of[id] = name;
      }
      if (first == "$enddefinitions") defs = false;
      continue;
    }
    if (first[0] == '#') {
      const long long t = std::stoll(first.substr(1));
      EXPECT_GT(t, time);
      check_cycle();
      time = t;
      EXPECT_GE(time, 1600);
      EXPECT_LE(time, 1901);
    } else if (first[0] == 'b') {
      std::string id;
      s >> id;
      ASSERT_TRUE(name_of.count(id)) << "undeclared signal " << id;
      value[id] = first;
    }
  }
  check_cycle();
  EXPECT_GT(routed, 10);
  EXPECT_GT(grants, 10);
}

}  // namespace
}  // namespace hiradix
