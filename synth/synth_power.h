// OpenSTA power characterisation of one synthesized block (synth_power.cpp).
#pragma once
#include <filesystem>
#include <string>

#include <nlohmann/json.hpp>

#include "synth/synth_block.h"

namespace hiradix::synth_detail {

// Runs `report_power` on DIR/netlist.v at the clock with every input toggling at activity 0.5 (one-hot
// selects at 2/n) and returns {clock_ns, activity, internal_mw, switching_mw, leakage_mw, dynamic_mw,
// events_per_cycle, energy_pj}, energy_pj = dynamic_mw x clock_ns / events_per_cycle; or {"error": why}
// if OpenSTA is missing or its report cannot be read. Writes DIR/power.tcl and DIR/power.log.
nlohmann::json block_power(const BlockSpec& b, const std::filesystem::path& dir, const std::string& liberty,
                           double clock_ns, const std::string& sta);

}  // namespace hiradix::synth_detail
