// The router as a whole from `hiradix synth` (synth/synth_router.h): its area is the blocks' areas times
// their count per router plus the buffers, the buffers' flip-flops are depth x width x VCs x ports, every
// block carries an OpenSTA power figure, and a run with power.report prices its activity with them.
#include <gtest/gtest.h>

#include <cmath>
#include <fstream>
#include <regex>
#include <string>

#include "sim_helpers.h"
#include "synth/synth_flow.h"
#include "synth/synth_router.h"
#include "config/config.h"

using namespace hiradix;
using nlohmann::json;
namespace fs = std::filesystem;

namespace {

Config h2(const Overrides& more = {}) {
  Overrides o = {{"topology.h", "2"}};
  for (const auto& kv : more) o.push_back(kv);
  return load_config("", o);
}

// The area of the liberty's DFFPOSX1 (what dfflibmap maps a plain flip-flop to), read from the liberty
// text itself rather than from Yosys.
double dff_area_from_liberty() {
  std::ifstream in(HIRADIX_TEST_LIBERTY);
  const std::string lib((std::istreambuf_iterator<char>(in)), {});
  std::smatch m;
  if (!std::regex_search(lib, m, std::regex(R"(cell\s*\(DFFPOSX1\)\s*\{[^}]*?area\s*:\s*([0-9.]+))"))) return NAN;
  return std::stod(m[1].str());
}

// h = 2, MIN: p 2, a 4, h 2, radix 7; VCs 1/2/1 with 32/32/256 phits; output queue 32; 80-bit phits.
TEST(SynthRouter, AreaIsBlocksTimesCountsPlusFlipFlopBuffers) {
  test::TempDir dir("hiradix_synth_router");
  SynthOptions opt;
  opt.out_dir = dir.path.string();
  opt.quiet = true;
  const json r = run_synth(h2(), opt);
  ASSERT_TRUE(r.contains("router")) << r.dump(1);
  const json& b = r["blocks"];
  const json& router = r["router"];
  auto area = [&](const char* n) { return b[n]["area_um2"].get<double>(); };
  // Hand count: a routing unit per input port (7), one allocator, crossbar, LFSR and group table (built by
  // default: every Dragonfly routing reads it); MIN reads no counters.
  const double logic = 7 * area("routing_unit") + area("allocator") + area("crossbar") + area("lfsr") + area("forwarding_table");
  EXPECT_NEAR(router["logic_um2"].get<double>(), logic, 1e-6);
  EXPECT_EQ(router["blocks"]["contention_counters"]["count"], 0);
  EXPECT_EQ(router["blocks"]["forwarding_table"]["count"], 1);
  // The group table: a row per group (a h + 1 = 9) of {owner, k} (2 + 1 bits), MIN's one read port.
  EXPECT_EQ(b["forwarding_table"]["params"]["rows"], 9);
  EXPECT_EQ(b["forwarding_table"]["params"]["reads"], 1);
  EXPECT_EQ(b["forwarding_table"]["flip_flops"], 27);
  // Flip-flops: the row has phit-width flip-flops; input rows = sum over ports of VCs x depth:
  // 2 x 1 x 32 + 3 x 2 x 32 + 2 x 1 x 256 = 768; output rows = 7 x 32 = 224.
  EXPECT_EQ(b["buffer_row"]["flip_flops"], 80);
  const json& buf = router["buffers"];
  EXPECT_EQ(buf["input"]["bits"], 768 * 80);
  EXPECT_EQ(buf["output"]["bits"], 224 * 80);
  const double dff = dff_area_from_liberty();
  ASSERT_FALSE(std::isnan(dff)) << "no DFFPOSX1 in " << HIRADIX_TEST_LIBERTY;
  EXPECT_NEAR(buf["input"]["flip_flop_um2"].get<double>(), 768 * 80 * dff, 1e-6);
  EXPECT_NEAR(buf["output"]["flip_flop_um2"].get<double>(), 224 * 80 * dff, 1e-6);
  EXPECT_NEAR(buf["input"]["sram_um2"].get<double>(), 768 * 80 * 5.59 / 0.7, 1e-6);
  EXPECT_NEAR(router["area_um2"]["flip_flop"].get<double>(), logic + (768 + 224) * 80 * dff, 1e-6);
  // Every block was characterised; the router's event energies are the blocks' (the crossbar's per phit:
  // a cycle's energy shared by its 7 outputs).
  for (const auto& [name, blk] : b.items()) {
    ASSERT_TRUE(blk["power"].contains("energy_pj")) << name << ": " << blk["power"].dump();
    EXPECT_GT(blk["power"]["dynamic_mw"].get<double>(), 0) << name;
    EXPECT_GT(blk["power"]["leakage_mw"].get<double>(), 0) << name;
  }
  const json& e = router["energy_pj"];
  EXPECT_NEAR(e["crossbar_traversal"].get<double>(), b["crossbar"]["power"]["dynamic_mw"].get<double>() * 1.0 / 7, 1e-9);
  EXPECT_NEAR(e["routing_decision"].get<double>(),
              b["routing_unit"]["power"]["energy_pj"].get<double>() + b["lfsr"]["power"]["energy_pj"].get<double>() +
                  b["forwarding_table"]["power"]["energy_pj"].get<double>(),
              1e-9);
  EXPECT_EQ(e["buffer_write"], b["buffer_row"]["power"]["energy_pj"]);

  // End to end: a run priced with this report.
  std::ofstream(dir.path / "defaults.yaml") << "{}\n";
  const std::string cmd = test::shell_quote(HIRADIX_BIN) + " run " + test::shell_quote((dir.path / "defaults.yaml").string()) +
                          " --set topology.h=2 --set sim.warmup=500 --set sim.measure=1000 " +
                          "--set traffic.load=0.2 --set power.report=" + test::shell_quote((dir.path / "synth.json").string()) +
                          " -q --out " + test::shell_quote((dir.path / "run").string());
  ASSERT_EQ(test::run_shell(cmd), 0) << cmd;
  std::ifstream res(dir.path / "run" / "result.json");
  const json run = json::parse(res);
  ASSERT_TRUE(run.contains("power"));
  EXPECT_GT(run["power"]["energy_per_packet_pj"].get<double>(), 0);
  EXPECT_EQ(run["power"]["event_energy_pj"]["allocation"], e["allocation"]);
  EXPECT_NEAR(run["power"]["leakage_mw"].get<double>(), 36 * router["leakage_mw"].get<double>(), 1e-9);
}

// Which blocks a router has depends on the routing: Base keeps base_state (the counter bank and the VC
// tags) instead of a separate counter bank, PB its flags; every Dragonfly routing reads the group table, DOR
// on a mesh no table; made-up areas, no tools.
TEST(SynthRouter, CountsFollowTheRouting) {
  json report = {{"blocks", json::object()}};
  for (const char* n : {"routing_unit", "allocator", "crossbar", "lfsr", "buffer_row", "contention_counters", "base_state", "pb_state",
                        "forwarding_table"})
    report["blocks"][n] = {{"area_um2", 10.0}};
  const json base = router_summary(report, h2({{"routing.algorithm", "base"}}));
  ASSERT_FALSE(base.is_null());
  EXPECT_EQ(base["blocks"]["base_state"]["count"], 1);
  EXPECT_EQ(base["blocks"]["contention_counters"]["count"], 0);
  EXPECT_EQ(base["blocks"]["pb_state"]["count"], 0);
  EXPECT_EQ(base["blocks"]["forwarding_table"]["count"], 1);
  EXPECT_NEAR(base["logic_um2"].get<double>(), 10.0 * (7 + 1 + 1 + 1 + 1 + 1), 1e-9);
  const json dor = router_summary(report, load_config("", {{"topology.type", "mesh"}, {"topology.dims", "[4, 4]"},
                                                           {"routing.algorithm", "dor"}}));
  ASSERT_FALSE(dor.is_null());
  EXPECT_EQ(dor["blocks"]["forwarding_table"]["count"], 0);
  EXPECT_EQ(dor["blocks"]["forwarding_table"]["why"], "dor reads no forwarding table");
  EXPECT_FALSE(base.contains("energy_pj")) << "no power figures, no energies";
  const json pb = router_summary(report, h2({{"routing.algorithm", "pb"}}));
  EXPECT_EQ(pb["blocks"]["pb_state"]["count"], 1);
  EXPECT_EQ(pb["blocks"]["base_state"]["count"], 0);
  report["blocks"].erase("base_state");
  EXPECT_TRUE(router_summary(report, h2({{"routing.algorithm", "ectn"}})).is_null()) << "ECtN's state is missing";
}

// Band-based queues add a queue select beside each input port's routing unit (7 ports at h = 2); under vc
// the router has none, and a bbq router's summary needs the block.
TEST(SynthRouter, BandBasedQueuesCountAQueueSelectPerInputPort) {
  json report = {{"blocks", json::object()}};
  for (const char* n : {"routing_unit", "allocator", "crossbar", "lfsr", "buffer_row", "forwarding_table", "queue_select"})
    report["blocks"][n] = {{"area_um2", 10.0}};
  const json bbq = router_summary(report, h2({{"router.queues", "bbq"}}));
  ASSERT_FALSE(bbq.is_null());
  EXPECT_EQ(bbq["blocks"]["queue_select"]["count"], 7);
  EXPECT_EQ(bbq["blocks"]["queue_select"]["why"], "one per input port");
  const json vc = router_summary(report, h2({}));
  EXPECT_EQ(vc["blocks"]["queue_select"]["count"], 0);
  EXPECT_EQ(vc["blocks"]["queue_select"]["why"], "router.queues vc selects no queue");
  EXPECT_NEAR(bbq["logic_um2"].get<double>() - vc["logic_um2"].get<double>(), 70.0, 1e-9);
  // voq_net: the destination's number is the queue, no select (h = 1: 6 nodes x MIN's 2 local VCs).
  const json voq_net = router_summary(report, load_config("", {{"topology.h", "1"}, {"router.queues", "voq_net"}}));
  ASSERT_FALSE(voq_net.is_null());
  EXPECT_EQ(voq_net["blocks"]["queue_select"]["count"], 0);
  EXPECT_EQ(voq_net["blocks"]["queue_select"]["why"], "router.queues voq_net: the destination is the queue index");
  report["blocks"].erase("queue_select");
  EXPECT_TRUE(router_summary(report, h2({{"router.queues", "bbq"}})).is_null()) << "the queue select is missing";
}

// SASHA's VN select is a block of the source NIC (issue 30): the router's summary lists it with count 0 and
// says where it is, and its area stays out of the router's logic.
TEST(SynthRouter, SashasVnSelectIsNotInTheRouter) {
  json report = {{"blocks", json::object()}};
  for (const char* n : {"routing_unit", "allocator", "crossbar", "lfsr", "buffer_row"}) report["blocks"][n] = {{"area_um2", 10.0}};
  const Config sasha = load_config("", {{"topology.type", "mesh"}, {"topology.dims", "[4, 4]"}, {"routing.algorithm", "sasha"}});
  const json without = router_summary(report, sasha);
  report["blocks"]["vn_select"] = {{"area_um2", 1000.0}};
  const json with = router_summary(report, sasha);
  ASSERT_FALSE(with.is_null() || without.is_null());
  EXPECT_EQ(with["blocks"]["vn_select"]["count"], 0);
  EXPECT_EQ(with["blocks"]["vn_select"]["why"], "at the source NIC, not in the router");
  EXPECT_EQ(with["logic_um2"], without["logic_um2"]);
}

}  // namespace
