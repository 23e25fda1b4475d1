// Bursty on/off sources (traffic.process: on_off, issue 28): the average offered load is traffic.load
// within a statistical bound, the packets created per time bin are overdispersed where Bernoulli's are not,
// and a load that would need more than a link during ON is refused naming the key. Bursty repetitive
// traffic (seed-004 §3.7, traffic.change.period): the phases by hand, and the packets created per bin in and
// out of the bursts.
#include <gtest/gtest.h>

#include <cmath>
#include <vector>

#include "config/config.h"
#include "config/traffic_schedule.h"
#include "sim_helpers.h"

using namespace hiradix;
using nlohmann::json;
using test::config_error;
using test::run_sane;
using test::with;

namespace {

// A 4 x 4 mesh at 0.05 for 100,000 cycles, with a "change" to the same traffic right after warm-up so that
// result.json has time series: 100 bins of 1,000 cycles.
Overrides mesh4(const char* process) {
  return {{"topology.type", "mesh"},  {"topology.dims", "[4,4]"},    {"routing.algorithm", "dor"}, {"traffic.load", "0.05"},
          {"traffic.process", process}, {"traffic.on_cycles", "200"}, {"traffic.off_cycles", "600"},
          {"sim.warmup", "1000"},     {"sim.measure", "100000"},   {"traffic.change.at", "0"},   {"stats.bin", "1000"},
          {"stats.before", "0"}};
}

// Variance over mean of the packets created per bin (the last bin left out: some of its packets are still
// in flight at the end).
double dispersion(const json& r) {
  std::vector<double> n;
  for (const json& b : r["time_series"]) n.push_back(b["generated_packets"].get<double>());
  n.pop_back();
  double mean = 0, var = 0;
  for (double x : n) mean += x;
  mean /= static_cast<double>(n.size());
  for (double x : n) var += (x - mean) * (x - mean);
  var /= static_cast<double>(n.size() - 1);
  return var / mean;
}

}  // namespace

// The offered load: a node is ON a fraction a / (a + b) of the time (a = 200, b = 600 mean cycles) and then
// offers 0.05 x 4 = 0.2, 0.05 on average. Its ON time over T = 100,000 cycles has variance about
// 2 a^2 b^2 / (a + b)^3 T = 5.6e6 (alternating renewal process), a standard deviation of 9.5 % of its mean
// 25,000; over 16 independent nodes 2.4 %, with the packets' own Poisson noise (10,000 packets: 1 %) 2.6 %.
// The bound 0.0055 is 11 %, above 4 standard deviations. Bernoulli: 1 %, bound 0.002.
// Burstiness: a node's count in a 1,000-cycle bin has variance E[N] + r^2 Var(ON time) with r = 0.2 / 8
// packets per ON cycle and Var(ON time) up to 56,000 (the same formula, less over a short bin): dispersion
// (variance / mean) about 5 for the network's 16 independent nodes, where Bernoulli's is 1 - p ≈ 1. Over
// 99 bins the sample dispersion's standard deviation is about 14 % of it: 2 and 1.5 are each more than 3
// deviations away.
TEST(BurstyTraffic, OnOffOffersTheLoadOnAverageInBursts) {
  const json on_off = run_sane(mesh4("on_off"));
  const json bernoulli = run_sane(mesh4("bernoulli"));
  ASSERT_FALSE(on_off.is_null());
  ASSERT_FALSE(bernoulli.is_null());
  EXPECT_NEAR(on_off["offered_load"].get<double>(), 0.05, 0.0055);
  EXPECT_NEAR(bernoulli["offered_load"].get<double>(), 0.05, 0.002);
  EXPECT_NEAR(on_off["accepted_load"].get<double>(), on_off["offered_load"].get<double>(), 0.002);
  ASSERT_EQ(on_off["time_series"].size(), 100u);
  const double d_on_off = dispersion(on_off), d_bernoulli = dispersion(bernoulli);
  EXPECT_GT(d_on_off, 2.0);
  EXPECT_LT(d_bernoulli, 1.5);
  std::cout << "dispersion of packets per 1,000 cycles: on_off " << d_on_off << ", bernoulli " << d_bernoulli << "; offered "
            << on_off["offered_load"].get<double>() << ", " << bernoulli["offered_load"].get<double>() << "\n";
}

// Bernoulli is the default and its keys leave every other run as it was; on_off needs load x (on + off) / on
// <= 1, before and after a change.
TEST(BurstyTrafficConfig, ALoadAboveALinkDuringOnIsRefused) {
  const Overrides base{{"traffic.process", "on_off"}, {"traffic.on_cycles", "100"}, {"traffic.off_cycles", "100"}};
  EXPECT_EQ(config_error(with(base, {{"traffic.load", "0.5"}})), "accepted");
  EXPECT_EQ(config_error(with(base, {{"traffic.load", "0.6"}})),
            "config error: traffic.load: traffic.process on_off offers it at 0.600000 x (on + off) / on = 1.200000 phits/cycle during "
            "ON, above a link's 1: lower the load or traffic.off_cycles");
  EXPECT_NE(config_error(with(base, {{"traffic.load", "0.2"}, {"traffic.change.at", "10"}, {"traffic.change.load", "0.7"}, {"sim.measure", "100"}}))
                .find("config error: traffic.change.load: traffic.process on_off offers it at 0.700000"),
            std::string::npos);
  EXPECT_EQ(config_error({{"traffic.load", "0.9"}}), "accepted");  // Bernoulli: no such limit
  EXPECT_EQ(config_error({{"traffic.process", "poisson"}}).rfind("config error: traffic.process: ", 0), 0u);
  EXPECT_EQ(config_error(with(base, {{"traffic.on_cycles", "0.5"}})), "config error: traffic.on_cycles: must be in [1, 1e+12], got 0.5");
  const Config c = load_config("", {});
  EXPECT_FALSE(c.traffic.on_off);
  EXPECT_EQ(c.resolved["traffic"]["process"], "bernoulli");
}

// ---- bursty repetitive traffic (seed-004 §3.7) ----

TEST(BurstyPhases, PeriodicChangeAlternatesThePhases) {
  TrafficSchedule s;
  s.initial.load = 0.1;
  s.after.load = 0.5;
  s.has_change = true;
  s.change_at = 100;
  EXPECT_EQ(s.next_change(0), 100u);  // one change for good
  EXPECT_EQ(s.next_change(100), kNever);
  EXPECT_EQ(s.at(1000).load, 0.5);
  s.period = 50;
  s.burst = 10;
  for (Cycle c : {0, 99, 110, 149, 160, 1010}) EXPECT_EQ(s.at(c).load, 0.1) << c;
  for (Cycle c : {100, 109, 150, 159, 1000}) EXPECT_EQ(s.at(c).load, 0.5) << c;
  EXPECT_EQ(s.next_change(0), 100u);
  EXPECT_EQ(s.next_change(99), 100u);
  EXPECT_EQ(s.next_change(100), 110u);
  EXPECT_EQ(s.next_change(109), 110u);
  EXPECT_EQ(s.next_change(110), 150u);
  EXPECT_EQ(s.next_change(149), 150u);
  EXPECT_EQ(s.next_change(150), 160u);
}

// UN at 0.02 with bursts of bit_reverse at 0.25, 500 cycles every 2,000, on a 4 x 4 mesh (16 nodes; the 4
// palindromes 0000, 0110, 1001, 1111 send nothing under bit_reverse). Per 100-cycle bin: 12 x 0.25 / 8 x 100
// = 37.5 packets in a burst, 16 x 0.02 / 8 x 100 = 4 between. Over 9 periods: 1,687.5 packets in 45 burst
// bins (Poisson deviation 2.4 %) and 540 in 135 others (4.3 %); bounds 10 % and 20 %.
TEST(BurstyPhases, BurstsOfAFixedPatternComeBackEveryPeriod) {
  const json r = run_sane({{"topology.type", "mesh"},         {"topology.dims", "[4,4]"},         {"routing.algorithm", "dor"},
                           {"traffic.load", "0.02"},          {"traffic.change.at", "0"},         {"traffic.change.period", "2000"},
                           {"traffic.change.burst", "500"},   {"traffic.change.pattern", "bit_reverse"}, {"traffic.change.load", "0.25"},
                           {"sim.warmup", "1000"},            {"sim.measure", "20000"},           {"stats.bin", "100"},
                           {"stats.before", "0"}});
  ASSERT_FALSE(r.is_null());
  ASSERT_EQ(r["time_series"].size(), 200u);
  double burst = 0, low = 0;
  for (std::size_t i = 0; i < 180; ++i) (i % 20 < 5 ? burst : low) += r["time_series"][i]["generated_packets"].get<double>();
  EXPECT_NEAR(burst, 1687.5, 168.75);
  EXPECT_NEAR(low, 540, 108);
  // Offered over the window: (500 x 0.25 x 12/16 + 1,500 x 0.02) / 2,000.
  EXPECT_NEAR(r["offered_load"].get<double>(), (500 * 0.25 * 12 / 16 + 1500 * 0.02) / 2000, 0.004);
}

TEST(BurstyPhasesConfig, PeriodAndBurstAreChecked) {
  const Overrides base{{"traffic.change.at", "0"}, {"traffic.change.load", "0.3"}, {"sim.measure", "1000"}};
  EXPECT_EQ(config_error(with(base, {{"traffic.change.period", "100"}, {"traffic.change.burst", "10"}})), "accepted");
  EXPECT_EQ(config_error(with(base, {{"traffic.change.period", "100"}})),
            "config error: traffic.change.burst: must be in [1, traffic.change.period - 1] = [1, 99], got 0");
  EXPECT_EQ(config_error(with(base, {{"traffic.change.period", "100"}, {"traffic.change.burst", "100"}})),
            "config error: traffic.change.burst: must be in [1, traffic.change.period - 1] = [1, 99], got 100");
  EXPECT_EQ(config_error({{"traffic.change.period", "100"}, {"traffic.change.burst", "10"}}),
            "config error: traffic.change.period: needs traffic.change.at (the first burst's cycle after warm-up)");
  EXPECT_EQ(config_error(with(base, {{"traffic.change.burst", "10"}})), "config error: traffic.change.burst: needs traffic.change.period");
}
