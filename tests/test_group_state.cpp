// Group-wide state by hand: the broadcast facility (router/common/group_broadcast.h) message timing and slot
// overwrite, ECtN's combined counters crossing the threshold only once a broadcast has arrived
// (seed-003 §1.5), and PB's saturation flags (seed-000 Eq. 2-2) and decision.
#include <gtest/gtest.h>

#include <set>

#include "router/routing/ectn_partial.h"
#include "router/common/group_broadcast.h"
#include "router/common/lfsr.h"
#include "router/routing/pb_flags.h"
#include "router/routing/in_transit_routing.h"
#include "router/routing/valiant_routing.h"

namespace hiradix {
namespace {

BroadcastParams params(BroadcastMode mode, int entries, int phit_bits) {
  BroadcastParams bp;
  bp.mode = mode;
  bp.period = 100;
  bp.entries = entries;
  bp.entry_bits = 4;
  bp.phit_bits = phit_bits;
  bp.latency = 10;
  return bp;
}

TEST(GroupBroadcast, FreeMessagesArriveAfterTheLatencyAndOverwriteTheSendersSlot) {
  const BroadcastParams bp = params(BroadcastMode::kFree, 4, 80);
  GroupBroadcast a(bp, 4, 0, 8), b(bp, 4, 1, 8);
  a.connect(3, &b, 10);
  a.outgoing()[2] = 7;
  a.fire(0);
  EXPECT_EQ(b.latest(0, 9)[2], 0);  // not yet
  EXPECT_EQ(b.latest(0, 10)[2], 7);
  EXPECT_EQ(b.received_sum(10)[2], 7);
  a.outgoing()[2] = 3;
  a.fire(100);
  EXPECT_EQ(b.latest(0, 109)[2], 7);
  EXPECT_EQ(b.latest(0, 110)[2], 3);
  EXPECT_EQ(b.received_sum(110)[2], 3) << "a new message replaces the sender's slot, it does not add";
  EXPECT_EQ(a.control_phits(), 0u);
}

// 4 values x 4 bits = 16 bits; with 5-bit phits that is ceil(16 / 5) = 4 phits: the last phit of a
// message started at s arrives at s + 3 + latency.
TEST(GroupBroadcast, MessageModeArrivalCountsTheSerialisation) {
  const BroadcastParams bp = params(BroadcastMode::kMessage, 4, 5);
  ASSERT_EQ(bp.phits(), 4);
  GroupBroadcast a(bp, 4, 0, 8), b(bp, 4, 1, 8);
  a.connect(3, &b, 10);
  a.outgoing()[0] = 9;
  a.fire(200);
  EXPECT_EQ(a.pending(), 1ull << 3);
  EXPECT_EQ(a.control_due(3, 200, 205), 205u) << "waits for the link (packet boundary)";
  a.sent(3, 205);
  EXPECT_EQ(a.pending(), 0u);
  EXPECT_EQ(b.latest(0, 217)[0], 0);
  EXPECT_EQ(b.latest(0, 218)[0], 9);  // 205 + 4 - 1 + 10
  EXPECT_EQ(a.control_phits(), 4u);
}

// Piggyback: phits go only in idle cycles; a packet on the link pauses the message, which resumes after.
TEST(GroupBroadcast, PiggybackUsesOnlyIdleCycles) {
  const BroadcastParams bp = params(BroadcastMode::kPiggyback, 4, 5);
  GroupBroadcast a(bp, 4, 0, 8), b(bp, 4, 1, 8);
  a.connect(3, &b, 10);
  a.outgoing()[1] = 5;
  a.fire(0);
  a.piggyback(3, 0, false);  // phit 1 at cycle 0
  a.piggyback(3, 1, true);   // a packet takes the link from cycle 1 (say for 8 cycles)
  EXPECT_EQ(a.control_due(3, 1, 9), 9u);
  a.piggyback(3, 9, false);  // phits 2, 3 at 9, 10; the last one at 11
  EXPECT_EQ(a.control_due(3, 9, 9), 11u);
  EXPECT_EQ(a.pending(), 1ull << 3);
  a.piggyback(3, 11, false);
  EXPECT_EQ(a.pending(), 0u);
  EXPECT_EQ(b.latest(0, 20)[1], 0);
  EXPECT_EQ(b.latest(0, 21)[1], 5);  // last phit at 11 + latency 10
  // A new period while a message still waits replaces it (and it starts over).
  a.fire(100);
  a.piggyback(3, 100, false);
  a.fire(200);
  EXPECT_EQ(a.superseded(), 1u);
  EXPECT_EQ(a.control_due(3, 200, 200), 201u);
}

// ECtN (seed-003 §1.5) on h = 2 (p 2, a 4, G 9; ports 0-1 terminals, 2-4 local, 5-6 global). Router 0 of
// group 0 injects for group 5; router 1 of the group has counted 6 packets towards that link, router 0
// itself 4. Threshold 10: before router 1's broadcast arrives the combined counter is 4 (minimal); once it
// has arrived it is 10 (global misroute at injection), and global candidates are filtered on the combined
// counter of their own link, not on the Base counter.
TEST(Ectn, CombinedCounterCrossesTheThresholdOnlyAfterTheBroadcastArrives) {
  const Dragonfly t(2, 4, 2, Arrangement::kPalmtree);
  const EctnRouting ectn(t, 6, 10);
  const int src = 0, dst_router = 4 * 5 + 2;
  EctnPartial own(t, src), other(t, 1);
  const int link = own.link_to(5);
  ASSERT_EQ(link, other.link_to(5)) << "both index the group's link the same way";
  for (int i = 0; i < 4; ++i) own.increment(link);
  for (int i = 0; i < 6; ++i) other.increment(link);
  const BroadcastParams bp = params(BroadcastMode::kFree, t.a() * t.h(), 80);
  GroupBroadcast b0(bp, t.a(), 0, t.radix()), b1(bp, t.a(), 1, t.radix());
  b1.connect(t.p() + 2, &b0, 10);  // router 1's local port towards router 0 (port 4)
  other.snapshot(b1.outgoing(), 15);
  b1.fire(100);

  std::int32_t counters[64] = {};
  std::uint32_t ready[64];
  for (auto& r : ready) r = 0x7;
  std::uint8_t comb[64] = {};
  auto decide = [&](Cycle now, std::uint64_t random) {
    const std::int32_t* received = b0.received_sum(now);
    RoutingContext ctx{0, 0, random, counters, nullptr, 0, ready};
    ectn_dest(ctx) = own.value(link) + received[link];
    for (int k = 0; k < t.h(); ++k) comb[t.global_port(k)] = static_cast<std::uint8_t>(own.value(own.link_of(0, k)) + received[own.link_of(0, k)]);
    ectn_comb(ctx) = comb;
    Packet pkt;
    pkt.dst = static_cast<std::uint32_t>(dst_router * t.p());
    return ectn.route(ctx, pkt);
  };
  const int min_port = t.min_port(src, dst_router);
  for (std::uint64_t r = 1; r < 50; ++r) EXPECT_EQ(decide(109, lfsr_seed(r, 3)).out_port, min_port) << "combined 4 < 10";
  std::set<int> seen;
  for (std::uint64_t r = 1; r < 200; ++r) {
    const RoutingDecision d = decide(110, lfsr_seed(r, 3));
    EXPECT_TRUE(d.misroute);
    EXPECT_EQ(t.port_class(d.out_port), PortClass::kGlobal);
    seen.insert(d.out_port);
  }
  EXPECT_EQ(seen, (std::set<int>{5, 6}));
  // Global port 5's own link has a combined counter at the threshold: only port 6 is a candidate, even
  // though port 6's Base counter is far above the Base threshold (the paper's filter, not FOGSim's).
  for (int i = 0; i < 10; ++i) own.increment(own.link_of(0, 0));
  counters[6] = 50;
  for (std::uint64_t r = 1; r < 50; ++r) EXPECT_EQ(decide(110, lfsr_seed(r, 3)).out_port, 6);
  // Later hops ignore the combined counters: from a local input the same packet stays minimal.
  RoutingContext later{0, t.p(), lfsr_seed(1, 3), counters, nullptr, 0, ready};
  ectn_dest(later) = 200;
  ectn_comb(later) = comb;
  Packet pkt;
  pkt.dst = static_cast<std::uint32_t>(dst_router * t.p());
  EXPECT_FALSE(ectn.route(later, pkt).misroute);
}

// Eq. 2-2 with F = 120 %, T = 5: channel k is flagged iff Q_k > 1.2 * mean(other Q) + 5.
TEST(Pb, FlagSetAboveFTimesTheOthersMeanPlusTAndClearedBelow) {
  std::uint8_t f[4];
  int q[4] = {18, 10, 10, 10};  // 18 > 12 + 5
  pb_flags(q, 4, 120, 5, false, f);
  EXPECT_EQ(f[0], 1);
  EXPECT_EQ(f[1] + f[2] + f[3], 0);  // 10 > 1.2 * 12.67 + 5 is false
  q[0] = 17;  // 17 > 17 is false: cleared
  pb_flags(q, 4, 120, 5, false, f);
  EXPECT_EQ(f[0], 0);
  int one[1] = {6};  // h = 1: no other channel, Qbar = 0
  pb_flags(one, 1, 120, 5, false, f);
  EXPECT_EQ(f[0], 1);
  one[0] = 5;
  pb_flags(one, 1, 120, 5, false, f);
  EXPECT_EQ(f[0], 0);
  int two[2] = {40, 30};  // F = 200 %, T = 0: 40 > 60 no; with F = 120 %: 40 > 36 yes
  pb_flags(two, 2, 200, 0, false, f);
  EXPECT_EQ(f[0], 0);
  pb_flags(two, 2, 120, 0, false, f);
  EXPECT_EQ(f[0], 1);
}

// routing.pb_mean: all (FOGSim's reading): Qbar averages all h channels, the tested one included.
TEST(Pb, FlagWithTheMeanOverAllChannels) {
  std::uint8_t f[4];
  int q[4] = {18, 10, 10, 10};  // mean of all 12: 18 > 1.2 * 12 + 5 = 19.4 is false (others' mean: true)
  pb_flags(q, 4, 120, 5, true, f);
  EXPECT_EQ(f[0], 0);
  q[0] = 20;  // mean 12.5: 20 > 20 is false
  pb_flags(q, 4, 120, 5, true, f);
  EXPECT_EQ(f[0], 0);
  q[0] = 21;  // mean 12.75: 21 > 20.3 is true
  pb_flags(q, 4, 120, 5, true, f);
  EXPECT_EQ(f[0], 1);
  int one[1] = {30};  // h = 1: Qbar = Q itself: 30 > 36 + 5 is false
  pb_flags(one, 1, 120, 5, true, f);
  EXPECT_EQ(f[0], 0);
}

// PB's decision: with equal loads UGAL-L alone routes minimally; a set flag on the minimal global link
// sends the packet through the drawn Valiant intermediate instead.
TEST(Pb, FlaggedMinimalLinkForcesValiant) {
  const Dragonfly t(2, 4, 2, Arrangement::kPalmtree);
  const PbRouting pb(t, PhaseA::kLgl, 0, 120, 5);
  const int src = 0, dst_router = 4 * 5 + 2;
  std::uint64_t lfsr = lfsr_seed(1, 0);
  int root = -1;
  for (;;) {
    lfsr = lfsr_advance(lfsr);
    root = pb.choose_intermediate(src, lfsr);
    if (root != src && root != dst_router) break;
  }
  std::uint16_t load[64] = {};
  for (bool flag : {false, true}) {
    Packet pkt;
    pkt.dst = static_cast<std::uint32_t>(dst_router * t.p());
    RoutingContext ctx{src, 0, lfsr, nullptr, load};
    pb_flag(ctx) = flag;
    const RoutingDecision d = pb.route(ctx, pkt);
    EXPECT_EQ(pkt.route.phase, flag ? 0 : 1) << "flag " << flag;
    EXPECT_EQ(d.out_port, flag ? t.min_port(src, root) : t.min_port(src, dst_router));
  }
}

}  // namespace
}  // namespace hiradix
