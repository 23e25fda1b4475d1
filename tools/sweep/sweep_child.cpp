// One simulation in a forked child process (SystemC elaborates once per process), writing its result
// atomically; used by `run` and by the local executor of sweeps.
#include <sys/wait.h>
#include <unistd.h>

#include <csignal>
#include <filesystem>
#include <fstream>
#include <iostream>

#include <fmt/format.h>

#include "testbench/child_process.h"
#include "tlm/huge_heap.h"
#include "tools/run/progress.h"
#include "tools/run/simulation.h"
#include "tools/sweep/sweep_internal.h"

namespace hiradix {

namespace fs = std::filesystem;
using nlohmann::json;

void write_atomically(const std::string& path, const std::string& text) {
  const std::string tmp = path + fmt::format(".tmp.{}", getpid());
  std::error_code ec;
  {
    std::ofstream out(tmp);
    out << text;
    if (!out.flush()) {  // a full disk: leave nothing behind
      out.close();
      fs::remove(tmp, ec);
      throw std::runtime_error("cannot write " + path + " (disk full?)");
    }
  }
  fs::rename(tmp, path, ec);
  if (ec) {
    fs::remove(tmp, ec);
    throw std::runtime_error("cannot write " + path + ": " + ec.message());
  }
}

pid_t spawn_simulation(const Config& config, const std::string& result_path, bool progress, std::uint64_t* live_cycles) {
  fs::remove(result_path);  // never mistake an earlier run's result for this one's
  std::cout.flush();
  std::cerr.flush();
  const pid_t parent = getpid();
  // SIGINT and SIGTERM stay blocked across the fork: the child drops the parent's handlers (a sweep passes
  // these signals on to its simulations) before it can receive one, so a signal sent to it right after the
  // fork is not lost in a handler that is not its own.
  sigset_t block, before;
  sigemptyset(&block);
  sigaddset(&block, SIGINT);
  sigaddset(&block, SIGTERM);
  sigprocmask(SIG_BLOCK, &block, &before);
  const pid_t pid = fork();
  if (pid != 0) {
    sigprocmask(SIG_SETMASK, &before, nullptr);
    if (pid < 0) throw std::runtime_error("fork failed");
    return pid;
  }
  std::signal(SIGINT, SIG_DFL);
  std::signal(SIGTERM, SIG_DFL);
  sigprocmask(SIG_SETMASK, &before, nullptr);
  die_with_parent(parent);  // an interrupted run or sweep takes its simulations with it
  int code = kExitError;
  try {
    heap_on_huge_pages(kSimulationHeapBytes);
    Progress bar = Progress::for_stderr("run", "cycles", static_cast<std::uint64_t>(config.warmup + config.measure), !progress);
    ProgressHook hook;
    bar.update(0, 0);
    if (progress || live_cycles)
      hook = [&bar, live_cycles](Cycle now) {
        bar.update(now, now);
        if (live_cycles) __atomic_store_n(live_cycles, static_cast<std::uint64_t>(now), __ATOMIC_RELAXED);
      };
    RunOutcome o = run_simulation(config, hook);
    if (progress) bar.finish();
    write_atomically(result_path, o.result.dump(2) + "\n");
    code = o.exit_code;
  } catch (const std::exception& e) {
    std::cerr << "hiradix: " << e.what() << "\n";
  }
  std::cout.flush();
  std::cerr.flush();
  _exit(code);
}

json run_in_child(const Config& config, int& exit_code, const std::string& result_path, bool progress, int* wait_status) {
  const pid_t pid = spawn_simulation(config, result_path, progress);
  int status = 0;
  waitpid(pid, &status, 0);
  if (wait_status) *wait_status = status;
  exit_code = WIFEXITED(status) ? WEXITSTATUS(status) : kExitError;
  std::ifstream in(result_path);
  if (!in) return json();
  return json::parse(in);
}

}  // namespace hiradix
