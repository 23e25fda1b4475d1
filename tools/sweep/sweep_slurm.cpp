// The SLURM executor of sweeps: one job array of `hiradix sweep-point DIR INDEX` tasks over the points
// still to run, waited for by polling squeue.
#include <sys/wait.h>

#include <array>
#include <chrono>
#include <cstdio>
#include <filesystem>
#include <iostream>
#include <sstream>
#include <thread>

#include <fmt/format.h>

#include "tools/sweep/sweep_internal.h"

namespace hiradix {

namespace fs = std::filesystem;
using nlohmann::json;

namespace {

// Runs a command and returns its standard output; throws with its output when it fails.
std::string capture(const std::string& command, int* exit_code = nullptr) {
  std::string out;
  FILE* f = popen((command + " 2>&1").c_str(), "r");
  if (!f) throw std::runtime_error("cannot run " + command);
  std::array<char, 4096> buf;
  for (std::size_t n; (n = fread(buf.data(), 1, buf.size(), f)) > 0;) out.append(buf.data(), n);
  const int status = pclose(f);
  const int code = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
  if (exit_code)
    *exit_code = code;
  else if (code != 0)
    throw std::runtime_error(command + " failed: " + out);
  return out;
}

std::string quote(const std::string& s) {
  std::string q = "'";
  for (char c : s) q += c == '\'' ? std::string("'\\''") : std::string(1, c);
  return q + "'";
}

// "0-3,5,7-9" for SLURM's --array.
std::string array_ranges(const std::vector<std::size_t>& ids) {
  std::string s;
  for (std::size_t k = 0; k < ids.size();) {
    std::size_t e = k;
    while (e + 1 < ids.size() && ids[e + 1] == ids[e] + 1) ++e;
    s += (s.empty() ? "" : ",") + (e == k ? std::to_string(ids[k]) : fmt::format("{}-{}", ids[k], ids[e]));
    k = e + 1;
  }
  return s;
}

}  // namespace

// The SLURM executor: one job array over the points still to run, each task `hiradix sweep-point DIR
// INDEX`; waits by polling squeue (accounting may be off, so no sacct), showing progress from the
// point files that appear.
void run_slurm(const SweepOptions& opt, const SweepPlan& plan, const std::vector<std::size_t>& todo, Progress& bar) {
  const fs::path dir = fs::absolute(opt.out_dir);
  fs::create_directories(dir / "slurm");
  const std::string script = (dir / "slurm" / "point.sbatch").string();
  {
    std::ostringstream s;
    s << "#!/bin/bash\n# Written by hiradix sweep --executor slurm: one task per sweep point.\n";
    s << "#SBATCH --job-name=hiradix-sweep\n";
    s << "#SBATCH --output=" << (dir / "slurm" / "%A_%a.out").string() << "\n";
    s << "#SBATCH --ntasks=1\n#SBATCH --cpus-per-task=1\n";
    if (!opt.partition.empty()) s << "#SBATCH --partition=" << opt.partition << "\n";
    if (!opt.time.empty()) s << "#SBATCH --time=" << opt.time << "\n";
    if (!opt.mem.empty()) s << "#SBATCH --mem=" << opt.mem << "\n";
    // Task ids are offsets into a chunk (SLURM caps array indices at MaxArraySize, 1001 by default).
    s << "exec " << quote(opt.binary) << " sweep-point " << quote(dir.string()) << " $((SLURM_ARRAY_TASK_ID + $1))\n";
    write_atomically(script, s.str());
  }
  std::vector<std::string> jobs;
  constexpr std::size_t kChunk = 1000;
  for (std::size_t first = 0; first < todo.size();) {
    const std::size_t base = todo[first];
    std::vector<std::size_t> ids;
    std::size_t k = first;
    for (; k < todo.size() && todo[k] - base < kChunk; ++k) ids.push_back(todo[k] - base);
    std::string array = array_ranges(ids);
    if (opt.jobs > 0) array += fmt::format("%{}", opt.jobs);
    std::string id = capture("sbatch --parsable --array=" + array + " " + quote(script) + " " + std::to_string(base));
    id = id.substr(0, id.find_first_of(";\n"));
    if (id.empty() || id.find_first_not_of("0123456789") != std::string::npos)
      throw std::runtime_error("sbatch answered '" + id + "' instead of a job id");
    jobs.push_back(id);
    if (!opt.quiet) std::cerr << "sweep: submitted SLURM job array " << id << " (" << ids.size() << " points)\n";
    first = k;
  }
  std::string ids_arg;
  for (const std::string& j : jobs) ids_arg += (ids_arg.empty() ? "" : ",") + j;
  const std::size_t already = sampled_points(plan, opt) - todo.size();
  int failures = 0;
  while (true) {
    int code = 0;
    const std::string q = capture("squeue -h -o %i -j " + ids_arg, &code);
    // Finished jobs leave squeue (after MinJobAge squeue even calls the id invalid): both mean done. Any
    // other failure (slurmctld restarting, a network hiccup) is retried for a while.
    if (code != 0 && q.find("Invalid job id") == std::string::npos) {
      if (++failures > 60) throw std::runtime_error("squeue keeps failing: " + q);
      std::this_thread::sleep_for(std::chrono::seconds(5));
      continue;
    }
    failures = 0;
    const bool waiting = code == 0 && q.find_first_not_of(" \n") != std::string::npos;
    std::size_t done = already;
    std::uint64_t cycles = 0;
    for (std::size_t i : todo) {
      const json r = read_point(plan, opt.out_dir, i);
      if (!r.is_null()) {
        ++done;
        cycles += simulated_cycles(r);
      }
    }
    bar.update(done, cycles);
    if (!waiting) break;
    std::this_thread::sleep_for(std::chrono::seconds(1));
  }
}


}  // namespace hiradix
