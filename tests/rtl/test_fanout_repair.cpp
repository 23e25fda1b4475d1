// The synthesis flow's buffer trees on flip-flop outputs (synth/fanout_repair.h), on a hand-written liberty
// and netlist in Yosys's format: which cells are flip-flops and buffers, and a register driving 25 gates
// behind buffers of at most 10 sinks each, every gate still reached from the register.
#include <gtest/gtest.h>

#include <map>
#include <regex>
#include <string>

#include "synth/fanout_repair.h"

namespace {

using hiradix::synth_detail::FanoutRepair;
using hiradix::synth_detail::LibertyCells;
using hiradix::synth_detail::read_liberty_cells;
using hiradix::synth_detail::repair_register_fanout;

const char* kLiberty = R"lib(library (tiny) {
  cell (INVX1) {
    area : 16;
    cell_footprint : inv;
    pin(A) { direction : input; }
    pin(Y) { direction : output; function : "(!A)"; }
  }
  cell (BUFX2) {
    area : 24;
    cell_footprint : buf;
    pin(A) { direction : input; }
    pin(Y) { direction : output; function : "A"; }
  }
  cell (BUFX4) {
    area : 32;
    cell_footprint : buf;
    pin(A) { direction : input; }
    pin(Y) { direction : output; function : "A"; }
  }
  cell (CLKBUF3) {
    area : 400;
    cell_footprint : buf;
    pin(A) { direction : input; }
    pin(Y) { direction : output; function : "A"; }
  }
  cell (DFFPOSX1) {
    area : 96;
    ff (DS0000,P0002) {
      next_state : "D";
      clocked_on : "CLK";
    }
    pin(CLK) { direction : input; }
    pin(D) { direction : input; }
    pin(Q) { direction : output; function : "DS0000"; }
  }
}
)lib";

// A register `q` feeding `sinks` inverters, and an input feeding as many (inputs are not repaired).
std::string netlist(int sinks) {
  std::string v = "module top(clk, d, a, y);\n  input clk;\n  input d;\n  input a;\n  output y;\n  wire q;\n";
  v += "  DFFPOSX1 _r_ (\n    .CLK(clk),\n    .D(d),\n    .Q(q)\n  );\n";
  for (int i = 0; i < sinks; ++i)
    v += "  INVX1 _q" + std::to_string(i) + "_ (\n    .A(q),\n    .Y(y" + std::to_string(i) + ")\n  );\n" +
         "  INVX1 _a" + std::to_string(i) + "_ (\n    .A(a),\n    .Y(z" + std::to_string(i) + ")\n  );\n";
  return v + "  assign y = q;\nendmodule\n";
}

// Each net's driver and its sinks, from the netlist's cell lines.
struct Nets {
  std::map<std::string, int> fanout;
  std::map<std::string, std::string> buffer_input;  // buffer output net -> its input net
};
Nets nets_of(const std::string& v) {
  Nets n;
  const std::regex cell(R"(\n  (\w+) (\S+) \(\n((?:    \.\w+\([^)]*\),?\n)+)  \);)");
  const std::regex pin(R"(\.(\w+)\(([^)]*)\))");
  for (auto it = std::sregex_iterator(v.begin(), v.end(), cell); it != std::sregex_iterator(); ++it) {
    const std::string type = (*it)[1], body = (*it)[3];
    std::map<std::string, std::string> pins;
    for (auto p = std::sregex_iterator(body.begin(), body.end(), pin); p != std::sregex_iterator(); ++p) pins[(*p)[1]] = (*p)[2];
    if (type == "BUFX4") n.buffer_input[pins["Y"]] = pins["A"];
    for (const auto& [name, net] : pins)
      if (name == "A" || name == "D" || name == "CLK") ++n.fanout[net];
  }
  return n;
}

TEST(FanoutRepair, ReadsFlipFlopsOutputsAndTheStrongestBufferFromTheLiberty) {
  const LibertyCells lib = read_liberty_cells(kLiberty);
  EXPECT_EQ(lib.flip_flops, (std::set<std::string>{"DFFPOSX1"}));
  EXPECT_EQ(lib.outputs.at("DFFPOSX1"), (std::set<std::string>{"Q"}));
  EXPECT_EQ(lib.outputs.at("INVX1"), (std::set<std::string>{"Y"}));
  EXPECT_EQ(lib.buffer, "BUFX4") << "the largest data buffer, not the clock buffer";
  EXPECT_EQ(lib.buffer_in, "A");
  EXPECT_EQ(lib.buffer_out, "Y");
  EXPECT_EQ(lib.buffer_area, 32);
}

// 25 sinks, at most 10 per driver: 3 buffers (9, 8, 8 sinks) on the register, which then drives 3.
TEST(FanoutRepair, ARegisterDriving25GatesGetsThreeBuffersAndReachesEveryGate) {
  const LibertyCells lib = read_liberty_cells(kLiberty);
  std::string v = netlist(25);
  const FanoutRepair r = repair_register_fanout(v, lib, 10);
  EXPECT_EQ(r.buffers, 3);
  EXPECT_EQ(r.area, 96);
  EXPECT_EQ(r.worst_before, 25);
  const Nets n = nets_of(v);
  EXPECT_EQ(n.fanout.at("q"), 3) << v;
  EXPECT_EQ(n.fanout.at("a"), 25) << "an input is ABC's to buffer";
  int reached = 0;
  for (const auto& [out, in] : n.buffer_input) {
    EXPECT_EQ(in, "q");
    EXPECT_LE(n.fanout.at(out), 10);
    reached += n.fanout.at(out);
  }
  EXPECT_EQ(reached, 25);
  EXPECT_NE(v.find("  assign y = q;"), std::string::npos) << "a module output keeps the register's net";
  EXPECT_LT(v.find("  wire _fanout_0_;"), v.find("  DFFPOSX1 _r_ (")) << "declared before use";
}

// 250 sinks: 25 buffers of 10, which need 3 more (9, 8, 8) on the register: a two-level tree.
TEST(FanoutRepair, A250SinkNetBecomesATwoLevelTree) {
  std::string v = netlist(250);
  const FanoutRepair r = repair_register_fanout(v, read_liberty_cells(kLiberty), 10);
  EXPECT_EQ(r.buffers, 28);
  const Nets n = nets_of(v);
  EXPECT_EQ(n.fanout.at("q"), 3);
  for (const auto& [net, count] : n.fanout) EXPECT_LE(count, net == "a" ? 250 : 10) << net;
}

TEST(FanoutRepair, LeavesAFanoutWithinTheLimitAlone) {
  std::string v = netlist(10);
  const std::string before = v;
  EXPECT_EQ(repair_register_fanout(v, read_liberty_cells(kLiberty), 10).buffers, 0);
  EXPECT_EQ(v, before);
}

}  // namespace
