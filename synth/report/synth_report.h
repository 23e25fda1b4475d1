// Reading a synth.json that `hiradix synth` wrote (synth/synth_flow.h), for the keys that refer to one:
// router.latency.rc: auto takes the routing unit's pipeline cycles from it.
#pragma once
#include <string>

#include <nlohmann/json.hpp>

namespace hiradix {

// Pipeline cycles of the routing unit in a synth.json (blocks.routing_unit.cycles), for
// `router.latency.rc: auto`. `expect` holds params the report must match (p, a, h, arrangement, routing).
// Throws ConfigError (naming synth.report) if the file or the entry is missing or made for another network.
int routing_unit_cycles(const std::string& report_path, const nlohmann::json& expect);

// The first param of `expect` that a report's `params` do not match, as "KEY = made-for value, this config
// has value" (nested objects such as `routing` are followed down to the entry that differs: routing.tpr_low);
// "" if they all match. A routing-unit constant (under `routing`) that the report lacks matches: the unit
// gained it after the report, with a routing the report's does not read.
std::string first_param_mismatch(const nlohmann::json& params, const nlohmann::json& expect);

}  // namespace hiradix
