// What the sweep's files share and nothing else needs (tools/sweep/sweep.h is the public face): where a
// point's result lives, how it is written and read back, and the two executors.
#pragma once
#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "config/config.h"
#include "tools/run/progress.h"
#include "tools/sweep/sweep.h"

namespace hiradix {

// DIR/points/NNNN.json
std::string point_file(const std::string& dir, std::size_t i);

// A point's trace files (trace.vcd, trace.contention, rtl.trace) go to DIR/points/NNNN/ under their file
// names, never into the working directory where every point would overwrite the others'. `config` is the
// point's loaded config; its resolved copy (result.json's `config`) keeps the names as given.
void redirect_traces(Config& config, const std::string& dir, std::size_t i);

// Writes `text` to `path` through a temporary file and a rename, so a reader (or a resumed sweep) never
// sees half a file, even if this process is killed while writing.
void write_atomically(const std::string& path, const std::string& text);

// The point's result if its file exists, parses, has a status and was simulated from the planned config;
// null otherwise.
nlohmann::json read_point(const SweepPlan& plan, const std::string& dir, std::size_t i);

// The cycles a point's result says were simulated (0 without a result).
std::uint64_t simulated_cycles(const nlohmann::json& result);

// Prepares DIR: writes the plan, or on --resume checks that the stored plan is the same sweep. Returns the
// indices of the points to run.
std::vector<std::size_t> prepare_dir(const SweepOptions& options, const SweepPlan& plan);
// The points the sweep runs: all, or under --sample s points 0, s, 2 s, ...
inline std::size_t sampled_points(const SweepPlan& plan, const SweepOptions& options) {
  return (plan.points.size() + options.sample - 1) / options.sample;
}

// The executors: run the points `todo` of `plan`, each writing its point file, updating `bar`. The local one
// returns the signal (SIGINT, SIGTERM) that interrupted it after passing it on to the running simulations
// and waiting for them, or 0.
int run_local(const SweepOptions& options, const SweepPlan& plan, const std::vector<std::size_t>& todo, Progress& bar);
void run_slurm(const SweepOptions& options, const SweepPlan& plan, const std::vector<std::size_t>& todo, Progress& bar);

}  // namespace hiradix
