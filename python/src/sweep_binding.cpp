// hiradix.sweep: `hiradix sweep` (tools/main.cpp, sweep_command) with the same option handling, so a
// sweep from Python plans, runs and tabulates exactly the points the CLI would.
#include <algorithm>
#include <csignal>
#include <thread>

#include "python/src/bindings.h"
#include "testbench/memory_estimate.h"
#include "tools/sweep/sweep.h"

namespace py = pybind11;

namespace hiradix::python {

namespace {

// The options as sweep_command builds them from the command line.
SweepOptions options_of(const SweepArgs& a) {
  SweepOptions opt;
  if (!a.plan_path.empty()) load_sweep_file(a.plan_path, opt);
  if (!a.config_path.empty()) {
    if (!a.plan_path.empty()) throw ConfigError("config error: sweep: give either a config or plan, not both");
    opt.config_path = a.config_path;
  }
  for (const auto& o : a.sets) opt.base.push_back(o);
  // A vary of a key the plan file already varies replaces the plan's list (as --vary does).
  for (const std::string& v : a.varies) {
    VarySpec spec = parse_vary(v);
    auto same = std::find_if(opt.vary.begin(), opt.vary.end(), [&](const VarySpec& x) { return x.key == spec.key; });
    if (!a.plan_path.empty() && same != opt.vary.end())
      *same = spec;
    else
      opt.vary.push_back(spec);
  }
  if (a.seeds >= 0) opt.seeds = a.seeds;
  opt.executor = a.executor;
  if (a.jobs == 0 || a.jobs < -1) throw ConfigError("config error: jobs " + std::to_string(a.jobs) + ": must be at least 1");
  if (a.executor == "slurm")
    opt.jobs = std::max(0, a.jobs);
  else
    opt.jobs = a.jobs > 0 ? a.jobs : static_cast<int>(std::max(1u, std::thread::hardware_concurrency()));
  opt.out_dir = a.out_dir;
  opt.quiet = a.quiet;
  opt.resume = a.resume;
  opt.partition = a.partition;
  opt.time = a.time;
  opt.mem = a.mem;
  opt.binary = a.binary;
  if (a.max_points >= 0) opt.max_points = static_cast<std::size_t>(a.max_points);  // None: the default
  if (a.sample == 0 || a.sample < -1) throw ConfigError("config error: sample " + std::to_string(a.sample) + ": must be at least 1 (every point)");
  if (a.sample > 0) opt.sample = static_cast<std::size_t>(a.sample);
  opt.max_memory_mib = a.max_memory.empty() ? 0 : parse_memory_limit("max_memory", a.max_memory);
  opt.end_by_signal = false;  // the interpreter survives an interrupted sweep
  return opt;
}

}  // namespace

int sweep(const SweepArgs& args) {
  const SweepOptions opt = options_of(args);
  int code = 0, interrupted = 0;
  std::string message;
  {
    // While it runs, the sweep's own SIGINT/SIGTERM handlers replace Python's (tools/sweep/sweep.cpp,
    // InterruptGuard); Python's are back when run_sweep returns.
    py::gil_scoped_release released;
    try {
      code = run_sweep(opt);
    } catch (const SweepInterrupted& e) {
      interrupted = e.signal;
      message = e.what();
    }
  }
  if (interrupted == SIGINT) {
    PyErr_SetString(PyExc_KeyboardInterrupt, message.c_str());
    throw py::error_already_set();
  }
  if (interrupted) {  // SIGTERM: what it would have done to this process had the sweep not caught it
    std::raise(interrupted);
    throw std::runtime_error(message);
  }
  return code;
}

}  // namespace hiradix::python
