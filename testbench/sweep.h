// Sweeps: the cartesian product of --vary specs, each point one simulation in its own process (SystemC
// elaborates once per process), -j at a time, collected into one CSV row per point.
#pragma once
#include <sys/types.h>

#include <string>
#include <utility>
#include <vector>

#include <nlohmann/json.hpp>

#include "testbench/config.h"

namespace hiradix {

struct VarySpec {
  std::string key;
  std::vector<std::string> values;
};

// "key=v1,v2,..." or "key=start:stop:step" (inclusive). Throws ConfigError on a malformed spec.
VarySpec parse_vary(const std::string& spec);


// Starts one simulation in a forked child that writes its result.json to `result_path` and exits with
// the run's exit code.
pid_t spawn_simulation(const Config& config, const std::string& result_path);

// Runs one simulation in a child process and returns what it wrote; the child's exit code goes to `exit_code`.
nlohmann::json run_in_child(const Config& config, int& exit_code, const std::string& result_path);

struct SweepOptions {
  std::string config_path;
  Overrides base;
  std::vector<VarySpec> vary;
  int jobs = 1;
  std::string out_dir = "out/sweep";
  bool quiet = false;
};

// Returns the process exit code (0 when every point ran and was conserved, deadlock-free).
int run_sweep(const SweepOptions& options);

std::vector<std::string> csv_metric_columns();
std::vector<std::string> csv_metric_values(const nlohmann::json& result);

}  // namespace hiradix
