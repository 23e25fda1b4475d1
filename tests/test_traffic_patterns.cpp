// The permutation traffic patterns (config/permutation_patterns.h, issue 27): each mapping against a table
// written by hand on a small case, each a bijection wherever it is defined, random_permutation's draw per
// seed, the config errors where a pattern is not defined, the NIC's lookup (a fixed point sends nothing),
// and two network runs against their channel-load bounds: transpose on an 8 x 8 mesh with DOR saturates
// far below uniform traffic, and tornado on an 8-ary ring at a third of a link.
#include <gtest/gtest.h>

#include <algorithm>
#include <iostream>
#include <map>
#include <numeric>

#include "config/config.h"
#include "config/permutation_patterns.h"
#include "sim_helpers.h"
#include "testbench/traffic.h"
#include "tools/run/display_names.h"
#include "topology/topology_registry.h"

using namespace hiradix;
using nlohmann::json;
using test::config_error;
using test::run_sane;
using test::with;

namespace {

std::unique_ptr<Topology> grid(const char* type, const char* dims, int p = 1) {
  TopologyOptions o;
  o.type = type;
  o.set("topology.dims", dims).set("topology.p", p);
  return make_topology(o);
}

// A topology without a grid: `routers` routers each linked to every other, p nodes each.
std::unique_ptr<Topology> fully_connected(int routers, int p = 1) {
  TopologyOptions o;
  o.type = "fully_connected";
  o.set("topology.routers", routers).set("topology.p", p);
  return make_topology(o);
}

std::unique_ptr<Topology> dragonfly() {
  TopologyOptions o;
  o.type = "dragonfly";
  o.set("topology.h", 2);
  return make_topology(o);
}

std::vector<int> table(PatternKind kind, const Topology& t, std::uint64_t seed = 1) { return permutation_table(kind, t, seed); }

const PatternKind kAll[] = {PatternKind::kTranspose, PatternKind::kBitReverse, PatternKind::kBitComplement, PatternKind::kShuffle,
                            PatternKind::kTornado,   PatternKind::kNeighbor,   PatternKind::kRandomPermutation};

bool is_bijection(std::vector<int> t) {
  std::sort(t.begin(), t.end());
  for (std::size_t i = 0; i < t.size(); ++i)
    if (t[i] != static_cast<int>(i)) return false;
  return true;
}

// ---- Mappings by hand ----

// 16 nodes (b = 4) on a topology without a grid: the bit patterns on node IDs.
TEST(PermutationPatterns, BitPatternsOnSixteenNodesMatchTheHandTables) {
  const auto t = fully_connected(4, 4);
  ASSERT_EQ(t->nodes(), 16);
  EXPECT_EQ(table(PatternKind::kBitComplement, *t), (std::vector<int>{15, 14, 13, 12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1, 0}));
  // 0001 -> 1000, 0010 -> 0100, 0011 -> 1100, 0110 -> 0110 (a palindrome), ...
  EXPECT_EQ(table(PatternKind::kBitReverse, *t), (std::vector<int>{0, 8, 4, 12, 2, 10, 6, 14, 1, 9, 5, 13, 3, 11, 7, 15}));
  // rotate left: 0001 -> 0010, 1000 -> 0001, 1001 -> 0011, ...
  EXPECT_EQ(table(PatternKind::kShuffle, *t), (std::vector<int>{0, 2, 4, 6, 8, 10, 12, 14, 1, 3, 5, 7, 9, 11, 13, 15}));
  // the 2-bit halves swapped: 01|00 -> 00|01, 00|01 -> 01|00, 01|10 -> 10|01, ...
  EXPECT_EQ(table(PatternKind::kTranspose, *t), (std::vector<int>{0, 4, 8, 12, 1, 5, 9, 13, 2, 6, 10, 14, 3, 7, 11, 15}));
}

// 8 nodes (b = 3): shuffle rotates 3 bits; 000 and 111 stay.
TEST(PermutationPatterns, ShuffleOnEightNodesMatchesTheHandTable) {
  const auto t = fully_connected(8);
  EXPECT_EQ(table(PatternKind::kShuffle, *t), (std::vector<int>{0, 2, 4, 6, 1, 3, 5, 7}));
  EXPECT_EQ(fixed_points(table(PatternKind::kShuffle, *t)), 2);
  EXPECT_EQ(table(PatternKind::kBitReverse, *t), (std::vector<int>{0, 4, 2, 6, 1, 5, 3, 7}));
}

// A 4 x 4 mesh (node x + 4y): the coordinate patterns; its bit patterns are those of 16 node IDs.
TEST(PermutationPatterns, CoordinatePatternsOnAFourByFourMeshMatchTheHandTables) {
  const auto t = grid("mesh", "[4,4]");
  EXPECT_EQ(t->grid(), (std::vector<int>{4, 4}));
  // (x, y) -> (y, x): row y of the source is column y of the destination.
  EXPECT_EQ(table(PatternKind::kTranspose, *t), (std::vector<int>{0, 4, 8, 12, 1, 5, 9, 13, 2, 6, 10, 14, 3, 7, 11, 15}));
  // k = 4: tornado moves ceil(4/2) - 1 = 1 in each dimension, as neighbor does: (x, y) -> (x+1, y+1) mod 4.
  const std::vector<int> plus_one{5, 6, 7, 4, 9, 10, 11, 8, 13, 14, 15, 12, 1, 2, 3, 0};
  EXPECT_EQ(table(PatternKind::kTornado, *t), plus_one);
  EXPECT_EQ(table(PatternKind::kNeighbor, *t), plus_one);
  EXPECT_EQ(table(PatternKind::kBitComplement, *t), (std::vector<int>{15, 14, 13, 12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1, 0}));
}

// A Flattened Butterfly numbers its routers on the same grid (topology/flattened_butterfly.h): the same
// coordinate patterns as the 4 x 4 mesh's.
TEST(PermutationPatterns, AFlattenedButterflyHasTheMeshsGrid) {
  const auto fb = grid("flattened_butterfly", "[4,4]");
  const auto mesh = grid("mesh", "[4,4]");
  EXPECT_EQ(fb->grid(), mesh->grid());
  for (const PatternKind k : {PatternKind::kTranspose, PatternKind::kTornado, PatternKind::kNeighbor})
    EXPECT_EQ(table(k, *fb), table(k, *mesh));
}

// Rings of 8 and 5, a 5 x 3 torus with p = 2: tornado is half the ring minus one, neighbor one, and a
// node's terminal index at its router is kept.
TEST(PermutationPatterns, TornadoAndNeighborOnRingsAndATorusWithTwoNodesPerRouter) {
  const auto ring8 = grid("torus", "[8]");
  EXPECT_EQ(table(PatternKind::kTornado, *ring8), (std::vector<int>{3, 4, 5, 6, 7, 0, 1, 2}));
  EXPECT_EQ(table(PatternKind::kNeighbor, *ring8), (std::vector<int>{1, 2, 3, 4, 5, 6, 7, 0}));
  const auto ring5 = grid("torus", "[5]");
  EXPECT_EQ(table(PatternKind::kTornado, *ring5), (std::vector<int>{2, 3, 4, 0, 1}));  // ceil(5/2) - 1 = 2
  const auto t = grid("torus", "[5,3]", 2);
  ASSERT_EQ(t->nodes(), 30);
  const std::vector<int> tornado = table(PatternKind::kTornado, *t), neighbor = table(PatternKind::kNeighbor, *t);
  // node 2 r + i of router r = x + 5 y: tornado (x + 2 mod 5, y + 1 mod 3), neighbor (x + 1 mod 5, y + 1 mod 3).
  EXPECT_EQ(tornado[0], 2 * 7 + 0);    // (0, 0) -> (2, 1) = router 7
  EXPECT_EQ(tornado[1], 2 * 7 + 1);    // its second node keeps index 1
  EXPECT_EQ(tornado[2 * 4 + 1], 2 * 6 + 1);   // (4, 0) -> (1, 1) = router 6
  EXPECT_EQ(tornado[2 * 14], 2 * 1);   // (4, 2) -> (1, 0) = router 1
  EXPECT_EQ(neighbor[2 * 14 + 1], 2 * 0 + 1);  // (4, 2) -> (0, 0)
  EXPECT_EQ(neighbor[2 * 7], 2 * 13);  // (2, 1) -> (3, 2) = router 13
}

// On a grid, transpose swaps router coordinates whatever p (here where the bit transpose is not even
// defined: 32 nodes, 5 bits); on an 8 x 8 mesh with p = 1 both readings agree.
TEST(PermutationPatterns, TransposeOnAGridIsTheCoordinateTranspose) {
  const auto t = grid("mesh", "[4,4]", 2);
  const std::vector<int> d = table(PatternKind::kTranspose, *t);
  EXPECT_EQ(d[2 * 1 + 1], 2 * 4 + 1);   // router (1, 0) -> (0, 1), terminal 1 kept
  EXPECT_EQ(d[2 * 14], 2 * 11);         // router (2, 3) -> (3, 2)
  EXPECT_EQ(fixed_points(d), 8);        // the diagonal's 4 routers, 2 nodes each
  const auto mesh8 = grid("mesh", "[8,8]");
  const std::vector<int> coordinates = table(PatternKind::kTranspose, *mesh8);
  const std::vector<int> bits = table(PatternKind::kTranspose, *fully_connected(64));
  EXPECT_EQ(coordinates, bits);
  EXPECT_EQ(fixed_points(coordinates), 8);
}

// ---- Bijections ----

TEST(PermutationPatterns, EveryPatternIsABijectionWhereverItIsDefined) {
  std::vector<std::unique_ptr<Topology>> topologies;
  topologies.push_back(grid("mesh", "[4,4]"));
  topologies.push_back(grid("mesh", "[8,8]", 2));
  topologies.push_back(grid("torus", "[5,3]", 2));
  topologies.push_back(grid("mesh", "[3,4,2]"));
  topologies.push_back(grid("torus", "[2,5]"));
  topologies.push_back(fully_connected(16));
  topologies.push_back(fully_connected(8, 4));
  topologies.push_back(fully_connected(6));
  topologies.push_back(dragonfly());
  int defined = 0;
  for (const auto& t : topologies)
    for (PatternKind k : kAll) {
      if (!permutation_refusal(k, *t).empty()) {
        EXPECT_THROW(table(k, *t), std::invalid_argument) << t->describe() << " " << to_string(k);
        continue;
      }
      ++defined;
      EXPECT_TRUE(is_bijection(table(k, *t))) << t->describe() << " " << to_string(k);
    }
  EXPECT_EQ(defined, 34);  // what the refusals leave (each shape's count: see permutation_refusal)
}

// ---- random_permutation ----

TEST(PermutationPatterns, RandomPermutationIsADerangementFixedBySeedAndDifferentAcrossSeeds) {
  const auto t = grid("mesh", "[8,8]");
  const std::vector<int> a = table(PatternKind::kRandomPermutation, *t, 1);
  EXPECT_TRUE(is_bijection(a));
  EXPECT_EQ(fixed_points(a), 0);
  EXPECT_EQ(a, table(PatternKind::kRandomPermutation, *t, 1));
  EXPECT_NE(a, table(PatternKind::kRandomPermutation, *t, 2));
  for (std::uint64_t seed = 1; seed <= 200; ++seed) {  // small n: derangements are 1/e of the draws
    const std::vector<int> d = random_derangement(3, seed);
    EXPECT_EQ(fixed_points(d), 0) << seed;
    EXPECT_TRUE(is_bijection(d)) << seed;
  }
  EXPECT_EQ(random_derangement(2, 7), (std::vector<int>{1, 0}));
  // Uniform over the derangements of 4 nodes (9 of them): each drawn about 1/9 of the time.
  std::map<std::vector<int>, int> seen;
  for (std::uint64_t seed = 0; seed < 9000; ++seed) ++seen[random_derangement(4, seed)];
  EXPECT_EQ(seen.size(), 9u);
  for (const auto& [d, count] : seen) EXPECT_NEAR(count, 1000, 150);
}

// ---- Where they are not defined ----

TEST(PermutationConfig, RefusedWithTheKeyNamedWhereUndefined) {
  const auto first_line = [](const Overrides& o) {
    const std::string e = config_error(o);
    EXPECT_EQ(e.find('\n'), std::string::npos) << e;
    return e;
  };
  EXPECT_EQ(first_line({{"traffic.pattern", "tornado"}}),
            "config error: traffic.pattern: tornado needs a grid topology (mesh, torus, flattened_butterfly or kns: router coordinates); dragonfly has none");
  const Overrides mesh12{{"topology.type", "mesh"}, {"topology.dims", "[3,4]"}, {"routing.algorithm", "dor"}};
  EXPECT_EQ(first_line(with(mesh12, {{"traffic.pattern", "bit_reverse"}})),
            "config error: traffic.pattern: bit_reverse needs a power-of-two number of nodes (node IDs of log2 N bits); mesh 3x4 p=1 has 12");
  EXPECT_NE(first_line(with(mesh12, {{"traffic.pattern", "transpose"}})).find("traffic.pattern: transpose on a grid topology swaps router coordinates"),
            std::string::npos);
  EXPECT_EQ(first_line(with(mesh12, {{"traffic.pattern", "tornado"}})), "accepted");
  EXPECT_NE(first_line({{"topology.type", "fully_connected"}, {"topology.routers", "8"}, {"routing.algorithm", "min"},
                        {"traffic.pattern", "transpose"}})
                .find("traffic.pattern: transpose needs 4^m nodes"),
            std::string::npos);
  // tornado on a 2 x 2 mesh moves nobody: refused rather than a run that sends nothing.
  EXPECT_EQ(first_line({{"topology.type", "mesh"}, {"topology.dims", "[2,2]"}, {"routing.algorithm", "dor"}, {"traffic.pattern", "tornado"}}),
            "config error: traffic.pattern: tornado maps every node of mesh 2x2 p=1 to itself: no packet would be sent");
  // In a mix and after a change, the key that names the pattern.
  EXPECT_EQ(first_line({{"traffic.pattern", "mix"}, {"traffic.mix", "[{pattern: un}, {pattern: neighbor}]"}}),
            "config error: traffic.mix[1].pattern: neighbor needs a grid topology (mesh, torus, flattened_butterfly or kns: router coordinates); dragonfly has none");
  EXPECT_EQ(first_line({{"traffic.change.at", "10"}, {"traffic.change.pattern", "tornado"}, {"sim.measure", "100"}}),
            "config error: traffic.change.pattern: tornado needs a grid topology (mesh, torus, flattened_butterfly or kns: router coordinates); dragonfly has none");
  // Defined on the Dragonfly: random_permutation (72 nodes are no power of two, so no bit pattern).
  EXPECT_EQ(first_line({{"traffic.pattern", "random_permutation"}}), "accepted");
  EXPECT_NE(first_line({{"traffic.pattern", "shuffle"}}).find("shuffle needs a power-of-two number of nodes"), std::string::npos);
}

// ---- What a NIC looks up ----

TEST(PermutationTraffic, EachNodeLooksUpItsDestinationAndAFixedPointSendsNothing) {
  const auto t = grid("mesh", "[4,4]");
  TrafficSchedule s;
  s.initial.components = {{PatternKind::kTranspose, 1, 1.0}};
  s.has_change = true;
  s.after.components = {{PatternKind::kUniform, 1, 1.0}, {PatternKind::kTornado, 1, 3.0}};
  const PermutationTables tables(s, *t, 1);
  EXPECT_FALSE(tables.table(PatternKind::kTranspose).empty());
  EXPECT_FALSE(tables.table(PatternKind::kTornado).empty());
  EXPECT_TRUE(tables.table(PatternKind::kShuffle).empty());
  EXPECT_EQ(tables.fixed_points_json(), json::parse(R"({"transpose": 4, "tornado": 0})"));
  Rng rng(1, 1);
  for (int n = 0; n < t->nodes(); ++n) {
    const TrafficSource src(*t, n, &tables);
    const int x = n % 4, y = n / 4;
    EXPECT_EQ(pick_destination(s.initial, *t, src, rng), x == y ? kNoPacket : y + 4 * x) << n;
    int tornado = 0;
    for (int i = 0; i < 400; ++i) tornado += pick_destination(s.after, *t, src, rng) == table(PatternKind::kTornado, *t)[n];
    EXPECT_NEAR(tornado, 300, 45) << n;  // weight 3 of 4 (uniform hits it 1/15 of the rest)
  }
  EXPECT_THROW(pick_destination(s.initial, *t, 5, rng), std::invalid_argument);  // no tables
}

// ---- Figures ----

// Panel titles and figure titles name the permutations (tools/run/display_names.h).
TEST(PermutationPlots, EveryPermutationHasAFigureLabel) {
  const std::map<std::string, std::string> expected = {
      {"transpose", "Transpose"}, {"bit_reverse", "Bit reverse"}, {"bit_complement", "Bit complement"}, {"shuffle", "Shuffle"},
      {"tornado", "Tornado"},     {"neighbor", "Neighbor"},       {"random_permutation", "Random permutation"}};
  for (PatternKind k : kAll) EXPECT_EQ(pattern_display(to_string(k), 1, 0), expected.at(to_string(k)));
  EXPECT_EQ(traffic_display(json::parse(R"({"traffic": {"pattern": "un", "offset": 1, "load": 0.2,
                                                        "change": {"at": 100, "pattern": "transpose", "offset": 0, "load": -1}}})"),
                            true),
            "UN → Transpose at load 0.2");
}

// ---- Network runs ----

Overrides mesh_run(const char* pattern, const char* load, const char* measure) {
  return {{"topology.type", "mesh"}, {"topology.dims", "[8,8]"}, {"routing.algorithm", "dor"}, {"traffic.pattern", pattern},
          {"traffic.load", load},    {"sim.warmup", "1000"},      {"sim.measure", measure}};
}

// Below saturation every node but the 8 of the diagonal offers and gets the load: both per node over all 64.
TEST(PermutationNetwork, TransposeDiagonalSendsNothingAndLoadsArePerNodeOverAll) {
  const json r = run_sane(mesh_run("transpose", "0.05", "6000"));
  ASSERT_FALSE(r.is_null());
  EXPECT_EQ(r["permutation_fixed_points"], json::parse(R"({"transpose": 8})"));
  EXPECT_NEAR(r["offered_load"].get<double>(), 0.05 * 56 / 64, 0.004);
  EXPECT_NEAR(r["accepted_load"].get<double>(), r["offered_load"].get<double>(), 0.004);
  // DOR's hops of (x, y) -> (y, x): 2 |x - y|, averaged over the 56 pairs x != y: 2 * 168 / 56 = 6.
  EXPECT_NEAR(r["average_hops"].get<double>(), 6.0, 0.3);  // nodes send at the same rate, not the same count
}

// Transpose on an 8 x 8 mesh with XY routing: the sources of row y all turn at (y, y); the y of them left of
// it share the link into it along the row and the link out of it down column y, the 7 - y right of it the
// other two. At equal rates the rows 0 and 7, 7 sources a link, saturate first: at a load of 1/7 per
// sending node, 56/64 * 1/7 = 0.125 per node over all, where UN delivers up to 0.36 (README, "Meshes and
// tori"). Past it the groups get 1/y and 1/(7 - y) each (max-min fair), 14 phits per cycle over 64 nodes:
// accepted <= 2 (k - 1) / k^2 = 0.219 at offered 1.0. A small sweep, short runs as the UN saturation test.
TEST(PermutationNetwork, TransposeOnAnEightByEightMeshSaturatesFarBelowUniform) {
  const auto delivered = [](const json& r) { return r["accepted_load"].get<double>() / r["offered_load"].get<double>(); };
  const json below = run_sane(mesh_run("transpose", "0.12", "6000"));  // 0.84 of the busiest links
  const json above = run_sane(mesh_run("transpose", "0.25", "6000"));  // 1.75 of them
  const json un = run_sane(mesh_run("un", "0.25", "6000"));
  const json tp_max = run_sane(mesh_run("transpose", "1.0", "6000"));
  const json un_max = run_sane(mesh_run("un", "1.0", "6000"));
  for (const json* r : {&below, &above, &un, &tp_max, &un_max}) ASSERT_FALSE(r->is_null());
  EXPECT_GT(delivered(below), 0.98);
  EXPECT_LT(delivered(above), 0.85);  // max-min fair: 0.79
  EXPECT_GT(delivered(un), 0.98);
  const double bound = 2.0 * 7 / 64, accepted_tp = tp_max["accepted_load"].get<double>(), accepted_un = un_max["accepted_load"].get<double>();
  EXPECT_LT(accepted_tp, bound * 1.01);  // a few packets of the warm-up end in the window
  EXPECT_GT(accepted_tp, 0.9 * bound);
  EXPECT_LT(accepted_tp, 0.7 * accepted_un);
  std::cout << "  8x8 mesh DOR transpose: delivered " << delivered(below) << " of offered at load 0.12, " << delivered(above)
            << " at 0.25 (UN " << delivered(un) << "); at offered 1.0 accepted " << accepted_tp << " (bound " << bound << "), UN "
            << accepted_un << "\n";
}

// Tornado on an 8-ary ring with DOR: every node sends 3 hops the plus way, so each plus link carries 3
// nodes' traffic: accepted <= 1/3 (the channel-load bound), whatever the minus links do. Reached with
// transit-priority output arbiters and deep buffers; with round-robin arbiters, where a router's injection
// port competes with the transit traffic on equal terms, the ring settles near half of it (0.159 at the
// defaults, README "Permutation patterns").
TEST(PermutationNetwork, TornadoOnAnEightRingReachesAThirdOfALink) {
  const json r = run_sane({{"topology.type", "torus"}, {"topology.dims", "[8]"}, {"routing.algorithm", "dor"},
                           {"traffic.pattern", "tornado"}, {"traffic.load", "1.0"}, {"sim.warmup", "1000"}, {"sim.measure", "6000"},
                           {"router.buffers.network", "128"}, {"router.output_arbiter", "transit_priority"}});
  ASSERT_FALSE(r.is_null());
  EXPECT_EQ(r["average_hops"].get<double>(), 3.0);
  const double accepted = r["accepted_load"].get<double>();
  EXPECT_LT(accepted, 1.01 / 3);
  EXPECT_GT(accepted, 0.9 / 3);
  std::cout << "  8-ring DOR tornado at offered 1.0: accepted " << accepted << " (bound " << 1.0 / 3 << ")\n";
}

// ADV-i and ADV+(G-i) on a Dragonfly of G groups are one pattern (group g sends to g + offset mod G): the
// same run to the bit, so a plan sweeping every group offset needs only 1 .. G-1 (h6_ch6_offsets).
TEST(AdversarialOffsets, MinusIIsPlusGroupsMinusI) {
  const Overrides base{{"topology.h", "2"}, {"routing.algorithm", "valiant"}, {"routing.phase_a", "-g-"}, {"traffic.pattern", "adv"},
                       {"traffic.load", "0.3"}, {"sim.warmup", "500"}, {"sim.measure", "1000"}};  // 9 groups
  json minus = run_sane(with(base, {{"traffic.offset", "-2"}}));
  json plus = run_sane(with(base, {{"traffic.offset", "7"}}));
  json other = run_sane(with(base, {{"traffic.offset", "2"}}));
  ASSERT_FALSE(minus.is_null() || plus.is_null() || other.is_null());
  for (json* r : {&minus, &plus, &other}) {
    r->erase("simulation");
    r->erase("config");
  }
  EXPECT_EQ(minus, plus);
  EXPECT_NE(minus, other);  // the sign does matter: ADV-2 is not ADV+2
}

}  // namespace
