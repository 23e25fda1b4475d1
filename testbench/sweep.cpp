#include "testbench/sweep.h"

#include <sys/mman.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <limits>
#include <map>
#include <set>
#include <sstream>
#include <thread>

#include <fmt/format.h>
#include <yaml-cpp/yaml.h>

#include "testbench/child_process.h"
#include "testbench/memory_estimate.h"
#include "testbench/progress.h"
#include "testbench/simulation.h"
#include "testbench/sweep_guards.h"

namespace hiradix {

namespace fs = std::filesystem;
using nlohmann::json;

namespace {

bool parse_number(const std::string& s, double& out) {
  char* end = nullptr;
  out = std::strtod(s.c_str(), &end);
  return !s.empty() && end == s.c_str() + s.size() && std::isfinite(out);
}

std::string point_file(const std::string& dir, std::size_t i) {
  return (fs::path(dir) / "points" / fmt::format("{:04d}.json", i)).string();
}

// Writes `text` to `path` through a temporary file and a rename, so a reader (or a resumed sweep) never
// sees half a file, even if this process is killed while writing.
void write_atomically(const std::string& path, const std::string& text) {
  const std::string tmp = path + fmt::format(".tmp.{}", getpid());
  {
    std::ofstream out(tmp);
    out << text;
    if (!out.flush()) throw std::runtime_error("cannot write " + tmp);
  }
  fs::rename(tmp, path);
}

// The point's result if its file exists, parses, has a status and was simulated from the planned config.
json read_point(const SweepPlan& plan, const std::string& dir, std::size_t i) {
  std::ifstream in(point_file(dir, i));
  if (!in) return json();
  try {
    json r = json::parse(in);
    if (r.is_object() && r.contains("status") && r.value("config", json()) == plan.points[i].config) return r;
  } catch (const json::exception&) {
  }
  return json();
}

}  // namespace

VarySpec parse_vary(const std::string& spec) {
  const auto eq = spec.find('=');
  if (eq == std::string::npos || eq == 0)
    config_fail("--vary " + spec, "expected key=v1,v2,... or key=start:stop:step");
  VarySpec v;
  v.key = spec.substr(0, eq);
  const std::string rest = spec.substr(eq + 1);
  const std::string what = "--vary " + v.key;
  if (rest.empty()) config_fail(what, "no values (expected v1,v2,... or start:stop:step)");
  if (rest.find(':') != std::string::npos && rest.find(',') == std::string::npos) {
    std::vector<std::string> parts;
    std::stringstream s(rest);
    for (std::string item; std::getline(s, item, ':');) parts.push_back(item);
    if (rest.back() == ':') parts.push_back("");
    double a, b, step;
    if (parts.size() != 3) config_fail(what, "a range is start:stop:step, got '" + rest + "'");
    if (!parse_number(parts[0], a)) config_fail(what, "range start '" + parts[0] + "' is not a number");
    if (!parse_number(parts[1], b)) config_fail(what, "range stop '" + parts[1] + "' is not a number");
    if (!parse_number(parts[2], step)) config_fail(what, "range step '" + parts[2] + "' is not a number");
    if (step == 0) config_fail(what, "range step is 0");
    if (step < 0) config_fail(what, "range step is negative (use start < stop and a positive step)");
    if (b < a) config_fail(what, "empty range: stop " + parts[1] + " is below start " + parts[0]);
    const double count = std::floor((b - a) / step + 1e-9) + 1;
    if (count > 100000) config_fail(what, "more than 100000 values");
    // Each value from start + i*step (not by accumulation), printed with 10 significant digits so that
    // 0.1 + 2*0.1 reads 0.3.
    for (long i = 0; i < static_cast<long>(count); ++i) v.values.push_back(fmt::format("{:.10g}", a + static_cast<double>(i) * step));
  } else {
    std::stringstream s(rest);
    for (std::string item; std::getline(s, item, ',');) {
      if (item.empty()) config_fail(what, "empty value in the list '" + rest + "'");
      v.values.push_back(item);
    }
    if (rest.back() == ',') config_fail(what, "empty value in the list '" + rest + "'");
  }
  return v;
}

pid_t spawn_simulation(const Config& config, const std::string& result_path, bool progress, std::uint64_t* live_cycles) {
  fs::remove(result_path);  // never mistake an earlier run's result for this one's
  std::cout.flush();
  std::cerr.flush();
  const pid_t parent = getpid();
  const pid_t pid = fork();
  if (pid < 0) throw std::runtime_error("fork failed");
  if (pid > 0) return pid;
  die_with_parent(parent);  // an interrupted run or sweep takes its simulations with it
  int code = kExitError;
  try {
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

// ---- the plan ----

json SweepPlan::to_json() const {
  json j;
  j["config_path"] = config_path;
  j["vary"] = json::array();
  for (const VarySpec& v : vary) j["vary"].push_back({{"key", v.key}, {"values", v.values}});
  j["seeds"] = seeds;
  j["points"] = json::array();
  for (const SweepPoint& p : points)
    j["points"].push_back({{"overrides", p.overrides}, {"values", p.values}, {"seed", p.seed}, {"config", p.config}});
  return j;
}

SweepPlan SweepPlan::from_json(const json& j) {
  SweepPlan plan;
  plan.config_path = j.at("config_path").get<std::string>();
  for (const json& v : j.at("vary")) plan.vary.push_back({v.at("key").get<std::string>(), v.at("values").get<std::vector<std::string>>()});
  plan.seeds = j.at("seeds").get<int>();
  for (const json& p : j.at("points"))
    plan.points.push_back({p.at("overrides").get<Overrides>(), p.at("values").get<std::vector<std::string>>(),
                           p.at("seed").get<std::uint64_t>(), p.at("config")});
  return plan;
}

SweepPlan make_plan(const SweepOptions& opt) {
  if (opt.seeds < 1) config_fail("--seeds", "must be at least 1");
  std::vector<std::size_t> counts;
  for (const VarySpec& v : opt.vary) counts.push_back(v.values.size());
  check_sweep_size(counts, opt.seeds, opt.max_points);  // before planning point by point
  std::set<std::string> keys;
  for (const VarySpec& v : opt.vary) {
    if (!keys.insert(v.key).second) config_fail("--vary " + v.key, "the key is varied twice");
    if (v.key == "sim.seed" && opt.seeds > 1) config_fail("--vary sim.seed", "cannot be combined with --seeds");
  }
  SweepPlan plan;
  plan.config_path = opt.config_path.empty() ? "" : fs::absolute(opt.config_path).lexically_normal().string();
  plan.vary = opt.vary;
  plan.seeds = opt.seeds;
  // The base seed is the config's (file + --set); the seeds of a point are base, base+1, ...
  const std::uint64_t base_seed = load_config(plan.config_path, opt.base).seed;

  std::vector<std::vector<std::string>> groups(1);  // values of the varied keys, first --vary outermost
  for (const VarySpec& v : opt.vary) {
    std::vector<std::vector<std::string>> next;
    for (const auto& g : groups)
      for (const std::string& value : v.values) {
        next.push_back(g);
        next.back().push_back(value);
      }
    groups.swap(next);
  }
  for (const auto& g : groups)
    for (int k = 0; k < opt.seeds; ++k) {
      SweepPoint p;
      p.overrides = opt.base;
      for (std::size_t i = 0; i < g.size(); ++i) p.overrides.emplace_back(opt.vary[i].key, g[i]);
      if (opt.seeds > 1) p.overrides.emplace_back("sim.seed", std::to_string(base_seed + static_cast<std::uint64_t>(k)));
      p.values = g;
      Config c;
      try {
        c = load_config(plan.config_path, p.overrides);
      } catch (const ConfigError& e) {
        // Name the --vary that produced the bad value (load_config names the key and the reason).
        std::string msg = e.what();
        for (std::size_t i = 0; i < g.size(); ++i)
          if (msg.find(opt.vary[i].key) != std::string::npos) {
            msg += fmt::format(" (from --vary {}={})", opt.vary[i].key, g[i]);
            break;
          }
        throw ConfigError(msg);
      }
      check_memory(c, opt.max_memory_mib);
      p.seed = c.seed;
      p.config = c.resolved;
      plan.points.push_back(std::move(p));
    }
  return plan;
}

// ---- tables ----

double student_t975(int df) {
  // Two-sided 95% (upper 0.975) quantiles of Student's t for 1..30 degrees of freedom.
  static const std::array<double, 30> table = {12.706205, 4.302653, 3.182446, 2.776445, 2.570582, 2.446912, 2.364624,
                                               2.306004,  2.262157, 2.228139, 2.200985, 2.178813, 2.160369, 2.144787,
                                               2.131450,  2.119905, 2.109816, 2.100922, 2.093024, 2.085963, 2.079614,
                                               2.073873,  2.068658, 2.063899, 2.059539, 2.055529, 2.051831, 2.048407,
                                               2.045230,  2.042272};
  if (df < 1) return std::numeric_limits<double>::quiet_NaN();
  if (df <= 30) return table[static_cast<std::size_t>(df - 1)];
  // Beyond the table: the Cornish-Fisher expansion around the normal quantile (error < 1e-5 for df > 30).
  const double z = 1.959963985, n = df;
  return z + (z * z * z + z) / (4 * n) + (5 * std::pow(z, 5) + 16 * std::pow(z, 3) + 3 * z) / (96 * n * n) +
         (3 * std::pow(z, 7) + 19 * std::pow(z, 5) + 17 * std::pow(z, 3) - 15 * z) / (384 * n * n * n);
}

MeanCi mean_ci95(const std::vector<double>& x) {
  MeanCi r;
  if (x.empty()) return {std::numeric_limits<double>::quiet_NaN(), std::numeric_limits<double>::quiet_NaN()};
  double sum = 0;
  for (double v : x) sum += v;
  r.mean = sum / static_cast<double>(x.size());
  if (x.size() < 2) {
    r.ci95 = std::numeric_limits<double>::quiet_NaN();
    return r;
  }
  double ss = 0;
  for (double v : x) ss += (v - r.mean) * (v - r.mean);
  const double n = static_cast<double>(x.size());
  const double sd = std::sqrt(ss / (n - 1));  // sample standard deviation
  r.ci95 = student_t975(static_cast<int>(x.size()) - 1) * sd / std::sqrt(n);
  return r;
}

std::vector<std::string> split_csv_line(const std::string& line) {
  std::vector<std::string> cells;
  std::string cell;
  std::stringstream s(line);
  while (std::getline(s, cell, ',')) cells.push_back(cell);
  if (!line.empty() && line.back() == ',') cells.push_back("");
  return cells;
}

namespace {

// The timing fields of result.json: the only ones that differ between identical runs. They go to
// timing.csv so that results.csv is bit-identical whatever -j, executor or interruptions.
const std::set<std::string> kTimingFields = {"simulation.elaboration_seconds", "simulation.wall_seconds",
                                             "simulation.router_cycles_per_second", "simulation.peak_memory_mib"};

// Flattens result.json into dotted column names. The config is already in the varied columns, the
// deadlock report, RTL mismatch record and time series are records of their own (left in the point files); a
// per-router array becomes its min, mean and max.
void flatten(const json& j, const std::string& prefix, std::map<std::string, json>& out) {
  static const std::set<std::string> skip = {"config", "deadlock", "time_series"};
  for (const auto& [k, v] : j.items()) {
    const std::string name = prefix.empty() ? k : prefix + "." + k;
    if ((prefix.empty() && skip.count(k)) || name == "rtl.mismatch") continue;  // records, not metrics
    if (v.is_object()) {
      flatten(v, name, out);
    } else if (v.is_array()) {
      if (v.empty() || !v[0].is_number()) continue;
      double lo = v[0].get<double>(), hi = lo, sum = 0;
      for (const json& e : v) {
        lo = std::min(lo, e.get<double>());
        hi = std::max(hi, e.get<double>());
        sum += e.get<double>();
      }
      out[name + ".min"] = lo;
      out[name + ".mean"] = sum / static_cast<double>(v.size());
      out[name + ".max"] = hi;
    } else {
      out[name] = v;
    }
  }
}

std::string cell(const json& v) {
  if (v.is_string()) return v.get<std::string>();
  if (v.is_boolean()) return v.get<bool>() ? "1" : "0";
  if (v.is_null()) return "";  // a metric this point does not have (e.g. no reaction time)
  return v.dump();  // numbers: integers as integers, doubles as the shortest exact text
}

std::string num(double v) { return std::isfinite(v) ? fmt::format("{:.10g}", v) : ""; }

}  // namespace

std::size_t write_tables(const SweepPlan& plan, const std::string& dir) {
  const std::size_t n = plan.points.size();
  std::vector<std::map<std::string, json>> rows(n);
  std::vector<bool> have(n, false);
  std::set<std::string> metric_set, numeric_set;
  std::size_t missing = 0;
  for (std::size_t i = 0; i < n; ++i) {
    const json r = read_point(plan, dir, i);
    if (r.is_null()) {
      ++missing;
      continue;
    }
    have[i] = true;
    flatten(r, "", rows[i]);
    for (const auto& [k, v] : rows[i]) {
      metric_set.insert(k);
      if (v.is_number()) numeric_set.insert(k);
    }
  }
  // status first, then every other metric in name order; timing in its own file.
  std::vector<std::string> metrics = {"status"}, timing;
  for (const std::string& m : metric_set) {
    if (m == "status") continue;
    (kTimingFields.count(m) ? timing : metrics).push_back(m);
  }

  std::ostringstream res, tim, sum;
  res << "point";
  tim << "point";
  sum << "group";
  for (const VarySpec& v : plan.vary) {
    res << "," << v.key;
    tim << "," << v.key;
    sum << "," << v.key;
  }
  res << ",seed";
  tim << ",seed";
  for (const std::string& m : metrics) res << "," << m;
  for (const std::string& m : timing) tim << "," << m;
  res << "\n";
  tim << "\n";
  for (std::size_t i = 0; i < n; ++i) {
    if (!have[i]) continue;
    std::string keys;
    for (const std::string& v : plan.points[i].values) keys += "," + v;
    res << i << keys << "," << plan.points[i].seed;
    tim << i << keys << "," << plan.points[i].seed;
    for (const std::string& m : metrics) res << "," << (rows[i].count(m) ? cell(rows[i][m]) : "");
    for (const std::string& m : timing) tim << "," << (rows[i].count(m) ? cell(rows[i][m]) : "");
    res << "\n";
    tim << "\n";
  }

  // summary.csv: per group (a point without its seed), the seeds that ran, how many ended ok, and for
  // every numeric metric its mean and 95% confidence half-width (empty with fewer than two seeds).
  std::vector<std::string> numeric;
  for (const std::string& m : metrics)
    if (numeric_set.count(m)) numeric.push_back(m);
  sum << ",runs,ok";
  for (const std::string& m : numeric) sum << "," << m << "_mean," << m << "_ci95";
  sum << "\n";
  const std::size_t seeds = static_cast<std::size_t>(plan.seeds);
  for (std::size_t g = 0; g * seeds < n; ++g) {
    std::size_t runs = 0, ok = 0;
    for (std::size_t i = g * seeds; i < (g + 1) * seeds; ++i)
      if (have[i]) {
        ++runs;
        ok += rows[i]["status"] == "ok";
      }
    if (runs == 0) continue;
    sum << g;
    for (const std::string& v : plan.points[g * seeds].values) sum << "," << v;
    sum << "," << runs << "," << ok;
    for (const std::string& m : numeric) {
      std::vector<double> x;
      for (std::size_t i = g * seeds; i < (g + 1) * seeds; ++i)
        if (have[i] && rows[i].count(m) && rows[i][m].is_number()) x.push_back(rows[i][m].get<double>());
      const MeanCi mc = mean_ci95(x);
      sum << "," << (x.empty() ? "" : num(mc.mean)) << "," << num(mc.ci95);
    }
    sum << "\n";
  }
  write_atomically((fs::path(dir) / "results.csv").string(), res.str());
  write_atomically((fs::path(dir) / "summary.csv").string(), sum.str());
  write_atomically((fs::path(dir) / "timing.csv").string(), tim.str());
  return missing;
}

// ---- executors ----

namespace {

// Prepares DIR: writes the plan, or on --resume checks that the stored plan is the same sweep. Returns the
// indices of the points to run.
std::vector<std::size_t> prepare_dir(const SweepOptions& opt, const SweepPlan& plan) {
  const fs::path dir(opt.out_dir);
  const fs::path plan_path = dir / "sweep.json";
  std::vector<std::size_t> todo;
  if (opt.resume && fs::exists(plan_path)) {
    SweepPlan stored;
    try {
      std::ifstream in(plan_path);
      stored = SweepPlan::from_json(json::parse(in));
    } catch (const std::exception& e) {
      config_fail("--resume", plan_path.string() + " is not a sweep plan (" + e.what() + ")");
    }
    auto differ = [&]() -> std::string {
      if (stored.vary.size() != plan.vary.size()) return "other --vary keys";
      for (std::size_t k = 0; k < plan.vary.size(); ++k) {
        if (stored.vary[k].key != plan.vary[k].key) return "--vary " + plan.vary[k].key + " instead of " + stored.vary[k].key;
        if (stored.vary[k].values != plan.vary[k].values) return "other values of --vary " + plan.vary[k].key;
      }
      if (stored.seeds != plan.seeds) return fmt::format("--seeds {} instead of {}", plan.seeds, stored.seeds);
      for (std::size_t i = 0; i < plan.points.size(); ++i)
        if (stored.points[i].config != plan.points[i].config) return fmt::format("another config for point {} (config file or --set changed)", i);
      return "";
    }();
    if (!differ.empty())
      config_fail("--resume", plan_path.string() + " holds a different sweep (" + differ + "); use another --out or drop --resume");
    // Files of points cut off while being written (never renamed into place) are debris.
    std::error_code ec;
    fs::create_directories(dir / "points");
    for (const auto& e : fs::directory_iterator(dir / "points", ec))
      if (e.path().filename().string().find(".tmp.") != std::string::npos) fs::remove(e.path(), ec);
    for (std::size_t i = 0; i < plan.points.size(); ++i)
      if (read_point(plan, opt.out_dir, i).is_null()) todo.push_back(i);
    return todo;
  }
  // A fresh sweep: forget any earlier points and tables so that a stale file never counts as a result.
  std::error_code ec;
  fs::remove_all(dir / "points", ec);
  for (const char* table : {"results.csv", "summary.csv", "timing.csv"}) fs::remove(dir / table, ec);
  fs::create_directories(dir / "points");
  write_atomically(plan_path.string(), plan.to_json().dump(1) + "\n");
  for (std::size_t i = 0; i < plan.points.size(); ++i) todo.push_back(i);
  return todo;
}

std::uint64_t simulated_cycles(const json& r) {
  return r.is_object() && r.contains("simulation") ? r["simulation"].value("cycles", std::uint64_t{0}) : 0;
}

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
  const std::size_t already = plan.points.size() - todo.size();
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

}  // namespace

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

void load_sweep_file(const std::string& path, SweepOptions& opt) {
  YAML::Node doc;
  try {
    doc = YAML::LoadFile(path);
  } catch (const YAML::BadFile&) {
    config_fail("--plan " + path, "cannot read the file");
  } catch (const YAML::Exception& e) {
    config_fail("--plan " + path, fmt::format("line {}: {}", e.mark.line + 1, e.msg));
  }
  if (!doc.IsMap()) config_fail("--plan " + path, "expected a mapping with config, set, vary, seeds");
  for (const auto& kv : doc) {
    const std::string k = kv.first.as<std::string>();
    if (k != "config" && k != "set" && k != "vary" && k != "seeds" && k != "description")
      config_fail("--plan " + path, "unknown field '" + k + "' (expected config, set, vary, seeds, description)");
  }
  if (doc["config"]) {
    const fs::path c = doc["config"].as<std::string>();
    opt.config_path = (c.is_absolute() ? c : fs::path(path).parent_path() / c).lexically_normal().string();
  }
  Overrides file_set;
  if (const YAML::Node s = doc["set"]) {
    if (!s.IsMap()) config_fail("--plan " + path, "set: expected a mapping key: value");
    for (const auto& kv : s) file_set.emplace_back(kv.first.as<std::string>(), kv.second.as<std::string>());
  }
  opt.base.insert(opt.base.begin(), file_set.begin(), file_set.end());
  std::vector<VarySpec> file_vary;
  if (const YAML::Node v = doc["vary"]) {
    if (!v.IsSequence()) config_fail("--plan " + path, "vary: expected a list of key=v1,v2,... or key=start:stop:step");
    for (const auto& item : v) file_vary.push_back(parse_vary(item.as<std::string>()));
  }
  opt.vary.insert(opt.vary.begin(), file_vary.begin(), file_vary.end());
  if (doc["seeds"]) opt.seeds = doc["seeds"].as<int>();
}

}  // namespace hiradix
