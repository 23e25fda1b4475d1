// A routing's state block as the synthesis flow (synth/) builds it: a wrapper module `synth_top` around the
// block's RTL with the network's sizes and the configuration's constants tied in, so that the netlist is the
// configured block's, and the constants synth.json records. One file per block (router/rtl/NAME_wrapper.cpp),
// registered in state_block_wrappers.cpp; the routing names its blocks (RoutingAlgorithm::rtl_state_blocks).
#pragma once
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "router/rtl/rtl_state_block.h"

namespace hiradix {

struct StateBlockWrapper {
  std::vector<std::string> sources;  // in the RTL directory
  std::string verilog;               // module synth_top
  nlohmann::json params;             // the constants, and the flip-flops the block's header derives
};

// Every block that has a wrapper, in the order reports list them.
const std::vector<std::string>& synthesizable_state_blocks();
// The wrapper of block `name` (one of synthesizable_state_blocks()) for this network; a ConfigError names
// the key when the configuration does not give the block what it needs.
StateBlockWrapper state_block_wrapper(const std::string& name, const StateBlockSetup& setup);
// Whether block `name` holds the router's contention counters (Base's state, seed-003 §6.1), so that a
// router with it needs no contention_counters block of its own.
bool state_block_holds_contention_counters(const std::string& name);

// Bits to number 0 .. n-1, at least 1 (Verilog's $clog2, but never 0).
inline int bits_for(long long n) {
  int w = 1;
  while ((1ll << w) < n) ++w;
  return w;
}

}  // namespace hiradix
