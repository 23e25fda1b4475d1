// The sweep's plan (DIR/sweep.json: every point's overrides and resolved config), its expansion from the
// --vary specs, and where its points' results live.
#include <filesystem>
#include <fstream>
#include <iostream>
#include <set>

#include <fmt/format.h>

#include "testbench/deadlock_check.h"
#include "testbench/memory_estimate.h"
#include "tools/sweep/sweep_guards.h"
#include "tools/sweep/sweep_internal.h"

namespace hiradix {

namespace fs = std::filesystem;
using nlohmann::json;

std::string point_file(const std::string& dir, std::size_t i) {
  return (fs::path(dir) / "points" / fmt::format("{:04d}.json", i)).string();
}

void redirect_traces(Config& config, const std::string& dir, std::size_t i) {
  const fs::path to = fs::path(dir) / "points" / fmt::format("{:04d}", i);
  bool any = false;
  auto move = [&](std::string& file) {
    if (file.empty()) return;
    file = (to / fs::path(file).filename()).string();
    any = true;
  };
  if (config.trace_router >= 0) {
    move(config.trace_vcd);
    move(config.trace_contention);
    move(config.trace_routing);
  }
  move(config.rc.trace_path);
  if (any) fs::create_directories(to);
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
      check_deadlock_freedom(c, std::cerr);  // each distinct network and routing analysed once
      p.seed = c.seed;
      p.config = c.resolved;
      plan.points.push_back(std::move(p));
    }
  return plan;
}

std::uint64_t simulated_cycles(const json& r) {
  return r.is_object() && r.contains("simulation") ? r["simulation"].value("cycles", std::uint64_t{0}) : 0;
}

}  // namespace hiradix
