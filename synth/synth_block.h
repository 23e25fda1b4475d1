// Internals of the synthesis flow shared by its files (synth_flow.cpp: the flow and the logic blocks, and the
// routings' state blocks from their wrappers, router/rtl/state_block_wrapper.h; synth_routing_unit.cpp: the
// routing unit's block; synth_scripts.cpp: the Yosys and ABC scripts; synth_datapath.cpp: crossbar and
// buffer blocks; synth_power.cpp: OpenSTA power; synth_router.cpp: the router's area and per-event
// energies). Not part of the installed interface.
#pragma once
#include <filesystem>
#include <optional>
#include <regex>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "config/config.h"
#include "router/rtl/rc_interface.h"
#include "router/rtl/state_block_wrapper.h"  // bits_for

namespace hiradix::synth_detail {

// What one block needs: its wrapper (module synth_top), sources, and whether it is clocked.
struct BlockSpec {
  std::string name;
  std::vector<std::string> sources;  // in the RTL directory
  std::string wrapper;
  bool clocked = false;
  nlohmann::json params;
  // Subdirectories of the RTL directory where Yosys finds the modules the sources instantiate, by file
  // name (hierarchy -libdir): only the modules actually instantiated are read.
  std::vector<std::string> libdirs = {};
  // Register ranks after the block's outputs that ABC retimes into its logic (the routing unit in more
  // stages than its RTL cuts, synth.rc_stages): the outputs leave this many clocks later.
  int retime_ranks = 0;
};

// The network as the RTL sees it: the Dragonfly geometry module's p, a, h (rtl/topology/), the VCs of its
// terminal, local and global ports, their buffer depths (phits per VC), the output queue (phits per port)
// and the phit width in bits (broadcast.phit_bits: the bits a link carries per cycle).
struct Geometry {
  int p, a, h, radix, routers, terminals, vi, vl, vg, max_vcs, input_vcs;
  int bi = 0, bl = 0, bg = 0, output_queue = 0, phit_bits = 0;
  std::string topology{};  // Topology::name()
};

Geometry geometry_of(const Config& c);

std::string quote(const std::string& s);  // for /bin/sh
bool tool_exists(const std::string& tool);
std::string read_text(const std::filesystem::path& p);
void write_text(const std::filesystem::path& p, const std::string& text);
// The start of an OpenSTA script for a block's netlist.v: the liberty and netlist read and linked, the clock
// (on the clk port, or virtual for a combinational block) and every other input arriving on it.
std::string sta_preamble(const BlockSpec& b, const std::string& liberty, double clock_ns);
// The last line of `log` matching `re`, its first capture as a number; NaN if none.
double last_match(const std::string& log, const std::regex& re);

// Writes the block's Yosys script (synth.ys) and the ABC scripts it runs into `dir` (synth_scripts.cpp).
void write_block_scripts(const BlockSpec& b, const std::filesystem::path& dir, const std::string& rtl_dir,
                         const std::string& liberty, long clock_ps);

// The routing unit (synth_routing_unit.cpp). Its configuration (its constants, recorded in every report
// whichever blocks it has), or none when the RTL unit cannot express this network (`why` says what does
// not fit); the unit in `stages` stages, or in synth.rc_stages' (one for auto).
std::optional<RcConfig> routing_unit_config(const Config& c, std::string& why);
BlockSpec unit_block_in(const Config& c, const Geometry& g, int stages);
BlockSpec unit_block(const Config& c, const Geometry& g);

// Datapath blocks (synth_datapath.cpp): the P x P crossbar of phits, one flip-flop row of a buffer (a phit
// write) and the read multiplexer of a buffer (a phit read).
BlockSpec crossbar_block(const Geometry& g);
BlockSpec buffer_row_block(const Geometry& g);
BlockSpec buffer_read_block(const Geometry& g);

// The queue select of band-based queues, with the network's band boundaries (synth_queue_select.cpp).
BlockSpec queue_select_block(const Config& c, const Geometry& g);

// SASHA's VN select at the source NIC, with the network's VNs, tie rule and load width (synth_vn_select.cpp).
BlockSpec vn_select_block(const Config& c, const Geometry& g);

}  // namespace hiradix::synth_detail
