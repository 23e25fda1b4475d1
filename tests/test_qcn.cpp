// QCN's three building blocks (issue 29), each against values computed by hand in the comments: the
// congestion point's feedback, sampling and %CNMs gate (docs/papers/seed-002-qcn-openflow.md §1.3, §1.8;
// the thesis' seed-000 §3.7, Eq. 2-3), the NIC's reaction point (802.1Qau AIMD, seed-002 §1.3), and
// QCN-Switch's table of minimal-routing probabilities (seed-002 §1.4-1.7; seed-000 §3.9, Eq. 4-3..4-5,
// Fig. 4-10, summarised in the same file). None is in the network yet.
#include <gtest/gtest.h>

#include <limits>

#include <cstdint>
#include <stdexcept>
#include <vector>

#include "router/flow/qcn_congestion_point.h"
#include "router/flow/qcn_reaction_point.h"
#include "router/routing/qcn_switch_probabilities.h"

using namespace hiradix;

namespace {

// The i-th of `count` draws spread evenly over the 32-bit range: ceil(i·2^32 / count). A gate or a scaling
// that is exact takes exactly its share of such a sweep.
std::uint32_t spread(std::uint64_t i, std::uint64_t count) {
  return static_cast<std::uint32_t>(((i << 32) + count - 1) / count);
}

QcnCpParams cp_params(std::int64_t q_eq, int w, int cpc = 1, int share = 100) {
  QcnCpParams p;
  p.q_eq = q_eq;
  p.w = w;
  p.cpc = cpc;
  p.cnm_share_percent = share;
  return p;
}

// ---- The congestion point ----

// w = 0, Q_eq = 20: fb = Q - 20 clipped to [0, 20], Fb = floor(fb·63/20).
//   Q = 10 -> fb < 0 -> 0;  Q = 20 -> 0;  Q = 21 -> floor(63/20) = 3;  Q = 25 -> floor(315/20 = 15.75) = 15;
//   Q = 30 -> floor(630/20 = 31.5) = 31;  Q = 39 -> floor(1197/20 = 59.85) = 59;  Q = 40 = 2·Q_eq -> 63;
//   Q = 100 -> clipped to 20 -> 63 (saturated from 2·Q_eq on, as the thesis says).
TEST(QcnCongestionPoint, FeedbackWithoutWeightSaturatesAtTwiceTheEquilibrium) {
  QcnCongestionPoint cp(cp_params(20, 0));
  const std::vector<std::pair<std::int64_t, int>> cases = {{10, 0},  {20, 0},  {21, 3},  {25, 15},
                                                           {30, 31}, {39, 59}, {40, 63}, {100, 63}};
  for (const auto& [q, fb] : cases) {
    EXPECT_EQ(cp.feedback(q), fb) << "Q = " << q;
    EXPECT_EQ(cp.sample(q, 0).fb, fb) << "Q = " << q;  // w = 0: Q_old, which each sample moves, changes nothing
  }
}

// w = 2, Q_eq = 20: fb = (Q - 20) + 2·(Q - Q_old) clipped to [0, 100], Fb = floor(fb·63/100); Q_old is the
// previous sample's Q (0 before the first).
//   Q 20, Q_old  0: fb = 0 + 40 = 40            -> floor(2520/100 = 25.2) = 25
//   Q 30, Q_old 20: fb = 10 + 20 = 30           -> floor(1890/100) = 18
//   Q 30, Q_old 30: fb = 10 + 0 = 10            -> floor(630/100) = 6
//   Q 25, Q_old 30: fb = 5 - 10 = -5            -> 0 (above Q_eq but draining)
//   Q 60, Q_old 25: fb = 40 + 70 = 110 -> 100   -> 63
//   Q 40, Q_old 60: fb = 20 - 40 = -20          -> 0
//   Q 40, Q_old 40: fb = 20                     -> floor(1260/100) = 12
TEST(QcnCongestionPoint, FeedbackWithWeightTwoCountsTheGrowthSinceThePreviousSample) {
  QcnCongestionPoint cp(cp_params(20, 2));
  const std::vector<std::pair<std::int64_t, int>> samples = {{20, 25}, {30, 18}, {30, 6}, {25, 0},
                                                             {60, 63}, {40, 0},  {40, 12}};
  for (const auto& [q, fb] : samples) {
    EXPECT_EQ(cp.sample(q, 0).fb, fb) << "Q = " << q;
    EXPECT_EQ(cp.q_old(), q) << "Q_old moves at every sample, also one with Fb = 0";
  }
}

// CPC = 100: packets 100, 200, ... are samples, 10 in 1000, and the count starts again at each.
TEST(QcnCongestionPoint, OnlyEveryCpcthPacketIsASample) {
  QcnCongestionPoint cp(cp_params(20, 0, 100));
  std::vector<int> samples;
  for (int packet = 1; packet <= 1000; ++packet)
    if (cp.packet_arrived()) samples.push_back(packet);
  EXPECT_EQ(samples, (std::vector<int>{100, 200, 300, 400, 500, 600, 700, 800, 900, 1000}));
  EXPECT_EQ(cp.packets_since_sample(), 0);
  cp.packet_arrived();
  EXPECT_EQ(cp.packets_since_sample(), 1);
}

// %CNMs = s: a draw passes below ceil(s·2^32/100). Over 1000 draws spread evenly on the 32-bit range,
// draw i passes iff i·2^32/1000 < s·2^32/100, i.e. i < 10·s: exactly 10·s of them, s % (every sample here
// has Fb = 63: Q = 40 = 2·Q_eq). The edges at s = 30: ceil(30·2^32/100) = ceil(1288490188.8) = 1288490189.
TEST(QcnCongestionPoint, TheCnmShareIsExactOverASweepOfDraws) {
  for (int share : {0, 10, 30, 100}) {
    QcnCongestionPoint cp(cp_params(20, 0, 1, share));
    int sent = 0;
    for (int i = 0; i < 1000; ++i) {
      const QcnSample s = cp.sample(40, spread(static_cast<std::uint64_t>(i), 1000));
      EXPECT_EQ(s.fb, 63);
      sent += s.send_cnm ? 1 : 0;
    }
    EXPECT_EQ(sent, 10 * share) << "share " << share;
  }
  QcnCongestionPoint cp30(cp_params(20, 0, 1, 30));
  EXPECT_TRUE(cp30.sample(40, 1288490188u).send_cnm);
  EXPECT_FALSE(cp30.sample(40, 1288490189u).send_cnm);
  QcnCongestionPoint all(cp_params(20, 0, 1, 100));
  EXPECT_TRUE(all.sample(40, 0xFFFFFFFFu).send_cnm);
  QcnCongestionPoint none(cp_params(20, 0, 1, 0));
  EXPECT_FALSE(none.sample(40, 0).send_cnm);
}

// Fb = 0 sends nothing, whatever the draw: at Q <= Q_eq, and also just above it when the quantisation
// rounds to 0 (Q_eq = 100, Q = 101: fb = 1, floor(63/100) = 0).
TEST(QcnCongestionPoint, ZeroFeedbackSendsNoCnm) {
  QcnCongestionPoint cp(cp_params(20, 0, 1, 100));
  EXPECT_FALSE(cp.sample(20, 0).send_cnm);
  EXPECT_FALSE(cp.sample(5, 0).send_cnm);
  QcnCongestionPoint coarse(cp_params(100, 0, 1, 100));
  const QcnSample s = coarse.sample(101, 0);
  EXPECT_EQ(s.fb, 0);
  EXPECT_FALSE(s.send_cnm);
  EXPECT_TRUE(coarse.sample(102, 0).send_cnm);  // fb = 2: floor(126/100) = 1
}

// Arrival sampling names the newest packet (index n - 1); occupancy sampling floor(r·n/2^32): r = 0 -> 0,
// r = 2^31 with n = 10 -> 5, r = 2^32 - 1 -> 9; over 1000 evenly spread draws each of 10 packets 100 times.
TEST(QcnCongestionPoint, TheVictimIsTheArrivalOrAUniformPacketOfTheBuffer) {
  QcnCpParams arrival = cp_params(20, 0);
  arrival.sampling = QcnSampling::kArrival;
  EXPECT_EQ(QcnCongestionPoint(arrival).victim_index(12345u, 7), 6);
  QcnCpParams occupancy = cp_params(20, 0);
  occupancy.sampling = QcnSampling::kOccupancy;
  QcnCongestionPoint cp(occupancy);
  EXPECT_EQ(cp.victim_index(0u, 10), 0);
  EXPECT_EQ(cp.victim_index(0x80000000u, 10), 5);
  EXPECT_EQ(cp.victim_index(0xFFFFFFFFu, 10), 9);
  std::vector<int> hits(10, 0);
  for (std::uint64_t i = 0; i < 1000; ++i) ++hits[static_cast<std::size_t>(cp.victim_index(spread(i, 1000), 10))];
  EXPECT_EQ(hits, std::vector<int>(10, 100));
}

TEST(QcnCongestionPoint, RefusesParametersOutOfRange) {
  EXPECT_THROW(QcnCongestionPoint(cp_params(0, 0)), std::invalid_argument);
  EXPECT_THROW(QcnCongestionPoint(cp_params(20, -1)), std::invalid_argument);
  EXPECT_THROW(QcnCongestionPoint(cp_params(20, 0, 0)), std::invalid_argument);
  EXPECT_THROW(QcnCongestionPoint(cp_params(20, 0, 1, 101)), std::invalid_argument);
}

// ---- The reaction point (40 Gb/s, BC 150,000 bytes, F = 5, R_AI 5 Mb/s, Gd = 1/128) ----

constexpr std::int64_t kCycle = 150'000;

// CNM Fb = 63: TR = 40, CR = 40·(1 - 63/128) = 40·65/128 = 20.3125 Gb/s. Fast recovery halves the distance to
// TR = 40 each cycle: 30.15625, 35.078125, 37.5390625, 38.76953125, 39.384765625; cycle 6 is active
// increase: TR = min(40, 40.005) = 40 (the cap), CR = (39.384765625 + 40)/2 = 39.6923828125.
TEST(QcnReactionPoint, OneCnmThenFastRecoveryTowardsTheLineRate) {
  QcnReactionPoint rp(QcnRpParams{});
  EXPECT_FALSE(rp.limited());
  rp.cnm(63);
  EXPECT_DOUBLE_EQ(rp.rate(), 20.3125e9);
  EXPECT_DOUBLE_EQ(rp.target_rate(), 40e9);
  const std::vector<double> after = {30.15625e9,    35.078125e9,    37.5390625e9,
                                     38.76953125e9, 39.384765625e9, 39.6923828125e9};
  for (std::size_t c = 0; c < after.size(); ++c) {
    rp.sent(kCycle);
    EXPECT_EQ(rp.stage(), static_cast<int>(c + 1));
    EXPECT_DOUBLE_EQ(rp.rate(), after[c]) << "cycle " << c + 1;
    EXPECT_DOUBLE_EQ(rp.target_rate(), 40e9);
  }
  EXPECT_TRUE(rp.limited());
}

// Two CNMs Fb = 63 back to back: TR = 20.3125 Gb/s, CR = 20.3125·65/128 = 10.31494140625 Gb/s. Fast recovery
// (halving towards 20.3125): 15.313720703125, 17.8131103515625, 19.06280517578125, 19.687652587890625,
// 20.0000762939453125. Active increase, TR += 0.005 each cycle: cycle 6 TR = 20.3175,
// CR = (20.0000762939453125 + 20.3175)/2 = 20.15878814697265625; cycle 7 TR = 20.3225,
// CR = (20.15878814697265625 + 20.3225)/2 = 20.240644073486328125 (all exact in binary: /2^k).
TEST(QcnReactionPoint, TwoCnmsThenFastRecoveryThenActiveIncrease) {
  QcnReactionPoint rp(QcnRpParams{});
  rp.cnm(63);
  rp.cnm(63);
  EXPECT_DOUBLE_EQ(rp.target_rate(), 20.3125e9);
  EXPECT_DOUBLE_EQ(rp.rate(), 10314941406.25);
  const std::vector<double> rate = {15313720703.125, 17813110351.5625, 19062805175.78125, 19687652587.890625,
                                    20000076293.9453125, 20158788146.97265625, 20240644073.486328125};
  const std::vector<double> target = {20312500000, 20312500000, 20312500000, 20312500000,
                                      20312500000, 20317500000, 20322500000};
  for (std::size_t c = 0; c < rate.size(); ++c) {
    rp.sent(kCycle);
    EXPECT_DOUBLE_EQ(rp.rate(), rate[c]) << "cycle " << c + 1;
    EXPECT_DOUBLE_EQ(rp.target_rate(), target[c]) << "cycle " << c + 1;
  }
}

// A cycle is BC bytes, however they are split; one call may hold several; a CNM starts the count again
// (100,000 bytes, CNM, 100,000 bytes: still stage 0, since only 100,000 count after the CNM).
TEST(QcnReactionPoint, TheByteCounterCountsCyclesOfBcBytes) {
  QcnReactionPoint rp(QcnRpParams{});
  rp.sent(kCycle - 1);
  EXPECT_EQ(rp.stage(), 0);
  rp.sent(1);
  EXPECT_EQ(rp.stage(), 1);
  rp.sent(3 * kCycle);
  EXPECT_EQ(rp.stage(), 4);
  rp.sent(100'000);
  rp.cnm(10);
  EXPECT_EQ(rp.stage(), 0);
  rp.sent(100'000);
  EXPECT_EQ(rp.stage(), 0);
  rp.sent(50'000);
  EXPECT_EQ(rp.stage(), 1);
}

// Neither rate passes the line rate: with no CNM, cycles leave both at 40 Gb/s (TR + R_AI is capped); after a
// CNM, 200 cycles bring CR back to exactly 40 (the distance halves each cycle below a double's step).
TEST(QcnReactionPoint, TheLineRateCapsBothRates) {
  QcnReactionPoint rp(QcnRpParams{});
  rp.sent(20 * kCycle);
  EXPECT_DOUBLE_EQ(rp.rate(), 40e9);
  EXPECT_DOUBLE_EQ(rp.target_rate(), 40e9);
  rp.cnm(63);
  rp.sent(200 * kCycle);
  EXPECT_EQ(rp.rate(), 40e9);
  EXPECT_EQ(rp.target_rate(), 40e9);
  EXPECT_FALSE(rp.limited());
}

// Gd = 1/128: one CNM leaves at least 1 - 63/128 = 65/128 > 1/2 of the rate, for every Fb, decreasing in Fb
// (Fb = 0 keeps it); Fb = 64 is refused.
TEST(QcnReactionPoint, OneCnmAtMostHalvesTheRate) {
  double previous = 40e9;
  for (int fb = 0; fb <= 63; ++fb) {
    QcnReactionPoint rp(QcnRpParams{});
    rp.cnm(fb);
    EXPECT_DOUBLE_EQ(rp.rate(), 40e9 * (128 - fb) / 128) << "Fb " << fb;
    EXPECT_GT(rp.rate(), 20e9);
    EXPECT_LE(rp.rate(), previous);
    previous = rp.rate();
  }
  QcnReactionPoint rp(QcnRpParams{});
  EXPECT_THROW(rp.cnm(64), std::invalid_argument);
}

// Gd = 1/64: each CNM Fb = 63 leaves 1/64: 40 Gb/s -> 625 Mb/s -> 9.765625 Mb/s, below min_rate 10 Mb/s -> 10.
TEST(QcnReactionPoint, TheRateNeverFallsBelowTheMinimum) {
  QcnRpParams params;
  params.gd = 1.0 / 64;
  QcnReactionPoint rp(params);
  rp.cnm(63);
  EXPECT_DOUBLE_EQ(rp.rate(), 625e6);
  rp.cnm(63);
  EXPECT_DOUBLE_EQ(rp.rate(), 10e6);
  QcnRpParams stops = params;
  stops.gd = 1.0 / 63;  // Gd·63 = 1 would stop a source
  EXPECT_THROW(QcnReactionPoint{stops}, std::invalid_argument);
}

// The timer (T = 1 ms here; T/2 past fast recovery) recovers a rate whose byte counter barely runs. Two CNMs
// of Fb 63: TR = 20.3125 Gb/s, CR = 20.3125 (1 - 63/128) = 10.31494140625. Five timer cycles of 1 ms halve
// CR's distance to TR: 15.313720703125, 17.8131103515625, 19.06280517578125, 19.687652587890625,
// 20.0000762939453125. The sixth comes 0.5 ms later, past F: TR + R_AI = 20.3175, CR = 20.15878814697265625.
// With the byte counter past F as well (6 cycles of BC bytes), the timer's next cycle is hyper-active:
// TR += (min(6, 7) - 5) R_HAI = 50 Mb/s.
TEST(QcnReactionPoint, TheTimerRecoversTheRateAndWithTheByteCounterIncreasesHyperActively) {
  QcnRpParams params;
  params.timer = 1e-3;
  QcnReactionPoint rp(params);
  EXPECT_EQ(rp.timer_left(), std::numeric_limits<double>::infinity()) << "no timer at line rate";
  rp.cnm(63);
  rp.cnm(63);
  EXPECT_DOUBLE_EQ(rp.rate(), 10314941406.25);
  EXPECT_DOUBLE_EQ(rp.timer_left(), 1e-3);
  rp.elapse(0.4e-3);
  EXPECT_DOUBLE_EQ(rp.rate(), 10314941406.25) << "no cycle ended";
  rp.elapse(0.6e-3);
  EXPECT_DOUBLE_EQ(rp.rate(), 15313720703.125);
  rp.elapse(4e-3);  // four more cycles at once
  EXPECT_DOUBLE_EQ(rp.rate(), 20000076293.9453125);
  EXPECT_DOUBLE_EQ(rp.target_rate(), 20.3125e9);
  EXPECT_DOUBLE_EQ(rp.timer_left(), 0.5e-3) << "past fast recovery the cycle is T/2";
  rp.elapse(0.5e-3);
  EXPECT_DOUBLE_EQ(rp.target_rate(), 20.3175e9);
  EXPECT_DOUBLE_EQ(rp.rate(), 20158788146.97265625);
  // Six byte-counter cycles (each an increase of its own, active past F), then the timer's seventh.
  for (int c = 0; c < 6; ++c) rp.sent(params.byte_counter);
  EXPECT_EQ(rp.stage(), 6);
  double tr = rp.target_rate(), cr = rp.rate();
  rp.elapse(0.5e-3);
  tr += 50e6;
  cr = (cr + tr) / 2;
  EXPECT_DOUBLE_EQ(rp.target_rate(), tr);
  EXPECT_DOUBLE_EQ(rp.rate(), cr);
}

// ---- QCN-Switch's probabilities (P in 7.9 fixed point: 512 = 1 %, 51200 = 100 %) ----

QcnSwitchParams switch_params(QcnSwitchVariant variant, int lf_den = 64) {
  QcnSwitchParams p;
  p.variant = variant;
  p.lf_den = lf_den;
  return p;
}
constexpr std::int32_t pct(int percent) { return percent * kQcnOnePercent; }

// Q11: L_f = 1/128 gives R in [0.508, 1]: from 100 %, Fb = 63 decreases by floor(51200·63/128) = 25200 to
// 26000 = 51200·65/128 (R = 0.5078125), Fb = 0 keeps 51200 (R = 1), and R does not grow with Fb.
// Thesis A13: L_f = 1/64 and Fb = 63 leave P·1/64: 51200 - floor(51200·63/64) = 51200 - 50400 = 800.
TEST(QcnSwitchProbabilities, Q11ReductionFactorRange) {
  std::int32_t previous = kQcnFullProbability;
  for (int fb = 0; fb <= 63; ++fb) {
    QcnSwitchProbabilities t(switch_params(QcnSwitchVariant::kBase, 128), {true});
    t.cnm_received(0, fb);
    EXPECT_LE(t.probability(0), previous);
    EXPECT_GE(t.probability(0), 26000);
    previous = t.probability(0);
    if (fb == 0) {
      EXPECT_EQ(t.probability(0), kQcnFullProbability);
    }
  }
  EXPECT_EQ(previous, 26000);
  QcnSwitchProbabilities t(switch_params(QcnSwitchVariant::kBase, 64), {true});
  t.cnm_received(0, 63);
  EXPECT_EQ(t.probability(0), 800);
}

// Base, L_f = 1/64, PC_l = 100, PI = 1 % (512), port 1 transit (port 0 a terminal):
//   CNM Fb 32: 51200 - floor(51200·32/64 = 25600) = 25600 (50 %)
//   99 packets: 25600; the 100th: 26112 (51 %)
//   50 packets, CNM Fb 0: P stays, the count starts again: 99 more packets leave 26112, the 100th 26624 (52 %)
//   CNM Fb 63: 26624 - floor(26624·63/64 = 26208) = 416 (0.8125 %): not minimal even at N = 1 (512 > 416)
//   CNM Fb 1: 416 - floor(416/64 = 6.5) = 410 (the decrement rounds down)
//   100 packets: 922: minimal at N = 1 (512 <= 922), not at N = 2 (1024 > 922)
TEST(QcnSwitchProbabilities, BaseDecreasesOnCnmsAndRecoversEveryPcPackets) {
  QcnSwitchProbabilities t(switch_params(QcnSwitchVariant::kBase), {false, true});
  EXPECT_EQ(t.probability(1), kQcnFullProbability);
  t.cnm_received(1, 32);
  EXPECT_EQ(t.probability(1), 25600);
  for (int i = 0; i < 99; ++i) t.packet_sent(1);
  EXPECT_EQ(t.probability(1), 25600);
  EXPECT_EQ(t.packets_since_cnm(1), 99);
  t.packet_sent(1);
  EXPECT_EQ(t.probability(1), 26112);
  EXPECT_EQ(t.packets_since_cnm(1), 0);
  for (int i = 0; i < 50; ++i) t.packet_sent(1);
  t.cnm_received(1, 0);
  EXPECT_EQ(t.probability(1), 26112);
  EXPECT_EQ(t.packets_since_cnm(1), 0);
  for (int i = 0; i < 99; ++i) t.packet_sent(1);
  EXPECT_EQ(t.probability(1), 26112);
  t.packet_sent(1);
  EXPECT_EQ(t.probability(1), 26624);
  t.cnm_received(1, 63);
  EXPECT_EQ(t.probability(1), 416);
  EXPECT_FALSE(t.takes_minimal(1, 1));
  t.cnm_received(1, 1);
  EXPECT_EQ(t.probability(1), 410);
  for (int i = 0; i < 100; ++i) t.packet_sent(1);
  EXPECT_EQ(t.probability(1), 922);
  EXPECT_TRUE(t.takes_minimal(1, 1));
  EXPECT_FALSE(t.takes_minimal(1, 2));
  // A terminal port counts nothing and is always minimal.
  for (int i = 0; i < 100; ++i) t.packet_sent(0);
  EXPECT_EQ(t.packets_since_cnm(0), 0);
  EXPECT_TRUE(t.takes_minimal(0, 100));
}

// The increase stops at 100 % (51000 + 512 -> 51200, and 100 % stays), and the floor P_min holds
// (P_min = 10 %: Fb 63 would leave 800, the floor keeps 5120).
TEST(QcnSwitchProbabilities, PStaysBetweenTheFloorAndOneHundredPercent) {
  QcnSwitchParams params = switch_params(QcnSwitchVariant::kBase);
  params.p_min = pct(10);
  QcnSwitchProbabilities t(params, {true, true});
  for (int i = 0; i < 100; ++i) t.packet_sent(0);
  EXPECT_EQ(t.probability(0), kQcnFullProbability);
  t.set_probability(1, 51000);
  for (int i = 0; i < 100; ++i) t.packet_sent(1);
  EXPECT_EQ(t.probability(1), kQcnFullProbability);
  t.cnm_received(0, 63);
  EXPECT_EQ(t.probability(0), pct(10));
}

// Source processing applies the CNM the switch's own congestion point sent exactly as one received through
// that port: the same P and the same restarted count.
TEST(QcnSwitchProbabilities, LocalCnmIsAReceivedCnmsDecrease) {
  QcnSwitchProbabilities received(switch_params(QcnSwitchVariant::kSource), {true, true});
  QcnSwitchProbabilities local(switch_params(QcnSwitchVariant::kSource), {true, true});
  for (int i = 0; i < 40; ++i) {
    received.packet_sent(1);
    local.packet_sent(1);
  }
  received.cnm_received(1, 32);
  local.local_cnm(1, 32);
  EXPECT_EQ(local.probability(1), 25600);  // as in the base test: 51200 - 25600
  EXPECT_EQ(local.probability(1), received.probability(1));
  EXPECT_EQ(local.packets_since_cnm(1), 0);
  EXPECT_EQ(local.probability(0), kQcnFullProbability);
}

// Compare, L_f = 1/64, Th1 = 0, Th2 = 30, three transit ports 1..3 (port 0 a terminal), LastFb all 0 at first.
// Tests T·Fb against sum + T·Th2 (decrease) and sum + T·Th1 (increase), T = 3:
//   port 1 Fb 60: LastFb {60, 0, 0}, sum 60, avg 20: 180 > 60 + 90 -> decrease by Fb - avg = 40:
//                 51200 - floor(51200·120/(3·64) = 32000) = 19200 (37.5 %)
//   port 2 Fb 60: {60, 60, 0}, sum 120, avg 40: 180 > 210? no; 180 <= 120? no -> no change (the thesis'
//                 example: Fb 60, avg 40, Th2 30)
//   port 3 Fb 60: {60, 60, 60}, avg 60: 180 <= 180 -> increase, capped: 51200
//   port 1 Fb 60: avg 60 -> increase: 19200 + 512 = 19712 (Fig. 6: under uniform Fb, P stays high)
//   port 1 Fb 63: {63, 60, 60}, sum 183: 189 > 273? no; 189 <= 183? no -> no change
TEST(QcnSwitchProbabilities, CompareLeavesPHighUnderUniformFeedback) {
  QcnSwitchProbabilities t(switch_params(QcnSwitchVariant::kCompare), {false, true, true, true});
  EXPECT_EQ(t.transit_ports(), 3);
  t.cnm_received(1, 60);
  EXPECT_EQ(t.probability(1), 19200);
  t.cnm_received(2, 60);
  EXPECT_EQ(t.probability(2), kQcnFullProbability);
  t.cnm_received(3, 60);
  EXPECT_EQ(t.probability(3), kQcnFullProbability);
  EXPECT_EQ(t.last_fb_sum(), 180);
  t.cnm_received(1, 60);
  EXPECT_EQ(t.probability(1), 19712);
  t.cnm_received(1, 63);
  EXPECT_EQ(t.probability(1), 19712);
  EXPECT_EQ(t.last_fb(1), 63);
  EXPECT_EQ(t.last_fb_sum(), 183);
}

// Compare, one port standing out (Fig. 6): ports 2 and 3 report Fb 10 (sum 10, then 20: 30 > 100? 30 <= 10?
// then 30 > 110? 30 <= 20? both no change), then port 1 Fb 63: sum 83, avg 27.67: 189 > 83 + 90 = 173 ->
// decrease by (189 - 83)/3 = 35.33: 51200 - floor(51200·106/192 = 28266.67) = 22934 (the exact 22933.33
// rounded up, as the decrement rounds down).
TEST(QcnSwitchProbabilities, CompareDropsThePortThatStandsOut) {
  QcnSwitchProbabilities t(switch_params(QcnSwitchVariant::kCompare), {false, true, true, true});
  t.cnm_received(2, 10);
  t.cnm_received(3, 10);
  EXPECT_EQ(t.probability(2), kQcnFullProbability);
  EXPECT_EQ(t.probability(3), kQcnFullProbability);
  t.cnm_received(1, 63);
  EXPECT_EQ(t.probability(1), 22934);
}

// The thesis' vector (seed-002 §1.7): Th2 = 30, Fb 60 with avg 25 -> P·(1 - 35/64). Four transit ports 0..3:
//   port 1 Fb 40: {0, 40, 0, 0}, sum 40: 160 > 40 + 120 = 160? no (strict: Fb = avg + Th2 exactly, where the
//                 thesis' >= would decrease); 160 <= 40? no -> no change
//   port 0 Fb 60: {60, 40, 0, 0}, sum 100, avg 25: 240 > 220 -> by 35: 51200 - floor(51200·140/256 = 28000)
//                 = 23200 = 51200·29/64
//   60 packets on port 0, then port 0 Fb 50: sum 90: 200 > 210? no; 200 <= 90? no -> no change, but the count
//                 starts again: 99 packets leave 23200, the 100th 23712
TEST(QcnSwitchProbabilities, CompareThesisVectorAndTheBandRestartsTheCount) {
  QcnSwitchProbabilities t(switch_params(QcnSwitchVariant::kCompare), {true, true, true, true});
  t.cnm_received(1, 40);
  EXPECT_EQ(t.probability(1), kQcnFullProbability);
  t.cnm_received(0, 60);
  EXPECT_EQ(t.probability(0), 23200);
  for (int i = 0; i < 60; ++i) t.packet_sent(0);
  t.cnm_received(0, 50);
  EXPECT_EQ(t.probability(0), 23200);
  EXPECT_EQ(t.packets_since_cnm(0), 0);
  for (int i = 0; i < 99; ++i) t.packet_sent(0);
  EXPECT_EQ(t.probability(0), 23200);
  t.packet_sent(0);
  EXPECT_EQ(t.probability(0), 23712);
}

// Thesis Fig. 4-10: ports 1-2 hosts, 3-5 local, 6-7 global (port 0 unused); P = {3: 95, 4: 92, 5: 10, 6: 90,
// 7: 75} %; N = 77 disables the minimal rules of ports 5 and 7 (77 > 10, 77 > 75), keeps 3, 4 and 6; a host
// port has one rule. At P = 75 %, N = 75 is minimal and N = 76 is not (disabled when N > P).
TEST(QcnSwitchProbabilities, Fig4_10RulesDisabledWhenNExceedsP) {
  QcnSwitchProbabilities t(switch_params(QcnSwitchVariant::kCompare), {false, false, false, true, true, true, true, true});
  const std::vector<std::pair<int, int>> table = {{3, 95}, {4, 92}, {5, 10}, {6, 90}, {7, 75}};
  for (const auto& [port, percent] : table) t.set_probability(port, pct(percent));
  EXPECT_TRUE(t.takes_minimal(3, 77));
  EXPECT_TRUE(t.takes_minimal(4, 77));
  EXPECT_FALSE(t.takes_minimal(5, 77));
  EXPECT_TRUE(t.takes_minimal(6, 77));
  EXPECT_FALSE(t.takes_minimal(7, 77));
  EXPECT_TRUE(t.takes_minimal(1, 77));
  EXPECT_TRUE(t.takes_minimal(7, 75));
  EXPECT_FALSE(t.takes_minimal(7, 76));
}

// N = 1 + floor(r·100/2^32): r = 0 -> 1, r = 2^32 - 1 -> 100; 10,000 evenly spread draws give each N 100 times.
TEST(QcnSwitchProbabilities, DrawNIsUniformOverOneToOneHundred) {
  EXPECT_EQ(QcnSwitchProbabilities::draw_n(0u), 1);
  EXPECT_EQ(QcnSwitchProbabilities::draw_n(0xFFFFFFFFu), 100);
  std::vector<int> hits(101, 0);
  for (std::uint64_t i = 0; i < 10000; ++i)
    ++hits[static_cast<std::size_t>(QcnSwitchProbabilities::draw_n(spread(i, 10000)))];
  EXPECT_EQ(hits[0], 0);
  for (int n = 1; n <= 100; ++n) EXPECT_EQ(hits[static_cast<std::size_t>(n)], 100) << "N = " << n;
}

TEST(QcnSwitchProbabilities, RefusesBadCnmsAndParameters) {
  QcnSwitchProbabilities t(switch_params(QcnSwitchVariant::kBase), {false, true});
  EXPECT_THROW(t.cnm_received(0, 10), std::logic_error);  // a terminal port
  EXPECT_THROW(t.cnm_received(1, 64), std::logic_error);
  QcnSwitchParams bad = switch_params(QcnSwitchVariant::kCompare);
  bad.th1 = 40;  // above Th2 = 30
  EXPECT_THROW(QcnSwitchProbabilities(bad, {true}), std::invalid_argument);
  bad = switch_params(QcnSwitchVariant::kBase);
  bad.pc_l = 0;
  EXPECT_THROW(QcnSwitchProbabilities(bad, {true}), std::invalid_argument);
}

}  // namespace
