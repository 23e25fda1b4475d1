// The LFSR shared by the C++ model and the RTL (router/common/lfsr.h, rtl/hiradix_lfsr.v). This file stays free of
// SystemC: Verilator's runtime headers and SystemC's do not mix in one translation unit.
#include <gtest/gtest.h>

#include <cstdint>

#include "router/common/lfsr.h"

#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wunused-parameter"  // in Verilator's runtime headers
#include "Vhiradix_lfsr.h"
#include "verilated.h"
#pragma GCC diagnostic pop

namespace hiradix {
namespace {

TEST(Lfsr, RtlRegisterMatchesTheCppStepForStep) {
  VerilatedContext context;
  Vhiradix_lfsr lfsr{&context};
  const auto clock = [&] {
    lfsr.clk = 0;
    lfsr.eval();
    lfsr.clk = 1;
    lfsr.eval();
  };
  for (std::uint64_t seed : {std::uint64_t{1}, lfsr_seed(1, 0), lfsr_seed(42, 2063), ~std::uint64_t{0}}) {
    lfsr.load = 1;
    lfsr.seed = seed;
    lfsr.advance = 0;
    clock();
    lfsr.load = 0;
    ASSERT_EQ(lfsr.state, seed);
    std::uint64_t expected = seed;
    for (int i = 0; i < 20000; ++i) {
      lfsr.advance = i % 3 != 0;  // also idle cycles, which must hold the state
      clock();
      if (lfsr.advance) expected = lfsr_advance(expected);
      ASSERT_EQ(lfsr.state, expected) << "seed " << seed << " cycle " << i;
    }
  }
}

TEST(Lfsr, OneStepByHandAndNoShortCycle) {
  // A single Galois step by hand: shift right, and XOR the mask when the bit shifted out is 1.
  std::uint64_t s = 1, one_step = (s >> 1) ^ rtl::LFSR_MASK;
  std::uint64_t manual = s;
  for (int i = 0; i < rtl::LFSR_STEPS; ++i) manual = (manual & 1) ? (manual >> 1) ^ rtl::LFSR_MASK : manual >> 1;
  EXPECT_EQ(one_step, 0xD800000000000000ull);
  EXPECT_EQ(lfsr_advance_bitwise(s), manual);
  EXPECT_EQ(lfsr_advance(s), manual);
  // Never the lock-up state, and no repeat within a long run from a typical seed.
  std::uint64_t x = lfsr_seed(7, 3);
  const std::uint64_t start = x;
  for (int i = 0; i < 200000; ++i) {
    x = lfsr_advance(x);
    ASSERT_NE(x, 0u);
    ASSERT_NE(x, start) << "period " << i + 1;
  }
}

TEST(Lfsr, FastFormsEqualTheBitwiseDefinition) {
  ASSERT_TRUE(kLfsrChunked) << "the mask's taps are high: lfsr_advance takes chunks";
  std::uint64_t x = 0x0123456789ABCDEFull;
  for (int i = 0; i < 100000; ++i) {
    std::uint64_t chunk = x;
    for (int k = 0; k < kLfsrChunk; ++k) chunk = (chunk >> 1) ^ (rtl::LFSR_MASK & (0 - (chunk & 1)));
    ASSERT_EQ(lfsr_advance_chunk(x), chunk) << "state " << x;
    ASSERT_EQ(lfsr_advance_by_tables(x), lfsr_advance_bitwise(x)) << "state " << x;
    ASSERT_EQ(lfsr_advance(x), lfsr_advance_bitwise(x)) << "state " << x;
    x = x * 6364136223846793005ull + 1442695040888963407ull;  // states unrelated to the LFSR's own sequence
  }
}

TEST(Lfsr, DrawsAreUniformEnough) {
  // 12 buckets (n not a power of two), 120,000 draws: each bucket within 5% of 10,000.
  std::uint64_t x = lfsr_seed(3, 0);
  int count[12] = {};
  for (int i = 0; i < 120000; ++i) {
    x = lfsr_advance(x);
    ++count[lfsr_draw(static_cast<std::uint32_t>(x), 12)];
  }
  for (int c : count) {
    EXPECT_GT(c, 9500);
    EXPECT_LT(c, 10500);
  }
}

}  // namespace
}  // namespace hiradix
