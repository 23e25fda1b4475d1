// One simulation run: elaborate the network, simulate warm-up and measurement, check conservation and
// return the result document (result.json). SystemC allows one elaboration per process, so callers that
// need several runs use one process per run (see tools/sweep/sweep.h).
#pragma once
#include <functional>

#include <nlohmann/json.hpp>

#include "config/config.h"

namespace hiradix {

enum ExitCode { kExitOk = 0, kExitError = 1, kExitConfig = 2, kExitDeadlock = 3, kExitConservation = 4,
                kExitRtlMismatch = 5 };

struct RunOutcome {
  nlohmann::json result;
  int exit_code = kExitOk;
};

// `on_progress`, if given, is called with the current cycle every kProgressSlice simulated cycles (the
// simulation then advances in slices; results are the same, a test checks it).
using ProgressHook = std::function<void(Cycle now)>;
constexpr Cycle kProgressSlice = 1000;
RunOutcome run_simulation(const Config& config, const ProgressHook& on_progress = nullptr);

}  // namespace hiradix
