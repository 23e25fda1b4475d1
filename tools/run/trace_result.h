// What a run reports of a replayed trace (traffic.pattern: trace; README "Trace replay"): result.json's
// `trace` (whether the trace was delivered within the run, and its execution time, seed-001 §5.4), the
// warning when it was not, and the summary's words for it.
#pragma once
#include <string>

#include <nlohmann/json.hpp>

#include "config/config.h"
#include "tlm/cycle.h"

namespace hiradix {

class Network;

nlohmann::json trace_json(Network& net, const Config& config, Cycle simulated);
// Why a trace's execution time is not measured (`t`: trace_json's).
std::string trace_warning(const nlohmann::json& t, const Config& config);
// ": M messages, P packets, executed in C cycles (T us)", or how much of it was delivered; "" without a trace.
std::string trace_summary(const nlohmann::json& result);

}  // namespace hiradix
