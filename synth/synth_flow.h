// The synthesis flow (`hiradix synth`): per RTL block, a Verilog wrapper that fixes the block's
// parameters and ties its configuration inputs to the configured constants, Yosys (generic synthesis,
// mapping to the OSU 0.18 um standard cells of qflow-tech-osu018, area and cell count), ABC's level count
// (logic depth) and OpenSTA (critical-path delay; ABC's own delay if OpenSTA fails). Writes
// OUT/synth.json and OUT/<block>/{wrapper.v,synth.ys,abc.script,netlist.v,yosys.log,sta.tcl,sta.log}.
#pragma once
#include <stdexcept>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "config/config.h"

namespace hiradix {

// A tool is missing or failed, or its report could not be read (exit code 1, one line).
class SynthError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

struct SynthOptions {
  std::string out_dir = "out";
  std::vector<std::string> blocks;  // empty: all of synth_blocks()
  bool quiet = false;               // no progress lines on stderr
};

// The router's blocks, synthesized by default: its logic (routing_unit, allocator, contention_counters, lfsr)
// and its datapath (the crossbar and the two buffer pieces: a flip-flop row, a read mux). The routing's state
// blocks (router/rtl/state_block_wrapper.h) are synthesized by default for the routings that have them and
// on request (--blocks) for any; so is the forwarding table (rtl/hiradix_forwarding_table.v), a router block
// that only `min` off the Dragonfly names.
const std::vector<std::string>& synth_blocks();
const std::vector<std::string>& datapath_blocks();
// Every block --blocks takes, comma-separated: the router's, then every routing's state blocks.
std::string synth_block_list();

// Runs the flow for `config` (its topology, VCs, routing, allocator and synth.* keys) and writes
// OUT/synth.json; returns its content. Throws ConfigError for a configuration the RTL cannot express and
// SynthError for tool problems.
nlohmann::json run_synth(const Config& config, const SynthOptions& options);

// The printed table: block, cell area (um^2), cells, critical-path delay (ns), logic depth, cycles.
std::string synth_table(const nlohmann::json& report);

}  // namespace hiradix
