// Wiring invariants of the palmtree and consecutive arrangements (seed-000 §2.2-2.3, §8).
#include <gtest/gtest.h>

#include <set>
#include <tuple>

#include "topology/dragonfly.h"

using namespace hiradix;

namespace {

class Wiring : public ::testing::TestWithParam<std::tuple<int, int, int, Arrangement>> {};

TEST_P(Wiring, EveryGlobalLinkPairsTwoGroupsOnceAndPortsAreUsedOnce) {
  const auto [p, a, h, arr] = GetParam();
  const Dragonfly t(p, a, h, arr);
  ASSERT_EQ(t.groups(), a * h + 1);
  std::set<std::pair<int, int>> group_pairs;
  for (int r = 0; r < t.routers(); ++r) {
    for (int port = t.p(); port < t.radix(); ++port) {
      const PortEnd e = t.peer(r, port);
      ASSERT_GE(e.router, 0);
      ASSERT_LT(e.router, t.routers());
      ASSERT_NE(e.router, r) << "self loop";
      ASSERT_EQ(t.port_class(e.port), t.port_class(port)) << "link joins different port classes";
      const PortEnd back = t.peer(e.router, e.port);  // reciprocity: each port used by exactly one link
      ASSERT_EQ(back.router, r);
      ASSERT_EQ(back.port, port);
      const int g1 = t.group_of(r), g2 = t.group_of(e.router);
      if (t.port_class(port) == PortClass::kLocal) {
        ASSERT_EQ(g1, g2);
      } else {
        ASSERT_NE(g1, g2) << "global link inside a group";
        ASSERT_TRUE(group_pairs.insert({g1, g2}).second) << "groups " << g1 << "," << g2 << " joined twice";
      }
    }
  }
  EXPECT_EQ(group_pairs.size(), static_cast<std::size_t>(t.groups() * (t.groups() - 1)))  // every ordered pair once
      << "not every pair of groups is joined";
}

INSTANTIATE_TEST_SUITE_P(Sizes, Wiring,
                         ::testing::Values(std::make_tuple(2, 4, 2, Arrangement::kPalmtree),
                                           std::make_tuple(2, 4, 2, Arrangement::kConsecutive),
                                           std::make_tuple(4, 8, 4, Arrangement::kPalmtree),
                                           std::make_tuple(4, 8, 4, Arrangement::kConsecutive),
                                           std::make_tuple(3, 5, 2, Arrangement::kPalmtree),
                                           std::make_tuple(1, 3, 5, Arrangement::kConsecutive),
                                           std::make_tuple(6, 12, 6, Arrangement::kPalmtree)));

TEST(Palmtree, MatchesThesisVectorsForH6) {
  // seed-000 §8: R_11 of G_g reaches G_{g+1..g+6}; R_0 reaches G_{g-6..g-1}; links join R_x and R_{11-x}.
  const Dragonfly t(6, 12, 6, Arrangement::kPalmtree);
  EXPECT_EQ(t.groups(), 73);
  EXPECT_EQ(t.routers(), 876);
  EXPECT_EQ(t.terminals(), 5256);
  EXPECT_EQ(t.radix(), 23);
  const int g = 10;
  std::set<int> reached11, reached0;
  for (int k = 0; k < 6; ++k) {
    const PortEnd e11 = t.peer(t.router_at(g, 11), t.global_port(k));
    const PortEnd e0 = t.peer(t.router_at(g, 0), t.global_port(k));
    reached11.insert(t.group_of(e11.router));
    reached0.insert(t.group_of(e0.router));
    EXPECT_EQ(t.index_of(e11.router), 0);
    EXPECT_EQ(t.index_of(e0.router), 11);
  }
  EXPECT_EQ(reached11, (std::set<int>{11, 12, 13, 14, 15, 16}));
  EXPECT_EQ(reached0, (std::set<int>{4, 5, 6, 7, 8, 9}));
}

TEST(Consecutive, FirstLinkOfEveryGroupButZeroGoesToGroupZero) {
  const Dragonfly t(2, 4, 2, Arrangement::kConsecutive);
  for (int g = 1; g < t.groups(); ++g)
    EXPECT_EQ(t.group_of(t.peer(t.router_at(g, 0), t.global_port(0)).router), 0);
}

TEST(MinimalPaths, AtMostThreeHopsLglAndUnique) {
  for (Arrangement arr : {Arrangement::kPalmtree, Arrangement::kConsecutive}) {
    const Dragonfly t(2, 4, 2, arr);
    for (int s = 0; s < t.routers(); ++s) {
      for (int d = 0; d < t.routers(); ++d) {
        std::string shape;
        for (int r = s; r != d;) {
          const int port = t.min_port(r, d);
          shape += t.port_class(port) == PortClass::kGlobal ? 'g' : 'l';
          r = t.peer(r, port).router;
          ASSERT_LE(shape.size(), 3u);
        }
        if (t.group_of(s) == t.group_of(d)) {
          EXPECT_EQ(shape, s == d ? "" : "l");
        } else {
          EXPECT_TRUE(shape == "g" || shape == "lg" || shape == "gl" || shape == "lgl") << shape;
        }
      }
    }
  }
}

}  // namespace
