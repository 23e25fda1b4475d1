// The synthesis flow (synth/synth_flow.h, `hiradix synth`) on small Dragonflies, and
// `router.latency.rc: auto` reading a synthesis report. Runs Yosys and OpenSTA (seconds per block).
#include <gtest/gtest.h>

#include <algorithm>

#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <iterator>
#include <string>
#include <utility>
#include <vector>

#include "sim_helpers.h"
#include "router/routing/routing_registry.h"
#include "router/rtl/state_block_wrapper.h"
#include "synth/synth_flow.h"
#include "synth/report/synth_report.h"
#include "synth/synth_router.h"
#include "config/config.h"

using namespace hiradix;
using nlohmann::json;
namespace fs = std::filesystem;

namespace {

Config balanced(int h, const Overrides& more = {}) {
  Overrides o = {{"topology.h", std::to_string(h)}};
  for (const auto& kv : more) o.push_back(kv);
  return load_config("", o);
}

json synth(const Config& c, const fs::path& dir, std::vector<std::string> blocks = {}) {
  SynthOptions opt;
  opt.out_dir = dir.string();
  opt.quiet = true;
  opt.blocks = std::move(blocks);
  return run_synth(c, opt);
}

// The routing unit alone (and `more` blocks) for `c` in `dir`: timed by OpenSTA, with positive area and delay,
// built from each of `files` and none of `absent` (the RTL files Yosys read); the report.
json synth_unit(const Config& c, const fs::path& dir, const std::vector<std::string>& files,
                const std::vector<std::string>& absent = {}, const std::vector<std::string>& more = {}) {
  std::vector<std::string> blocks = {"routing_unit"};
  blocks.insert(blocks.end(), more.begin(), more.end());
  const json r = synth(c, dir, blocks);
  const json& u = r["blocks"]["routing_unit"];
  EXPECT_GT(u["area_um2"].get<double>(), 0);
  EXPECT_GT(u["delay_ns"].get<double>(), 0);
  EXPECT_EQ(u["timing"], "opensta");
  std::vector<std::string> read;
  for (const json& f : u["params"]["rtl_files"]) read.push_back(f.get<std::string>());
  for (const std::string& f : files) EXPECT_NE(std::find(read.begin(), read.end(), f), read.end()) << f;
  for (const std::string& f : absent) EXPECT_EQ(std::find(read.begin(), read.end(), f), read.end()) << f;
  return r;
}

// The synthesis wrapper of the routing unit a synth_unit() call in `dir` wrote.
std::string wrapper_of(const fs::path& dir) {
  std::ifstream in(dir / "routing_unit" / "wrapper.v");
  return std::string((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
}

// Every block with every field, positive numbers, cycles = ceil(delay / clock) per stage (a routing unit
// pipelined by synth.rc_stages: auto has `stages`; at h = 2 MIN's unit took 2 after the header widened on
// 2026-11-27, one again since the group table: 1.26 ns against the allocator's 2.43), and the same content
// in synth.json as returned.
void expect_complete(const json& r, const fs::path& dir, double clock_ns) {
  ASSERT_TRUE(r.contains("params") && r.contains("clock_ns") && r.contains("blocks"));
  EXPECT_DOUBLE_EQ(r["clock_ns"].get<double>(), clock_ns);
  for (const std::string& b : synth_blocks()) {
    ASSERT_TRUE(r["blocks"].contains(b)) << b;
    const json& x = r["blocks"][b];
    for (const char* f : {"area_um2", "cells", "delay_ns", "depth", "cycles"}) ASSERT_TRUE(x.contains(f)) << b << "." << f;
    EXPECT_GT(x["area_um2"].get<double>(), 0) << b;
    EXPECT_GT(x["cells"].get<long long>(), 0) << b;
    EXPECT_GT(x["delay_ns"].get<double>(), 0) << b;
    EXPECT_GT(x["depth"].get<long long>(), 0) << b;
    EXPECT_EQ(x["timing"], "opensta") << b << ": OpenSTA did not time the netlist";
    const int per_stage = std::max(1, static_cast<int>(std::ceil(x["delay_ns"].get<double>() / clock_ns - 1e-9)));
    EXPECT_EQ(x["cycles"].get<int>(), per_stage * x.value("stages", 1)) << b;
  }
  std::ifstream in(dir / "synth.json");
  ASSERT_TRUE(in) << "no synth.json";
  EXPECT_EQ(json::parse(in), r);
}

TEST(Synth, ReportsEveryBlockAndGrowsWithRadix) {
  const fs::path dir = test::make_temp_dir("hiradix_synth");
  const json h2 = synth(balanced(2), dir / "h2");  // radix 7
  const json h4 = synth(balanced(4), dir / "h4");  // radix 15
  expect_complete(h2, dir / "h2", 1.0);
  expect_complete(h4, dir / "h4", 1.0);
  EXPECT_EQ(h2["params"]["radix"], 7);
  EXPECT_EQ(h4["params"]["radix"], 15);
  // The allocator and the counter bank grow with the radix in area and delay; the whole router logic too.
  for (const char* b : {"allocator", "contention_counters"}) {
    EXPECT_GT(h4["blocks"][b]["area_um2"].get<double>(), h2["blocks"][b]["area_um2"].get<double>()) << b;
    EXPECT_GT(h4["blocks"][b]["cells"].get<long long>(), h2["blocks"][b]["cells"].get<long long>()) << b;
    EXPECT_GT(h4["blocks"][b]["delay_ns"].get<double>(), h2["blocks"][b]["delay_ns"].get<double>()) << b;
  }
  double a2 = 0, a4 = 0;
  for (const std::string& b : synth_blocks()) {
    a2 += h2["blocks"][b]["area_um2"].get<double>();
    a4 += h4["blocks"][b]["area_um2"].get<double>();
  }
  EXPECT_GT(a4, a2);
  // The LFSR does not depend on the network: identical netlists.
  EXPECT_EQ(h2["blocks"]["lfsr"]["area_um2"], h4["blocks"]["lfsr"]["area_um2"]);
  // The routing unit is built from the geometry and the configured routing's files only (MIN here).
  std::vector<std::string> routings;
  bool geometry = false;
  for (const json& f : h2["blocks"]["routing_unit"]["params"]["rtl_files"]) {
    const std::string file = f.get<std::string>();
    if (file.find("routing/hiradix_route_") == 0) routings.push_back(file);
    geometry = geometry || file == "topology/hiradix_dragonfly_geometry.v";
  }
  EXPECT_TRUE(geometry);
  EXPECT_EQ(routings, std::vector<std::string>{"routing/hiradix_route_min.v"});
  fs::remove_all(dir);
}

// RVLB (ALG_RVLB = 8, a code of the 4-bit field) is built from Valiant's submodule and its helpers, and
// only from them; the unit times and reports as any routing's.
TEST(Synth, RvlbBuildsFromValiantsFiles) {
  const fs::path dir = test::make_temp_dir("hiradix_synth_rvlb");
  const json r = synth(balanced(2, {{"routing.algorithm", "rvlb"}}), dir, {"routing_unit"});
  const json& u = r["blocks"]["routing_unit"];
  EXPECT_GT(u["area_um2"].get<double>(), 0);
  EXPECT_EQ(u["timing"], "opensta");
  std::vector<std::string> routings;
  for (const json& f : u["params"]["rtl_files"]) {
    const std::string file = f.get<std::string>();
    if (file.find("routing/hiradix_route_") == 0) routings.push_back(file);
  }
  EXPECT_EQ(routings, std::vector<std::string>{"routing/hiradix_route_valiant.v"});
  EXPECT_EQ(r["params"]["routing"]["algorithm"], "rvlb");
  for (const auto& [key, value] : r["params"]["routing"].items()) EXPECT_EQ(u["params"][key], value) << key;  // one record
  fs::remove_all(dir);
}

// DOR on a mesh and a torus (issue 27): the unit with the mesh geometry by coordinates and dor's submodule
// only (rtl/topology/hiradix_mesh_geometry.v, rtl/routing/hiradix_route_dor.v), timed by OpenSTA; the order
// is recorded as its key's text.
TEST(Synth, DorOnAMeshAndATorusReportsTheRoutingUnit) {
  const fs::path dir = test::make_temp_dir("hiradix_synth_dor");
  for (const char* type : {"mesh", "torus"}) {
    const Config c = load_config("", {{"topology.type", type}, {"topology.dims", "[8, 8]"}, {"routing.algorithm", "dor"},
                                      {"routing.dor_order", "yx"}});
    const json r = synth(c, dir / type, {"routing_unit"});
    const json& u = r["blocks"]["routing_unit"];
    EXPECT_GT(u["area_um2"].get<double>(), 0) << type;
    EXPECT_GT(u["delay_ns"].get<double>(), 0) << type;
    EXPECT_EQ(u["timing"], "opensta") << type;
    std::vector<std::string> routings;
    for (const json& f : u["params"]["rtl_files"]) {
      const std::string file = f.get<std::string>();
      if (file.find("routing/hiradix_route_") == 0) routings.push_back(file);
    }
    EXPECT_EQ(routings, std::vector<std::string>{"routing/hiradix_route_dor.v"}) << type;
    EXPECT_EQ(r["params"]["routing"]["algorithm"], "dor");
    EXPECT_EQ(r["params"]["routing"]["dor_order"], "yx");
  }
  fs::remove_all(dir);
}

// OSHA on a mesh (seed 001, issue 30): its submodule over DOR's step (rtl/routing/hiradix_route_osha.v,
// hiradix_dor_step.v) and the mesh geometry; its own input osha_vn is a real input of the wrapper.
TEST(Synth, OshaOnAMeshReportsTheRoutingUnit) {
  const fs::path dir = test::make_temp_dir("hiradix_synth_osha");
  const Config c = load_config("", {{"topology.type", "mesh"}, {"topology.dims", "[8, 8]"}, {"routing.algorithm", "osha"},
                                    {"routing.osha_order", "yx"}});
  const json r = synth(c, dir, {"routing_unit"});
  const json& u = r["blocks"]["routing_unit"];
  EXPECT_GT(u["area_um2"].get<double>(), 0);
  EXPECT_GT(u["delay_ns"].get<double>(), 0);
  EXPECT_EQ(u["timing"], "opensta");
  std::vector<std::string> files;
  for (const json& f : u["params"]["rtl_files"]) {
    const std::string file = f.get<std::string>();
    if (file.find("routing/") == 0) files.push_back(file);
  }
  EXPECT_NE(std::find(files.begin(), files.end(), "routing/hiradix_route_osha.v"), files.end());
  EXPECT_NE(std::find(files.begin(), files.end(), "routing/hiradix_dor_step.v"), files.end());
  EXPECT_EQ(std::find(files.begin(), files.end(), "routing/hiradix_route_dor.v"), files.end());
  EXPECT_EQ(r["params"]["routing"]["algorithm"], "osha");
  EXPECT_EQ(r["params"]["routing"]["osha_order"], "yx");
  fs::remove_all(dir);
}

// The queue select of dbbq (issue 28): rtl/hiradix_band_select.v with the network's boundaries as constants
// (4 bands of 2,304 nodes: 576, 1152, 1728; of 48 columns: 12, 24, 36), combinational logic of a few
// comparators; under vc the block is refused naming the key to set.
TEST(Synth, DbbqReportsItsQueueSelect) {
  const fs::path dir = test::make_temp_dir("hiradix_synth_dbbq");
  const Overrides kns = {{"topology.type", "kns"}, {"topology.dims", "[48, 48]"}, {"routing.algorithm", "hybrid_dor"},
                         {"routing.vns", "2"}};
  const json r = synth(load_config("", test::with(kns, {{"router.queues", "dbbq"}, {"router.bands", "4"}})), dir, {"queue_select"});
  const json& q = r["blocks"]["queue_select"];
  EXPECT_GT(q["area_um2"].get<double>(), 0);
  EXPECT_GT(q["cells"].get<int>(), 3);
  EXPECT_EQ(q["flip_flops"], 0);
  EXPECT_EQ(q["params"]["queues"], "dbbq");
  EXPECT_EQ(q["params"]["bands"], 4);
  EXPECT_EQ(q["params"]["columns"], 48);
  EXPECT_EQ(q["params"]["node_bits"], 12);
  std::ifstream in(dir / "queue_select" / "wrapper.v");
  const std::string wrapper((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  EXPECT_NE(wrapper.find("{12'd1728, 12'd1152, 12'd576}"), std::string::npos) << wrapper;
  EXPECT_NE(wrapper.find("{12'd36, 12'd24, 12'd12}"), std::string::npos) << wrapper;
  try {
    synth(load_config("", kns), dir, {"queue_select"});
    ADD_FAILURE() << "queue_select under router.queues vc was accepted";
  } catch (const ConfigError& e) {
    EXPECT_NE(std::string(e.what()).find("set router.queues bbq or dbbq"), std::string::npos) << e.what();
  }
  fs::remove_all(dir);
}

// SASHA's VN select at the source NIC (issue 30): rtl/hiradix_vn_select.v with the network's 2 VNs. Its only
// register is the tie rule's pointer, ceil(log2 2) = 1 flip-flop under round_robin, none under vn0 (the
// pointer is never read, so synthesis removes it). Loads as wide as their largest value: a 4 x 4 mesh's
// injection VC per VN of 32 phits, 0 .. 32 (6 bits); a 16-cycle XmitWait interval, 0 .. 16 (5 bits). A
// routing that picks no VN at the source is refused naming the key to set.
TEST(Synth, SashaVnSelectIsItsPointerAndComparators) {
  const fs::path dir = test::make_temp_dir("hiradix_synth_vn_select");
  const Overrides sasha = {{"topology.type", "mesh"}, {"topology.dims", "[4, 4]"}, {"routing.algorithm", "sasha"}};
  struct Case {
    Overrides set;
    const char* tie;
    int load_bits, flip_flops;
  };
  for (const Case& k : {Case{{}, "round_robin", 6, 1}, Case{{{"routing.sasha_tie", "vn0"}}, "vn0", 6, 0},
                        Case{{{"routing.sasha_metric", "xmit_wait"}, {"routing.sasha_interval", "16"}}, "round_robin", 5, 1}}) {
    const json r = synth(load_config("", test::with(sasha, k.set)), dir, {"vn_select"});
    const json& b = r["blocks"]["vn_select"];
    EXPECT_EQ(b["params"]["vns"], 2);
    EXPECT_EQ(b["params"]["tie"], k.tie);
    EXPECT_EQ(b["params"]["load_bits"], k.load_bits) << k.tie;
    EXPECT_EQ(b["params"]["expected_flip_flops"], k.flip_flops) << k.tie;
    EXPECT_EQ(b["flip_flops"], k.flip_flops) << k.tie;
    EXPECT_GT(b["area_um2"].get<double>(), 0);
    EXPECT_GT(b["cells"].get<int>(), 2 * k.load_bits) << "a comparator of the two loads at least";
    std::cout << "  vn_select " << b["params"]["metric"].get<std::string>() << " tie " << k.tie << ": "
              << b["area_um2"].get<double>() << " um^2, " << b["cells"] << " cells, " << b["delay_ns"] << " ns, "
              << b["flip_flops"] << " flip-flops\n";
  }
  try {
    synth(load_config("", test::with(sasha, {{"routing.algorithm", "osha"}})), dir, {"vn_select"});
    ADD_FAILURE() << "vn_select under osha was accepted";
  } catch (const ConfigError& e) {
    EXPECT_NE(std::string(e.what()).find("set routing.algorithm sasha"), std::string::npos) << e.what();
  }
  fs::remove_all(dir);
}

// The VN select's register for every VN count the co-simulation Verilates (2 .. 8), by Yosys on the RTL
// alone: the pointer, ceil(log2 VNS) flip-flops, whatever the load width.
TEST(Synth, VnSelectPointerIsCeilLog2VnsFlipFlops) {
  const fs::path dir = test::make_temp_dir("hiradix_synth_vn_select_ff");
  const std::string rtl = HIRADIX_TEST_RTL_DIR;
  for (int vns = 2; vns <= 8; ++vns) {
    const fs::path log = dir / ("stat_" + std::to_string(vns) + ".txt");
    const std::string cmd = "yosys -q -p 'read_verilog " + rtl + "/hiradix_vn_select.v; chparam -set VNS " + std::to_string(vns) +
                            " -set LOAD_W 16 hiradix_vn_select; synth -top hiradix_vn_select; tee -q -o " + log.string() +
                            " stat' > /dev/null 2>&1";
    ASSERT_EQ(std::system(cmd.c_str()), 0) << cmd;
    std::ifstream in(log);
    int flip_flops = 0;
    for (std::string line; std::getline(in, line);)
      if (line.find("DFF") != std::string::npos) flip_flops += std::stoi(line.substr(line.find_last_of(' ') + 1));
    int pointer_bits = 0;
    while ((1 << pointer_bits) < vns) ++pointer_bits;
    EXPECT_EQ(flip_flops, pointer_bits) << vns << " VNs";
  }
  fs::remove_all(dir);
}

// dor on a Flattened Butterfly (issue 27): dor's submodule with the FB's step and geometry; the FB's inputs
// are real inputs of the wrapper and the mesh's are tied to 0 (Field::topologies), so the mesh's step folds
// away.
TEST(Synth, DorOnAFlattenedButterflyReportsTheRoutingUnit) {
  const fs::path dir = test::make_temp_dir("hiradix_synth_fb_dor");
  const Config c = load_config("", {{"topology.type", "flattened_butterfly"}, {"topology.dims", "[4, 4]"},
                                    {"routing.algorithm", "dor"}, {"routing.dor_order", "yx"}});
  const json r = synth_unit(c, dir, {"routing/hiradix_route_dor.v", "routing/hiradix_fb_dor_step.v",
                                     "topology/hiradix_flattened_butterfly_geometry.v"});
  EXPECT_EQ(r["params"]["routing"]["algorithm"], "dor");
  EXPECT_EQ(r["params"]["routing"]["dor_order"], "yx");
  const std::string wrapper = wrapper_of(dir);
  EXPECT_NE(wrapper.find("input  wire [18-1:0] fb_size;"), std::string::npos) << wrapper;
  EXPECT_EQ(wrapper.find("mesh_size;"), std::string::npos) << "the mesh's inputs are tied to 0 on a FB";
  fs::remove_all(dir);
}

// hybrid_dor on a KNS (issue 27): its own submodule (ALG_HYBRID_DOR = 16, the first code of ALG_W = 5) over
// the KNS's geometry and DOR's order decoding; the KNS's inputs are real inputs of the wrapper, the mesh's
// and the FB's are tied to 0 (Field::topologies). kns_size is one too, but no logic reads it.
TEST(Synth, HybridDorOnAKnsReportsTheRoutingUnit) {
  const fs::path dir = test::make_temp_dir("hiradix_synth_kns_hybrid_dor");
  const Config c = load_config("", {{"topology.type", "kns"}, {"topology.dims", "[4, 4]"}, {"topology.p", "2"},
                                    {"routing.algorithm", "hybrid_dor"}, {"routing.dor_order", "yx"}});
  const json r = synth_unit(c, dir, {"routing/hiradix_route_hybrid_dor.v", "routing/hiradix_dor_order.v", "topology/hiradix_kns_geometry.v"},
                            {"routing/hiradix_route_dor.v", "topology/hiradix_mesh_geometry.v"});
  EXPECT_EQ(r["params"]["routing"]["algorithm"], "hybrid_dor");
  EXPECT_EQ(r["params"]["routing"]["dor_order"], "yx");
  const std::string wrapper = wrapper_of(dir);
  EXPECT_NE(wrapper.find("input  wire [2-1:0] kns_switch;"), std::string::npos) << wrapper;
  EXPECT_NE(wrapper.find("input  wire [18-1:0] kns_dst;"), std::string::npos) << wrapper;
  EXPECT_EQ(wrapper.find("mesh_size;"), std::string::npos) << "the mesh's inputs are tied to 0 on a KNS";
  EXPECT_EQ(wrapper.find("fb_size;"), std::string::npos) << "the FB's inputs are tied to 0 on a KNS";
  fs::remove_all(dir);
}

// min on an 8 x 8 mesh (issue 27): its own code (ALG_GENERIC_MIN = 17) and submodule, driven by the row of the
// forwarding table (fwd_row: a real input of the wrapper, a bit per port of the radix, 5) and the port loads;
// no geometry by coordinates (the mesh's inputs are the wrapper's, but no file reads them). The table is a block of its own, by default for
// this routing: 64 rows of 5 bits, 320 flip-flops and a read mux.
TEST(Synth, GenericMinOnAMeshReportsTheRoutingUnitAndItsForwardingTable) {
  const fs::path dir = test::make_temp_dir("hiradix_synth_generic_min");
  const Config c = load_config("", {{"topology.type", "mesh"}, {"topology.dims", "[8, 8]"}, {"routing.algorithm", "min"}});
  EXPECT_EQ(routing_state_blocks(c), std::vector<std::string>{});
  EXPECT_EQ(routing_table_reads(c), 1);
  const json r = synth_unit(c, dir, {"routing/hiradix_route_generic_min.v"},
                            {"routing/hiradix_route_min.v", "topology/hiradix_mesh_geometry.v"}, {"forwarding_table"});
  EXPECT_EQ(r["params"]["routing"]["algorithm"], "min");
  const std::string wrapper = wrapper_of(dir);
  EXPECT_NE(wrapper.find("input  wire [5-1:0] fwd_row;"), std::string::npos) << wrapper;
  EXPECT_NE(wrapper.find("input  wire [60-1:0] port_load;"), std::string::npos) << wrapper;
  EXPECT_NE(wrapper.find("C_ALGORITHM = 17;"), std::string::npos) << wrapper;
  const json& t = r["blocks"]["forwarding_table"];
  EXPECT_EQ(t["timing"], "opensta");
  EXPECT_GT(t["area_um2"].get<double>(), 0);
  EXPECT_EQ(t["params"]["rows"], 64);
  EXPECT_EQ(t["params"]["row_bits"], 5);
  EXPECT_EQ(t["params"]["coordinate_bits"], 0);
  EXPECT_EQ(t["params"]["kind"], "router");
  EXPECT_EQ(t["params"]["reads"], 1);
  EXPECT_EQ(t["flip_flops"], 320);
  fs::remove_all(dir);
}

// The Dragonfly's group table (issue 27): the forwarding_table block on a Dragonfly is a row {owner, k} per
// group, a read port per row the unit reads (Valiant's routings: the destination's, the intermediate's and the
// lgl draw's group; MIN only the destination's), and the unit's wrapper takes those rows as real inputs, as
// narrow as the network needs. h = 2: 9 groups, rows of 2 + 1 bits, 27 flip-flops.
TEST(Synth, TheDragonflysGroupTableHasAReadPortPerRowTheUnitReads) {
  for (const char* alg : {"valiant", "min"}) {
    const fs::path dir = test::make_temp_dir(std::string("hiradix_synth_group_table_") + alg);
    const Config c = balanced(2, {{"routing.algorithm", alg}});
    const json r = synth_unit(c, dir, {"topology/hiradix_dragonfly_geometry.v"}, {}, {"forwarding_table"});
    const json& t = r["blocks"]["forwarding_table"];
    EXPECT_EQ(t["timing"], "opensta");
    EXPECT_EQ(t["params"]["kind"], "group");
    EXPECT_EQ(t["params"]["rows"], 9);
    EXPECT_EQ(t["params"]["row_bits"], 3);
    EXPECT_EQ(t["params"]["reads"], std::string(alg) == "valiant" ? 3 : 1);
    EXPECT_EQ(t["flip_flops"], 27);
    const std::string wrapper = wrapper_of(dir);
    EXPECT_NE(wrapper.find("input  wire [2:0] dst_link, inter_link, lgl_link;"), std::string::npos) << wrapper;
    EXPECT_NE(wrapper.find(".dst_link({{{(GEOM_W-2){1'b0}}, dst_link[2:1]}, {{(GEOM_W-1){1'b0}}, dst_link[0:0]}})"),
              std::string::npos) << wrapper;
    fs::remove_all(dir);
  }
}

// valiant and ugal on a 4 x 4 mesh (issue 27): their own codes (ALG_GENERIC_VALIANT = 18, ALG_GENERIC_UGAL =
// 19) and submodule over min's row pick (rtl/routing/hiradix_row_pick.v, twice: the rows towards the destination
// and towards the intermediate router, both real inputs of the wrapper, a bit per port of the radix, 5), the
// draw's router count and UGAL's distances by coordinates (topology/hiradix_router_distance.v: the mesh's
// coordinates and the intermediate's, mesh_mid, are real inputs); not the Dragonfly's Valiant nor UGAL
// nor the mesh's geometry. The forwarding table is a block of their own, as for min, with two read ports; under
// UGAL its rows hold the router's coordinates beside the ports: 16 rows of 5 + 2 + 2 bits.
TEST(Synth, GenericValiantAndUgalOnAMeshReportTheRoutingUnit) {
  for (const char* alg : {"valiant", "ugal"}) {
    const fs::path dir = test::make_temp_dir(std::string("hiradix_synth_generic_") + alg);
    const bool ugal = std::string(alg) == "ugal";
    const Config c = load_config("", {{"topology.type", "mesh"}, {"topology.dims", "[4, 4]"}, {"routing.algorithm", alg}});
    EXPECT_EQ(routing_state_blocks(c), std::vector<std::string>{}) << alg;
    EXPECT_EQ(routing_table_reads(c), 2) << alg;
    const json r = synth_unit(c, dir, {"routing/hiradix_route_generic_valiant.v", "routing/hiradix_row_pick.v",
                                       "topology/hiradix_router_distance.v"},
                              {"routing/hiradix_route_valiant.v", "routing/hiradix_route_ugal.v", "routing/hiradix_route_generic_min.v",
                               "topology/hiradix_mesh_geometry.v"}, {"forwarding_table"});
    EXPECT_EQ(r["params"]["routing"]["algorithm"], alg);
    const std::string wrapper = wrapper_of(dir);
    EXPECT_NE(wrapper.find("input  wire [5-1:0] fwd_row;"), std::string::npos) << wrapper;
    EXPECT_NE(wrapper.find("input  wire [5-1:0] fwd_row_mid;"), std::string::npos) << wrapper;
    EXPECT_NE(wrapper.find(std::string("C_ALGORITHM = ") + (ugal ? "19;" : "18;")), std::string::npos) << wrapper;
    EXPECT_NE(wrapper.find("input  wire [18-1:0] mesh_mid;"), std::string::npos) << wrapper;
    const json& t = r["blocks"]["forwarding_table"];
    EXPECT_EQ(t["params"]["reads"], 2);
    EXPECT_EQ(t["params"]["rows"], 16);
    EXPECT_EQ(t["params"]["coordinate_bits"], ugal ? 4 : 0);
    EXPECT_EQ(t["params"]["row_bits"], ugal ? 9 : 5);
    EXPECT_EQ(t["flip_flops"], ugal ? 144 : 80);
    fs::remove_all(dir);
  }
}

// rvlb on a 4 x 4 mesh and a 4 x 4 Flattened Butterfly (p = 4) (issue 27): generic valiant's submodule under
// rvlb's own code there (ALG_GRID_RVLB = 20, grid_rvlb_rtl.h), whose draw is the grid's chain of fractions
// (rtl/routing/hiradix_grid_draw.v) over the family's coordinates: the mesh's inputs are real inputs of the
// wrapper on the mesh and the FB's on the FB (the other family's tied to 0); not the Dragonfly's Valiant nor
// the families' own geometries (the draw reads the coordinates directly). The forwarding table as valiant's.
TEST(Synth, GridRvlbOnAMeshAndAFlattenedButterflyReportsTheRoutingUnit) {
  for (const char* type : {"mesh", "flattened_butterfly"}) {
    const fs::path dir = test::make_temp_dir(std::string("hiradix_synth_grid_rvlb_") + type);
    const bool mesh = std::string(type) == "mesh";
    const Config c = load_config("", {{"topology.type", type}, {"topology.dims", "[4, 4]"}, {"topology.p", mesh ? "1" : "4"},
                                      {"routing.algorithm", "rvlb"}});
    EXPECT_EQ(routing_state_blocks(c), std::vector<std::string>{}) << type;
    EXPECT_EQ(routing_table_reads(c), 2) << type;
    const json r = synth_unit(c, dir, {"routing/hiradix_route_generic_valiant.v", "routing/hiradix_grid_draw.v", "routing/hiradix_row_pick.v"},
                              {"routing/hiradix_route_valiant.v", "routing/hiradix_route_generic_min.v", "topology/hiradix_mesh_geometry.v",
                               "topology/hiradix_flattened_butterfly_geometry.v"});
    EXPECT_EQ(r["params"]["routing"]["algorithm"], "rvlb");
    const std::string wrapper = wrapper_of(dir);
    EXPECT_NE(wrapper.find("C_ALGORITHM = 20;"), std::string::npos) << wrapper;
    EXPECT_NE(wrapper.find("input  wire [18-1:0] " + std::string(mesh ? "mesh_size;" : "fb_size;")), std::string::npos) << wrapper;
    EXPECT_EQ(wrapper.find(mesh ? "fb_size;" : "mesh_size;"), std::string::npos) << wrapper;
    EXPECT_NE(wrapper.find("fwd_row_mid;"), std::string::npos) << wrapper;
    const json& u = r["blocks"]["routing_unit"];
    std::cout << "  rvlb " << type << " 4x4: " << u["area_um2"] << " um2, " << u["cells"] << " cells, " << u["delay_ns"] << " ns, depth "
              << u["depth"] << "\n";
    fs::remove_all(dir);
  }
}

// marbp and qcn_switch on a 4 x 4 Flattened Butterfly (p = 4): generic valiant's submodule under their own codes
// there (ALG_GENERIC_MARBP = 24, ALG_GENERIC_QCN_SWITCH = 25, generic_valiant_rtl.h), reading the host port's
// far end (marbp_mid), flow_ready / qcn_p and the FB's coordinates; not the Dragonfly's MAR-bP submodule.
// QCN-Switch's qcn_p comes from its table's block (next test).
TEST(Synth, MarbpAndQcnSwitchOnAFlattenedButterflyReportTheRoutingUnit) {
  for (const auto& [algorithm, code] : std::vector<std::pair<std::string, int>>{{"marbp", 24}, {"qcn_switch", 25}}) {
    const fs::path dir = test::make_temp_dir("hiradix_synth_fb_" + algorithm);
    const Config c = load_config("", {{"topology.type", "flattened_butterfly"}, {"topology.dims", "[4, 4]"}, {"topology.p", "4"},
                                      {"routing.algorithm", algorithm}, {"router.flow_control", "pause"}, {"router.buffers.network", "512"},
                                      {"qcn.sampling", "output"}, {"qcn.reaction", "off"}});
    EXPECT_EQ(routing_state_blocks(c), algorithm == "marbp" ? std::vector<std::string>{} : std::vector<std::string>{"qcn_switch_table"})
        << algorithm;
    EXPECT_EQ(routing_table_reads(c), 2) << algorithm;
    const json r = synth_unit(c, dir, {"routing/hiradix_route_generic_valiant.v", "routing/hiradix_row_pick.v"},
                              {"routing/hiradix_route_marbp.v", "routing/hiradix_route_valiant.v"});
    EXPECT_EQ(r["params"]["routing"]["algorithm"], algorithm);
    const std::string wrapper = wrapper_of(dir);
    EXPECT_NE(wrapper.find("C_ALGORITHM = " + std::to_string(code) + ";"), std::string::npos) << wrapper;
    for (const char* input : {"marbp_mid;", "fb_here;", "fwd_row_mid;", algorithm == "marbp" ? "flow_ready;" : "qcn_p;"})
      EXPECT_NE(wrapper.find(input), std::string::npos) << algorithm << ": " << input;
    const json& u = r["blocks"]["routing_unit"];
    std::cout << "  " << algorithm << " FB 4x4: " << u["area_um2"] << " um2, " << u["cells"] << " cells, " << u["delay_ns"]
              << " ns, depth " << u["depth"] << "\n";
    fs::remove_all(dir);
  }
}

// QCN-Switch's table on a 4 x 4 Flattened Butterfly (p = 4): T = 2 x 3 = 6 transit ports, each with P (16
// bits) and a packet counter for PC_l = 100 (7 bits), and under compare its last Fb (6 bits) and their sum
// (up to 6 x 63: 9 bits).
TEST(Synth, QcnSwitchTableOnAFlattenedButterflyIsItsProbabilitiesAndCounters) {
  const fs::path dir = test::make_temp_dir("hiradix_synth_fb_qcn");
  for (const char* variant : {"compare", "base"}) {
    const Config c = load_config("", {{"topology.type", "flattened_butterfly"}, {"topology.dims", "[4, 4]"}, {"topology.p", "4"},
                                      {"routing.algorithm", "qcn_switch"}, {"routing.qcn_variant", variant},
                                      {"router.flow_control", "pause"}, {"router.buffers.network", "512"},
                                      {"qcn.sampling", "output"}, {"qcn.reaction", "off"}});
    const json r = synth(c, dir, {"qcn_switch_table"});
    const json& b = r["blocks"]["qcn_switch_table"];
    EXPECT_EQ(b["params"]["transit_ports"], 6) << variant;
    EXPECT_EQ(b["params"]["expected_flip_flops"].get<int>(), std::string(variant) == "compare" ? 6 * (16 + 7 + 6) + 9 : 6 * (16 + 7))
        << variant;
    EXPECT_EQ(b["flip_flops"], b["params"]["expected_flip_flops"]) << variant;
    EXPECT_GT(b["area_um2"].get<double>(), 0) << variant;
    std::cout << "  qcn_switch_table " << variant << " FB 4x4: " << b["flip_flops"] << " flip-flops, " << b["area_um2"]
              << " um2, " << b["delay_ns"] << " ns\n";
  }
  fs::remove_all(dir);
}

// ACOR (ALG_ACOR = 10) is its own submodule over Valiant's draw and path; its level is a real input, so the
// unit keeps the draw logic of every policy of the sequence.
TEST(Synth, AcorBuildsFromItsFileAndValiantsHelpers) {
  const fs::path dir = test::make_temp_dir("hiradix_synth_acor");
  const json r = synth(balanced(2, {{"routing.algorithm", "acor"}}), dir, {"routing_unit"});
  const json& u = r["blocks"]["routing_unit"];
  EXPECT_GT(u["area_um2"].get<double>(), 0);
  EXPECT_EQ(u["timing"], "opensta");
  std::vector<std::string> files;
  for (const json& f : u["params"]["rtl_files"]) files.push_back(f.get<std::string>());
  for (const char* f : {"routing/hiradix_route_acor.v", "routing/hiradix_valiant_root.v", "routing/hiradix_valiant_path.v"})
    EXPECT_NE(std::find(files.begin(), files.end(), f), files.end()) << f;
  EXPECT_EQ(std::find(files.begin(), files.end(), "routing/hiradix_route_valiant.v"), files.end());
  fs::remove_all(dir);
}

// LIAN (ALG_LIAN = 13) is the UGAL family's submodule; its policy comes from inputs (the router's readings),
// so the unit keeps the draws of all four policies, where TPR (phase A always lgl) keeps one: more area.
TEST(Synth, LianBuildsFromUgalsFileWithEveryPolicysDraw) {
  const fs::path dir = test::make_temp_dir("hiradix_synth_lian");
  const json lian = synth(balanced(2, {{"routing.algorithm", "lian"}}), dir / "lian", {"routing_unit"});
  const json tpr = synth(balanced(2, {{"routing.algorithm", "tpr"}}), dir / "tpr", {"routing_unit"});
  const json& u = lian["blocks"]["routing_unit"];
  EXPECT_EQ(u["timing"], "opensta");
  std::vector<std::string> routings;
  for (const json& f : u["params"]["rtl_files"]) {
    const std::string file = f.get<std::string>();
    if (file.find("routing/hiradix_route_") == 0) routings.push_back(file);
  }
  EXPECT_EQ(routings, std::vector<std::string>{"routing/hiradix_route_ugal.v"});
  // LIAN's policy draw reads its two readings, which TPR's unit leaves unconnected (Yosys removes what
  // does not reach an output); both read the count. (Comparing areas instead is not robust: ABC's results
  // move by several percent with the structure of the source.)
  auto reads = [&](const char* routing, const std::string& input) {
    std::ifstream in(dir / routing / "routing_unit" / "netlist.v");
    const std::string netlist((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    return netlist.find(input + "[") != std::string::npos;
  };
  EXPECT_TRUE(reads("lian", "lian_saturated"));
  EXPECT_TRUE(reads("lian", "lian_il"));
  EXPECT_TRUE(reads("lian", "tpr_count"));
  EXPECT_FALSE(reads("tpr", "lian_saturated"));
  EXPECT_FALSE(reads("tpr", "lian_il"));
  EXPECT_TRUE(reads("tpr", "tpr_count"));
  EXPECT_GT(tpr["blocks"]["routing_unit"]["area_um2"].get<double>(), 0);
  fs::remove_all(dir);
}

// A slower clock needs fewer pipeline cycles for the same logic (cycles = ceil(delay / clock)).
// The state of the contention mechanisms: Yosys's flip-flop count must equal the bit count derived from
// the specs (seed-003 §6.1 for Base, §6.3 with this RTL's choices for ECtN, seed-000 §3.6 for PB),
// computed here independently of the flow. Small network: h = 2 (p 2, a 4), VCs 3 / 3 / 2.
int clog2(int n) {
  int w = 0;
  while ((1 << w) < n) ++w;
  return w;
}

TEST(Synth, StateBlocksHaveTheFlipFlopsTheirFormulasGive) {
  const fs::path dir = test::make_temp_dir("hiradix_synth_state");
  const Config c = balanced(2, {{"routing.algorithm", "base"}, {"router.vcs.injection", "3"}});
  const json r = synth(c, dir, {"base_state", "ectn_state", "pb_state"});
  const int p = 2, a = 4, h = 2, k = p + a - 1 + h, v = p * 3 + (a - 1) * 3 + h * 2;  // 7 ports, 19 VCs
  // Base: k counters of ceil(log2(V + 1)) bits, V tags of 1 + ceil(log2 k): 7 * 5 + 19 * 4 = 111.
  EXPECT_EQ(r["blocks"]["base_state"]["flip_flops"].get<int>(), k * clog2(v + 1) + v * (1 + clog2(k)));
  EXPECT_EQ(r["blocks"]["base_state"]["flip_flops"].get<int>(), 111);
  // ECtN: L = a h = 8 own counters of ceil(log2(p v_inj + h v_glob + 1)) = 4 bits, (a - 1) L 4-bit received
  // values, 10 tags of 1 + log2 L bits, a 7-bit period counter (100 cycles): 32 + 96 + 40 + 7 = 175.
  const int links = a * h, nv = p * 3 + h * 2;
  EXPECT_EQ(r["blocks"]["ectn_state"]["flip_flops"].get<int>(),
            links * clog2(nv + 1) + (a - 1) * links * 4 + nv * (1 + clog2(links)) + clog2(100));
  EXPECT_EQ(r["blocks"]["ectn_state"]["flip_flops"].get<int>(), 175);
  // PB: one flag per global link of the group, own and received: a h = 8.
  EXPECT_EQ(r["blocks"]["pb_state"]["flip_flops"].get<int>(), a * h);
  for (const char* b : {"base_state", "ectn_state", "pb_state"}) {
    EXPECT_EQ(r["blocks"][b]["flip_flops"], r["blocks"][b]["params"]["expected_flip_flops"]) << b;
    EXPECT_GT(r["blocks"][b]["area_um2"].get<double>(), 0) << b;
  }
}

// With two injection VCs Yosys ties some of ECtN's broadcast outputs to constants and, without
// write_verilog -simple-lhs, writes them as an assign to a concatenation, which OpenSTA's reader refuses:
// the block was then timed by ABC only and had no power. Every block must reach OpenSTA.
TEST(Synth, EctnStateWithConstantOutputsIsTimedAndPricedByOpenSta) {
  const fs::path dir = test::make_temp_dir("hiradix_synth_state");
  const json r = synth(balanced(2, {{"routing.algorithm", "ectn"}, {"router.vcs.injection", "2"}}), dir, {"ectn_state"});
  const json& b = r["blocks"]["ectn_state"];
  EXPECT_EQ(b["timing"], "opensta");
  EXPECT_TRUE(b["power"].contains("energy_pj")) << b["power"].dump();
  fs::remove_all(dir);
}

TEST(Synth, ClockPeriodSetsPipelineCycles) {
  const fs::path dir = test::make_temp_dir("hiradix_synth");
  const json fast = synth(balanced(2, {{"synth.clock_ns", "0.5"}}), dir / "fast", {"allocator"});
  const json slow = synth(balanced(2, {{"synth.clock_ns", "20"}}), dir / "slow", {"allocator"});
  EXPECT_GE(fast["blocks"]["allocator"]["cycles"].get<int>(), 2);
  EXPECT_EQ(slow["blocks"]["allocator"]["cycles"].get<int>(), 1);
  EXPECT_FALSE(fast["blocks"].contains("routing_unit"));
  fs::remove_all(dir);
}

// router.output_arbiter: transit_priority reaches the synthesized allocator: each output keeps a second
// pointer (the injection inputs'), so it has more flip-flops. (Its area is not larger: each of the two
// arbiters sees a constant-masked half of the inputs, which Yosys simplifies; h = 2: 22,840 -> 21,474 um2.)
TEST(Synth, TransitPriorityAllocatorIsLarger) {
  const fs::path dir = test::make_temp_dir("hiradix_synth");
  const json rr = synth(balanced(2), dir / "rr", {"allocator"});
  const json tp = synth(balanced(2, {{"router.output_arbiter", "transit_priority"}}), dir / "tp", {"allocator"});
  EXPECT_EQ(rr["blocks"]["allocator"]["params"]["output_arbiter"], "round_robin");
  EXPECT_EQ(tp["blocks"]["allocator"]["params"]["output_arbiter"], "transit_priority");
  EXPECT_GT(tp["blocks"]["allocator"]["flip_flops"].get<int>(), rr["blocks"]["allocator"]["flip_flops"].get<int>());
  fs::remove_all(dir);
}

// ACOR-Switch's level block: its flip-flops are the header's count (level 2, blocked count up to E x HI,
// cycle within the interval, past cycle 0), here h = 2 (E = 2 terminals x 1 injection VC) and the Table 5-3
// interval of 500: 2 + 10 + 9 + 1. It is the router's state for acor in switch mode and for pb_acor (with
// PB's flags), not for ACOR-Packet, whose level travels in the header.
TEST(Synth, AcorStateIsTheSwitchLevel) {
  const fs::path dir = test::make_temp_dir("hiradix_synth");
  const json r = synth(balanced(2, {{"routing.algorithm", "acor"}}), dir, {"acor_state"});
  const json& b = r["blocks"]["acor_state"];
  EXPECT_EQ(b["params"]["expected_flip_flops"].get<int>(), 2 + 10 + 9 + 1);
  EXPECT_EQ(b["flip_flops"], b["params"]["expected_flip_flops"]);
  EXPECT_EQ(b["params"]["increase"][1].get<int>(), 500);  // IT_2 resolved for acor (Table 5-3)
  fs::remove_all(dir);
  // IT_2 = -1 stands for acor's or pb_acor's value only; and the block counts in 32-bit integers (E = 2 x 3
  // injection VCs, HI = 10^9: 6 x 10^9 blocked heads). Both are refused before Yosys runs.
  EXPECT_THROW(synth(balanced(2, {{"routing.algorithm", "min"}}), dir, {"acor_state"}), ConfigError);
  EXPECT_THROW(synth(balanced(2, {{"routing.algorithm", "acor"}, {"router.vcs.injection", "3"},
                                  {"routing.acor_interval", "1000000000"}}),
                     dir, {"acor_state"}),
               ConfigError);
  fs::remove_all(dir);
  using Blocks = std::vector<std::string>;
  EXPECT_EQ(routing_state_blocks(balanced(2, {{"routing.algorithm", "acor"}})), Blocks{"acor_state"});
  EXPECT_EQ(routing_state_blocks(balanced(2, {{"routing.algorithm", "acor"}, {"routing.acor_mode", "packet"}})), Blocks{});
  EXPECT_EQ(routing_state_blocks(balanced(2, {{"routing.algorithm", "pb_acor"}})), (Blocks{"pb_state", "acor_state"}));
}

// Every block a routing keeps (RoutingAlgorithm::rtl_state_blocks) has a synthesis wrapper in the table
// (router/rtl/state_block_wrappers.cpp), so `hiradix synth`'s default set never names an unknown block,
// and the table's names are the ones --blocks takes.
TEST(Synth, EveryRoutingsStateBlockHasAWrapper) {
  const std::vector<std::string>& wrapped = synthesizable_state_blocks();
  int blocks = 0;
  for (const RoutingEntry& e : routing_registry()) {
    std::vector<std::string> state;
    try {
      state = routing_state_blocks(balanced(2, {{"routing.algorithm", e.name}}));
    } catch (const ConfigError&) {
      continue;  // a routing of other topologies (a mesh's, a KNS's): it refuses the Dragonfly
    }
    for (const std::string& b : state) {
      ++blocks;
      EXPECT_NE(std::find(wrapped.begin(), wrapped.end(), b), wrapped.end()) << e.name << ": " << b;
      EXPECT_NE(synth_block_list().find(b), std::string::npos) << b;
    }
  }
  EXPECT_GE(blocks, 8);  // base, hybrid, ectn (2), pb, rpb, acor, pb_acor (2), tpr, lian
  EXPECT_TRUE(state_block_holds_contention_counters("base_state"));
  EXPECT_FALSE(state_block_holds_contention_counters("ectn_state"));
}

// QCN-Switch's table at h = 2: T = a - 1 + h = 5 transit ports, each with P (16 bits) and a packet counter
// for PC_l = 100 (7 bits), and under compare its last Fb (6 bits) and the sum of them (up to 5 x 63: 9 bits).
TEST(Synth, QcnSwitchTableIsItsProbabilitiesAndCounters) {
  const fs::path dir = test::make_temp_dir("hiradix_synth");
  for (const char* variant : {"compare", "base"}) {
    const Config c = balanced(2, {{"routing.algorithm", "qcn_switch"}, {"routing.qcn_variant", variant},
                                  {"qcn.sampling", "output"}, {"qcn.reaction", "off"}});
    const json r = synth(c, dir, {"qcn_switch_table"});
    const json& b = r["blocks"]["qcn_switch_table"];
    EXPECT_EQ(b["params"]["expected_flip_flops"].get<int>(), std::string(variant) == "compare" ? 5 * (16 + 7 + 6) + 9 : 5 * (16 + 7))
        << variant;
    EXPECT_EQ(b["flip_flops"], b["params"]["expected_flip_flops"]) << variant;
    EXPECT_GT(b["area_um2"].get<double>(), 0) << variant;
  }
  fs::remove_all(dir);
  using Blocks = std::vector<std::string>;
  EXPECT_EQ(routing_state_blocks(balanced(2, {{"routing.algorithm", "qcn_switch"}, {"qcn.sampling", "output"},
                                              {"qcn.reaction", "off"}})),
            Blocks{"qcn_switch_table"});
}

// TPR's window and LIAN's counters (a 10-cycle window, so that the test synthesizes quickly) at h = 2:
// 9 groups (4 bits), E = p x speed-up 2 = 4 forwards per cycle, counters of ceil(log2(10 * 4 + 1)) = 6 bits.
// The window holds 10 x 4 slots of {valid, group}: 200 flip-flops, and 4 count the cycles since reset up
// to 10; LIAN adds a 10-bit stored count per group.
TEST(Synth, TprAndLianStateAreTheirWindowsAndCounters) {
  const fs::path dir = test::make_temp_dir("hiradix_synth");
  const Config c = balanced(2, {{"routing.algorithm", "lian"}, {"routing.tpr_window", "10"}});
  const json r = synth(c, dir, {"tpr_state", "lian_state"});
  EXPECT_EQ(r["blocks"]["tpr_state"]["params"]["expected_flip_flops"].get<int>(), 10 * 4 * 5 + 9 * 6 + 4);
  EXPECT_EQ(r["blocks"]["lian_state"]["params"]["expected_flip_flops"].get<int>(), 10 * 4 * 5 + 9 * 6 + 4 + 9 * 10);
  for (const char* b : {"tpr_state", "lian_state"}) {
    EXPECT_EQ(r["blocks"][b]["flip_flops"], r["blocks"][b]["params"]["expected_flip_flops"]) << b;
    EXPECT_GT(r["blocks"][b]["area_um2"].get<double>(), 0) << b;
  }
  fs::remove_all(dir);
  using Blocks = std::vector<std::string>;
  EXPECT_EQ(routing_state_blocks(balanced(2, {{"routing.algorithm", "tpr"}})), Blocks{"tpr_state"});
  EXPECT_EQ(routing_state_blocks(c), Blocks{"lian_state"});
  // LIAN's block assumes 2h^2 + 1 groups.
  EXPECT_THROW(synth(balanced(2, {{"topology.a", "3"}}), dir, {"lian_state"}), ConfigError);
}

// routing.ugal_load: vc builds the unit with its per-VC loads (VC_LOAD) as real inputs, one per port and VC.
TEST(Synth, UgalPerVcLoadIsBuiltOnlyWhenConfigured) {
  const fs::path dir = test::make_temp_dir("hiradix_synth");
  const json r = synth(balanced(2, {{"routing.algorithm", "ugal"}, {"routing.ugal_load", "vc"}}), dir, {"routing_unit"});
  EXPECT_GT(r["blocks"]["routing_unit"]["area_um2"].get<double>(), 0);
  std::ifstream in(dir / "routing_unit" / "wrapper.v");
  const std::string wrapper((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  EXPECT_NE(wrapper.find(".VC_LOAD(1)"), std::string::npos) << wrapper;
  // Radix 7: 7 ports x READY_W 4 VCs x LOAD_W 12 bits.
  EXPECT_NE(wrapper.find("input  wire [336-1:0] vc_load;"), std::string::npos) << wrapper;
  fs::remove_all(dir);
}

// synth.rc_stages: auto (issue 27): UGAL-L's one-stage unit is slower than the allocator of its router, so the
// flow builds it again in one stage more at a time (register ranks after the unit, retimed into its logic;
// equiv_retimed_unit.sh proves the netlist) until it is not (at h = 2, whose allocator is fast, four); the
// unit's cycles are stages x ceil(delay / clock), and router.latency.rc: auto takes them.
TEST(Synth, AUnitSlowerThanTheAllocatorIsBuiltInTwoStagesAndRcAutoFollows) {
  const fs::path dir = test::make_temp_dir("hiradix_synth_stages");
  const json r = synth(balanced(2, {{"routing.algorithm", "ugal"}}), dir, {"routing_unit", "allocator"});
  const json& u = r["blocks"]["routing_unit"];
  ASSERT_TRUE(u.contains("one_stage")) << u.dump();
  const double allocator = r["blocks"]["allocator"]["delay_ns"].get<double>();
  EXPECT_GT(u["one_stage"]["delay_ns"].get<double>(), allocator);
  const int stages = u["stages"].get<int>();
  EXPECT_GE(stages, 2);
  EXPECT_EQ(u["params"]["stages"], stages);
  EXPECT_EQ(u["params"]["retimed_ranks"], stages - 1);
  EXPECT_TRUE(u["delay_ns"].get<double>() <= allocator || stages == 6) << u.dump();
  EXPECT_LT(u["delay_ns"].get<double>(), u["one_stage"]["delay_ns"].get<double>());
  EXPECT_EQ(u["cycles"].get<int>(), stages * static_cast<int>(std::ceil(u["delay_ns"].get<double>() / r["clock_ns"].get<double>() - 1e-9)));
  EXPECT_GT(u["flip_flops"].get<long long>(), 0);  // the ranks (the draws' too)
  std::ifstream in(dir / "routing_unit" / "wrapper.v");
  const std::string wrapper((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  EXPECT_NE(wrapper.find("rank[0] <= {u_out_port"), std::string::npos) << wrapper;
  const Config rc = load_config("", {{"topology.h", "2"}, {"routing.algorithm", "ugal"}, {"router.latency.rc", "auto"},
                                     {"synth.report", (dir / "synth.json").string()}});
  EXPECT_EQ(rc.router.rc_latency, u["cycles"].get<int>());
  fs::remove_all(dir);
}

// Any routing in two stages: MIN's unit and one register rank after it, retimed into its logic.
TEST(Synth, AnyRoutingsUnitIsBuiltInTwoStagesByRetiming) {
  const fs::path dir = test::make_temp_dir("hiradix_synth_retimed");
  const json m = synth(balanced(2, {{"synth.rc_stages", "2"}}), dir / "min", {"routing_unit"})["blocks"]["routing_unit"];
  EXPECT_EQ(m["stages"], 2);
  EXPECT_EQ(m["params"]["rtl_stages"], 1);
  EXPECT_EQ(m["params"]["retimed_ranks"], 1);
  std::ifstream min_in(dir / "min" / "routing_unit" / "wrapper.v");
  const std::string min_wrapper((std::istreambuf_iterator<char>(min_in)), std::istreambuf_iterator<char>());
  EXPECT_NE(min_wrapper.find(".STAGES(1)"), std::string::npos) << min_wrapper;
  EXPECT_NE(min_wrapper.find("rank[0] <= {u_out_port"), std::string::npos) << min_wrapper;
  fs::remove_all(dir);
}

// The in-transit units retime too: Base's at h = 2 in three stages is well under its one-stage delay (7.32
// ns in one stage, 3.45 in three). Before the flow unmapped Yosys's synchronous resets, some rank flip-flops
// were in a reset domain of their own that ABC retimed apart, the decision stayed in front of them, and
// three stages took 7.55 ns.
TEST(Synth, AnInTransitUnitRetimedInThreeStagesIsFasterThanInOne) {
  const fs::path dir = test::make_temp_dir("hiradix_synth_retimed_base");
  const auto base = [&](const std::string& stages) {
    return synth(balanced(2, {{"routing.algorithm", "base"}, {"synth.rc_stages", stages}}), dir / stages,
                 {"routing_unit"})["blocks"]["routing_unit"];
  };
  const json one = base("1"), three = base("3");
  EXPECT_EQ(three["params"]["retimed_ranks"], 2);
  EXPECT_LT(three["delay_ns"].get<double>(), 0.6 * one["delay_ns"].get<double>()) << one << "\n" << three;
  fs::remove_all(dir);
}

TEST(Synth, UnknownBlockAndOutputFirstAllocatorAreConfigErrors) {
  const fs::path dir = test::make_temp_dir("hiradix_synth");
  EXPECT_THROW(synth(balanced(2), dir, {"flux_capacitor"}), ConfigError);
  EXPECT_THROW(synth(balanced(2, {{"router.allocator", "output_first"}}), dir, {"allocator"}), ConfigError);
  EXPECT_THROW(synth(balanced(2, {{"synth.liberty", "/nonexistent.lib"}}), dir, {"lfsr"}), ConfigError);
  // DOR routes a mesh by coordinates alone: it has no forwarding table to synthesize.
  const Config dor = load_config("", {{"topology.type", "mesh"}, {"topology.dims", "[4, 4]"}, {"routing.algorithm", "dor"}});
  EXPECT_EQ(routing_table_reads(dor), 0);
  try {
    synth(dor, dir, {"forwarding_table"});
    ADD_FAILURE() << "a forwarding table under dor was synthesized";
  } catch (const ConfigError& e) {
    EXPECT_NE(std::string(e.what()).find("--blocks forwarding_table: routing.algorithm dor reads no forwarding table"),
              std::string::npos) << e.what();
  }
  fs::remove_all(dir);
}

// The command line: a table and synth.json; one clear line and a non-zero exit for a missing Yosys and for a
// bad parameter.
TEST(Synth, CommandLine) {
  const fs::path dir = test::make_temp_dir("hiradix_synth");
  auto sh = [&](const std::string& cmd, std::string& out) {
    const std::string full = cmd + " > " + (dir / "out.txt").string() + " 2>&1";
    const int status = std::system(full.c_str());
    std::ifstream in(dir / "out.txt");
    out.assign(std::istreambuf_iterator<char>(in), {});
    return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
  };
  const std::string bin = HIRADIX_BIN;
  std::string out;
  EXPECT_EQ(sh(bin + " synth --set topology.h=2 --blocks lfsr,contention_counters -q --out " + (dir / "a").string(), out), 0) << out;
  EXPECT_TRUE(fs::exists(dir / "a" / "synth.json"));
  EXPECT_EQ(sh(bin + " synth --set topology.h=2 --blocks lfsr --out " + (dir / "b").string(), out), 0) << out;
  EXPECT_NE(out.find("lfsr"), std::string::npos) << out;
  EXPECT_NE(out.find("area (um^2)"), std::string::npos) << out;

  EXPECT_EQ(sh("HIRADIX_YOSYS=/nonexistent/yosys " + bin + " synth --set topology.h=2 --out " + (dir / "c").string(), out), 1);
  EXPECT_NE(out.find("yosys not found"), std::string::npos) << out;
  EXPECT_EQ(std::count(out.begin(), out.end(), '\n'), 1) << out;

  EXPECT_EQ(sh(bin + " synth --set synth.clock_ns=0 --out " + (dir / "d").string(), out), 2);
  EXPECT_NE(out.find("synth.clock_ns"), std::string::npos) << out;
  EXPECT_EQ(std::count(out.begin(), out.end(), '\n'), 1) << out;
  fs::remove_all(dir);
}

// ---------------------------------------------------------------------------------------------------------
// router.latency.rc: auto, from a hand-written report (tests/rtl/fixtures/synth_h2_min.json: routing unit
// 3 cycles, p = a/2 = h = 2, palmtree, min, slot VCs).

const std::string kFixture = std::string(HIRADIX_TEST_FIXTURES) + "/synth_h2_min.json";

TEST(RcLatencyAuto, TakesTheRoutingUnitCyclesFromTheReport) {
  const Config c = load_config("", {{"topology.h", "2"}, {"router.latency.rc", "auto"}, {"synth.report", kFixture}});
  EXPECT_EQ(c.router.rc_latency, 3);
  EXPECT_TRUE(c.rc_latency_auto);
  EXPECT_EQ(c.resolved["router"]["latency"]["rc"], 3);
  const Config plain = load_config("", {{"topology.h", "2"}, {"router.latency.rc", "2"}, {"synth.report", kFixture}});
  EXPECT_EQ(plain.router.rc_latency, 2);  // a number wins; the report is read only for auto
}

TEST(RcLatencyAuto, RejectsAMissingOrForeignReport) {
  auto err = [](const Overrides& o) -> std::string {
    try {
      load_config("", o);
    } catch (const ConfigError& e) {
      return e.what();
    }
    return "";
  };
  EXPECT_NE(err({{"topology.h", "2"}, {"router.latency.rc", "auto"}}).find("synth.report"), std::string::npos);
  EXPECT_NE(err({{"topology.h", "2"}, {"router.latency.rc", "auto"}, {"synth.report", "/nonexistent.json"}}).find("cannot read"),
            std::string::npos);
  // A directory opens as a stream and fails only when read (the fuzzer found it): one ConfigError line.
  EXPECT_NE(err({{"topology.h", "2"}, {"router.latency.rc", "auto"}, {"synth.report", "/"}}).find("is a directory"),
            std::string::npos);
  const std::string other_h = err({{"topology.h", "3"}, {"router.latency.rc", "auto"}, {"synth.report", kFixture}});
  EXPECT_NE(other_h.find("made for"), std::string::npos) << other_h;  // a = 4, h = 2 against a = 6, h = 3
  const std::string other_alg =
      err({{"topology.h", "2"}, {"routing.algorithm", "valiant"}, {"router.latency.rc", "auto"}, {"synth.report", kFixture}});
  EXPECT_NE(other_alg.find("routing"), std::string::npos) << other_alg;
  EXPECT_NE(err({{"router.latency.rc", "fast"}}).find("router.latency.rc"), std::string::npos);
}

// The fixture predates dor and osha: it lacks their constants (routing.dor_order, routing.osha_order), which
// the unit gained with them and MIN does not read; it still matches (the test above). A constant the report
// has with another value, or a network parameter it lacks, does not.
TEST(RcLatencyAuto, ARoutingConstantAddedAfterTheReportMatchesOthersDoNot) {
  const json expect = {{"h", 2}, {"routing", {{"algorithm", "min"}, {"tpr_low", 3}, {"new_constant", 7}}}};
  EXPECT_EQ(first_param_mismatch({{"h", 2}, {"routing", {{"algorithm", "min"}, {"tpr_low", 3}}}}, expect), "");
  EXPECT_EQ(first_param_mismatch({{"h", 2}, {"routing", {{"algorithm", "min"}, {"tpr_low", 4}}}}, expect),
            "routing.tpr_low = 4, this config has 3");
  EXPECT_EQ(first_param_mismatch({{"routing", {{"algorithm", "min"}, {"tpr_low", 3}}}}, expect), "h = null, this config has 2");
  EXPECT_EQ(first_param_mismatch({{"h", 2}, {"routing", {{"algorithm", "valiant"}, {"tpr_low", 3}}}}, expect),
            "routing.algorithm = \"valiant\", this config has \"min\"");
}

// A simulation with rc = auto is the simulation with rc = 3: identical results (wall-clock fields aside).
TEST(RcLatencyAuto, SimulatesLikeTheExplicitLatency) {
  const Overrides base = {{"topology.h", "2"}, {"traffic.load", "0.2"}, {"sim.warmup", "500"},
                          {"sim.measure", "2000"}, {"synth.report", kFixture}};
  json a = test::simulate(test::with(base, {{"router.latency.rc", "auto"}}));
  json b = test::simulate(test::with(base, {{"router.latency.rc", "3"}}));
  json c = test::simulate(test::with(base, {{"router.latency.rc", "1"}}));
  ASSERT_FALSE(a.is_null() || b.is_null() || c.is_null());
  for (json* r : {&a, &b, &c}) r->erase("simulation");
  EXPECT_EQ(a, b);
  EXPECT_GT(a["latency"]["total"]["average"].get<double>(), c["latency"]["total"]["average"].get<double>());
}

}  // namespace

// router.queues voq_sw: the allocator block is the VOQ switch's (rtl/hiradix_voq_allocator.v). A 16 x 16 KNS's
// switches have radix 16, two VCs (routing.vns 2): by hand, its registers are the output pointers, 16 x 4
// bits, and one pointer per (input, output) pair over the 2 VCs, 256 x 1 bit: 320 flip-flops, where the
// separable allocator of the same router has 16 x 4 + 16 x 1 = 80.
TEST(Synth, VoqSwReportsItsAllocator) {
  const fs::path dir = test::make_temp_dir("hiradix_synth_voq");
  const Overrides kns = {{"topology.type", "kns"}, {"topology.dims", "[16, 16]"}, {"routing.algorithm", "hybrid_dor"},
                         {"routing.vns", "2"}};
  const json voq = synth(load_config("", test::with(kns, {{"router.queues", "voq_sw"}})), dir, {"allocator"});
  const json& a = voq["blocks"]["allocator"];
  EXPECT_EQ(a["params"]["queues"], "voq_sw");
  EXPECT_EQ(a["params"]["ports"], 16);
  EXPECT_EQ(a["params"]["vcs"], 2);
  EXPECT_EQ(a["flip_flops"], 320);
  const json vc = synth(load_config("", kns), dir, {"allocator"});
  EXPECT_EQ(vc["blocks"]["allocator"]["flip_flops"], 80);
  EXPECT_GT(a["area_um2"].get<double>(), vc["blocks"]["allocator"]["area_um2"].get<double>());
  fs::remove_all(dir);
}
