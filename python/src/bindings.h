// The C++ side of the Python package (python/hiradix/): what `hiradix run` and `hiradix sweep` do, called
// with the GIL released while simulations run in forked children. The Python wrappers turn configs and
// overrides into the CLI's own --set texts and the JSON and CSV the children write into Python objects.
#pragma once
#include <string>
#include <utility>
#include <vector>

#include <pybind11/pybind11.h>

#include "config/config.h"

namespace hiradix::python {

// `hiradix run CONFIG --set ... --out OUT [-q] [--max-memory M]`, minus the printing: returns (the text of
// OUT/result.json, the exit code the CLI would end with, the deadlock check's warning or ""). Throws
// ConfigError for what the CLI refuses with exit code 2, SimulationError (Python) when the child left no
// result, and KeyboardInterrupt when Ctrl-C arrives while waiting (the child is ended first).
pybind11::tuple run(const std::string& config_path, const Overrides& sets, const std::string& out_dir, bool progress,
                    const std::string& max_memory);

// What `hiradix sweep` takes on its command line; -1 / "" = not given (the CLI's default applies).
struct SweepArgs {
  std::string config_path, plan_path;
  Overrides sets;
  std::vector<std::string> varies;  // "key=v1,v2,..." or "key=start:stop:step", as --vary
  int seeds = -1, jobs = -1;
  std::string out_dir, executor = "local", partition, time, mem, binary, max_memory;
  bool resume = false, quiet = true;
  long long max_points = -1, sample = -1;  // -1: the CLI's default
};

// Runs the sweep as the CLI does (the same plan, executors, point files and CSVs) and returns its exit
// code. Ctrl-C during a local sweep: the tables of the points done are written, then KeyboardInterrupt.
int sweep(const SweepArgs& args);

// The exception classes registered on the module (set once by the module's init).
void set_simulation_error(pybind11::object cls);
[[noreturn]] void throw_simulation_error(const std::string& what);

}  // namespace hiradix::python
