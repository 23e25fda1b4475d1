// The activity counts and the power object of result.json (testbench/power_report.h), checked against
// what must hold independently of the counting code: every phit a NIC injects is written into an input
// buffer at each router it crosses, read once through the crossbar there, and sent once on each link of
// its path; under MIN each packet is routed once per router; and the energy of a run at low load is the
// hand sum of the per-event energies over the packets' paths.
#include <gtest/gtest.h>

#include <fstream>

#include "sim_helpers.h"
#include "config/config.h"
#include "router/rtl/rc_interface.h"

using namespace hiradix;
using nlohmann::json;

namespace {

// h = 2 MIN at a low load, no warm-up (the window is the whole run), the traffic stopped before the end
// so that every packet is delivered: the counts must balance exactly.
Overrides drained(double load, Overrides more = {}) {
  Overrides o = {{"topology.h", "2"}, {"sim.warmup", "0"}, {"sim.measure", "6000"}, {"traffic.load", std::to_string(load)},
                 {"traffic.change.at", "4000"}, {"traffic.change.load", "0"}};
  for (auto& kv : more) o.push_back(kv);
  return o;
}

// A synth.json with chosen per-event energies, made for `c`'s network (the params read_power checks); its
// routing unit's 3 cycles make it a synth.report for router.latency.rc: auto as well.
std::string fake_report(const Config& c, const hiradix::test::TempDir& dir) {
  json params = c.topology_params();
  params["routing"] = routing_unit_params(rc_config(c.routing, *make_topology(c)));
  params["vcs"] = {{"injection", c.link("terminal").vcs}, {"local", c.link("local").vcs}, {"global", c.link("global").vcs}};
  params["buffers"] = {{"injection", c.link("terminal").buffer}, {"local", c.link("local").buffer}, {"global", c.link("global").buffer}};
  params["output_queue"] = c.router.output_queue_phits;
  params["phit_bits"] = c.router.broadcast.phit_bits;
  const json r = {{"params", params}, {"clock_ns", 2.0}, {"blocks", {{"routing_unit", {{"cycles", 3}}}}},
                  {"router", {{"leakage_mw", 0.5},
                              {"energy_pj", {{"routing_decision", 1.0}, {"allocation", 2.0}, {"crossbar_traversal", 4.0},
                                             {"buffer_write", 8.0}, {"buffer_read", 16.0}}}}}};
  const std::string path = dir.file("synth.json");
  std::ofstream(path) << r.dump(1);
  return path;
}

TEST(Activity, EveryInjectedPhitIsWrittenReadAndSentOncePerRouterOfItsPath) {
  const json r = test::simulate_config(load_config("", drained(0.1)));
  ASSERT_TRUE(r.is_object());
  ASSERT_EQ(r["conservation"]["in_flight"], 0) << "the run must drain for exact balances";
  const json& a = r["activity"];
  const long long packets = r["packets"], size = 8;
  const double hops = r["average_hops"].get<double>() * static_cast<double>(packets);  // router-to-router links
  const long long transit = a["link_traversals"]["local"].get<long long>() + a["link_traversals"]["global"].get<long long>();
  EXPECT_EQ(transit, std::llround(hops) * size);
  // Terminal links: injection and ejection of every phit.
  EXPECT_EQ(a["link_traversals"]["terminal"], 2 * packets * size);
  // Input buffers take every phit off every link that ends in a router: injection and transit links.
  EXPECT_EQ(a["buffer_writes"], packets * size + transit);
  EXPECT_EQ(a["buffer_reads"], a["buffer_writes"]);
  EXPECT_EQ(a["crossbar_traversals"], a["buffer_writes"]);
  EXPECT_EQ(a["output_queue_reads"], a["crossbar_traversals"]);
  // MIN routes each packet once at each router of its path (hops + 1 routers).
  EXPECT_EQ(a["routing_decisions"], std::llround(hops) + packets);
  EXPECT_GE(a["allocations"].get<long long>(), 1);
  EXPECT_FALSE(r.contains("power")) << "no power.report, no power object";
}

TEST(Power, EnergyPerPacketAtLowLoadIsTheHandSumOverThePath) {
  test::TempDir dir("hiradix_power");
  Config base = load_config("", drained(0.02));
  const std::string report = fake_report(base, dir);
  const json r = test::simulate_config(load_config("", drained(0.02, {{"power.report", report},
                                                                      {"power.link_pj_per_bit.injection", "0.01"},
                                                                      {"power.link_pj_per_bit.local", "0.1"},
                                                                      {"power.link_pj_per_bit.global", "0.1"}})));
  ASSERT_TRUE(r.is_object() && r.contains("power"));
  ASSERT_EQ(r["conservation"]["in_flight"], 0);
  const double packets = r["packets"].get<double>(), hops = r["average_hops"].get<double>(), S = 8, W = 80;
  // Per router visited: a routing decision (1), an allocation round (2, one per packet at low load), and per
  // phit a crossbar traversal (4), an input-buffer write and read, an output-queue write and read (8 + 16
  // each). Links: two terminal traversals (0.01 pJ/bit) and `hops` transit ones (0.1 pJ/bit).
  const double per_router = 1 + 2 + S * (4 + 2 * (8 + 16));
  const double expected = (hops + 1) * per_router + 2 * S * W * 0.01 + hops * S * W * 0.1;
  const json& p = r["power"];
  EXPECT_NEAR(p["energy_per_packet_pj"].get<double>(), expected, 0.005 * expected)
      << "allocation rounds beyond one per router visit are the only allowed difference";
  // Every part but allocation exactly.
  EXPECT_NEAR(p["energy_pj"]["routing"].get<double>(), packets * (hops + 1) * 1, 1e-6 * packets);
  EXPECT_NEAR(p["energy_pj"]["crossbar"].get<double>(), packets * (hops + 1) * S * 4, 1e-6 * packets);
  EXPECT_NEAR(p["energy_pj"]["buffers"].get<double>(), packets * (hops + 1) * S * 48, 1e-6 * packets);
  // Power = energy / time (6000 cycles of the report's 2 ns), plus 0.5 mW leakage per router (h = 2: 36).
  EXPECT_NEAR(p["dynamic_mw"].get<double>(), p["energy_pj"]["total"].get<double>() / (6000 * 2.0), 1e-9);
  EXPECT_DOUBLE_EQ(p["leakage_mw"].get<double>(), 0.5 * 36);
  EXPECT_DOUBLE_EQ(p["average_mw"].get<double>(), p["dynamic_mw"].get<double>() + p["leakage_mw"].get<double>());
  EXPECT_EQ(p["source"], report);
}

TEST(Power, AReportForAnotherNetworkIsAConfigError) {
  test::TempDir dir("hiradix_power");
  const std::string report = fake_report(load_config("", drained(0.02)), dir);
  try {
    load_config("", drained(0.02, {{"power.report", report}, {"router.buffers.local", "64"}}));
    FAIL() << "a report made for other buffers was accepted";
  } catch (const ConfigError& e) {
    EXPECT_NE(std::string(e.what()).find("power.report"), std::string::npos) << e.what();
    EXPECT_NE(std::string(e.what()).find("buffers"), std::string::npos) << e.what();
  }
  EXPECT_THROW(load_config("", drained(0.02, {{"power.report", dir.file("missing.json")}})), ConfigError);
}

// Every constant of the synthesized routing unit counts, not only UGAL's: a report made with TPR's LI_l = 3
// is no report for LI_l = 4, neither for power.report nor for router.latency.rc: auto.
TEST(SynthReport, AReportForOtherRoutingConstantsIsRefused) {
  test::TempDir dir("hiradix_power");
  const Overrides tpr = drained(0.02, {{"routing.algorithm", "tpr"}, {"routing.tpr_low", "3"}});
  const std::string report = fake_report(load_config("", tpr), dir);
  for (const Overrides& use : {Overrides{{"power.report", report}}, Overrides{{"router.latency.rc", "auto"}, {"synth.report", report}}}) {
    EXPECT_NO_THROW(load_config("", test::with(tpr, use))) << use[0].first;
    try {
      load_config("", test::with(test::with(tpr, use), {{"routing.tpr_low", "4"}}));
      ADD_FAILURE() << use[0].first << ": a report made for routing.tpr_low = 3 was accepted for 4";
    } catch (const ConfigError& e) {
      EXPECT_NE(std::string(e.what()).find("made for routing"), std::string::npos) << e.what();
    }
  }
}

}  // namespace
