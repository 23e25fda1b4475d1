// SASHA's VN select in RTL (rtl/hiradix_vn_select.v, behind router/rtl/rtl_vn_select.h) against the C++ choice
// (testbench/vn_choice.h, VnChoice::least_loaded and taken): by hand on the tie rules, then on random load
// vectors and taken sequences for every VN count the RTL is Verilated for (2 .. 8) and both tie rules. Loads
// are drawn from a few small values, so that ties (where the pointer decides) are frequent, and now and then
// from the whole 32 bits, so that the comparators' high bits count.
#include <gtest/gtest.h>

#include <cstdint>
#include <random>
#include <stdexcept>
#include <string>

#include "router/rtl/rtl_vn_select.h"
#include "testbench/vn_choice.h"

using namespace hiradix;

namespace {

TEST(RtlVnSelect, TheLeastLoadedVnAndTheTieRulesByHand) {
  RtlVnSelect rr(3, false), first(3, true);
  const std::uint32_t equal[3] = {5, 5, 5}, low_last[3] = {7, 9, 2}, two_low[3] = {4, 1, 1};
  EXPECT_EQ(rr.least_loaded(low_last), 2);
  EXPECT_EQ(rr.least_loaded(equal), 0);  // the pointer starts at VN 0
  rr.taken(0);
  EXPECT_EQ(rr.least_loaded(equal), 1);  // ... and moves past the VN taken
  EXPECT_EQ(rr.least_loaded(two_low), 1);
  rr.taken(1);
  EXPECT_EQ(rr.least_loaded(two_low), 2);  // from the pointer (2) among the equal least
  rr.taken(2);
  EXPECT_EQ(rr.least_loaded(equal), 0);  // wraps
  first.taken(0);
  EXPECT_EQ(first.least_loaded(equal), 0);  // vn0: the lowest VN whatever was taken
  first.taken(1);
  EXPECT_EQ(first.least_loaded(two_low), 1);
  EXPECT_EQ(first.least_loaded(low_last), 2);
}

TEST(RtlVnSelect, AgreesWithVnChoiceOnRandomLoadsAndTakenSequences) {
  std::mt19937_64 rng(30);
  for (int vns = RtlVnSelect::kMinVns; vns <= RtlVnSelect::kMaxVns; ++vns)
    for (bool tie_first : {false, true}) {
      RtlVnSelect rtl(vns, tie_first);
      VnChoice model(vns, VnSelect::kAdaptive, tie_first ? VnTie::kFirst : VnTie::kRoundRobin);
      int wrong = 0, ties = 0;
      std::uint32_t load[8];
      for (int step = 0; step < 20000; ++step) {
        const bool wide = rng() % 8 == 0;
        for (int v = 0; v < vns; ++v) load[v] = wide ? static_cast<std::uint32_t>(rng()) : static_cast<std::uint32_t>(rng() % 3);
        const int expected = model.least_loaded(load), got = rtl.least_loaded(load);
        for (int v = 0; v < vns; ++v) ties += v != expected && load[v] == load[expected];
        if (got != expected && ++wrong < 4) {
          std::string loads;
          for (int v = 0; v < vns; ++v) loads += std::to_string(load[v]) + " ";
          ADD_FAILURE() << vns << " VNs, tie " << (tie_first ? "vn0" : "round_robin") << ", step " << step << ": loads "
                        << loads << "RTL " << got << ", model " << expected;
        }
        // A head leaves now and then, mostly on the chosen VN (as in a run), sometimes on another (rtl mode
        // after a mismatch, or a test's own sequence): the pointers must move alike either way.
        if (rng() % 3 == 0) {
          const int vn = rng() % 4 == 0 ? static_cast<int>(rng() % static_cast<std::uint64_t>(vns)) : expected;
          model.taken(vn);
          rtl.taken(vn);
        }
      }
      EXPECT_EQ(wrong, 0) << vns << " VNs, tie " << (tie_first ? "vn0" : "round_robin");
      EXPECT_GT(ties, 1000) << "the draws must exercise the tie rule";
    }
}

TEST(RtlVnSelect, RefusesVnCountsItIsNotVerilatedFor) {
  EXPECT_THROW(RtlVnSelect(1, false), std::invalid_argument);
  EXPECT_THROW(RtlVnSelect(9, true), std::invalid_argument);
}

}  // namespace
