// Issue 33: the seeds' simulator's (FOGSim's) readings as options whose defaults keep hiradix's
// (docs/fogsim-differences.md): the injection VC from the destination (nic.injection_vc), checked against
// hand-computed values.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "testbench/nic.h"

#include "sim_helpers.h"

using namespace hiradix;
using namespace hiradix::test;
using nlohmann::json;

namespace {

// ---- nic.injection_vc ----

// FOGSim's destination policy: VC floor(dest * V / N). h = 2: N = 72 nodes; with V = 3 the nodes split
// into thirds of 24: 0..23 -> 0, 24..47 -> 1, 48..71 -> 2; with V = 2 halves of 36; with V = 1 all VC 0.
TEST(NicInjectionVc, DestinationPolicyIsFloorOfDestTimesVcsOverNodes) {
  const int n = 72;
  const std::vector<std::pair<std::uint32_t, int>> three = {{0, 0}, {1, 0}, {23, 0}, {24, 1}, {47, 1}, {48, 2}, {71, 2}};
  for (const auto& [dst, vc] : three) EXPECT_EQ(Nic::destination_vc(dst, 3, n), vc) << "dest " << dst;
  const std::vector<std::pair<std::uint32_t, int>> two = {{0, 0}, {35, 0}, {36, 1}, {71, 1}};
  for (const auto& [dst, vc] : two) EXPECT_EQ(Nic::destination_vc(dst, 2, n), vc) << "dest " << dst;
  for (std::uint32_t dst = 0; dst < static_cast<std::uint32_t>(n); ++dst) EXPECT_EQ(Nic::destination_vc(dst, 1, n), 0);
  // No overflow on a large network: 5,256 nodes (h = 6), 3 VCs.
  EXPECT_EQ(Nic::destination_vc(5255, 3, 5256), 2);
  EXPECT_EQ(Nic::destination_vc(1751, 3, 5256), 0);
  EXPECT_EQ(Nic::destination_vc(1752, 3, 5256), 1);
}

// The key: round_robin by default (result.json echoes it), destination accepted and run to a clean end with
// three injection VCs, anything else refused.
TEST(NicInjectionVc, KeyDefaultsToRoundRobinAndDestinationRunsClean) {
  const Overrides base = {{"topology.h", "2"}, {"traffic.load", "0.5"}, {"sim.warmup", "500"}, {"sim.measure", "2000"},
                          {"router.vcs.injection", "3"}};
  const json rr = run_sane(base);
  ASSERT_FALSE(rr.is_null());
  EXPECT_EQ(rr["config"]["nic"]["injection_vc"], "round_robin");
  const json dest = run_sane(with(base, {{"nic.injection_vc", "destination"}}));
  ASSERT_FALSE(dest.is_null());
  EXPECT_EQ(dest["config"]["nic"]["injection_vc"], "destination");
  EXPECT_NEAR(dest["accepted_load"].get<double>(), 0.5, 0.03);
  EXPECT_NE(config_error({{"nic.injection_vc", "random"}}).find("nic.injection_vc"), std::string::npos);
}

}  // namespace
