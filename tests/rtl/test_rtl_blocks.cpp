// The Verilated RTL blocks (rtl/) against the C++ model: round-robin pick and arbiter, the separable
// input-first allocator (one allocation round per clock, pointers included) against SwitchAllocator, and
// the contention counter bank against ContentionCounters. No SystemC simulation runs; the C++ blocks are
// sc_modules, so each comparison constructs them in a forked child (test::in_child).
#include <gtest/gtest.h>

#include <cstdint>
#include <string>
#include <type_traits>
#include <vector>

#include "Valloc_p15v4.h"
#include "Valloc_p15v4_transit.h"
#include "Valloc_p23v2.h"
#include "Valloc_p3v1.h"
#include "Valloc_p5v3.h"
#include "Valloc_p5v3_transit.h"
#include "Valloc_p6v3_own.h"
#include "Valloc_p8v4.h"
#include "Varb1.h"
#include "Varb13.h"
#include "Varb3.h"
#include "Varb5.h"
#include "Varb8.h"
#include "Vcc_p15.h"
#include "Vcc_p5.h"
#include "Vpick5.h"
#include "Vpick8.h"
#include "Vrot5.h"
#include "Vrot8.h"
#include "router/contention_counters.h"
#include "router/common/rng.h"
#include "router/switch_allocator.h"
#include "sim_helpers.h"
#include "router/rtl/verilated_bits.h"

using namespace hiradix;
using namespace hiradix::verilated;

namespace {

// The specification of a round-robin pick, written from the text of router/switch_allocator.h: the first
// set bit at or after `ptr`, cyclically; a pointer at or past n picks the lowest set bit. -1 if none.
int spec_pick(std::uint64_t req, int ptr, int n) {
  if (!req) return -1;
  if (ptr >= n) ptr = 0;
  for (int k = 0; k < n; ++k)
    if ((req >> ((ptr + k) % n)) & 1u) return (ptr + k) % n;
  return -1;
}

// ---------------------------------------------------------------------------------------------------------
// rr_pick and rr_pick_rotate: exhaustive over requests and pointer values (including pointers >= N).

template <typename M>
std::string check_pick_exhaustive(int n) {
  M m;
  const int w = bits_for(n);
  for (int ptr = 0; ptr < (1 << w); ++ptr)
    for (std::uint64_t req = 0; req < (1ull << n); ++req) {
      assign(m.req, req);
      assign(m.ptr, ptr);
      m.eval();
      const int want = spec_pick(req, ptr, n);
      const bool any = m.any;
      const int idx = static_cast<int>(m.idx);
      const std::uint64_t gnt = m.gnt;
      if (any != (want >= 0) || (want >= 0 && (idx != want || gnt != (1ull << want))) || (want < 0 && (gnt || idx)))
        return "n=" + std::to_string(n) + " req=" + std::to_string(req) + " ptr=" + std::to_string(ptr) + ": idx " +
               std::to_string(idx) + " gnt " + std::to_string(gnt) + ", expected " + std::to_string(want);
    }
  return "";
}

TEST(RtlPick, MaskedImplementationMatchesSpecExhaustively) {
  EXPECT_EQ(check_pick_exhaustive<Vpick5>(5), "");
  EXPECT_EQ(check_pick_exhaustive<Vpick8>(8), "");
}

TEST(RtlPick, RotateImplementationMatchesSpecExhaustively) {
  EXPECT_EQ(check_pick_exhaustive<Vrot5>(5), "");
  EXPECT_EQ(check_pick_exhaustive<Vrot8>(8), "");
}

// ---------------------------------------------------------------------------------------------------------
// rr_arbiter against the output arbiter of SwitchAllocator: N input ports with one VC each, all bidding for
// output 0, so output 0's arbiter sees exactly `req`. Every (request set, pointer) pair: a set-up round with
// only input ptr-1 bidding puts both pointers at ptr, then the request set is allocated by both.

template <typename M>
std::string check_arbiter_vs_allocator(int n) {
  return test::in_child([n]() -> std::string {
    SwitchAllocator alloc("alloc", n, 1, AllocatorKind::kInputFirst, true);
    M m;
    reset(m);
    m.update = 1;
    std::vector<SwitchGrant> grants;
    auto round = [&](std::uint64_t req, std::string& err) {
      std::vector<SwitchRequest> reqs;
      for (int i = 0; i < n; ++i)
        if ((req >> i) & 1u) reqs.push_back({i, 1u});
      grants.clear();
      alloc.allocate(reqs, [](int, int) { return 0; }, grants);
      assign(m.req, req);
      m.eval();
      const int got = m.any ? static_cast<int>(m.idx) : -1;
      const int want = grants.empty() ? -1 : grants[0].in_port;
      if (got != want || (want >= 0 && static_cast<std::uint64_t>(m.gnt) != (1ull << want)))
        err = "req " + std::to_string(req) + " ptr " + std::to_string(static_cast<int>(m.ptr)) + ": RTL grants " +
              std::to_string(got) + ", C++ " + std::to_string(want);
      clock(m);
      if (err.empty() && want >= 0 && static_cast<int>(m.ptr) != (want + 1) % n)
        err = "pointer after granting " + std::to_string(want) + " is " + std::to_string(static_cast<int>(m.ptr));
    };
    std::string err;
    for (int ptr = 0; ptr < n && err.empty(); ++ptr)
      for (std::uint64_t req = 0; req < (1ull << n) && err.empty(); ++req) {
        round(1ull << ((ptr + n - 1) % n), err);  // set-up: both pointers to ptr
        if (err.empty()) round(req, err);
      }
    return err.empty() ? "" : "N=" + std::to_string(n) + ": " + err;
  });
}

TEST(RtlArbiter, MatchesSwitchAllocatorOutputArbiterExhaustively) {
  EXPECT_EQ(check_arbiter_vs_allocator<Varb1>(1), "");
  EXPECT_EQ(check_arbiter_vs_allocator<Varb3>(3), "");
  EXPECT_EQ(check_arbiter_vs_allocator<Varb5>(5), "");
  EXPECT_EQ(check_arbiter_vs_allocator<Varb8>(8), "");
  EXPECT_EQ(check_arbiter_vs_allocator<Varb13>(13), "");
}

// The `update` input (iSLIP accept): with random requests and random updates over many cycles (and a reset
// in the middle), the pointer moves to one past the grant exactly when update is high and something is
// granted, and stays otherwise.
template <typename M>
std::string check_arbiter_update(int n, std::uint64_t seed) {
  M m;
  reset(m);
  Rng rng(seed, static_cast<std::uint64_t>(n));
  int ptr = 0;
  for (int cycle = 0; cycle < 20000; ++cycle) {
    if (cycle == 10000) {
      reset(m);
      ptr = 0;
    }
    const std::uint64_t req = rng.next() & ((1ull << n) - 1) & (rng.below(4) ? ~0ull : rng.next());
    const bool update = rng.below(2);
    assign(m.req, req);
    m.update = update;
    m.eval();
    const int want = spec_pick(req, ptr, n);
    const int got = m.any ? static_cast<int>(m.idx) : -1;
    if (got != want)
      return "N=" + std::to_string(n) + " cycle " + std::to_string(cycle) + ": grant " + std::to_string(got) +
             ", expected " + std::to_string(want);
    clock(m);
    if (update && want >= 0) ptr = (want + 1) % n;
    if (static_cast<int>(m.ptr) != ptr)
      return "N=" + std::to_string(n) + " cycle " + std::to_string(cycle) + ": pointer " +
             std::to_string(static_cast<int>(m.ptr)) + ", expected " + std::to_string(ptr);
  }
  return "";
}

TEST(RtlArbiter, PointerMovesOnlyOnUpdate) {
  EXPECT_EQ(check_arbiter_update<Varb3>(3, 1), "");
  EXPECT_EQ(check_arbiter_update<Varb5>(5, 2), "");
  EXPECT_EQ(check_arbiter_update<Varb13>(13, 3), "");
}

// ---------------------------------------------------------------------------------------------------------
// separable_allocator against SwitchAllocator (input-first), round by round over many rounds: the same
// grants (input, VC, output) and the pointers the grants imply. Request density and output concentration
// vary by phase so that both sparse and heavily contended rounds occur.

// `transit`: the inputs given priority (router.output_arbiter: transit_priority), 0 for plain round robin.
template <typename M>
std::string check_allocator(int P, int V, bool own_grant, int rounds, std::uint64_t seed, std::uint64_t transit = 0) {
  return test::in_child([=]() -> std::string {
    SwitchAllocator alloc("alloc", P, V, AllocatorKind::kInputFirst, !own_grant, transit);
    M m;
    reset(m);
    const int pw = bits_for(P), vw = bits_for(V);
    Rng rng(seed, static_cast<std::uint64_t>(P * 100 + V));
    std::vector<std::vector<int>> out_of(P, std::vector<int>(V, 0));
    std::vector<int> in_ptr(P, 0), out_ptr(P, 0), inj_ptr(P, 0);
    std::vector<SwitchGrant> grants;
    const std::string tag = "P=" + std::to_string(P) + " V=" + std::to_string(V) + (own_grant ? " own_grant" : "") +
                            (transit ? " transit_priority" : "");
    for (int r = 0; r < rounds; ++r) {
      const int phase = (r / 500) % 4;
      const std::uint32_t density = phase == 0 ? 8 : phase == 1 ? 3 : phase == 2 ? 2 : 1;  // 1 in density bids
      const int outputs = phase == 3 ? 1 + static_cast<int>(rng.below(3)) : P;             // hot outputs
      std::vector<SwitchRequest> reqs;
      for (int i = 0; i < P; ++i) {
        std::uint32_t mask = 0;
        for (int v = 0; v < V; ++v) {
          out_of[i][v] = static_cast<int>(rng.below(static_cast<std::uint32_t>(outputs)));
          if (rng.below(density) == 0) mask |= 1u << v;
          set_bits(m.req, i * V + v, 1, (mask >> v) & 1u);
          set_bits(m.req_out, (i * V + v) * pw, pw, static_cast<std::uint64_t>(out_of[i][v]));
        }
        if (mask) reqs.push_back({i, mask});
      }
      grants.clear();
      alloc.allocate(reqs, [&](int p, int v) { return out_of[p][v]; }, grants);
      m.eval();
      std::vector<int> g_vc(P, -1), g_out(P, -1), o_in(P, -1);
      for (const SwitchGrant& g : grants) {
        g_vc[g.in_port] = g.vc;
        g_out[g.in_port] = g.out_port;
        o_in[g.out_port] = g.in_port;
      }
      for (int i = 0; i < P; ++i) {
        const bool got = get_bits(m.in_gnt, i, 1);
        const int vc = static_cast<int>(get_bits(m.in_vc, i * vw, vw));
        const int out = static_cast<int>(get_bits(m.in_out, i * pw, pw));
        if (got != (g_vc[i] >= 0) || (got && (vc != g_vc[i] || out != g_out[i])))
          return tag + " round " + std::to_string(r) + " input " + std::to_string(i) + ": RTL " +
                 (got ? "grants vc " + std::to_string(vc) + " to output " + std::to_string(out) : std::string("no grant")) +
                 ", C++ " + (g_vc[i] >= 0 ? "vc " + std::to_string(g_vc[i]) + " to output " + std::to_string(g_out[i]) : "no grant");
      }
      for (int o = 0; o < P; ++o) {
        const bool got = get_bits(m.out_gnt, o, 1);
        const int in = static_cast<int>(get_bits(m.out_in, o * pw, pw));
        if (got != (o_in[o] >= 0) || (got && in != o_in[o]))
          return tag + " round " + std::to_string(r) + " output " + std::to_string(o) + ": RTL grants input " +
                 (got ? std::to_string(in) : "none") + ", C++ " + std::to_string(o_in[o]);
      }
      // Pointers the C++ grants imply (own_grant: an input's pointer follows its own choice; under
      // transit priority an injection input's grant moves the output's injection pointer).
      for (const SwitchGrant& g : grants) {
        const bool injection = transit && !(transit >> g.in_port & 1);
        (injection ? inj_ptr : out_ptr)[g.out_port] = (g.in_port + 1) % P;
        if (!own_grant) in_ptr[g.in_port] = (g.vc + 1) % V;
      }
      if (own_grant)
        for (const SwitchRequest& q : reqs) in_ptr[q.port] = (spec_pick(q.vcs, in_ptr[q.port], V) + 1) % V;
      clock(m);
      for (int i = 0; i < P; ++i) {
        if (static_cast<int>(get_bits(m.in_ptr, i * vw, vw)) != in_ptr[i])
          return tag + " round " + std::to_string(r) + ": input pointer " + std::to_string(i) + " differs";
        if (static_cast<int>(get_bits(m.out_ptr, i * pw, pw)) != out_ptr[i])
          return tag + " round " + std::to_string(r) + ": output pointer " + std::to_string(i) + " differs";
        if (static_cast<int>(get_bits(m.out_inj_ptr, i * pw, pw)) != inj_ptr[i])
          return tag + " round " + std::to_string(r) + ": injection pointer " + std::to_string(i) + " differs";
      }
    }
    return "";
  });
}

TEST(RtlAllocator, MatchesSwitchAllocatorInputFirst) {
  EXPECT_EQ(check_allocator<Valloc_p3v1>(3, 1, false, 20000, 1), "");
  EXPECT_EQ(check_allocator<Valloc_p5v3>(5, 3, false, 20000, 2), "");
  EXPECT_EQ(check_allocator<Valloc_p8v4>(8, 4, false, 20000, 3), "");
  EXPECT_EQ(check_allocator<Valloc_p15v4>(15, 4, false, 20000, 4), "");  // h = 4 radix, Valiant lgl VCs
  EXPECT_EQ(check_allocator<Valloc_p23v2>(23, 2, false, 20000, 5), "");  // h = 6 radix
}

// router.output_arbiter: transit_priority. Inputs 2-4 of 5 are transit ports; at h = 4 (radix 15) the
// 4 terminal ports are the injection ones.
TEST(RtlAllocator, MatchesSwitchAllocatorTransitPriority) {
  EXPECT_EQ(check_allocator<Valloc_p5v3_transit>(5, 3, false, 20000, 7, 0x1c), "");
  EXPECT_EQ(check_allocator<Valloc_p15v4_transit>(15, 4, false, 20000, 8, 0x7ff0), "");
  // And the comparison can fail: the same RTL against the plain round-robin C++ allocator.
  EXPECT_NE(check_allocator<Valloc_p5v3_transit>(5, 3, false, 20000, 7, 0), "");
}

TEST(RtlAllocator, MatchesSwitchAllocatorOwnGrantPointers) {
  EXPECT_EQ(check_allocator<Valloc_p6v3_own>(6, 3, true, 20000, 6), "");
}

// The comparison can fail: the iSLIP RTL (input pointers move on the output's grant) is not the C++
// own_grant allocator; under contention they diverge within a few hundred rounds.
TEST(RtlAllocator, ComparisonDetectsADifferentPointerRule) {
  const std::string err = check_allocator<Valloc_p5v3>(5, 3, true, 20000, 2);
  EXPECT_NE(err, "");
}

// ---------------------------------------------------------------------------------------------------------
// contention_counters against ContentionCounters. A workload of P input ports with V VCs each: a VC head
// holding a header counts on the header's minimal output; each cycle each port may lose one counted
// header (tail leaves: decrement) and gain one (header arrives at an empty VC head: increment). The C++
// model applies the tails first, as the router does. Phases bias minimal outputs to one port so that a
// counter climbs to the bound P*V.

template <typename M>
std::string check_counters(int P, int V, int cycles, std::uint64_t seed) {
  return test::in_child([=]() -> std::string {
    ContentionCounters cc("cc", P);
    M m;
    reset(m);
    const int pw = bits_for(P);
    int cw = 0;
    while ((1 << cw) < P * V + 1) ++cw;
    Rng rng(seed, static_cast<std::uint64_t>(P));
    std::vector<std::vector<int>> head(P, std::vector<int>(V, -1));  // minimal output of the counted header, -1 none
    int peak = 0;
    for (int c = 0; c < cycles; ++c) {
      // Every other block of 1000 cycles is hot: drain every VC (50 cycles), fill them all with headers
      // for output 0 (100 cycles), then mixed traffic towards output 0; that drives counter 0 to P*V.
      const bool hot = (c / 1000) % 2 == 1;
      const int t = c % 1000;
      const bool drain = hot && t < 50, fill = hot && t >= 50 && t < 150;
      m.inc = 0;
      m.dec = 0;
      std::vector<std::pair<int, int>> incs, decs;  // (lane, port)
      for (int i = 0; i < P; ++i) {
        if (!fill && (drain || rng.below(3) == 0)) {  // a tail leaves one counted VC
          const int v = static_cast<int>(rng.below(static_cast<std::uint32_t>(V)));
          if (head[i][v] >= 0) {
            decs.push_back({i, head[i][v]});
            head[i][v] = -1;
          }
        }
        if (!drain && (hot || rng.below(3) == 0)) {  // a header arrives at an empty VC head
          const int v = static_cast<int>(rng.below(static_cast<std::uint32_t>(V)));
          if (head[i][v] < 0) {
            head[i][v] = hot ? 0 : static_cast<int>(rng.below(static_cast<std::uint32_t>(P)));
            incs.push_back({i, head[i][v]});
          }
        }
      }
      for (auto [lane, port] : decs) {
        cc.decrement(port);
        set_bits(m.dec, lane, 1, 1);
        set_bits(m.dec_port, lane * pw, pw, static_cast<std::uint64_t>(port));
      }
      for (auto [lane, port] : incs) {
        cc.increment(port);
        set_bits(m.inc, lane, 1, 1);
        set_bits(m.inc_port, lane * pw, pw, static_cast<std::uint64_t>(port));
      }
      clock(m);
      for (int o = 0; o < P; ++o) {
        const int got = static_cast<int>(get_bits(m.count, o * cw, cw));
        if (got != cc.value(o))
          return "P=" + std::to_string(P) + " cycle " + std::to_string(c) + " counter " + std::to_string(o) + ": RTL " +
                 std::to_string(got) + ", C++ " + std::to_string(cc.value(o));
        peak = std::max(peak, got);
      }
    }
    if (peak != P * V) return "the workload never filled a counter (peak " + std::to_string(peak) + ")";
    return "";
  });
}

TEST(RtlContentionCounters, MatchContentionCounters) {
  EXPECT_EQ(check_counters<Vcc_p5>(5, 2, 20000, 1), "");
  EXPECT_EQ(check_counters<Vcc_p15>(15, 3, 20000, 2), "");  // MAXC = 48 > 45: counters never saturate here
}

// Saturation (a protocol error must not wrap a counter): decrements at 0 keep 0, increments at MAXC keep
// MAXC, and a cycle's increments and decrements on one counter net out.
TEST(RtlContentionCounters, SaturateAtZeroAndAtTheBound) {
  Vcc_p5 m;  // P = 5, MAXC = 10
  reset(m);
  m.dec = 0b11111;
  m.dec_port = 0;  // all five lanes decrement counter 0
  clock(m);
  EXPECT_EQ(get_bits(m.count, 0, 4), 0u);
  m.dec = 0;
  m.inc = 0b11111;
  m.inc_port = 0;  // +5 per cycle on counter 0: 5, 10, then held at 10
  for (int c = 0; c < 3; ++c) clock(m);
  EXPECT_EQ(get_bits(m.count, 0, 4), 10u);
  m.inc = 0b00111;      // +3 on counter 0 ...
  m.dec = 0b11000;      // ... and -2: net +1 from 10 → held at 10
  clock(m);
  EXPECT_EQ(get_bits(m.count, 0, 4), 10u);
  m.inc = 0b00001;      // +1 ...
  m.dec = 0b11110;      // ... -4: 10 → 7
  clock(m);
  EXPECT_EQ(get_bits(m.count, 0, 4), 7u);
  for (int o = 1; o < 5; ++o) EXPECT_EQ(get_bits(m.count, o * 4, 4), 0u) << o;
}

}  // namespace
