// Sweeps: the local executor and the driver (plan, run, tables, exit code); the rest of the sweep is in
// sweep_spec.cpp (--vary, --plan), sweep_plan.cpp (the plan and its directory), sweep_child.cpp (a point's
// process), sweep_eta.cpp (the time left), sweep_tables.cpp (the CSVs) and sweep_slurm.cpp (the SLURM
// executor).
#include "tools/sweep/sweep.h"

#include <sys/mman.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <chrono>
#include <csignal>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <map>

#include <fmt/format.h>

#include "testbench/child_process.h"
#include "tools/run/progress.h"
#include "tools/run/simulation.h"
#include "tools/sweep/sweep_eta.h"
#include "tools/sweep/sweep_guards.h"
#include "tools/sweep/sweep_internal.h"

namespace hiradix {

namespace fs = std::filesystem;
using nlohmann::json;

namespace {

volatile std::sig_atomic_t g_interrupt = 0;  // the SIGINT or SIGTERM the sweep received, or 0

extern "C" void on_interrupt(int sig) { g_interrupt = sig; }

// While the local executor runs, SIGINT and SIGTERM are caught instead of ending the sweep at once: it
// passes them on to its running simulations, waits for them, writes the tables of the points done and
// then ends by the same signal (so a calling shell sees the interruption). No SA_RESTART: a blocking wait
// returns at the signal.
class InterruptGuard {
 public:
  InterruptGuard() {
    g_interrupt = 0;
    struct sigaction sa {};
    sa.sa_handler = on_interrupt;
    sigemptyset(&sa.sa_mask);
    sigaction(SIGINT, &sa, &old_int_);
    sigaction(SIGTERM, &sa, &old_term_);
  }
  ~InterruptGuard() {
    sigaction(SIGINT, &old_int_, nullptr);
    sigaction(SIGTERM, &old_term_, nullptr);
  }
  InterruptGuard(const InterruptGuard&) = delete;
  InterruptGuard& operator=(const InterruptGuard&) = delete;

 private:
  struct sigaction old_int_ {}, old_term_ {};
};

// The signal to the running simulations, then their ends.
void pass_on(int sig, const std::map<pid_t, std::size_t>& running) {
  for (const auto& [pid, i] : running) kill(pid, sig);
  for (const auto& [pid, i] : running) waitpid(pid, nullptr, 0);
}

// Memory shared with the children, where each stores its current cycle (for the progress line).
std::uint64_t* map_live_cycles(std::size_t points, std::size_t& bytes) {
  bytes = std::max<std::size_t>(1, points) * sizeof(std::uint64_t);
  void* m = mmap(nullptr, bytes, PROT_READ | PROT_WRITE, MAP_SHARED | MAP_ANONYMOUS, -1, 0);
  return m == MAP_FAILED ? nullptr : static_cast<std::uint64_t*>(m);  // zero-filled
}

}  // namespace

int run_local(const SweepOptions& opt, const SweepPlan& plan, const std::vector<std::size_t>& todo, Progress& bar) {
  std::vector<Config> configs(plan.points.size());
  for (std::size_t i : todo) {
    configs[i] = load_config(plan.config_path, plan.points[i].overrides);
    redirect_traces(configs[i], opt.out_dir, i);
  }
  // With a progress line, each child stores its current cycle in memory shared with this process, so the
  // line counts the cycles of running points too (a point of a large network takes minutes).
  std::size_t live_bytes = 0;
  std::uint64_t* live = opt.quiet ? nullptr : map_live_cycles(plan.points.size(), live_bytes);
  std::map<pid_t, std::size_t> running;
  std::map<std::size_t, std::chrono::steady_clock::time_point> started;
  std::size_t next = 0, done = sampled_points(plan, opt) - todo.size();
  std::uint64_t finished_cycles = 0;
  SweepEta eta(configs, todo, opt.jobs);
  auto cycles = [&] {
    std::uint64_t c = finished_cycles;
    std::map<std::size_t, double> progress;
    if (live)
      for (const auto& [p, i] : running) {
        const std::uint64_t at = __atomic_load_n(live + i, __ATOMIC_RELAXED);
        c += at;
        progress[i] = static_cast<double>(at) / static_cast<double>(std::max<Cycle>(1, configs[i].warmup + configs[i].measure));
      }
    eta.set_running(std::move(progress));
    const auto [low, high] = eta.remaining();
    bar.set_remaining(low, high);
    return c;
  };
  while ((next < todo.size() || !running.empty()) && !g_interrupt) {
    while (next < todo.size() && static_cast<int>(running.size()) < std::max(1, opt.jobs) && !g_interrupt) {
      const std::size_t i = todo[next++];
      running[spawn_simulation(configs[i], point_file(opt.out_dir, i), false, live ? live + i : nullptr)] = i;
      started[i] = std::chrono::steady_clock::now();
    }
    // Never a blocking wait: a signal that lands between the loop's test and the wait would be seen only
    // when a simulation ends, minutes later. Polling every 100 ms sees it within 100 ms.
    int status = 0;
    const pid_t pid = waitpid(-1, &status, WNOHANG);
    if (pid < 0 && errno == EINTR) continue;  // a signal: the loop's condition looks at it
    if (pid < 0) break;
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
    const json result = read_point(plan, opt.out_dir, i);
    finished_cycles += simulated_cycles(result);
    eta.finished(i, std::chrono::duration<double>(std::chrono::steady_clock::now() - started[i]).count(),
                 result.is_object() && result.value("accepted_load", json()).is_number() ? result["accepted_load"].get<double>() : -1.0);
    bar.update(done, cycles());
  }
  const int sig = g_interrupt;
  if (sig) pass_on(sig, running);
  if (live) munmap(live, live_bytes);
  return sig;
}

namespace {

// The exit code of a sweep whose points all have a result: the worst status among them.
int worst_status(const SweepPlan& plan, const std::string& dir) {
  int worst = kExitOk;
  for (std::size_t i = 0; i < plan.points.size(); ++i) {
    const json r = read_point(plan, dir, i);
    if (r.is_null()) continue;
    const std::string status = r["status"].get<std::string>();
    if (status == "rtl_mismatch") worst = kExitRtlMismatch;
    if (status == "deadlock" && worst != kExitRtlMismatch) worst = kExitDeadlock;
    if (status == "conservation_violated" && worst == kExitOk) worst = kExitConservation;
  }
  return worst;
}

void check_executor_options(const SweepOptions& opt) {
  if (opt.executor != "local" && opt.executor != "slurm") config_fail("--executor " + opt.executor, "must be local or slurm");
  if (opt.executor == "local" && (!opt.partition.empty() || !opt.time.empty() || !opt.mem.empty()))
    config_fail(!opt.partition.empty() ? "--partition" : !opt.time.empty() ? "--time" : "--mem", "only applies to --executor slurm");
  if (opt.executor == "slurm" && opt.binary.empty()) config_fail("--executor slurm", "the path of the hiradix binary is unknown");
}

// Ends this process by `sig` after an interrupted sweep has written its tables (the shell that started it
// then knows it was interrupted, as if the sweep had not caught the signal).
[[noreturn]] void end_by_signal(int sig) {
  std::cout.flush();
  std::cerr.flush();
  std::signal(sig, SIG_DFL);
  raise(sig);
  _exit(128 + sig);
}

// A sampled sweep (--sample): the sampled points still without a result, and on stderr what the sampled
// points cost and the whole plan at their mean pace (one point at a time; -j N runs up to N at once).
std::size_t report_sample(const SweepPlan& plan, const SweepOptions& opt) {
  std::size_t count = 0, missing = 0;
  double seconds = 0;
  for (std::size_t i = 0; i < plan.points.size(); i += opt.sample) {
    const json r = read_point(plan, opt.out_dir, i);
    if (r.is_null()) {
      ++missing;
      continue;
    }
    const json& sim = r["simulation"];
    seconds += sim.value("wall_seconds", 0.0) + sim.value("elaboration_seconds", 0.0);
    ++count;
  }
  if (count > 0)
    std::cerr << fmt::format("sweep: sampled {} of {} points (one in {}): {} of simulation, {:.1f} s a point; the whole plan "
                             "at that pace: about {} of one core\n",
                             count, plan.points.size(), opt.sample, format_duration(seconds), seconds / static_cast<double>(count),
                             format_duration(seconds / static_cast<double>(count) * static_cast<double>(plan.points.size())));
  return missing;
}
}  // namespace

int run_sweep(const SweepOptions& opt) {
  check_executor_options(opt);
  prepare_out_dir("--out", opt.out_dir);  // writable before anything is planned or simulated
  const OutDirLock lock(opt.out_dir);       // and no other sweep's
  const SweepPlan plan = make_plan(opt);  // validates every point before anything runs
  const bool resuming = opt.resume && fs::exists(fs::path(opt.out_dir) / "sweep.json");
  std::vector<std::size_t> todo = prepare_dir(opt, plan);
  const std::size_t sampled = sampled_points(plan, opt);
  todo.erase(std::remove_if(todo.begin(), todo.end(), [&](std::size_t i) { return i % opt.sample != 0; }), todo.end());
  if (!opt.quiet && resuming)
    std::cerr << fmt::format("sweep: resuming, {} of {} points already done\n", sampled - todo.size(), sampled);

  Progress bar = Progress::for_stderr("sweep", "points", sampled, opt.quiet, opt.progress_interval);
  bar.update(sampled - todo.size(), 0);  // a resumed sweep starts with its finished points
  int interrupted = 0;
  if (!todo.empty()) {
    if (opt.executor == "slurm") {
      run_slurm(opt, plan, todo, bar);
    } else {
      const InterruptGuard guard;
      interrupted = run_local(opt, plan, todo, bar);
    }
  }
  bar.finish();

  const std::size_t without = write_tables(plan, opt.out_dir);  // points without a result
  const std::size_t missing = opt.sample > 1 ? report_sample(plan, opt) : without;  // of the points to run
  if (interrupted) {
    const std::string what = fmt::format("sweep: interrupted by SIG{}: {} of {} points have a result (in the tables); run the same command with --resume to run the rest",
                                         sigabbrev_np(interrupted), plan.points.size() - without, plan.points.size());
    if (!opt.end_by_signal) throw SweepInterrupted(interrupted, what);
    std::cerr << what << "\n";
    end_by_signal(interrupted);
  }
  if (missing > 0) {
    std::cerr << fmt::format("sweep: {} of {} points have no result{}; run the same command with --resume to run them\n",
                             missing, sampled,
                             opt.executor == "slurm" ? " (task logs in " + (fs::path(opt.out_dir) / "slurm").string() + ")" : "");
    return kExitError;
  }
  if (!opt.quiet) std::cerr << "sweep: wrote " << (fs::path(opt.out_dir) / "results.csv").string() << "\n";
  return worst_status(plan, opt.out_dir);
}

int run_sweep_point(const std::string& dir, std::size_t index) {
  std::ifstream in(fs::path(dir) / "sweep.json");
  if (!in) config_fail("sweep-point " + dir, "no sweep.json");
  const SweepPlan plan = SweepPlan::from_json(json::parse(in));
  if (index >= plan.points.size()) config_fail("sweep-point " + std::to_string(index), fmt::format("the sweep has {} points", plan.points.size()));
  const SweepPoint& p = plan.points[index];
  Config config = load_config(plan.config_path, p.overrides);
  if (config.resolved != p.config) config_fail("sweep-point " + std::to_string(index), "the config file changed since the sweep was planned");
  redirect_traces(config, dir, index);
  RunOutcome o = run_simulation(config);
  write_atomically(point_file(dir, index), o.result.dump(2) + "\n");
  return o.exit_code;
}

}  // namespace hiradix
