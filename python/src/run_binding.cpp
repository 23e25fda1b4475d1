// hiradix.run: the steps of `hiradix run` (tools/main.cpp, run_command) with the same library calls, so
// that the child simulates exactly what the CLI's child would and writes the same result.json.
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <csignal>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "python/src/bindings.h"
#include "testbench/child_process.h"
#include "testbench/deadlock_check.h"
#include "testbench/memory_estimate.h"
#include "tools/run/simulation.h"
#include "tools/sweep/sweep.h"
#include "tools/sweep/sweep_guards.h"

namespace py = pybind11;

namespace hiradix::python {

namespace {

py::object g_simulation_error;

// Waits for the simulation child with the GIL released (other Python threads, and other runs started from
// them, go on meanwhile). A signal interrupts waitpid (Python's handlers are installed without SA_RESTART):
// if Python's handler raised (Ctrl-C: KeyboardInterrupt), the child is ended and waited for first, so no
// simulation outlives the call.
int wait_for(pid_t pid) {
  int status = 0;
  py::gil_scoped_release released;
  while (waitpid(pid, &status, 0) < 0) {
    if (errno != EINTR) throw std::runtime_error("waitpid failed: " + std::string(std::strerror(errno)));
    py::gil_scoped_acquire held;
    if (PyErr_CheckSignals() != 0) {
      kill(pid, SIGTERM);
      while (waitpid(pid, nullptr, 0) < 0 && errno == EINTR) {}
      throw py::error_already_set();
    }
  }
  return status;
}

}  // namespace

void set_simulation_error(py::object cls) { g_simulation_error = std::move(cls); }

void throw_simulation_error(const std::string& what) {
  PyErr_SetString(g_simulation_error.ptr(), what.c_str());
  throw py::error_already_set();
}

py::tuple run(const std::string& config_path, const Overrides& sets, const std::string& out_dir, bool progress,
              const std::string& max_memory) {
  const double max_memory_mib = max_memory.empty() ? 0 : parse_memory_limit("max_memory", max_memory);
  const Config config = load_config(config_path, sets);
  check_memory(config, max_memory_mib, "max_memory");
  std::ostringstream warning;  // sim.allow_deadlock: true on a cyclic graph (Python issues it as a warning)
  check_deadlock_freedom(config, warning);
  prepare_out_dir("out", out_dir);
  const std::string path = (std::filesystem::path(out_dir) / "result.json").string();
  const pid_t pid = spawn_simulation(config, path, progress);
  const int status = wait_for(pid);
  std::ifstream in(path);
  if (!in) throw_simulation_error("the simulation ended without a result: " + describe_child_end(status));
  std::ostringstream text;
  text << in.rdbuf();
  const int code = WIFEXITED(status) ? WEXITSTATUS(status) : kExitError;
  return py::make_tuple(text.str(), code, warning.str());
}

}  // namespace hiradix::python
