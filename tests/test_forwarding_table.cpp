// The forwarding tables of `min` off the Dragonfly (router/routing/forwarding_table.h, issue 27): rows
// computed by hand on a mesh, a torus (a tie on an even ring gives both directions, in port order), a
// Flattened Butterfly and a KNS, and what the RTL refuses (GenericMinRouting::rtl_refusal). The RTL's
// decisions over those rows: tests/test_rtl_routing.cpp, Shapes/GenericMinLockstep.
#include <gtest/gtest.h>

#include <vector>

#include "router/routing/forwarding_table.h"
#include "router/routing/generic_min_routing.h"
#include "topology/flattened_butterfly.h"
#include "topology/kns.h"
#include "topology/mesh.h"

using namespace hiradix;

namespace {

std::vector<int> row(const ForwardingTable& t, int router, int dst) {
  const std::uint8_t* r = t.row(router, dst);
  return std::vector<int>(r, r + t.radix());
}

// A 4 x 4 mesh, p = 1: router 0 = (0, 0) has its terminal (0), x plus (1) and y plus (2); router 5 = (1, 1)
// has x minus (1), x plus (2), y minus (3), y plus (4). Rows have the largest radix, 5.
TEST(ForwardingTable, MeshRowsAreTheMinimalPortsByHand) {
  const Mesh mesh({4, 4}, 1, false);
  const ForwardingTable t(mesh);
  ASSERT_TRUE(t.built());
  EXPECT_EQ(t.radix(), 5);
  EXPECT_EQ(row(t, 0, 5), (std::vector<int>{0, 1, 1, 0, 0}));   // (0,0) -> (1,1): x plus, y plus
  EXPECT_EQ(row(t, 5, 0), (std::vector<int>{0, 1, 0, 1, 0}));   // (1,1) -> (0,0): x minus, y minus
  EXPECT_EQ(row(t, 5, 7), (std::vector<int>{0, 0, 1, 0, 0}));   // (1,1) -> (3,1): x plus only
  EXPECT_EQ(row(t, 5, 5), (std::vector<int>{0, 0, 0, 0, 0}));   // itself: no port (the unit ejects)
}

// A 4 x 4 torus, p = 1: every router has x minus (1), x plus (2), y minus (3), y plus (4). From (0, 0) to
// (2, 0) both ways round the x ring are 2 hops: both ports, and min_ports lists them in port order too.
TEST(ForwardingTable, ATorusTieGivesBothDirectionsInPortOrder) {
  const Mesh torus({4, 4}, 1, true);
  const ForwardingTable t(torus);
  EXPECT_EQ(row(t, 0, 2), (std::vector<int>{0, 1, 1, 0, 0}));
  EXPECT_EQ(row(t, 0, 10), (std::vector<int>{0, 1, 1, 1, 1}));  // (2, 2): ties in x and in y
  EXPECT_EQ(row(t, 0, 3), (std::vector<int>{0, 1, 0, 0, 0}));   // (3, 0): minus over the wrap
  int ports[kMaxRadix];
  ASSERT_EQ(torus.min_ports(0, 10, ports), 4);
  EXPECT_EQ((std::vector<int>(ports, ports + 4)), (std::vector<int>{1, 2, 3, 4}));
}

// A 4 x 4 Flattened Butterfly, p = 2: terminals 0-1, x ports 2-4 towards x = 1, 2, 3 from x = 0, y ports
// 5-7 likewise. From (0, 0) to (1, 1): x's port to 1 (2) and y's port to 1 (5).
TEST(ForwardingTable, FlattenedButterflyRowHasAPortPerDifferingDimension) {
  const FlattenedButterfly fb({4, 4}, 2);
  const ForwardingTable t(fb);
  EXPECT_EQ(row(t, 0, 5), (std::vector<int>{0, 0, 1, 0, 0, 1, 0, 0}));
  EXPECT_EQ(row(t, 0, 3), (std::vector<int>{0, 0, 0, 0, 1, 0, 0, 0}));  // (3, 0): x's port to 3
}

// A 2 x 2 KNS, p = 1: end nodes 0-3 (terminal 0, dimension ports 1 and 2), then the switches. From end node
// 0 = (0, 0) to 3 = (1, 1) both dimensions differ: up either switch.
TEST(ForwardingTable, KnsEndNodeRowHasBothDimensions) {
  const Kns kns(2, 2, 1);
  const ForwardingTable t(kns);
  ASSERT_GE(t.radix(), 3);
  EXPECT_EQ(row(t, 0, 3)[0], 0);
  EXPECT_EQ(row(t, 0, 3)[1], 1);
  EXPECT_EQ(row(t, 0, 3)[2], 1);
}

// The RTL counts min's VCs in the header's 5-bit local hop counter: a longest minimal path of 31 hops fits,
// 32 does not, naming topology.dims.
TEST(ForwardingTable, TheRtlRefusesMoreHopsThanTheHeaderCounts) {
  // HOPS_W = 5: 31 hops. An 8 x 8 mesh takes 14, a 16 x 16 one 30; 17 x 17 takes 32, a 33 x 33 torus too.
  EXPECT_EQ(GenericMinRouting(Mesh({8, 8}, 1, false)).rtl_refusal(), "");
  EXPECT_EQ(GenericMinRouting(Mesh({16, 16}, 1, false)).rtl_refusal(), "");
  EXPECT_EQ(GenericMinRouting(Mesh({8, 8}, 1, true)).rtl_refusal(), "");
  const std::string mesh = GenericMinRouting(Mesh({17, 17}, 1, false)).rtl_refusal();
  EXPECT_EQ(mesh.rfind("topology.dims: ", 0), 0u) << mesh;
  EXPECT_NE(mesh.find("takes 32 network hops"), std::string::npos) << mesh;
  EXPECT_NE(mesh.find("counts at most 31"), std::string::npos) << mesh;
  EXPECT_NE(GenericMinRouting(Mesh({33, 33}, 1, true)).rtl_refusal().find("takes 32 network hops"), std::string::npos);
}

}  // namespace
