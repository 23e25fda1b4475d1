// result.json's `activity` (the events that cost energy, counted in the measurement window) and `power`
// (their energy from a synthesis report's per-event energies, power.report, and the links' energy per bit).
#pragma once
#include <vector>

#include <nlohmann/json.hpp>

#include "router/router.h"
#include "synth/report/power_model.h"
#include "tlm/cycle.h"

namespace hiradix {

class Network;

// The network's EventCounts summed over its routers, in result.json's vocabulary: routing_decisions,
// allocations, crossbar_traversals, buffer_writes, buffer_reads, output_queue_reads (phits) and
// link_traversals per link class (phits; terminal links both ways).
EventCounts total_events(Network& net);
nlohmann::json activity_json(const EventCounts& e, const std::vector<std::string>& link_classes);

// The energy of the counted events: per component and total (pJ), per delivered packet, and the average
// power over `measured` cycles of model.clock_ns (dynamic, plus every router's leakage).
nlohmann::json power_json(const EventCounts& e, const PowerModel& model, const std::vector<double>& link_pj_per_bit,
                          const std::vector<std::string>& link_classes, int phit_bits, std::uint64_t packets,
                          Cycle measured, int routers);

}  // namespace hiradix
