// The sweep's directory before anything runs: a fresh sweep forgets what an earlier one left there; a
// --resume keeps every point already done, also when the new plan extends the stored one with values or
// seeds (its points are renumbered to their place in the new plan), and refuses a plan that would drop one.
#include <filesystem>
#include <fstream>
#include <iostream>
#include <map>
#include <set>

#include <fmt/format.h>

#include "tools/sweep/sweep_internal.h"

namespace hiradix {

namespace fs = std::filesystem;
using nlohmann::json;

namespace {

SweepPlan load_stored_plan(const fs::path& plan_path) {
  try {
    std::ifstream in(plan_path);
    return SweepPlan::from_json(json::parse(in));
  } catch (const std::exception& e) {
    config_fail("--resume", plan_path.string() + " is not a sweep plan (" + e.what() + ")");
  }
}

// For every stored point, the index of the new plan's point simulated from the same resolved config (the
// identity of a point: varied values and seed end up in it); empty when some stored point has none, with
// `why` saying what the new plan lacks.
std::vector<std::size_t> match_points(const SweepPlan& stored, const SweepPlan& plan, std::string& why) {
  if (stored.vary.size() != plan.vary.size()) {
    why = "other --vary keys";
    return {};
  }
  for (std::size_t k = 0; k < plan.vary.size(); ++k) {
    if (stored.vary[k].key != plan.vary[k].key) {
      why = "--vary " + plan.vary[k].key + " instead of " + stored.vary[k].key;
      return {};
    }
    const std::set<std::string> now(plan.vary[k].values.begin(), plan.vary[k].values.end());
    for (const std::string& v : stored.vary[k].values)
      if (!now.count(v)) {
        why = "other values of --vary " + plan.vary[k].key + ": " + v + " is not in the new plan";
        return {};
      }
  }
  if (plan.seeds < stored.seeds) {
    why = fmt::format("--seeds {} instead of {}", plan.seeds, stored.seeds);
    return {};
  }
  std::multimap<std::string, std::size_t> by_config;
  for (std::size_t i = 0; i < plan.points.size(); ++i) by_config.emplace(plan.points[i].config.dump(), i);
  std::vector<std::size_t> to;
  for (std::size_t j = 0; j < stored.points.size(); ++j) {
    const auto it = by_config.find(stored.points[j].config.dump());
    if (it == by_config.end()) {
      why = fmt::format("another config for point {} (config file or --set changed)", j);
      return {};
    }
    to.push_back(it->second);
    by_config.erase(it);
  }
  return to;
}

// Moves the stored points' files (NNNN.json and a trace directory NNNN/) to their new indices `to`: first
// aside, then into place, so no file overwrites another that has yet to move.
void renumber_points(const SweepPlan& stored, const std::string& dir, const std::vector<std::size_t>& to) {
  const fs::path points = fs::path(dir) / "points";
  std::vector<std::size_t> moved;
  std::error_code ec;
  for (std::size_t j = 0; j < to.size(); ++j) {
    if (to[j] == j || read_point(stored, dir, j).is_null()) continue;
    fs::rename(point_file(dir, j), points / fmt::format("moving.{:04d}.json", to[j]));
    if (fs::is_directory(points / fmt::format("{:04d}", j)))
      fs::rename(points / fmt::format("{:04d}", j), points / fmt::format("moving.{:04d}", to[j]), ec);
    moved.push_back(to[j]);
  }
  for (std::size_t i : moved) {
    fs::rename(points / fmt::format("moving.{:04d}.json", i), point_file(dir, i));
    fs::remove_all(points / fmt::format("{:04d}", i), ec);
    if (fs::is_directory(points / fmt::format("moving.{:04d}", i)))
      fs::rename(points / fmt::format("moving.{:04d}", i), points / fmt::format("{:04d}", i), ec);
  }
}

std::vector<std::size_t> resume_dir(const SweepOptions& opt, const SweepPlan& plan, const fs::path& plan_path) {
  const SweepPlan stored = load_stored_plan(plan_path);
  std::string why;
  const std::vector<std::size_t> to = match_points(stored, plan, why);
  if (!why.empty())
    config_fail("--resume", plan_path.string() + " holds a different sweep (" + why +
                                "); a resumed plan may add values and seeds but keeps every point done; use another --out or drop --resume");
  // Files of points cut off while being written (never renamed into place) are debris.
  std::error_code ec;
  const fs::path points = fs::path(opt.out_dir) / "points";
  fs::create_directories(points);
  for (const auto& e : fs::directory_iterator(points, ec)) {
    const std::string name = e.path().filename().string();
    if (name.find(".tmp.") != std::string::npos || name.rfind("moving.", 0) == 0) fs::remove_all(e.path(), ec);
  }
  bool renumbered = plan.points.size() != stored.points.size();
  for (std::size_t j = 0; j < to.size(); ++j) renumbered = renumbered || to[j] != j;
  if (renumbered) {
    renumber_points(stored, opt.out_dir, to);
    write_atomically(plan_path.string(), plan.to_json().dump(1) + "\n");
    if (!opt.quiet)
      std::cerr << (plan.points.size() == stored.points.size()
                        ? "sweep: the plan's points are in another order; their results move with them\n"
                        : fmt::format("sweep: the plan grows from {} to {} points\n", stored.points.size(), plan.points.size()));
  }
  std::vector<std::size_t> todo;
  for (std::size_t i = 0; i < plan.points.size(); ++i)
    if (read_point(plan, opt.out_dir, i).is_null()) todo.push_back(i);
  return todo;
}

}  // namespace

std::vector<std::size_t> prepare_dir(const SweepOptions& opt, const SweepPlan& plan) {
  const fs::path dir(opt.out_dir);
  const fs::path plan_path = dir / "sweep.json";
  // Tables cut off while being written (a full disk, a kill) are debris whichever way the sweep starts.
  std::error_code dir_ec;
  for (const auto& e : fs::directory_iterator(dir, dir_ec))
    if (e.path().filename().string().find(".tmp.") != std::string::npos) fs::remove(e.path(), dir_ec);
  if (opt.resume && fs::exists(plan_path)) return resume_dir(opt, plan, plan_path);
  // A fresh sweep: forget any earlier points and tables so that a stale file never counts as a result.
  std::error_code ec;
  fs::remove_all(dir / "points", ec);
  for (const char* table : {"results.csv", "summary.csv", "timing.csv"}) fs::remove(dir / table, ec);
  fs::create_directories(dir / "points");
  write_atomically(plan_path.string(), plan.to_json().dump(1) + "\n");
  std::vector<std::size_t> todo;
  for (std::size_t i = 0; i < plan.points.size(); ++i) todo.push_back(i);
  return todo;
}

}  // namespace hiradix
