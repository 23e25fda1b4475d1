#include "tools/ranks_run.h"

#include <filesystem>
#include <iostream>
#include <optional>
#include <sstream>

#include "testbench/deadlock_check.h"
#include "testbench/memory_estimate.h"
#include "tools/run/mpi_ranks.h"
#include "tools/run/progress.h"
#include "tools/run/simulation.h"
#include "tools/run/summary.h"
#include "tools/sweep/sweep_guards.h"
#include "tools/sweep/sweep_internal.h"

namespace hiradix {

int run_on_ranks(const std::string& config_path, const Overrides& overrides, const std::string& out_dir, bool quiet,
                 double max_memory_mib) {
  MpiRanks world(nullptr, nullptr);
  use_ranks(&world);
  struct Restore {
    ~Restore() { use_ranks(nullptr); }  // before MPI_Finalize
  } restore;
  const bool lead = world.rank() == 0;
  const std::string path = (std::filesystem::path(out_dir) / "result.json").string();

  // What comes before the simulation may fail on one rank only (rank 0 makes the output directory): the
  // ranks agree on it before any starts, or one would wait for the others forever.
  std::optional<Config> config;
  std::string error;
  std::int64_t code = kExitOk;
  try {
    config.emplace(load_config(config_path, overrides));
    // Each rank elaborates the whole network, and the ranks on one machine share its memory.
    const int here = world.ranks_on_this_machine();
    check_memory(*config, (max_memory_mib > 0 ? max_memory_mib : default_memory_limit_mib()) / here,
                 here > 1 ? "--max-memory (the limit is shared by the " + std::to_string(here) + " MPI ranks on this machine)" : "--max-memory");
    std::ostringstream elsewhere;
    check_deadlock_freedom(*config, lead ? std::cerr : elsewhere);
    if (lead) {
      prepare_out_dir("--out", out_dir);
      std::filesystem::remove(path);
    }
  } catch (const ConfigError& e) {
    error = e.what();
    code = kExitConfig;
  } catch (const std::exception& e) {
    error = std::string("hiradix: ") + e.what();
    code = kExitError;
  }
  std::int64_t agreed[] = {code, lead && code != kExitOk};
  world.max(agreed, 2);
  if (agreed[0] != kExitOk) {
    if (code != kExitOk && (lead || !agreed[1])) std::cerr << error << (lead ? "" : " (MPI rank " + std::to_string(world.rank()) + ")") << "\n";
    return static_cast<int>(agreed[0]);
  }

  // The same progress slices on every rank (the windows end there); rank 0 shows them.
  Progress bar = Progress::for_stderr("run", "cycles", static_cast<std::uint64_t>(config->warmup + config->measure), quiet || !lead);
  bar.update(0, 0);
  ProgressHook hook;
  if (!quiet) hook = [&bar](Cycle now) { bar.update(now, now); };
  RunOutcome o;
  try {
    o = run_simulation(*config, hook);
  } catch (const ConfigError& e) {  // what ranks do not run: every rank refuses it alike
    if (lead) std::cerr << e.what() << "\n";
    return kExitConfig;
  } catch (const std::exception& e) {  // on this rank only, maybe: the others may wait in a collective
    std::cerr << "hiradix: " << e.what() << " (MPI rank " << world.rank() << ")\n";
    world.abort(kExitError);
  }
  if (!quiet) bar.finish();
  if (!lead) return o.exit_code;
  write_atomically(path, o.result.dump(2) + "\n");
  report_run(o.result, o.exit_code, path, quiet);  // as one process's run, an RTL mismatch's diff included
  return o.exit_code;
}

}  // namespace hiradix
