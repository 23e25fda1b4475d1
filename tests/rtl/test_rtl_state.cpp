// The contention mechanisms' state blocks (rtl/hiradix_{base,ectn,pb}_state.v), Verilated, against
// hand-computed cases and against small reference models written here from the specs (seed-003 §1.3,
// §1.5, §6; seed-000 §3.6 Eq. 2-2).
#include <gtest/gtest.h>

#include <array>
#include <cstdint>
#include <map>
#include <vector>

#include "Vbase_small.h"
#include "Vectn_small.h"
#include "Vpb_h1.h"
#include "Vpb_h3.h"
#include "router/common/rng.h"
#include "router/rtl/verilated_bits.h"

using namespace hiradix;
using namespace hiradix::verilated;

namespace {

// ---------------------------------------------------------------------------------------------------------
// Base: hiradix_base_state with its defaults PI 2, PL 3, PG 2, VI 2, VL 2, VG 1 (tests/rtl/CMakeLists.txt):
// K = 7 ports (PW 3), V = 12 input VCs (VW 1), counters CW = 4 bits.
constexpr int kBK = 7, kBPW = 3, kBVW = 1, kBCW = 4, kBV = 12;
int base_vcs(int port) { return port < 2 ? 2 : port < 5 ? 2 : 1; }

void base_head(Vbase_small& m, int port, int vc, int min_port) {
  set_bits(m.head, port, 1, 1);
  set_bits(m.head_vc, port * kBVW, kBVW, static_cast<std::uint64_t>(vc));
  set_bits(m.head_port, port * kBPW, kBPW, static_cast<std::uint64_t>(min_port));
}
void base_tail(Vbase_small& m, int port, int vc) {
  set_bits(m.tail, port, 1, 1);
  set_bits(m.tail_vc, port * kBVW, kBVW, static_cast<std::uint64_t>(vc));
}
void base_idle(Vbase_small& m) { m.head = m.tail = 0; }
int base_count(const Vbase_small& m, int port) { return static_cast<int>(get_bits(m.count, port * kBCW, kBCW)); }

// The tail decrements the counter its head incremented, whatever port the packet left on (§1.3); a tail
// without a counted head changes nothing; a head and the previous tail on one VC in the same cycle move
// the count from the old minimal port to the new one.
TEST(RtlBaseState, TailDecrementsTheCounterItsHeadIncremented) {
  Vbase_small m;
  reset(m);
  base_idle(m);
  base_head(m, 0, 1, 5);  // injection port 0, VC 1: minimal output 5
  base_head(m, 3, 0, 5);  // local port 3, VC 0: also 5
  clock(m);
  base_idle(m);
  EXPECT_EQ(base_count(m, 5), 2);
  EXPECT_EQ(get_bits(m.tag_valid, 1, 1), 1u);        // (0, 1) -> flat 1
  EXPECT_EQ(get_bits(m.tag_valid, 4 + 2, 1), 1u);    // (3, 0) -> 2*2 + (3-2)*2 + 0 = 6
  base_tail(m, 0, 1);  // left (the model does not say where): counter 5 again
  clock(m);
  base_idle(m);
  EXPECT_EQ(base_count(m, 5), 1);
  EXPECT_EQ(get_bits(m.tag_valid, 1, 1), 0u);
  base_tail(m, 0, 1);  // no packet counted there any more
  clock(m);
  base_idle(m);
  EXPECT_EQ(base_count(m, 5), 1);
  base_tail(m, 3, 0);
  base_head(m, 3, 0, 2);  // the next header of that VC, minimal output 2
  clock(m);
  base_idle(m);
  EXPECT_EQ(base_count(m, 5), 0);
  EXPECT_EQ(base_count(m, 2), 1);
  base_head(m, 6, 0, 6);  // global port 6, the second global port (one VC): flat index 2*2 + 3*2 + 1 = 11
  clock(m);
  EXPECT_EQ(base_count(m, 6), 1);
  EXPECT_EQ(get_bits(m.tag_valid, 11, 1), 1u);
  EXPECT_EQ(get_bits(m.tag_valid, 10, 1), 0u);
}

// Random protocol-correct head/tail streams against a model of §1.3: a map VC -> counted port.
TEST(RtlBaseState, MatchesTheCounterModelOnRandomEvents) {
  Vbase_small m;
  reset(m);
  Rng rng(21, 1);
  std::map<std::pair<int, int>, int> tag;  // (port, vc) -> minimal port counted
  std::array<int, kBK> count{};
  for (int cycle = 0; cycle < 20000; ++cycle) {
    base_idle(m);
    for (int port = 0; port < kBK; ++port) {
      const int tvc = static_cast<int>(rng.below(static_cast<std::uint32_t>(base_vcs(port))));
      const int hvc = static_cast<int>(rng.below(static_cast<std::uint32_t>(base_vcs(port))));
      const bool tail = rng.below(3) == 0, head = rng.below(3) == 0;
      if (tail) {
        base_tail(m, port, tvc);
        auto it = tag.find({port, tvc});
        if (it != tag.end()) {
          --count[static_cast<std::size_t>(it->second)];
          tag.erase(it);
        }
      }
      if (head && !tag.count({port, hvc})) {  // a head only where no packet is counted (after its tail)
        const int out = static_cast<int>(rng.below(kBK));
        base_head(m, port, hvc, out);
        tag[{port, hvc}] = out;
        ++count[static_cast<std::size_t>(out)];
      }
    }
    clock(m);
    int total = 0;
    for (int o = 0; o < kBK; ++o) {
      ASSERT_EQ(base_count(m, o), count[static_cast<std::size_t>(o)]) << "cycle " << cycle << " port " << o;
      total += count[static_cast<std::size_t>(o)];
    }
    ASSERT_LE(total, kBV) << "each VC counts at most once";
    ASSERT_EQ(static_cast<int>(tag.size()), total);
  }
}

// ---------------------------------------------------------------------------------------------------------
// ECtN: hiradix_ectn_state with PI 2, PG 2, A 4, VI 2, VG 1, X 1, PERIOD 10, CHUNK_W 6, SAT_W 2
// (tests/rtl/CMakeLists.txt): L = 8 links (LW 3), NE = 4 lanes (VW 1), NV = 6 (OW 3), payload 16 bits in
// 3 chunks (CIW 2), combined sums SW = 4 bits. SAT_W = 2 so that saturation (at 3) shows in a small block.
constexpr int kEL = 8, kELW = 3, kEVW = 1, kEOW = 3, kECH = 6, kECIW = 2, kESW = 4, kEA = 4, kEPG = 2, kEX = 1;
constexpr int kEPeriod = 10, kENChunk = 3, kESat = 3;

void ectn_idle(Vectn_small& m) { m.head = m.tail = m.head_remote = 0; m.rx_valid = 0; }
void ectn_head(Vectn_small& m, int lane, int vc, bool remote, int link) {
  set_bits(m.head, lane, 1, 1);
  set_bits(m.head_remote, lane, 1, remote);
  set_bits(m.head_vc, lane * kEVW, kEVW, static_cast<std::uint64_t>(vc));
  set_bits(m.head_link, lane * kELW, kELW, static_cast<std::uint64_t>(link));
}
void ectn_tail(Vectn_small& m, int lane, int vc) {
  set_bits(m.tail, lane, 1, 1);
  set_bits(m.tail_vc, lane * kEVW, kEVW, static_cast<std::uint64_t>(vc));
}
void ectn_rx(Vectn_small& m, int lane, int chunk, std::uint64_t data) {
  set_bits(m.rx_valid, lane, 1, 1);
  set_bits(m.rx_chunk, lane * kECIW, kECIW, static_cast<std::uint64_t>(chunk));
  set_bits(m.rx_data, lane * kECH, kECH, data);
}
int own(const Vectn_small& m, int link) { return static_cast<int>(get_bits(m.partial, link * kEOW, kEOW)); }
int lookup(Vectn_small& m, int link) {
  m.lookup_link = static_cast<std::uint8_t>(link);
  m.eval();
  return static_cast<int>(m.lookup_sum);
}

// Heads of injection and global-input packets bound for remote groups count on their link; local ones
// (head_remote clear) do not; the tail decrements the tagged link.
TEST(RtlEctnState, OwnPartialArrayCountsRemoteBoundHeadsUntilTheirTails) {
  Vectn_small m;
  reset(m);
  ectn_idle(m);
  ectn_head(m, 0, 1, true, 5);   // injection lane 0, VC 1, towards link 5
  ectn_head(m, 2, 0, true, 5);   // global input lane 2 (global port 0), VC 0, link 5
  ectn_head(m, 3, 0, false, 6);  // global input bound for this group: not counted
  clock(m);
  ectn_idle(m);
  EXPECT_EQ(own(m, 5), 2);
  EXPECT_EQ(own(m, 6), 0);
  ectn_tail(m, 3, 0);  // the uncounted one leaves: nothing
  ectn_tail(m, 0, 1);
  clock(m);
  ectn_idle(m);
  EXPECT_EQ(own(m, 5), 1);
  ectn_tail(m, 2, 0);
  ectn_head(m, 2, 0, true, 7);  // same VC, next packet, same cycle
  clock(m);
  EXPECT_EQ(own(m, 5), 0);
  EXPECT_EQ(own(m, 7), 1);
}

// The broadcast: in cycles 0..2 of every 10-cycle period, chunk c = bits [6c, 6c+6) of the own array
// saturated to 2 bits per link (counter l at bits [2l, 2l+2)); nothing in the other cycles.
TEST(RtlEctnState, BroadcastsTheSaturatedArrayInChunksEveryPeriod) {
  Vectn_small m;
  reset(m);  // the block is now in cycle 0 of a period
  ectn_idle(m);
  // 4 heads on link 3 (VCs of lanes 0, 1, 2 and 0), 1 on link 7.
  ectn_head(m, 0, 0, true, 3);
  ectn_head(m, 1, 0, true, 3);
  ectn_head(m, 2, 0, true, 3);
  ectn_head(m, 3, 0, true, 7);
  clock(m);  // cycle 1
  ectn_idle(m);
  ectn_head(m, 0, 1, true, 3);
  clock(m);  // cycle 2
  ectn_idle(m);
  m.eval();
  ASSERT_EQ(own(m, 3), 4);
  ASSERT_EQ(own(m, 7), 1);
  // Payload: link 3 saturated to 3 at bits 6-7, link 7 = 1 at bits 14-15.
  const std::uint64_t payload = 3ull << 6 | 1ull << 14;
  std::vector<int> seen;
  for (int cycle = 2; cycle < 2 + 2 * kEPeriod; ++cycle) {
    m.eval();
    const int phase = cycle % kEPeriod;
    ASSERT_EQ(m.tx_valid, phase < kENChunk) << "cycle " << cycle;
    if (m.tx_valid) {
      ASSERT_EQ(m.tx_chunk, phase);
      EXPECT_EQ(get_bits(m.tx_data, 0, kECH), (payload >> (kECH * phase)) & 63u) << "chunk " << phase;
      seen.push_back(phase);
    }
    clock(m);
  }
  EXPECT_EQ(seen, (std::vector<int>{2, 0, 1, 2, 0, 1}));
}

// Received chunks overwrite their bits of the sender's slot; the combined counter of a link is the
// saturated own value plus the three slots' values; the candidate sums are those of the router's own
// global links X * PG + k = 2, 3.
TEST(RtlEctnState, CombinedCountersSumOwnAndReceivedArrays) {
  Vectn_small m;
  reset(m);
  ectn_idle(m);
  ectn_head(m, 0, 0, true, 2);  // own: link 2 = 1
  // Slot 0: chunk 0 carries links 0-2 (2 bits each): link 2 = 3, link 1 = 2. Slot 2: chunk 1 (links
  // 3-5): link 3 = 1. Slot 1: chunk 2 (links 6-7, 4 bits): link 7 = 2.
  ectn_rx(m, 0, 0, 3u << 4 | 2u << 2);
  ectn_rx(m, 2, 1, 1u);
  ectn_rx(m, 1, 2, 2u << 2);
  clock(m);
  ectn_idle(m);
  EXPECT_EQ(lookup(m, 2), 1 + 3);
  EXPECT_EQ(lookup(m, 1), 2);
  EXPECT_EQ(lookup(m, 3), 1);
  EXPECT_EQ(lookup(m, 7), 2);
  EXPECT_EQ(lookup(m, 0), 0);
  EXPECT_EQ(get_bits(m.cand_sum, 0, kESW), 4u);  // link X*PG + 0 = 2
  EXPECT_EQ(get_bits(m.cand_sum, kESW, kESW), 1u);  // link 3
  // A new chunk 0 from slot 0 overwrites links 0-2 of that slot only.
  ectn_rx(m, 0, 0, 1u << 4);
  clock(m);
  ectn_idle(m);
  EXPECT_EQ(lookup(m, 2), 1 + 1);
  EXPECT_EQ(lookup(m, 1), 0);
  EXPECT_EQ(lookup(m, 3), 1) << "slot 2 keeps its value";
}

// Random events, receptions and lookups against a model of §1.5 with the block's parameters.
TEST(RtlEctnState, MatchesTheModelOnRandomTraffic) {
  Vectn_small m;
  reset(m);
  Rng rng(33, 2);
  std::map<std::pair<int, int>, int> tag;
  std::array<int, kEL> own_model{};
  std::array<std::array<int, kEL>, kEA - 1> slot{};
  const auto sat = [](int v) { return v > kESat ? kESat : v; };
  for (int cycle = 0; cycle < 5000; ++cycle) {  // the reset leaves the block in cycle 0 of a period
    ectn_idle(m);
    m.eval();
    // Broadcast matches the model's array as it is now.
    ASSERT_EQ(m.tx_valid, cycle % kEPeriod < kENChunk);
    if (m.tx_valid)
      for (int l = 0; l < kEL; ++l)
        if (l * 2 / kECH == m.tx_chunk)
          ASSERT_EQ(get_bits(m.tx_data, (l * 2) % kECH, 2), static_cast<std::uint64_t>(sat(own_model[l]))) << "cycle " << cycle;
    for (int lane = 0; lane < 4; ++lane) {
      const int vcs = lane < 2 ? 2 : 1;
      const int tvc = static_cast<int>(rng.below(static_cast<std::uint32_t>(vcs)));
      const int hvc = static_cast<int>(rng.below(static_cast<std::uint32_t>(vcs)));
      if (rng.below(3) == 0) {
        ectn_tail(m, lane, tvc);
        auto it = tag.find({lane, tvc});
        if (it != tag.end()) {
          --own_model[static_cast<std::size_t>(it->second)];
          tag.erase(it);
        }
      }
      if (rng.below(3) == 0 && !tag.count({lane, hvc})) {
        const bool remote = rng.below(4) != 0;
        const int link = static_cast<int>(rng.below(kEL));
        ectn_head(m, lane, hvc, remote, link);
        if (remote) {
          tag[{lane, hvc}] = link;
          ++own_model[static_cast<std::size_t>(link)];
        }
      }
    }
    for (int j = 0; j < kEA - 1; ++j) {
      if (rng.below(4) != 0) continue;
      const int chunk = static_cast<int>(rng.below(kENChunk));
      const std::uint64_t data = rng.next() & 63u;
      ectn_rx(m, j, chunk, data);
      for (int l = 0; l < kEL; ++l)
        if (l * 2 / kECH == chunk) slot[static_cast<std::size_t>(j)][static_cast<std::size_t>(l)] = static_cast<int>((data >> ((l * 2) % kECH)) & 3u);
    }
    clock(m);
    for (int l = 0; l < kEL; ++l) {
      ASSERT_EQ(own(m, l), own_model[static_cast<std::size_t>(l)]) << "cycle " << cycle << " link " << l;
      int combined = sat(own_model[static_cast<std::size_t>(l)]);
      for (int j = 0; j < kEA - 1; ++j) combined += slot[static_cast<std::size_t>(j)][static_cast<std::size_t>(l)];
      ASSERT_EQ(lookup(m, l), combined) << "cycle " << cycle << " link " << l;
      if (l / kEPG == kEX) ASSERT_EQ(get_bits(m.cand_sum, (l % kEPG) * kESW, kESW), static_cast<std::uint64_t>(combined));
    }
  }
}

// ---------------------------------------------------------------------------------------------------------
// PB: hiradix_pb_state, QW 12, F = 6/5, T = 5; H 3, A 3 (Vpb_h3) and H 1, A 2 (Vpb_h1).

void set_q(Vpb_h3& m, std::array<int, 3> q) {
  for (int g = 0; g < 3; ++g) set_bits(m.q, g * 12, 12, static_cast<std::uint64_t>(q[static_cast<std::size_t>(g)]));
}

// Eq. 2-2 by hand: C = Q > 1.2 * mean(other global channels) + 5, registered on the clock.
TEST(RtlPbState, FlagsFollowEquation2Dash2AtItsBoundary) {
  Vpb_h3 m;
  reset(m);
  m.rx_valid = 0;
  // Others 10 and 10: mean 10, bound 1.2 * 10 + 5 = 17: 17 is not congested, 18 is.
  set_q(m, {17, 10, 10});
  clock(m);
  EXPECT_EQ(m.flags, 0u);
  set_q(m, {18, 10, 10});
  m.eval();
  EXPECT_EQ(m.flags, 0u) << "registered: the flags change on the clock";
  clock(m);
  EXPECT_EQ(m.flags, 1u);
  // Others 10 and 11: mean 10.5, bound 17.6: 17 no, 18 yes (exact, no rounding of F or the mean).
  set_q(m, {17, 10, 11});
  clock(m);
  EXPECT_EQ(m.flags & 1u, 0u);
  set_q(m, {18, 10, 11});
  clock(m);
  EXPECT_EQ(m.flags & 1u, 1u);
  // 100 against 10, 10: channel 0 congested; channel 1's bound is 1.2 * 55 + 5 = 71: not; likewise 2.
  set_q(m, {100, 10, 10});
  clock(m);
  EXPECT_EQ(m.flags, 1u);
  EXPECT_EQ(m.tx_flags, 1u);
  // All equal: Q > 1.2 Q + 5 never holds.
  set_q(m, {4000, 4000, 4000});
  clock(m);
  EXPECT_EQ(m.flags, 0u);
  // Two idle channels and one at 6: 6 > 0 + 5.
  set_q(m, {0, 6, 0});
  clock(m);
  EXPECT_EQ(m.flags, 2u);
}

TEST(RtlPbState, ReceivedFlagVectorsAreOverwrittenPerSender) {
  Vpb_h3 m;
  reset(m);
  set_q(m, {0, 0, 0});
  m.rx_valid = 0b11;
  m.rx_flags = 0b101 | 0b010 << 3;
  clock(m);
  EXPECT_EQ(m.group_flags, 0b010101u);
  m.rx_valid = 0b10;
  m.rx_flags = 0b111 | 0b001 << 3;  // only slot 1 is written
  clock(m);
  EXPECT_EQ(m.group_flags, 0b001101u);
  m.rx_valid = 0;
  m.rx_flags = 0;
  clock(m);
  EXPECT_EQ(m.group_flags, 0b001101u) << "kept without a new vector";
}

// One global channel has no others to compare with: C = Q > T.
TEST(RtlPbState, OneGlobalChannelComparesWithTOnly) {
  Vpb_h1 m;
  reset(m);
  m.rx_valid = 0;
  m.q = 5;
  clock(m);
  EXPECT_EQ(m.flags, 0u);
  m.q = 6;
  clock(m);
  EXPECT_EQ(m.flags, 1u);
}

// Random occupancies against Eq. 2-2 in exact rational arithmetic: Q > (6/5) * S / (H-1) + 5.
TEST(RtlPbState, MatchesEquation2Dash2OnRandomOccupancies) {
  Vpb_h3 m;
  reset(m);
  m.rx_valid = 0;
  Rng rng(8, 3);
  for (int i = 0; i < 20000; ++i) {
    const std::uint32_t top = (i & 1) ? 4096 : 40;
    const std::array<int, 3> q = {static_cast<int>(rng.below(top)), static_cast<int>(rng.below(top)), static_cast<int>(rng.below(top))};
    set_q(m, q);
    clock(m);
    for (int g = 0; g < 3; ++g) {
      const long long s = q[0] + q[1] + q[2] - q[static_cast<std::size_t>(g)];
      // Q > 6 S / (5 * 2) + 5  <=>  10 Q > 6 S + 50
      const bool want = 10LL * q[static_cast<std::size_t>(g)] > 6 * s + 50;
      ASSERT_EQ((m.flags >> g) & 1u, want ? 1u : 0u) << q[0] << " " << q[1] << " " << q[2] << " channel " << g;
    }
  }
}

}  // namespace
