// `rvlb` on grid topologies (router/routing/grid_rvlb_routing.h): the intermediate router moves only in the
// dimensions where source and destination differ, uniformly there; the paths are Valiant's otherwise, with
// the mean hops under uniform traffic equal to the enumeration over every pair and draw.
#include <gtest/gtest.h>

#include <algorithm>
#include <map>
#include <set>

#include "config/config.h"
#include "router/common/lfsr.h"
#include "router/routing/channel_dependencies.h"
#include "router/routing/grid_rvlb_routing.h"
#include "router/routing/routing_registry.h"
#include "sim_helpers.h"
#include "topology/topology_registry.h"

namespace hiradix {
namespace {


using test::run_sane;
using json = nlohmann::json;

std::unique_ptr<Topology> grid(const char* type, const char* dims, int p) {
  TopologyOptions o;
  o.type = type;
  o.set("topology.dims", dims).set("topology.p", p);
  return make_topology(o);
}

// Router IDs run dimension 0 fastest (topology/mesh.h, flattened_butterfly.h).
int router_at(const std::vector<int>& dims, const std::vector<int>& c) {
  int r = 0, stride = 1;
  for (std::size_t d = 0; d < dims.size(); ++d) {
    r += c[d] * stride;
    stride *= dims[d];
  }
  return r;
}

// The draws bits = (i << 32) / n + 1, i < n, hit each of n equally likely values once (lfsr_draw is the high
// half of bits * n). For the fraction chain over several dimensions with an offset, of sizes K_0, K_1, ...
// and n their product, draw i is the combination whose digits, the first dimension the most significant,
// spell i (bits * n = (c_0 K_1 + c_1) 2^32 + ..., grid_rvlb_routing.h).
std::vector<std::uint32_t> each_of(std::uint32_t n) {
  std::vector<std::uint32_t> bits;
  for (std::uint32_t i = 0; i < n; ++i) bits.push_back(static_cast<std::uint32_t>((std::uint64_t{i} << 32) / n + 1));
  return bits;
}

TEST(GridRvlb, TheIntermediateMovesOnlyInTheDimensionsWithAnOffsetUniformly) {
  const auto t = grid("flattened_butterfly", "[4, 3]", 1);
  const GridRvlbRouting r(*t);
  const std::vector<int> dims = {4, 3};
  // Same row (y = 1): the 4 routers of that row, once each.
  const int s = router_at(dims, {0, 1}), same_row = router_at(dims, {2, 1});
  std::map<int, int> seen;
  for (const std::uint32_t b : each_of(4)) ++seen[r.intermediate(s, same_row, b)];
  EXPECT_EQ(seen, (std::map<int, int>{{router_at(dims, {0, 1}), 1}, {router_at(dims, {1, 1}), 1}, {router_at(dims, {2, 1}), 1}, {router_at(dims, {3, 1}), 1}}));
  // Same column (x = 0): the 3 routers of that column.
  seen.clear();
  for (const std::uint32_t b : each_of(3)) ++seen[r.intermediate(s, router_at(dims, {0, 2}), b)];
  EXPECT_EQ(seen, (std::map<int, int>{{router_at(dims, {0, 0}), 1}, {router_at(dims, {0, 1}), 1}, {router_at(dims, {0, 2}), 1}}));
  // Both differ: every router once, draw i at (i / 3, i % 3) (dimension 0 the most significant digit).
  seen.clear();
  const std::vector<std::uint32_t> both = each_of(12);
  for (std::size_t i = 0; i < both.size(); ++i) {
    const int m = r.intermediate(s, router_at(dims, {3, 0}), both[i]);
    EXPECT_EQ(m, router_at(dims, {static_cast<int>(i / 3), static_cast<int>(i % 3)})) << i;
    ++seen[m];
  }
  EXPECT_EQ(seen.size(), 12u);
  for (const auto& [router, n] : seen) EXPECT_EQ(n, 1) << router;
}

// The fraction chain (GridRvlbRouting::intermediate) without a divider: per dimension with an offset the
// fraction times k_d, its high half the coordinate and its low half the next fraction; a dimension without
// an offset keeps the source's coordinate and does not consume the fraction. Checked against lfsr_draw over
// the product of the offset dimensions' sizes, read most significant digit first, on a 5 x 4 x 3 mesh whose
// middle dimension agrees, and the counts of a dense sweep of the bits differ by at most one per router.
TEST(GridRvlb, TheFractionChainIsLfsrDrawOverTheOffsetDimensionsMostSignificantFirst) {
  const std::vector<int> dims = {5, 4, 3};
  const auto t = grid("mesh", "[5, 4, 3]", 1);
  const GridRvlbRouting r(*t);
  const int s = router_at(dims, {1, 2, 0}), d = router_at(dims, {4, 2, 2});
  std::map<int, long> count;
  constexpr std::uint64_t kSweep = 150000;
  for (std::uint64_t i = 0; i < kSweep; ++i) {
    const auto bits = static_cast<std::uint32_t>((i << 32) / kSweep + 1);
    const std::uint32_t j = lfsr_draw(bits, 5 * 3);
    const int m = r.intermediate(s, d, bits);
    ASSERT_EQ(m, router_at(dims, {static_cast<int>(j / 3), 2, static_cast<int>(j % 3)})) << bits;
    ++count[m];
  }
  ASSERT_EQ(count.size(), 15u);
  long lo = kSweep, hi = 0;
  for (const auto& [router, n] : count) {
    lo = std::min(lo, n);
    hi = std::max(hi, n);
  }
  EXPECT_LE(hi - lo, 1);
  // A source and destination that agree everywhere but dimension 2: the fraction is dimension 2's alone.
  EXPECT_EQ(r.intermediate(s, router_at(dims, {1, 2, 1}), 0xAAAAAAABu), router_at(dims, {1, 2, 2}));
}

TEST(GridRvlb, RunsOnGridsOnlyAndRefusesTheDragonflysKeys) {
  EXPECT_NO_THROW(GridRvlbRouting(*grid("mesh", "[3, 3, 2]", 1)));
  EXPECT_NO_THROW(GridRvlbRouting(*grid("torus", "[4, 4]", 2)));
  TopologyOptions fc;
  fc.type = "fully_connected";
  EXPECT_THROW(GridRvlbRouting(*make_topology(fc)), std::invalid_argument);
  const Overrides fb = {{"topology.type", "flattened_butterfly"}, {"topology.dims", "[4, 4]"}, {"routing.algorithm", "rvlb"}};
  EXPECT_EQ(test::config_error(fb), "accepted");
  EXPECT_NE(test::config_error(test::with(fb, {{"routing.phase_a", "lg-"}})).find("routing.phase_a"), std::string::npos);
  EXPECT_NE(test::config_error(test::with(fb, {{"routing.recomp", "true"}})).find("routing.recomp"), std::string::npos);
  // The RTL (generic valiant's unit under code 20) where the path of 2 H hops fits the header's hop counter
  // (31); beyond, refused naming router.rc_mode (a 16 x 16 mesh: 2 x 30 hops, which the model runs on its 60
  // VCs), and past 64 hops its VCs (one per hop) pass the 64 a port has, refused naming the VC key in any mode
  // (an 18 x 18 mesh: 2 x 34 hops).
  EXPECT_EQ(test::config_error(test::with(fb, {{"router.rc_mode", "rtl"}})), "accepted");
  const Overrides mesh16 = {{"topology.type", "mesh"}, {"topology.dims", "[16, 16]"}, {"routing.algorithm", "rvlb"}};
  EXPECT_EQ(test::config_error(mesh16), "accepted");
  const std::string counter = test::config_error(test::with(mesh16, {{"router.rc_mode", "rtl"}}));
  EXPECT_EQ(counter.rfind("config error: router.rc_mode: ", 0), 0u) << counter;
  EXPECT_NE(counter.find("2 x 30 = 60 network hops; the RTL's header counts at most 31"), std::string::npos) << counter;
  for (const char* mode : {"rtl", "model"}) {
    const std::string far = test::config_error({{"topology.type", "mesh"}, {"topology.dims", "[18, 18]"},
                                                {"routing.algorithm", "rvlb"}, {"router.rc_mode", mode}});
    EXPECT_EQ(far, "config error: router.vcs.network: rvlb needs 68 network VCs, more than the 64 a port has") << mode;
  }
  EXPECT_NE(test::config_error({{"topology.type", "fully_connected"}, {"routing.algorithm", "rvlb"}}).find("routing.algorithm"),
            std::string::npos);
}

TEST(GridRvlb, DeadlockFreeWithValiantsVcs) {
  for (const auto& [type, dims] : std::vector<std::pair<const char*, const char*>>{
           {"flattened_butterfly", "[4, 4]"}, {"flattened_butterfly", "[3, 4, 2]"}, {"mesh", "[4, 3]"}, {"torus", "[4, 4]"}}) {
    const auto t = grid(type, dims, 1);
    const GridRvlbRouting r(*t);
    const DeadlockAnalysis a = analyse_deadlock(*t, r, r.vcs_needed().per_class);
    EXPECT_EQ(a.verdict, DeadlockAnalysis::Verdict::kAcyclic) << type << " " << dims << ": " << a.cycle << a.reason;
  }
}

// 4 x 4 FB, p = 4, UN at a low load: the mean hops over every pair of distinct nodes and every equally likely
// intermediate router (a draw of the source or destination router: the minimal path), from the topology's
// distances; between min's and valiant's.
TEST(GridRvlb, UniformHopsEqualTheEnumeration) {
  const auto t = grid("flattened_butterfly", "[4, 4]", 4);
  const std::vector<int> dims = {4, 4};
  double sum = 0, pairs = 0;
  for (int a = 0; a < t->nodes(); ++a)
    for (int b = 0; b < t->nodes(); ++b) {
      if (a == b) continue;
      const int s = t->nic_port(a, 0).router, d = t->nic_port(b, 0).router;
      std::vector<int> choices;
      for (int m = 0; m < t->routers(); ++m) {
        bool allowed = true;
        for (int k = 0, stride = 1; k < 2; stride *= dims[static_cast<std::size_t>(k)], ++k) {
          const int cs = s / stride % 4, cd = d / stride % 4, cm = m / stride % 4;
          allowed = allowed && (cs != cd || cm == cs);
        }
        if (allowed) choices.push_back(m);
      }
      double h = 0;
      for (const int m : choices) h += m == s || m == d ? t->distance(s, d) : t->distance(s, m) + t->distance(m, d);
      sum += h / static_cast<double>(choices.size());
      ++pairs;
    }
  const double expected = sum / pairs;
  const Overrides run = {{"topology.type", "flattened_butterfly"}, {"topology.dims", "[4,4]"}, {"routing.algorithm", "rvlb"},
                         {"traffic.pattern", "un"}, {"traffic.load", "0.01"}, {"sim.warmup", "1000"}, {"sim.measure", "100000"}};
  const json r = run_sane(run);
  ASSERT_FALSE(r.is_null());
  ASSERT_GT(r["packets"].get<double>(), 5000);
  EXPECT_NEAR(r["average_hops"].get<double>(), expected, 0.05);
  const json v = run_sane(test::with(run, {{"routing.algorithm", "valiant"}}));
  ASSERT_FALSE(v.is_null());
  EXPECT_LT(r["average_hops"].get<double>(), v["average_hops"].get<double>() - 0.2);
  std::cout << "  fb 4x4 p=4 UN 0.01: rvlb hops " << r["average_hops"] << " (enumerated " << expected << "), valiant "
            << v["average_hops"] << "\n";
}

}  // namespace
}  // namespace hiradix
