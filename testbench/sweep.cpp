#include "testbench/sweep.h"

#include <sys/wait.h>
#include <unistd.h>

#include <cmath>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <map>
#include <sstream>

#include <fmt/format.h>

#include "testbench/simulation.h"

namespace hiradix {

namespace fs = std::filesystem;

VarySpec parse_vary(const std::string& spec) {
  const auto eq = spec.find('=');
  if (eq == std::string::npos || eq == 0 || eq + 1 == spec.size())
    throw ConfigError("config error: --vary " + spec + ": expected key=v1,v2,... or key=start:stop:step");
  VarySpec v;
  v.key = spec.substr(0, eq);
  const std::string rest = spec.substr(eq + 1);
  if (rest.find(':') != std::string::npos && rest.find(',') == std::string::npos) {
    double a, b, step;
    char extra;
    if (std::sscanf(rest.c_str(), "%lf:%lf:%lf%c", &a, &b, &step, &extra) != 3 || step <= 0 || b < a)
      throw ConfigError("config error: --vary " + spec + ": a range is start:stop:step with step > 0 and stop >= start");
    const long n = static_cast<long>(std::floor((b - a) / step + 1e-9)) + 1;
    if (n > 100000) throw ConfigError("config error: --vary " + spec + ": more than 100000 values");
    for (long i = 0; i < n; ++i) v.values.push_back(fmt::format("{:.10g}", a + static_cast<double>(i) * step));
  } else {
    std::stringstream s(rest);
    for (std::string item; std::getline(s, item, ',');) {
      if (item.empty()) throw ConfigError("config error: --vary " + spec + ": empty value in the list");
      v.values.push_back(item);
    }
  }
  return v;
}

pid_t spawn_simulation(const Config& config, const std::string& result_path) {
  fs::remove(result_path);  // never mistake an earlier run's result for this one's
  std::cout.flush();
  std::cerr.flush();
  const pid_t pid = fork();
  if (pid < 0) throw std::runtime_error("fork failed");
  if (pid > 0) return pid;
  int code = kExitError;
  try {
    RunOutcome o = run_simulation(config);
    std::ofstream(result_path) << o.result.dump(2) << "\n";
    code = o.exit_code;
  } catch (const std::exception& e) {
    std::cerr << "hiradix: " << e.what() << "\n";
  }
  std::cout.flush();
  std::cerr.flush();
  _exit(code);
}

nlohmann::json run_in_child(const Config& config, int& exit_code, const std::string& result_path) {
  const pid_t pid = spawn_simulation(config, result_path);
  int status = 0;
  waitpid(pid, &status, 0);
  exit_code = WIFEXITED(status) ? WEXITSTATUS(status) : kExitError;
  std::ifstream in(result_path);
  if (!in) return nlohmann::json();
  return nlohmann::json::parse(in);
}

std::vector<std::string> csv_metric_columns() {
  return {"status", "offered_load", "accepted_load", "latency_avg", "latency_p50", "latency_p99",
          "latency_injection_avg", "latency_network_avg", "misrouted_fraction", "average_hops",
          "wall_seconds", "router_cycles_per_second"};
}

std::vector<std::string> csv_metric_values(const nlohmann::json& r) {
  auto num = [](const nlohmann::json& v) { return fmt::format("{:.6g}", v.get<double>()); };
  const auto& lat = r["latency"];
  return {r["status"].get<std::string>(), num(r["offered_load"]), num(r["accepted_load"]), num(lat["total"]["average"]),
          num(lat["total"]["p50"]), num(lat["total"]["p99"]), num(lat["injection"]["average"]),
          num(lat["network"]["average"]), num(r["misrouted_fraction"]), num(r["average_hops"]),
          num(r["simulation"]["wall_seconds"]), num(r["simulation"]["router_cycles_per_second"])};
}

int run_sweep(const SweepOptions& opt) {
  // Expand and validate every point before running any.
  std::vector<Overrides> points(1, opt.base);
  for (const VarySpec& v : opt.vary) {
    std::vector<Overrides> next;
    for (const Overrides& p : points)
      for (const std::string& value : v.values) {
        Overrides o = p;
        o.emplace_back(v.key, value);
        next.push_back(o);
      }
    points.swap(next);
  }
  std::vector<Config> configs;
  for (const Overrides& p : points) configs.push_back(load_config(opt.config_path, p));

  fs::create_directories(fs::path(opt.out_dir) / "points");
  std::map<pid_t, std::size_t> running;
  std::vector<int> codes(points.size(), kExitError);
  std::size_t next = 0, done = 0;
  auto result_path = [&](std::size_t i) { return (fs::path(opt.out_dir) / "points" / fmt::format("{:04d}.json", i)).string(); };
  while (done < points.size()) {
    while (next < points.size() && static_cast<int>(running.size()) < std::max(1, opt.jobs)) {
      const pid_t pid = spawn_simulation(configs[next], result_path(next));
      running[pid] = next++;
    }
    int status = 0;
    const pid_t pid = wait(&status);
    if (pid < 0) break;
    const std::size_t i = running[pid];
    running.erase(pid);
    codes[i] = WIFEXITED(status) ? WEXITSTATUS(status) : kExitError;
    ++done;
    if (!opt.quiet) std::cout << fmt::format("sweep: {}/{} points done (point {} exit {})\n", done, points.size(), i, codes[i]) << std::flush;
  }

  const fs::path csv_path = fs::path(opt.out_dir) / "results.csv";
  std::ofstream csv(csv_path);
  csv << "point";
  for (const VarySpec& v : opt.vary) csv << "," << v.key;
  for (const std::string& c : csv_metric_columns()) csv << "," << c;
  csv << "\n";
  int worst = kExitOk;
  for (std::size_t i = 0; i < points.size(); ++i) {
    std::ifstream in(result_path(i));
    if (!in) {
      worst = kExitError;
      continue;
    }
    const nlohmann::json r = nlohmann::json::parse(in);
    csv << i;
    for (std::size_t k = opt.base.size(); k < points[i].size(); ++k) csv << "," << points[i][k].second;
    for (const std::string& value : csv_metric_values(r)) csv << "," << value;
    csv << "\n";
    if (codes[i] != kExitOk) worst = codes[i];
  }
  if (!opt.quiet) std::cout << "sweep: wrote " << csv_path.string() << "\n";
  return worst;
}

}  // namespace hiradix
