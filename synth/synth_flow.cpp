#include "synth/synth_flow.h"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iomanip>
#include <iostream>
#include <regex>

#include <optional>
#include <sstream>

#include "config/schema/config_error.h"
#include "router/routing/rtl_bus_verilog.h"
#include "router/rtl/rc_interface.h"
#include "router/rtl/rtl_bus.h"
#include "router/rtl/unit_geometry.h"
#include "router/rtl/rtl_state_blocks.h"
#include "rtl_fields.h"
#include "synth/fanout_repair.h"
#include "synth/synth_block.h"
#include "synth/synth_power.h"
#include "synth/synth_router.h"

#ifndef HIRADIX_RTL_DIR
#define HIRADIX_RTL_DIR "rtl"
#endif
#ifndef HIRADIX_LIBERTY
#define HIRADIX_LIBERTY "/usr/share/qflow/tech/osu018/osu018_stdcells.lib"
#endif

namespace hiradix {

namespace fs = std::filesystem;

namespace synth_detail {

std::string quote(const std::string& s) {
  std::string q = "'";
  for (char ch : s) q += ch == '\'' ? std::string("'\\''") : std::string(1, ch);
  return q + "'";
}

bool tool_exists(const std::string& tool) {
  return std::system(("command -v " + quote(tool) + " >/dev/null 2>&1").c_str()) == 0;
}

std::string read_text(const fs::path& p) {
  std::ifstream in(p);
  std::stringstream s;
  s << in.rdbuf();
  return s.str();
}

void write_text(const fs::path& p, const std::string& text) {
  std::ofstream out(p);
  out << text;
  if (!out) throw SynthError("cannot write " + p.string());
}

std::string sta_preamble(const BlockSpec& b, const std::string& liberty, double clock_ns) {
  std::ostringstream tcl;
  tcl << "read_liberty " << liberty << "\nread_verilog netlist.v\nlink_design synth_top\n";
  if (b.clocked)
    tcl << "create_clock -name clk -period " << clock_ns << " [get_ports clk]\n"
        << "set_input_delay 0 -clock clk [delete_from_list [all_inputs] [get_ports clk]]\n";
  else
    tcl << "create_clock -name clk -period " << clock_ns << "\nset_input_delay 0 -clock clk [all_inputs]\n";
  return tcl.str();
}

double last_match(const std::string& log, const std::regex& re) {
  double v = std::nan("");
  for (auto it = std::sregex_iterator(log.begin(), log.end(), re); it != std::sregex_iterator(); ++it)
    v = std::stod((*it)[1].str());
  return v;
}

Geometry geometry_of(const Config& c) {
  const std::unique_ptr<Topology> topo = make_topology(c);
  const UnitGeometry* unit = unit_geometry(*topo);
  if (!unit)
    config_fail("topology.type", "hiradix synth covers the topologies the RTL routing unit has a geometry for (" +
                                     unit_geometry_topologies() + "); topology.type is " + topo->name());
  // The router as the unit's shared geometry sees it (UnitGeometry): p terminals, a - 1 ports of the first
  // router-to-router link class, h of the last. A topology with one such class (a mesh: a = 1) has all its
  // router-to-router ports in the second group, and that class stands for both in the blocks' sizes.
  RcConfig u;
  try {
    unit->shape(*topo, u);
  } catch (const std::invalid_argument& e) {
    config_fail("topology.type", std::string("the RTL routing unit cannot express this network: ") + e.what());
  }
  const std::vector<std::string>& classes = topo->link_classes();
  const LinkClassParams &ti = c.link(classes.front()), &tl = c.link(classes[1]), &tg = c.link(classes.back());
  const int vi = ti.vcs, vl = tl.vcs, vg = tg.vcs;
  Geometry g{u.p, u.a, u.h, topo->max_radix(), topo->routers(), topo->nodes(), vi, vl, vg, std::max({vi, vl, vg}),
             u.p * vi + (u.a - 1) * vl + u.h * vg};
  g.bi = ti.buffer;
  g.bl = tl.buffer;
  g.bg = tg.buffer;
  g.output_queue = c.router.output_queue_phits;
  g.phit_bits = c.router.broadcast.phit_bits;
  g.topology = topo->name();
  return g;
}

}  // namespace synth_detail

using namespace synth_detail;

namespace {

std::string env_or(const char* name, const std::string& fallback) {
  const char* v = std::getenv(name);
  return v && *v ? std::string(v) : fallback;
}

std::string last_error_line(const std::string& log) {
  std::istringstream in(log);
  std::string line, err;
  while (std::getline(in, line))
    if (line.find("ERROR") != std::string::npos || line.find("Error") != std::string::npos) err = line;
  return err.empty() ? "see the log" : err;
}

// How many entries of a declared input this network uses (the rest are tied to 0); none when the input is
// read only under a configuration flag that is off, or is another topology's (Field::topologies: a family's
// geometry inputs, which only its routings fill).
int entries_here(const rtl_decl::Field& f, const Geometry& g, const RcConfig& rc) {
  if (*f.when && rc.field(f.when) == 0) return 0;
  if (*f.topologies && !lists_topology(f.topologies, g.topology)) return 0;
  return rtl_decl::entries_of(f.entries, g.radix, g.a * g.h);
}

// synth_top's header and ports: the routing unit's inputs (router id, input port and destination as narrow
// as this network needs; every declared input it reads, over this network's entries).
void write_synth_top_ports(std::ostream& v, const Config& c, const Geometry& g, const RcConfig& rc, int rw, int pw, int nw) {
  v << "// Generated by hiradix synth: hiradix_routing_unit with its configuration inputs tied to constants\n"
    << "// (p=" << g.p << " a=" << g.a << " h=" << g.h << ", " << c.routing.algorithm << "); router id, input port and\n"
    << "// destination are real inputs, as narrow as this network needs (upper field bits tied to 0), and so are\n"
    << "// the routings' declared inputs (router/routing/*_rtl.h) over this network's ports, VCs and links. The\n"
    << "// clock times Valiant's draws, registered one decision ahead (DRAWS_REGISTERED), and, in two stages\n"
    << "// (STAGES), the register after the routing's first stage.\n"
    << "`default_nettype none\n"
    << "module synth_top(clk, router, in_port, in_vc, dst, rs_in, lfsr_in,";
  for (const rtl_decl::Slot& s : rtl_bus().inputs)
    if (entries_here(*s.field, g, rc)) v << " " << s.field->name << ",";
  v << "\n                 out_port, out_vc, min_port, misroute, rs_out, lfsr_out, no_slot);\n"
    << "`include \"hiradix_fields.vh\"\n"
    << "`include \"hiradix_bus.vh\"\n"
    << "  input  wire clk;\n"
    << "  input  wire [" << rw - 1 << ":0] router;\n"
    << "  input  wire [" << pw - 1 << ":0] in_port;\n"
    << "  input  wire [" << nw - 1 << ":0] dst;\n"
    << "  input  wire [RS_W-1:0] rs_in;\n"
    << "  input  wire [LFSR_W-1:0] lfsr_in;\n"
    << "  input  wire [VC_W-1:0] in_vc;\n";
  for (const rtl_decl::Slot& s : rtl_bus().inputs)
    if (const int n = entries_here(*s.field, g, rc))
      v << "  input  wire [" << n * s.field->width << "-1:0] " << s.field->name << ";\n";
  v << "  output wire [PORT_W-1:0] out_port;\n"
    << "  output wire [VC_W-1:0] out_vc;\n"
    << "  output wire [PORT_W-1:0] min_port;\n"
    << "  output wire misroute;\n"
    << "  output wire [RS_W-1:0] rs_out;\n"
    << "  output wire [LFSR_W-1:0] lfsr_out;\n"
    << "  output wire no_slot;\n";
}

// The configuration, tied to constants: the unit's own, and the declared fields packed as the bus.
void write_synth_top_constants(std::ostream& v, const RcConfig& rc) {
  v << "  localparam [ALG_W-1:0] C_ALGORITHM = " << int(rc.algorithm) << ";\n"
    << "  localparam [GEOM_W-1:0] C_P = " << int(rc.p) << ", C_A = " << int(rc.a) << ", C_H = " << int(rc.h) << ";\n"
    << "  localparam [CFG_W-1:0] C_CFG = {";
  const auto& config = rtl_bus().config;
  for (auto it = config.rbegin(); it != config.rend(); ++it) {  // the last field in the top bits
    const std::uint64_t mask = (1ull << it->field->width) - 1;
    v << (it == config.rbegin() ? "" : ", ") << it->field->width << "'d"
      << (static_cast<std::uint64_t>(rc.fields[static_cast<std::size_t>(it->index)]) & mask);
  }
  v << "};\n";
}

// The routing unit, with only the configured routing's submodule.
void write_synth_top_unit(std::ostream& v, const Geometry& g, const RcConfig& rc, int rw, int pw, int nw, int stages,
                          int ranks) {
  // With retimed ranks the unit's decision goes through `ranks` registers, which ABC moves into its logic
  // (BlockSpec::retime_ranks); the LFSR's next state is not part of the decision and leaves as it is.
  const char* d = ranks > 0 ? "u_" : "";
  if (ranks > 0)
    v << "  localparam integer DECISION_W = 2 * PORT_W + VC_W + 2 + RS_W;\n"
      << "  wire [PORT_W-1:0] u_out_port, u_min_port;\n  wire [VC_W-1:0] u_out_vc;\n  wire u_misroute, u_no_slot;\n"
      << "  wire [RS_W-1:0] u_rs_out;\n"
      << "  reg [DECISION_W-1:0] rank [0:" << ranks - 1 << "];\n"
      << "  integer r;\n"
      << "  always @(posedge clk) begin\n"
      << "    rank[0] <= {u_out_port, u_min_port, u_out_vc, u_misroute, u_no_slot, u_rs_out};\n"
      << "    for (r = 1; r < " << ranks << "; r = r + 1) rank[r] <= rank[r - 1];\n"
      << "  end\n"
      << "  assign {out_port, min_port, out_vc, misroute, no_slot, rs_out} = rank[" << ranks - 1 << "];\n";
  v << "  // Only the configured routing's submodule is built (ROUTINGS): Yosys reads the geometry and that routing's\n"
    << "  // files, and the area is that routing's logic.\n"
    << "  hiradix_routing_unit #(.ROUTINGS({{((1 << ALG_W) - 1){1'b0}}, 1'b1} << C_ALGORITHM), .DRAWS_REGISTERED(1), .STAGES(" << stages << ")";
  for (const rtl_decl::Slot& s : rtl_bus().config)
    if (*s.field->param) v << ", ." << s.field->param << "(" << rc.fields[static_cast<std::size_t>(s.index)] << ")";
  v << ") unit(\n"
    << "      .clk(clk), .cfg_algorithm(C_ALGORITHM), .cfg_hop_count_vcs(1'b" << (rc.hop_count_vcs ? 1 : 0) << "),\n"
    << "      .cfg_p(C_P), .cfg_a(C_A), .cfg_h(C_H), .cfg_palmtree(1'b" << (rc.palmtree ? 1 : 0) << "), .cfg(C_CFG),\n";
  auto widen = [](const char* name, const char* field, int w) {
    return std::string("{{(") + field + "-" + std::to_string(w) + "){1'b0}}, " + name + "}";
  };
  v << "      .router(" << widen("router", "ROUTER_W", rw) << "), .in_port(" << widen("in_port", "PORT_W", pw)
    << "), .dst(" << widen("dst", "NODE_W", nw) << "),\n"
    << "      .rs_in(rs_in), .lfsr_in(lfsr_in), .in_vc(in_vc),\n"
    << "      .state({";
  const auto& inputs = rtl_bus().inputs;
  for (auto it = inputs.rbegin(); it != inputs.rend(); ++it) {  // the last input in the top bits
    const rtl_decl::Field& f = *it->field;
    const int n = entries_here(f, g, rc), unused = (f.entry_total() - n) * f.width;
    v << (it == inputs.rbegin() ? "" : ",\n              ");
    if (n == 0) v << "{" << unused << "{1'b0}}";
    else if (unused == 0) v << f.name;
    else v << "{{" << unused << "{1'b0}}, " << f.name << "}";
  }
  v << "}),\n"
    << "      .out_port(" << d << "out_port), .out_vc(" << d << "out_vc), .min_port(" << d << "min_port),\n"
    << "      .misroute(" << d << "misroute), .rs_out(" << d << "rs_out), .lfsr_out(lfsr_out), .no_slot(" << d << "no_slot));\n"
    << "endmodule\n";
}

// The routing unit's configuration (its constants, recorded in every report whichever blocks it has), or
// none when the RTL unit cannot express this network: the other blocks are still synthesized, and only
// asking for the unit is an error (`why` says what does not fit).
std::optional<RcConfig> routing_unit_config(const Config& c, std::string& why) {
  try {
    return rc_config(c.routing, *make_topology(c));
  } catch (const std::invalid_argument& e) {
    why = e.what();
    return std::nullopt;
  }
}

// The unit in `stages` stages: stages - 1 register ranks after it, retimed into its logic. The UGAL family's
// hand-placed cut (STAGES = 2, rtl/routing/hiradix_route_ugal.v) is not used: retiming the one-stage unit
// did better for LIAN at h = 8 (two stages: 6.0 ns retimed, 7.3 with the cut; three: 4.2 retimed, 6.1 with
// the cut and a rank; docs/synthesis.md).
BlockSpec routing_unit_block(const Config& c, const Geometry& g, const RcConfig& rc, int stages) {
  const int rw = bits_for(g.routers), pw = bits_for(g.radix), nw = bits_for(g.terminals);
  const int cut = 1, ranks = stages - cut;
  std::ostringstream v;
  write_synth_top_ports(v, c, g, rc, rw, pw, nw);
  write_synth_top_constants(v, rc);
  write_synth_top_unit(v, g, rc, rw, pw, nw, cut, ranks);
  BlockSpec b{"routing_unit", {"hiradix_routing_unit.v"}, v.str(), true, nlohmann::json::object(),
              {"topology", "routing"}};
  b.retime_ranks = ranks;
  b.params = routing_unit_params(rc);
  b.params.update({{"router_bits", rw}, {"port_bits", pw}, {"dst_bits", nw}, {"stages", stages}, {"rtl_stages", cut},
                   {"retimed_ranks", ranks}});
  return b;
}

BlockSpec allocator_block(const Config& c, const Geometry& g) {
  if (c.router.allocator != AllocatorKind::kInputFirst)
    config_fail("router.allocator", "only input_first has RTL (rtl/hiradix_separable_allocator.v)");
  const int own = c.router.input_pointer_on_output_grant ? 0 : 1;
  const int pw = bits_for(g.radix), vw = bits_for(g.max_vcs);
  // router.output_arbiter: transit_priority: every port but the p terminal (injection) ports.
  const std::uint64_t transit =
      c.router.transit_priority ? (g.radix == 64 ? ~0ull : (1ull << g.radix) - 1) & ~((1ull << g.p) - 1) : 0;
  std::ostringstream v;
  v << "// Generated by hiradix synth: the separable input-first allocator for radix " << g.radix << ", " << g.max_vcs
    << " VCs per port.\n"
    << "module synth_top(clk, rst, req, req_out, in_gnt, in_vc, in_out, out_gnt, out_in);\n"
    << "  localparam integer P = " << g.radix << ", V = " << g.max_vcs << ", PW = " << pw << ", VW = " << vw << ";\n"
    << "  input wire clk, rst;\n  input wire [P*V-1:0] req;\n  input wire [P*V*PW-1:0] req_out;\n"
    << "  output wire [P-1:0] in_gnt;\n  output wire [P*VW-1:0] in_vc;\n  output wire [P*PW-1:0] in_out;\n"
    << "  output wire [P-1:0] out_gnt;\n  output wire [P*PW-1:0] out_in;\n"
    << "  hiradix_separable_allocator #(.P(P), .V(V), .OWN_GRANT(" << own << "), .TRANSIT(64'd" << transit << ")) alloc(\n"
    << "      .clk(clk), .rst(rst), .req(req), .req_out(req_out), .in_gnt(in_gnt), .in_vc(in_vc), .in_out(in_out),\n"
    << "      .out_gnt(out_gnt), .out_in(out_in), .in_ptr(), .out_ptr(), .out_inj_ptr());\n"
    << "endmodule\n";
  BlockSpec b{"allocator",
              {"hiradix_separable_allocator.v", "hiradix_rr_arbiter.v", "hiradix_rr_pick.v"},
              v.str(), true, nlohmann::json::object()};
  b.params = {{"ports", g.radix}, {"vcs", g.max_vcs}, {"input_pointer", own ? "own_grant" : "output_grant"},
              {"output_arbiter", c.router.transit_priority ? "transit_priority" : "round_robin"}};
  return b;
}

BlockSpec counters_block(const Geometry& g) {
  std::ostringstream v;
  v << "// Generated by hiradix synth: contention counters for radix " << g.radix << ", at most " << g.input_vcs
    << " input VCs.\n"
    << "module synth_top(clk, rst, inc, inc_port, dec, dec_port, count);\n"
    << "  localparam integer P = " << g.radix << ", MAXC = " << g.input_vcs << ", PW = " << bits_for(g.radix)
    << ", CW = $clog2(MAXC + 1);\n"
    << "  input wire clk, rst;\n  input wire [P-1:0] inc, dec;\n  input wire [P*PW-1:0] inc_port, dec_port;\n"
    << "  output wire [P*CW-1:0] count;\n"
    << "  hiradix_contention_counters #(.P(P), .MAXC(MAXC)) counters(\n"
    << "      .clk(clk), .rst(rst), .inc(inc), .inc_port(inc_port), .dec(dec), .dec_port(dec_port), .count(count));\n"
    << "endmodule\n";
  BlockSpec b{"contention_counters", {"hiradix_contention_counters.v"}, v.str(), true, nlohmann::json::object()};
  b.params = {{"ports", g.radix}, {"max_count", g.input_vcs}};
  return b;
}

BlockSpec lfsr_block() {
  const std::string v =
      "// Generated by hiradix synth: the routing unit's LFSR register (one decision's advance per cycle).\n"
      "module synth_top(clk, load, seed, advance, state);\n"
      "  input wire clk, load, advance;\n  input wire [63:0] seed;\n  output wire [63:0] state;\n"
      "  hiradix_lfsr lfsr(.clk(clk), .load(load), .seed(seed), .advance(advance), .state(state));\n"
      "endmodule\n";
  BlockSpec b{"lfsr", {"hiradix_lfsr.v"}, v, true, nlohmann::json::object()};
  b.params = {{"bits", 64}};
  return b;
}

// One router's forwarding table (rtl/hiradix_forwarding_table.v, issue 27): a row of radix bits per router of
// the network, written at start, read by the packet's destination router in the RC stage (`min` off the
// Dragonfly, GenericMinRouting::rtl_state_blocks). Flip-flops: routers x radix.
BlockSpec forwarding_table_block(const Geometry& g) {
  std::ostringstream v;
  v << "// Generated by hiradix synth: a forwarding table of " << g.routers << " rows of " << g.radix << " port bits.\n"
    << "module synth_top(clk, we, waddr, wdata, raddr, rdata);\n"
    << "  localparam integer R = " << g.routers << ", P = " << g.radix << ", AW = " << bits_for(g.routers) << ";\n"
    << "  input wire clk, we;\n  input wire [AW-1:0] waddr, raddr;\n  input wire [P-1:0] wdata;\n  output wire [P-1:0] rdata;\n"
    << "  hiradix_forwarding_table #(.R(R), .P(P), .AW(AW)) table_(\n"
    << "      .clk(clk), .we(we), .waddr(waddr), .wdata(wdata), .raddr(raddr), .rdata(rdata));\n"
    << "endmodule\n";
  BlockSpec b{"forwarding_table", {"hiradix_forwarding_table.v"}, v.str(), true, nlohmann::json::object()};
  b.params = {{"rows", g.routers}, {"port_bits", g.radix}, {"expected_flip_flops", 1LL * g.routers * g.radix}};
  return b;
}

// ABC's mapping script for a liberty with a delay target (Yosys's default with timing constraints), plus
// the statistics we read: the level count of the mapped network (logic depth) and its delay under the
// liberty's timing. After mapping, `buffer` splits high-fanout nets into buffer trees and `upsize` /
// `dnsize` choose each gate's drive strength (X1 .. X4) for the delay target, as any timing-driven flow
// does: without them a minimum-size gate drove nets of a hundred sinks and one such net took 3-8 ns of
// UGAL-L's 39.6 ns at h = 8 (docs/synthesis.md, "Buffering and sizing").
const char* kAbcScript =
    "strash\n&get -n\n&fraig -x\n&put\nscorr\ndc2\ndretime\nstrash\n&get -n\n&dch -f\n&nf {D}\n&put\n"
    "buffer -p\nupsize {D}\ndnsize {D}\nprint_stats\nstime -p\n";

// Retiming for the least depth: `retime -M 4` moves registers backwards (towards the inputs) over the
// AIG's unit delays, then the generic gates are mapped back (`map`); the liberty mapping comes later.
const char* kRetimeScript = "strash\n&get -n\n&fraig -x\n&put\ndc2\nretime -M 4\nstrash\ndch -f\nmap\n";

// The most sinks a flip-flop's output drives before the flow buffers it (fanout_repair.h; ABC's `buffer`
// keeps its own nets to about 10).
constexpr int kRegisterFanout = 10;

// synth.rc_stages' largest value (config/config.cpp's choices), which auto stops at.
constexpr int kMaxRcStages = 6;

// The Yosys script of a block: read, elaborate, synthesize flat, map to the liberty's cells with ABC at the
// clock period, and report.
std::string yosys_script(const BlockSpec& b, const std::string& rtl_dir, const std::string& liberty, long clock_ps) {
  std::ostringstream ys;
  ys << "# Generated by hiradix synth (" << b.name << ")\n"
     << "verilog_defaults -add -sv -I" << rtl_dir << " -I.\n";  // also for the files hierarchy -libdir reads; . for the buses
  // With libdirs, the sources stay unelaborated (-defer) until hierarchy has set their parameters: else
  // Yosys would elaborate them with the defaults and fetch every module those instantiate.
  const std::string read = b.libdirs.empty() ? "read_verilog " : "read_verilog -defer ";
  for (const std::string& s : b.sources) ys << read << (fs::path(rtl_dir) / s).string() << "\n";
  ys << read << "wrapper.v\n"
     << "hierarchy -check -top synth_top";
  for (const std::string& d : b.libdirs) ys << " -libdir " << (fs::path(rtl_dir) / d).string();
  ys << "\n"
     << "synth -flatten -top synth_top\n";
  // Retiming (BlockSpec::retime_ranks): ABC gets the flip-flops (-dff) and moves them backwards for the
  // least depth (retime.script), into generic gates; the liberty mapping below then sees them as any
  // register. ABC's `dretime` left this logic deeper (docs/synthesis.md).
  // The design before retiming is kept (pre_retime.v) for the proof that retiming kept its decisions
  // (tests/rtl/equiv_retimed_unit.sh).
  if (b.retime_ranks > 0)
    ys << "write_verilog -noattr pre_retime.v\n"
       << "abc -dff -g AND,NAND,OR,NOR,XOR,XNOR,ANDNOT,ORNOT,MUX -script retime.script\n";
  ys << "dfflibmap -liberty " << liberty << "\n"
     << "abc -liberty " << liberty << " -D " << clock_ps << " -script abc.script\n"
     << "opt_clean\n"
     << "stat -liberty " << liberty << "\n"
     // -simple-lhs: OpenSTA's Verilog reader refuses an assign to a concatenation, which Yosys writes for
     // outputs tied to constants (ECtN's tx_data), and then neither times nor prices the block.
     << "write_verilog -noattr -simple-lhs netlist.v\n";
  return ys.str();
}

// The files Yosys read from `rtl_dir`: the sources, and the modules found in the libdirs.
std::vector<std::string> rtl_files_read(const std::string& ylog, const std::string& rtl_dir) {
  const std::string prefix = (fs::path(rtl_dir) / "").string();
  std::vector<std::string> files;
  const std::regex read(R"(Executing Verilog-2005 frontend: (\S+))");
  for (auto it = std::sregex_iterator(ylog.begin(), ylog.end(), read); it != std::sregex_iterator(); ++it) {
    const std::string file = (*it)[1].str();
    if (file.compare(0, prefix.size(), prefix) == 0) files.push_back(file.substr(prefix.size()));
  }
  return files;
}

// Flip-flops: the liberty's DFF cells in the last (mapped) statistics.
long long mapped_flip_flops(const std::string& ylog) {
  long long flip_flops = 0;
  const std::size_t last = ylog.rfind("Number of cells:");
  const std::string tail = last == std::string::npos ? std::string() : ylog.substr(last);
  const std::regex ff(R"(\n\s+(DFF\w*)\s+([0-9]+))");
  for (auto it = std::sregex_iterator(tail.begin(), tail.end(), ff); it != std::sregex_iterator(); ++it)
    flip_flops += std::stoll((*it)[2].str());
  return flip_flops;
}

nlohmann::json run_block(const BlockSpec& b, const fs::path& dir, const std::string& rtl_dir,
                         const std::string& liberty, double clock_ns, const std::string& yosys,
                         const std::string& sta) {
  fs::create_directories(dir);
  write_text(dir / "wrapper.v", b.wrapper);
  {  // the routing unit's buses and members, as the build generated them for Verilator
     // (router/routing/rtl_bus_verilog.h)
    std::ofstream widths(dir / "hiradix_bus.vh"), fields(dir / "hiradix_bus_fields.vh"),
        codes(dir / "hiradix_routing_codes.vh"), submodules(dir / "hiradix_routing_submodules.vh"),
        cases(dir / "hiradix_routing_cases.vh");
    rtl_decl::write_bus_widths(widths, rtl_bus());
    rtl_decl::write_bus_fields(fields, rtl_bus());
    rtl_decl::write_routing_codes(codes);
    rtl_decl::write_routing_submodules(submodules);
    rtl_decl::write_routing_cases(cases);
  }
  write_text(dir / "abc.script", kAbcScript);
  if (b.retime_ranks > 0) write_text(dir / "retime.script", kRetimeScript);
  const long clock_ps = std::lround(clock_ns * 1000.0);
  write_text(dir / "synth.ys", yosys_script(b, rtl_dir, liberty, clock_ps));
  const std::string cd = "cd " + quote(dir.string()) + " && ";
  if (std::system((cd + quote(yosys) + " -q -l yosys.log synth.ys >/dev/null 2>&1").c_str()) != 0)
    throw SynthError("yosys failed on block " + b.name + ": " + last_error_line(read_text(dir / "yosys.log")) + " (" +
                     (dir / "yosys.log").string() + ")");
  const std::string ylog = read_text(dir / "yosys.log");
  nlohmann::json params = b.params;
  if (!b.libdirs.empty()) params["rtl_files"] = rtl_files_read(ylog, rtl_dir);
  const double area = last_match(ylog, std::regex(R"(Chip area for module '\\synth_top': ([0-9.eE+-]+))"));
  const double cells = last_match(ylog, std::regex(R"(Number of cells:\s+([0-9]+))"));
  const double depth = last_match(ylog, std::regex(R"(ABC: netlist\s*:.*lev\s*=\s*([0-9]+))"));
  const double abc_delay_ps = last_match(ylog, std::regex(R"(ABC: WireLoad.*Delay\s*=\s*([0-9.]+)\s*ps)"));
  const long long flip_flops = mapped_flip_flops(ylog);
  if (std::isnan(area) || std::isnan(cells))
    throw SynthError("cannot read area or cells of block " + b.name + " from " + (dir / "yosys.log").string());
  if (std::isnan(depth) && flip_flops != static_cast<long long>(cells))  // flip-flops alone: ABC has no logic
    throw SynthError("cannot read the logic depth of block " + b.name + " from " + (dir / "yosys.log").string());
  // Buffer trees on the flip-flops' outputs (fanout_repair.h), before timing and power read the netlist.
  FanoutRepair repair;
  if (b.clocked) {
    std::string netlist = read_text(dir / "netlist.v");
    repair = repair_register_fanout(netlist, read_liberty_cells(read_text(liberty)), kRegisterFanout);
    if (repair.buffers > 0) write_text(dir / "netlist.v", netlist);
  }

  // Static timing: clocked blocks on their clk port, combinational ones against a virtual clock, inputs
  // arriving at the clock edge and outputs due at the next.
  std::ostringstream tcl;
  tcl << sta_preamble(b, liberty, clock_ns) << "set_output_delay 0 -clock clk [all_outputs]\n"
      << "report_checks -path_delay max -digits 4\n"
      << "report_worst_slack -digits 4\n";
  write_text(dir / "sta.tcl", tcl.str());
  double delay = std::nan("");
  std::string timing = "opensta";
  if (tool_exists(sta) &&
      std::system((cd + quote(sta) + " -no_splash -exit sta.tcl > sta.log 2>&1").c_str()) == 0) {
    const double slack = last_match(read_text(dir / "sta.log"), std::regex(R"(worst slack\s+([0-9.eE+-]+))"));
    if (!std::isnan(slack)) delay = clock_ns - slack;
  }
  if (std::isnan(delay)) {  // OpenSTA missing or failed: ABC's delay of the mapped logic
    if (std::isnan(abc_delay_ps)) throw SynthError("no timing for block " + b.name + " (OpenSTA and ABC both failed)");
    delay = abc_delay_ps / 1000.0;
    timing = "abc";
  }
  const int cycles = std::max(1, static_cast<int>(std::ceil(delay / clock_ns - 1e-9)));
  return {{"area_um2", area + repair.area}, {"cells", static_cast<long long>(cells) + repair.buffers},
          {"flip_flops", flip_flops}, {"register_buffers", repair.buffers},
          {"delay_ns", std::round(delay * 1e4) / 1e4},
          {"depth", std::isnan(depth) ? 0LL : static_cast<long long>(depth)}, {"cycles", cycles}, {"timing", timing},
          {"params", params}, {"power", block_power(b, dir, liberty, clock_ns, sta)}};
}

// A routing's state block (router/rtl/state_block_wrapper.h) on this network.
BlockSpec state_block(const std::string& name, const Config& c) {
  const std::unique_ptr<Topology> topo = make_topology(c);
  const StateBlockNetwork network(c.routing, *topo, c.router, c.link_vcs(), "hiradix synth " + name);
  StateBlockWrapper w = state_block_wrapper(name, network.setup());
  return {name, std::move(w.sources), std::move(w.verilog), true, std::move(w.params)};
}

// The routing unit in `stages` stages (synth.rc_stages; auto starts with one, run_synth adds stages).
BlockSpec unit_block_in(const Config& c, const Geometry& g, int stages) {
  std::string misfit;
  const std::optional<RcConfig> rc = routing_unit_config(c, misfit);
  // A Dragonfly's field widths are set by its h; a routing without RTL on this topology, or a mesh beyond
  // the RTL's dimensions, is named by its own key (the misfit's first word).
  if (!rc) {
    std::string key = "topology.h";
    for (const char* k : {"routing.algorithm", "topology.dims"})
      if (misfit.rfind(k, 0) == 0) key = k;
    config_fail(key, "the RTL routing unit cannot express this network: " + misfit);
  }
  return routing_unit_block(c, g, *rc, stages);
}

BlockSpec unit_block(const Config& c, const Geometry& g) { return unit_block_in(c, g, std::max(1, c.synth_rc_stages)); }

// The router's own blocks, by name: the logic (synth_blocks(), the first four) and the datapath
// (synth_datapath.cpp).
struct RouterBlock {
  const char* name;
  BlockSpec (*make)(const Config&, const Geometry&);
};
const RouterBlock kRouterBlocks[] = {
    {"routing_unit", &unit_block},
    {"allocator", &allocator_block},
    {"contention_counters", [](const Config&, const Geometry& g) { return counters_block(g); }},
    {"lfsr", [](const Config&, const Geometry&) { return lfsr_block(); }},
    {"crossbar", [](const Config&, const Geometry& g) { return crossbar_block(g); }},
    {"buffer_row", [](const Config&, const Geometry& g) { return buffer_row_block(g); }},
    {"buffer_read", [](const Config&, const Geometry& g) { return buffer_read_block(g); }},
    // Not in every router: by default only for a routing that names it (rtl_state_blocks), else on request.
    {"forwarding_table", [](const Config&, const Geometry& g) { return forwarding_table_block(g); }},
};
constexpr int kLogicBlocks = 4, kRouterBlocksByDefault = 7;

const RouterBlock* router_block(const std::string& name) {
  for (const RouterBlock& b : kRouterBlocks)
    if (name == b.name) return &b;
  return nullptr;
}

bool is_state_block(const std::string& name) {
  const std::vector<std::string>& s = synthesizable_state_blocks();
  return std::find(s.begin(), s.end(), name) != s.end();
}

std::vector<std::string> names(const RouterBlock* first, const RouterBlock* last) {
  std::vector<std::string> n;
  for (const RouterBlock* b = first; b != last; ++b) n.push_back(b->name);
  return n;
}

}  // namespace

const std::vector<std::string>& synth_blocks() {
  static const std::vector<std::string> blocks = names(std::begin(kRouterBlocks), std::begin(kRouterBlocks) + kLogicBlocks);
  return blocks;
}

const std::vector<std::string>& datapath_blocks() {
  static const std::vector<std::string> blocks = names(std::begin(kRouterBlocks) + kLogicBlocks, std::begin(kRouterBlocks) + kRouterBlocksByDefault);
  return blocks;
}

std::string synth_block_list() {
  std::string list;
  for (const RouterBlock& b : kRouterBlocks) list += std::string(list.empty() ? "" : ", ") + b.name;
  for (const std::string& n : synthesizable_state_blocks()) list += ", " + n;
  return list;
}

nlohmann::json run_synth(const Config& c, const SynthOptions& opt) {
  // The network first: a topology without the unit's geometry is refused before any tool is looked for.
  const Geometry g = geometry_of(c);
  // By default every block of the router: the logic, the datapath and the routing's state.
  std::vector<std::string> blocks = opt.blocks;
  if (blocks.empty()) {
    blocks = synth_blocks();
    blocks.insert(blocks.end(), datapath_blocks().begin(), datapath_blocks().end());
    for (const std::string& s : routing_state_blocks(c)) blocks.push_back(s);
  }
  for (const std::string& b : blocks)
    if (!router_block(b) && !is_state_block(b))
      throw ConfigError("config error: --blocks: unknown block '" + b + "' (" + synth_block_list() + ")");
  const std::string yosys = env_or("HIRADIX_YOSYS", "yosys");
  const std::string sta = env_or("HIRADIX_STA", "sta");
  if (!tool_exists(yosys)) throw SynthError("synth: yosys not found ('" + yosys + "'); scripts/setup.sh installs it");
  const std::string rtl_dir = fs::absolute(env_or("HIRADIX_RTL_DIR", HIRADIX_RTL_DIR)).string();
  if (!fs::exists(fs::path(rtl_dir) / "hiradix_rr_pick.v"))
    throw SynthError("synth: no RTL sources in '" + rtl_dir + "' (set HIRADIX_RTL_DIR to the source tree's rtl/)");
  const std::string liberty = fs::absolute(c.synth_liberty.empty() ? std::string(HIRADIX_LIBERTY) : c.synth_liberty).string();
  if (!fs::exists(liberty))
    config_fail("synth.liberty", "liberty file '" + liberty + "' not found (scripts/setup.sh installs qflow-tech-osu018)");

  std::string unit_misfit;
  const std::optional<RcConfig> rc = routing_unit_config(c, unit_misfit);
  // Without the unit the routing's constants are the ones every routing has.
  const nlohmann::json routing_params =
      rc ? routing_unit_params(*rc)
         : nlohmann::json{{"algorithm", c.routing.algorithm}, {"vc_scheme", c.routing.text("routing.vc_scheme")}};

  nlohmann::json report;
  report["params"] = c.topology_params();
  report["params"].update({{"radix", g.radix}, {"routers", g.routers}, {"vcs", {{"injection", g.vi}, {"local", g.vl}, {"global", g.vg}}},
                      {"routing", routing_params},
                      {"allocator", c.router.allocator == AllocatorKind::kInputFirst ? "input_first" : "output_first"},
                      {"input_pointer", c.router.input_pointer_on_output_grant ? "output_grant" : "own_grant"},
                      {"liberty", liberty}, {"node_nm", c.synth_node_nm},
                      {"buffers", {{"injection", g.bi}, {"local", g.bl}, {"global", g.bg}}},
                      {"output_queue", g.output_queue}, {"phit_bits", g.phit_bits}});
  report["clock_ns"] = c.synth_clock_ns;
  report["blocks"] = nlohmann::json::object();
  // Check every block's parameters before the first (slow) tool run.
  std::vector<BlockSpec> specs;
  for (const std::string& name : blocks)
    specs.push_back(is_state_block(name) ? state_block(name, c) : router_block(name)->make(c, g));
  const fs::path out(opt.out_dir);
  fs::create_directories(out);
  auto run = [&](const BlockSpec& b) {
    if (!opt.quiet) std::cerr << "synth: " << b.name << " ...\n";
    nlohmann::json r = run_block(b, out / b.name, rtl_dir, liberty, c.synth_clock_ns, yosys, sta);
    if (b.params.contains("stages")) {  // the unit: each stage a path of ceil(delay / clock) cycles
      r["stages"] = b.params["stages"];
      r["cycles"] = r["cycles"].get<int>() * b.params["stages"].get<int>();
    }
    return r;
  };
  for (const BlockSpec& b : specs) report["blocks"][b.name] = run(b);
  // synth.rc_stages: auto: a unit slower than the allocator is built again in one more stage at a time (the
  // cut its RTL has, then retimed ranks) until it is not, up to kMaxRcStages; the one-stage figures stay beside.
  nlohmann::json& blocks_done = report["blocks"];
  if (c.synth_rc_stages == 0 && rc && blocks_done.contains("routing_unit") && blocks_done.contains("allocator")) {
    const double allocator = blocks_done["allocator"]["delay_ns"].get<double>();
    const nlohmann::json one = blocks_done["routing_unit"];
    for (int stages = 2; stages <= kMaxRcStages && blocks_done["routing_unit"]["delay_ns"].get<double>() > allocator;
         ++stages) {
      blocks_done["routing_unit"] = run(unit_block_in(c, g, stages));
      blocks_done["routing_unit"]["one_stage"] = {{"area_um2", one["area_um2"]}, {"cells", one["cells"]},
                                                  {"delay_ns", one["delay_ns"]}, {"cycles", one["cycles"]}};
    }
  }
  if (nlohmann::json router = router_summary(report, c); !router.is_null()) report["router"] = std::move(router);
  std::ofstream(out / "synth.json") << report.dump(2) << "\n";
  return report;
}

std::string synth_table(const nlohmann::json& r) {
  std::ostringstream s;
  s << std::left << std::setw(21) << "block" << std::right << std::setw(14) << "area (um^2)" << std::setw(8)
    << "cells" << std::setw(12) << "delay (ns)" << std::setw(7) << "depth" << std::setw(8) << "cycles" << std::setw(12)
    << "flip-flops" << "\n";
  std::vector<std::string> names;  // the flow's order, then anything else the report holds
  for (const std::string& n : synth_blocks())
    if (r["blocks"].contains(n)) names.push_back(n);
  for (const auto& [n, unused] : r["blocks"].items())
    if (std::find(names.begin(), names.end(), n) == names.end()) names.push_back(n);
  for (const std::string& name : names) {
    const nlohmann::json& b = r["blocks"][name];
    s << std::left << std::setw(21) << name << std::right << std::fixed << std::setprecision(0) << std::setw(14)
      << b["area_um2"].get<double>() << std::setw(8) << b["cells"].get<long long>() << std::setprecision(3)
      << std::setw(12) << b["delay_ns"].get<double>() << std::setw(7) << b["depth"].get<long long>() << std::setw(8)
      << b["cycles"].get<int>() << std::setw(12) << b.value("flip_flops", 0LL);
    if (b.contains("params") && b["params"].contains("expected_flip_flops"))
      s << " (formula " << b["params"]["expected_flip_flops"].get<long long>() << ")";
    if (b.value("stages", 1) > 1)
    {
      s << " (" << b["stages"].get<int>() << " stages, delay per stage";
      if (b.contains("one_stage")) s << "; in one: " << std::setprecision(3) << b["one_stage"]["delay_ns"].get<double>() << " ns";
      s << ")";
    }
    s << (b["timing"] == "abc" ? "  (ABC timing)" : "") << "\n";
  }
  s << "clock " << std::setprecision(3) << r["clock_ns"].get<double>() << " ns; liberty "
    << r["params"].value("liberty", std::string("?")) << " (" << std::setprecision(0) << r["params"].value("node_nm", 180.0) << " nm node)\n";
  if (r["blocks"].contains("routing_unit")) s << router_table(r);
  return s.str();
}

}  // namespace hiradix
