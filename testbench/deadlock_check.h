// The deadlock guard before a run (issue 13, "Deadlock-prone configs"): the channel dependency graph of the
// configured network, routing and VCs (router/routing/channel_dependencies.h) must have no cycle. A cyclic
// one is refused like any bad config (exit code 2, one line naming the key that most likely caused it and
// the cycle), unless `sim.allow_deadlock: true` asks to run it anyway (the routing.vc_scheme: hop_count
// demonstration), which prints a warning instead.
#pragma once
#include <ostream>

#include "router/routing/channel_dependencies.h"
#include "config/config.h"

namespace hiradix {

// sim.allow_deadlock of a loaded config.
bool allow_deadlock(const Config& config);

// The analysis of `config`'s network, routing and VCs, made once per distinct combination in a process (a
// sweep that varies only the load analyses its network once).
const DeadlockAnalysis& deadlock_analysis(const Config& config);

// Throws ConfigError ("config error: routing.vc_scheme: ... cycle: A -> B -> ... -> A") when the graph has a
// cycle, unless sim.allow_deadlock is true: then, as for a routing the check has no enumeration for, one
// warning line goes to `warn` (once per distinct combination).
void check_deadlock_freedom(const Config& config, std::ostream& warn);

}  // namespace hiradix
