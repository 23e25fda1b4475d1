// Sweeps: the local executor and the driver (plan, run, tables, exit code); the rest of the sweep is in
// sweep_spec.cpp (--vary, --plan), sweep_plan.cpp (the plan and its directory), sweep_child.cpp (a point's
// process), sweep_tables.cpp (the CSVs) and sweep_slurm.cpp (the SLURM executor).
#include "testbench/sweep.h"

#include <sys/mman.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <map>

#include <fmt/format.h>

#include "testbench/child_process.h"
#include "testbench/progress.h"
#include "testbench/simulation.h"
#include "testbench/sweep_guards.h"
#include "testbench/sweep_internal.h"

namespace hiradix {

namespace fs = std::filesystem;
using nlohmann::json;

void run_local(const SweepOptions& opt, const SweepPlan& plan, const std::vector<std::size_t>& todo, Progress& bar) {
  std::vector<Config> configs(plan.points.size());
  for (std::size_t i : todo) configs[i] = load_config(plan.config_path, plan.points[i].overrides);
  // With a progress line, each child stores its current cycle in memory shared with this process, so the
  // line counts the cycles of running points too (a point of a large network takes minutes).
  std::uint64_t* live = nullptr;
  const std::size_t live_bytes = std::max<std::size_t>(1, plan.points.size()) * sizeof(std::uint64_t);
  if (!opt.quiet) {
    void* m = mmap(nullptr, live_bytes, PROT_READ | PROT_WRITE, MAP_SHARED | MAP_ANONYMOUS, -1, 0);
    if (m != MAP_FAILED) live = static_cast<std::uint64_t*>(m);  // zero-filled
  }
  std::map<pid_t, std::size_t> running;
  std::size_t next = 0, done = plan.points.size() - todo.size();
  std::uint64_t finished_cycles = 0;
  while (next < todo.size() || !running.empty()) {
    while (next < todo.size() && static_cast<int>(running.size()) < std::max(1, opt.jobs)) {
      const std::size_t i = todo[next++];
      running[spawn_simulation(configs[i], point_file(opt.out_dir, i), false, live ? live + i : nullptr)] = i;
    }
    int status = 0;
    const pid_t pid = live ? waitpid(-1, &status, WNOHANG) : wait(&status);
    if (pid < 0) break;
    auto cycles = [&] {
      std::uint64_t c = finished_cycles;
      if (live)
        for (const auto& [p, i] : running) c += __atomic_load_n(live + i, __ATOMIC_RELAXED);
      return c;
    };
    if (pid == 0) {  // nothing ended: refresh the progress line with the running points' cycles
      bar.update(done, cycles());
      usleep(100000);
      continue;
    }
    const auto it = running.find(pid);
    if (it == running.end()) continue;
    const std::size_t i = it->second;
    running.erase(it);
    if (ended_by_signal(status)) std::cerr << fmt::format("sweep: point {} {}\n", i, describe_child_end(status));
    ++done;
    finished_cycles += simulated_cycles(read_point(plan, opt.out_dir, i));
    bar.update(done, cycles());
  }
  if (live) munmap(live, live_bytes);
}

int run_sweep(const SweepOptions& opt) {
  if (opt.executor != "local" && opt.executor != "slurm") config_fail("--executor " + opt.executor, "must be local or slurm");
  if (opt.executor == "local" && (!opt.partition.empty() || !opt.time.empty() || !opt.mem.empty()))
    config_fail(!opt.partition.empty() ? "--partition" : !opt.time.empty() ? "--time" : "--mem", "only applies to --executor slurm");
  if (opt.executor == "slurm" && opt.binary.empty()) config_fail("--executor slurm", "the path of the hiradix binary is unknown");
  prepare_out_dir("--out", opt.out_dir);  // writable before anything is planned or simulated
  const SweepPlan plan = make_plan(opt);  // validates every point before anything runs
  const bool resuming = opt.resume && fs::exists(fs::path(opt.out_dir) / "sweep.json");
  const std::vector<std::size_t> todo = prepare_dir(opt, plan);
  if (!opt.quiet && resuming)
    std::cerr << fmt::format("sweep: resuming, {} of {} points already done\n", plan.points.size() - todo.size(), plan.points.size());

  Progress bar = Progress::for_stderr("sweep", "points", plan.points.size(), opt.quiet, opt.progress_interval);
  bar.update(plan.points.size() - todo.size(), 0);  // a resumed sweep starts with its finished points
  if (!todo.empty()) {
    if (opt.executor == "slurm")
      run_slurm(opt, plan, todo, bar);
    else
      run_local(opt, plan, todo, bar);
  }
  bar.finish();

  const std::size_t missing = write_tables(plan, opt.out_dir);
  int worst = kExitOk;
  for (std::size_t i = 0; i < plan.points.size(); ++i) {
    const json r = read_point(plan, opt.out_dir, i);
    if (r.is_null()) continue;
    const std::string status = r["status"].get<std::string>();
    if (status == "rtl_mismatch") worst = kExitRtlMismatch;
    if (status == "deadlock" && worst != kExitRtlMismatch) worst = kExitDeadlock;
    if (status == "conservation_violated" && worst == kExitOk) worst = kExitConservation;
  }
  if (missing > 0) {
    std::cerr << fmt::format("sweep: {} of {} points have no result{}; run the same command with --resume to run them\n",
                             missing, plan.points.size(),
                             opt.executor == "slurm" ? " (task logs in " + (fs::path(opt.out_dir) / "slurm").string() + ")" : "");
    return kExitError;
  }
  if (!opt.quiet) std::cerr << "sweep: wrote " << (fs::path(opt.out_dir) / "results.csv").string() << "\n";
  return worst;
}

int run_sweep_point(const std::string& dir, std::size_t index) {
  std::ifstream in(fs::path(dir) / "sweep.json");
  if (!in) config_fail("sweep-point " + dir, "no sweep.json");
  const SweepPlan plan = SweepPlan::from_json(json::parse(in));
  if (index >= plan.points.size()) config_fail("sweep-point " + std::to_string(index), fmt::format("the sweep has {} points", plan.points.size()));
  const SweepPoint& p = plan.points[index];
  const Config config = load_config(plan.config_path, p.overrides);
  if (config.resolved != p.config) config_fail("sweep-point " + std::to_string(index), "the config file changed since the sweep was planned");
  RunOutcome o = run_simulation(config);
  write_atomically(point_file(dir, index), o.result.dump(2) + "\n");
  return o.exit_code;
}

}  // namespace hiradix
