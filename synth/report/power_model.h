// Per-event energies of a router, read from a synth.json written by `hiradix synth` (its "router" object,
// synth/synth_router.h) for the run's `power` object in result.json (testbench/power_report.h).
#pragma once
#include <string>

#include <nlohmann/json.hpp>

namespace hiradix {

struct PowerModel {
  // pJ per event: a routing decision (routing unit + LFSR advance), an allocation round, a phit through
  // the crossbar, a phit written into / read from a flip-flop buffer (input buffer or output queue).
  double routing_decision = 0, allocation = 0, crossbar_traversal = 0, buffer_write = 0, buffer_read = 0;
  double leakage_mw = 0;  // one router
  double clock_ns = 1.0;  // the clock the energies were characterised at: one simulated cycle
  std::string source;     // the synth.json it came from
  std::string liberty;    // and the liberty behind it
};

// Reads `path`'s router.energy_pj and router.leakage_mw; `expect` holds params the report must match
// (network, routing, VCs, buffers, phit width). Throws ConfigError naming power.report otherwise.
PowerModel load_power_model(const std::string& path, const nlohmann::json& expect);

}  // namespace hiradix
