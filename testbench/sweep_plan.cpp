// The sweep's plan (DIR/sweep.json: every point's overrides and resolved config), its expansion from the
// --vary specs, and the directory it lives in (a fresh sweep, or --resume of the same plan).
#include <filesystem>
#include <fstream>
#include <set>

#include <fmt/format.h>

#include "testbench/memory_estimate.h"
#include "testbench/sweep_guards.h"
#include "testbench/sweep_internal.h"

namespace hiradix {

namespace fs = std::filesystem;
using nlohmann::json;

std::string point_file(const std::string& dir, std::size_t i) {
  return (fs::path(dir) / "points" / fmt::format("{:04d}.json", i)).string();
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
      p.seed = c.seed;
      p.config = c.resolved;
      plan.points.push_back(std::move(p));
    }
  return plan;
}

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

}  // namespace hiradix
