// rtl/hiradix_voq_allocator.v against SwitchAllocator's per-output allocation (router.queues voq_sw), round
// by round over many rounds: the same grant per output (input and VC) and the pointers the grants imply. The
// C++ allocator sees an input's queues as the router numbers them (VC v's VOQ towards output o is queue
// v * P + o; the arrival FIFOs come after and never bid); the RTL sees one request bit per (input, output,
// VC). Request density and output concentration vary by phase, so that both sparse and heavily
// contended rounds occur.
#include <gtest/gtest.h>

#include <cstdint>
#include <string>
#include <vector>

#include "Vvoq_alloc_p16v4.h"
#include "Vvoq_alloc_p20v4.h"
#include "Vvoq_alloc_p3v1.h"
#include "Vvoq_alloc_p5v3.h"
#include "Vvoq_alloc_p5v3_transit.h"
#include "Vvoq_alloc_p7v2.h"
#include "router/common/rng.h"
#include "router/rtl/verilated_bits.h"
#include "router/switch_allocator.h"
#include "sim_helpers.h"

using namespace hiradix;
using namespace hiradix::verilated;

namespace {

// `transit`: the inputs given priority (router.output_arbiter: transit_priority), 0 for plain round robin.
template <typename M>
std::string check_voq_allocator(int P, int V, int rounds, std::uint64_t seed, std::uint64_t transit = 0) {
  return test::in_child([=]() -> std::string {
    SwitchAllocator alloc("alloc", P, V, AllocatorKind::kInputFirst, true, transit, /*input_per_output=*/true);
    M m;
    reset(m);
    const int pw = bits_for(P), vw = bits_for(V);
    Rng rng(seed, static_cast<std::uint64_t>(P * 100 + V));
    std::vector<int> out_ptr(P, 0), inj_ptr(P, 0), pair_ptr(P * P, 0);
    std::vector<SwitchGrant> grants;
    const auto out_of = [P](int, int q) { return q % P; };  // a VOQ's output: VOQ = VC * P + output
    const std::string tag = "P=" + std::to_string(P) + " V=" + std::to_string(V) + (transit ? " transit_priority" : "");
    for (int r = 0; r < rounds; ++r) {
      const int phase = (r / 500) % 4;
      const std::uint32_t density = phase == 0 ? 12 : phase == 1 ? 4 : phase == 2 ? 2 : 1;  // 1 in density bids
      const int outputs = phase == 3 ? 1 + static_cast<int>(rng.below(3)) : P;              // hot outputs
      HotVector<PairRequest> reqs;
      for (int i = 0; i < P; ++i)
        for (int o = 0; o < P; ++o) {
          std::uint64_t vcs = 0;
          for (int v = 0; v < V; ++v) {
            const bool bids = o < outputs && rng.below(density) == 0;
            set_bits(m.req, (i * P + o) * V + v, 1, bids);
            if (bids) vcs |= 1ull << v;
          }
          if (vcs) reqs.push_back({i, o, vcs});
        }
      grants.clear();
      alloc.allocate_per_output(reqs, grants);
      m.eval();
      std::vector<int> o_in(P, -1), o_vc(P, -1);
      for (const SwitchGrant& g : grants) {
        if (out_of(g.in_port, g.vc) != g.out_port) return tag + ": C++ granted a queue towards another output";
        o_in[g.out_port] = g.in_port;
        o_vc[g.out_port] = g.vc / P;
      }
      for (int o = 0; o < P; ++o) {
        const bool got = get_bits(m.out_gnt, o, 1);
        const int in = static_cast<int>(get_bits(m.out_in, o * pw, pw));
        const int vc = static_cast<int>(get_bits(m.out_vc, o * vw, vw));
        if (got != (o_in[o] >= 0) || (got && (in != o_in[o] || vc != o_vc[o])))
          return tag + " round " + std::to_string(r) + " output " + std::to_string(o) + ": RTL grants " +
                 (got ? "input " + std::to_string(in) + " VC " + std::to_string(vc) : std::string("none")) + ", C++ " +
                 (o_in[o] >= 0 ? "input " + std::to_string(o_in[o]) + " VC " + std::to_string(o_vc[o]) : std::string("none"));
      }
      // Pointers the grants imply: the output's (its injection one for an injection input under transit
      // priority) past the input, the pair's past the VC.
      for (const SwitchGrant& g : grants) {
        const bool injection = transit && !(transit >> g.in_port & 1);
        (injection ? inj_ptr : out_ptr)[g.out_port] = (g.in_port + 1) % P;
        pair_ptr[g.in_port * P + g.out_port] = (g.vc / P + 1) % V;
      }
      clock(m);
      for (int k = 0; k < P; ++k) {
        if (static_cast<int>(get_bits(m.out_ptr, k * pw, pw)) != out_ptr[k])
          return tag + " round " + std::to_string(r) + ": output pointer " + std::to_string(k) + " differs";
        if (static_cast<int>(get_bits(m.out_inj_ptr, k * pw, pw)) != inj_ptr[k])
          return tag + " round " + std::to_string(r) + ": injection pointer " + std::to_string(k) + " differs";
      }
      for (int k = 0; k < P * P; ++k)
        if (static_cast<int>(get_bits(m.pair_ptr, k * vw, vw)) != pair_ptr[k])
          return tag + " round " + std::to_string(r) + ": pointer of input " + std::to_string(k / P) + " towards " +
                 std::to_string(k % P) + " differs";
    }
    return "";
  });
}

}  // namespace

TEST(RtlVoqAllocator, MatchesSwitchAllocatorPerOutput) {
  EXPECT_EQ(check_voq_allocator<Vvoq_alloc_p3v1>(3, 1, 20000, 1), "");
  EXPECT_EQ(check_voq_allocator<Vvoq_alloc_p5v3>(5, 3, 20000, 2), "");
  EXPECT_EQ(check_voq_allocator<Vvoq_alloc_p7v2>(7, 2, 20000, 3), "");    // a 4 x 4 mesh router with 2 VCs: 14 VOQs
  EXPECT_EQ(check_voq_allocator<Vvoq_alloc_p16v4>(16, 4, 20000, 4), "");  // 4 x 16 = 64 VOQs
  EXPECT_EQ(check_voq_allocator<Vvoq_alloc_p20v4>(20, 4, 5000, 5), "");   // 80 VOQs: more than one 64-bit mask
}

// router.output_arbiter: transit_priority (inputs 2-4 of 5 are transit ports); and the comparison can fail:
// the same RTL against the plain round-robin C++ allocator.
TEST(RtlVoqAllocator, MatchesSwitchAllocatorTransitPriority) {
  EXPECT_EQ(check_voq_allocator<Vvoq_alloc_p5v3_transit>(5, 3, 20000, 7, 0x1c), "");
  EXPECT_NE(check_voq_allocator<Vvoq_alloc_p5v3_transit>(5, 3, 20000, 7, 0), "");
}
