// The router as a whole from its synthesized blocks (synth_router.cpp): area (blocks x their count per
// router, plus the input buffers and output queues as flip-flop arrays and as an SRAM estimate), leakage,
// and the energy of each event the simulation counts.
#pragma once
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "config/config.h"

namespace hiradix {

// The state blocks the configured routing keeps in every router (RoutingAlgorithm::rtl_state_blocks),
// synthesized by default.
std::vector<std::string> routing_state_blocks(const Config& c);
// The rows of the router's forwarding table the configured routing's unit reads in a decision
// (RoutingAlgorithm::rtl_table_reads); with any, the table (block forwarding_table) is synthesized by default.
int routing_table_reads(const Config& c);

// report["router"] for a synth.json's blocks: {"blocks": {NAME: {count, area_um2, why}}, "logic_um2",
// "buffers": {...}, "area_um2": {flip_flop, sram}, "leakage_mw", "energy_pj": {...}, "sources"}.
// Null when a block the router needs is missing (hiradix synth --blocks with a subset).
nlohmann::json router_summary(const nlohmann::json& report, const Config& c);

// The printed router table (area per block x count, buffers, totals, per-event energies).
std::string router_table(const nlohmann::json& report);

}  // namespace hiradix
