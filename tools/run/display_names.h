// The names a paper uses for what the config calls by key and value (issue 12): MIN, VAL, UGAL-L, UGAL-G,
// PB, Base, ECtN, OLM, Hybrid; UN, ADV+1, ADV+h, ADVL, ADVC, MIX; "th = 3" for a varied threshold; and a
// title naming the network ("Dragonfly h = 4: 264 routers, 1,056 nodes"). Figures use them in legends and
// titles; the config and the CSVs keep the keys.
#pragma once
#include <string>

#include <nlohmann/json.hpp>

namespace hiradix {

// routing.algorithm as a paper names it; `config` (a resolved config, may be null) tells UGAL-L from
// UGAL-G and Valiant's phase-A policy when it is not lgl ("VAL lg-").
std::string routing_display(const std::string& algorithm, const nlohmann::json& config = nlohmann::json());
// The line style of the routing a figure label starts with ("VAL -g-", "UGAL-G, th = 5"): the same routing
// looks the same in every figure (the registry's RoutingDisplay); 0 if the label names no routing.
int routing_style(const std::string& label);

// A traffic pattern: "UN", "ADV+1", "ADV-2", "ADV+h" (the offset equals `span` > 0, the domains a router
// reaches directly: a Dragonfly's h, Topology::consecutive_domains()), "ADVL", "ADVC", "MIX", and the
// permutations by name: "Transpose", "Bit reverse", "Bit complement", "Shuffle", "Tornado", "Neighbor",
// "Random permutation".
std::string pattern_display(const std::string& pattern, long long offset, int span);

// A config key as a legend title or label: "routing.algorithm" -> "Routing", "traffic.pattern" ->
// "Traffic", "routing.contention_threshold" -> "th", other keys their last component with spaces.
std::string key_display(const std::string& key);

// One value of a varied key as a curve label: routings and patterns by name (from `config` where it
// matters), other keys as "th = 3".
std::string value_display(const std::string& key, const std::string& value, const nlohmann::json& config);

// "Dragonfly h = 4 (p = 4, a = 8): 264 routers, 1,056 nodes" from a resolved config ("" if it has none).
std::string network_display(const nlohmann::json& config);

// The traffic of a resolved config: "UN at load 0.2", "UN → ADV+1 at load 0.2" (a transient, with its
// change), without the load when `with_load` is false.
std::string traffic_display(const nlohmann::json& config, bool with_load);

}  // namespace hiradix
