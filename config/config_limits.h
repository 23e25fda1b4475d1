// Hardening of the config schema (issue 13): realistic upper bounds for the integer keys whose value ends
// up in an `int` (or feeds a product that must fit one), so that a value such as 4294967304 is refused
// with the number the user wrote instead of being truncated to 8; and the effective forward-progress
// watchdog of a run (sim.watchdog capped to the run's length).
#pragma once
#include <cstdint>
#include <vector>

#include "config/config.h"
#include "tlm/cycle.h"

namespace hiradix {

// Largest buffer, output queue or NIC queue in phits: 2^24. Occupancy percentages (phits * 100) and the
// credit counters are 32-bit signed integers; 2^24 * 100 still fits. Memory is checked separately
// (testbench/memory_estimate.h).
constexpr std::int64_t kMaxQueuePhits = 16777216;
// Largest link latency in cycles.
constexpr std::int64_t kMaxLinkLatency = 1000000;
// Largest |ADV offset| (traffic.offset, traffic.change.offset, traffic.mix[i].offset): stored in an int;
// offsets count modulo the groups, and no network has a million groups.
constexpr std::int64_t kMaxTrafficOffset = 1000000;
// Largest trace.router: router ids are ints and no network the radix allows has a million routers.
constexpr std::int64_t kMaxRouterId = 1000000;

// Returns `schema` with the bounds above applied to the keys they concern (called once by config_schema).
std::vector<KeySpec> with_type_limits(std::vector<KeySpec> schema);

// The watchdog a run actually uses: sim.watchdog, but at most a quarter of the run (warm-up + measure),
// never below `minimum` (the smallest legal watchdog, config check "must exceed ..."), so that a network
// that stalls early in a run shorter than sim.watchdog still ends with a deadlock report. The resolved
// config (result.json) keeps the value the user gave.
Cycle effective_watchdog(Cycle watchdog, Cycle minimum, Cycle run_cycles);

}  // namespace hiradix
