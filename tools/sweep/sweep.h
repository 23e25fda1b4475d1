// Sweeps: the cartesian product of --vary specs (times --seeds), each point one simulation in its own
// process (SystemC elaborates once per process). The plan is stored in DIR/sweep.json, each point's
// result in DIR/points/NNNN.json (written atomically), and the tables in DIR/results.csv (one row per
// point and seed), DIR/summary.csv (mean and 95% confidence half-width over seeds) and DIR/timing.csv
// (the only columns that differ between identical runs). Points run locally (-j processes) or as a
// SLURM job array; either way a point is the same simulation, so the tables are identical.
#pragma once
#include <sys/types.h>

#include <cstdint>
#include <functional>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

#include <nlohmann/json.hpp>

#include "config/config.h"

namespace hiradix {

struct VarySpec {
  std::string key;
  std::vector<std::string> values;
};

// "key=v1,v2,..." or "key=start:stop:step" (inclusive). Throws ConfigError naming the key on a bad spec.
VarySpec parse_vary(const std::string& spec);

// Starts one simulation in a forked child that writes its result.json to `result_path` (atomically:
// a temporary file renamed into place) and exits with the run's exit code. With `progress` the child
// prints a live progress line to stderr; with `live_cycles` (memory shared with the parent) it stores its
// current cycle there as it goes, for the sweep's progress line.
pid_t spawn_simulation(const Config& config, const std::string& result_path, bool progress = false,
                       std::uint64_t* live_cycles = nullptr);

// Runs one simulation in a child process and returns what it wrote; the child's exit code goes to `exit_code`.
// `wait_status`, if given, receives waitpid's status (to tell a signal from an exit: child_process.h).
nlohmann::json run_in_child(const Config& config, int& exit_code, const std::string& result_path,
                            bool progress = false, int* wait_status = nullptr);

struct SweepOptions {
  std::string config_path;
  Overrides base;
  std::vector<VarySpec> vary;
  int seeds = 1;                 // runs per point, sim.seed = base seed + 0..seeds-1
  int jobs = 1;                  // local: parallel processes; slurm: array throttle (0 = none)
  std::string out_dir = "out/sweep";
  bool quiet = false;
  bool resume = false;           // run only the points without a valid result (the plan may extend the stored one)
  std::string executor = "local";  // local | slurm
  std::string partition, time, mem;  // slurm only
  std::string binary;            // slurm only: absolute path of the hiradix binary the jobs run
  double progress_interval = 10;  // seconds between plain progress lines when stderr is not a terminal
  std::size_t max_points = 10000;  // refuse a plan of more points (kDefaultMaxSweepPoints, sweep_guards.h)
  // Run only points 0, sample, 2 sample, ... of the plan (1: all): a first look at a large plan, and its
  // cost at the sampled points' pace. --resume without it runs the rest.
  std::size_t sample = 1;
  double max_memory_mib = 0;      // refuse a point whose estimated memory exceeds it (0 = 90% of RAM)
  // After an interrupted local sweep has written its tables: end this process by the same signal (the
  // CLI: the calling shell sees the interruption), or throw SweepInterrupted (a host process that must
  // survive, such as the Python interpreter, which turns SIGINT into KeyboardInterrupt).
  bool end_by_signal = true;
};

// Thrown by run_sweep instead of ending the process when SweepOptions::end_by_signal is false.
struct SweepInterrupted : std::runtime_error {
  SweepInterrupted(int sig, const std::string& what) : std::runtime_error(what), signal(sig) {}
  int signal;
};

// One point of the plan: its overrides (base, varied keys, seed) and the config they resolve to.
struct SweepPoint {
  Overrides overrides;
  std::vector<std::string> values;  // the varied keys' values, in --vary order
  std::uint64_t seed = 0;
  nlohmann::json config;  // resolved
};

struct SweepPlan {
  std::string config_path;  // absolute
  std::vector<VarySpec> vary;
  int seeds = 1;
  std::vector<SweepPoint> points;  // point i = group i / seeds, seed i % seeds

  nlohmann::json to_json() const;
  static SweepPlan from_json(const nlohmann::json& j);
};

// Expands and validates every point (load_config on each) before anything runs.
SweepPlan make_plan(const SweepOptions& options);

// Returns the process exit code (0 when every point ran, conserved and deadlock-free; 2 on bad input).
int run_sweep(const SweepOptions& options);

// `hiradix sweep-point DIR INDEX`: runs point INDEX of DIR/sweep.json in this process (a SLURM task).
int run_sweep_point(const std::string& dir, std::size_t index);

// A sweep definition file (`hiradix sweep --plan FILE`): config (relative to the file), set, vary,
// seeds. Fills the corresponding options; command-line --set/--vary come after the file's.
void load_sweep_file(const std::string& path, SweepOptions& options);

// Writes results.csv, summary.csv and timing.csv from the point files; returns how many points lack a
// valid result.
std::size_t write_tables(const SweepPlan& plan, const std::string& dir);

// Mean and 95% confidence half-width (Student t, n-1 degrees of freedom) of a sample; half-width NaN for n < 2.
struct MeanCi {
  double mean = 0, ci95 = 0;
};
MeanCi mean_ci95(const std::vector<double>& samples);
double student_t975(int degrees_of_freedom);

// Splits one CSV line (no quoting: sweep values never contain commas or quotes).
std::vector<std::string> split_csv_line(const std::string& line);

}  // namespace hiradix
