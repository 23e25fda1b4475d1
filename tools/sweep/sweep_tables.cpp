// The sweep's tables: results.csv (one row per point and seed), summary.csv (mean and 95% confidence
// half-width over seeds) and timing.csv (the fields that differ between identical runs), from the point
// files.
#include <array>
#include <cmath>
#include <filesystem>
#include <limits>
#include <map>
#include <set>
#include <sstream>

#include <fmt/format.h>

#include "tools/sweep/sweep_internal.h"

namespace hiradix {

namespace fs = std::filesystem;
using nlohmann::json;

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

// Every point's result flattened into metric -> value, with the metric names seen (in name order) and
// which of them are numeric.
struct PointRows {
  std::vector<std::map<std::string, json>> rows;  // per point; empty for a point without a result
  std::vector<bool> have;
  std::set<std::string> metrics, numeric;
  std::size_t missing = 0;
};

PointRows collect_rows(const SweepPlan& plan, const std::string& dir) {
  const std::size_t n = plan.points.size();
  PointRows p{std::vector<std::map<std::string, json>>(n), std::vector<bool>(n, false), {}, {}, 0};
  for (std::size_t i = 0; i < n; ++i) {
    const json r = read_point(plan, dir, i);
    if (r.is_null()) {
      ++p.missing;
      continue;
    }
    p.have[i] = true;
    flatten(r, "", p.rows[i]);
    for (const auto& [k, v] : p.rows[i]) {
      p.metrics.insert(k);
      if (v.is_number()) p.numeric.insert(k);
    }
  }
  return p;
}

// One row per point that has a result: point, the varied keys' values, seed, then `columns`.
std::string point_table(const SweepPlan& plan, const PointRows& p, const std::vector<std::string>& columns) {
  std::ostringstream out;
  out << "point";
  for (const VarySpec& v : plan.vary) out << "," << v.key;
  out << ",seed";
  for (const std::string& m : columns) out << "," << m;
  out << "\n";
  for (std::size_t i = 0; i < plan.points.size(); ++i) {
    if (!p.have[i]) continue;
    out << i;
    for (const std::string& v : plan.points[i].values) out << "," << v;
    out << "," << plan.points[i].seed;
    for (const std::string& m : columns) {
      const auto it = p.rows[i].find(m);
      out << "," << (it != p.rows[i].end() ? cell(it->second) : "");
    }
    out << "\n";
  }
  return out.str();
}

// summary.csv: per group (a point without its seed), the seeds that ran, how many ended ok, and for every
// numeric metric its mean and 95% confidence half-width (empty with fewer than two seeds).
std::string summary_table(const SweepPlan& plan, const PointRows& p, const std::vector<std::string>& metrics) {
  std::vector<std::string> numeric;
  for (const std::string& m : metrics)
    if (p.numeric.count(m)) numeric.push_back(m);
  std::ostringstream sum;
  sum << "group";
  for (const VarySpec& v : plan.vary) sum << "," << v.key;
  sum << ",runs,ok";
  for (const std::string& m : numeric) sum << "," << m << "_mean," << m << "_ci95";
  sum << "\n";
  const std::size_t seeds = static_cast<std::size_t>(plan.seeds), n = plan.points.size();
  for (std::size_t g = 0; g * seeds < n; ++g) {
    std::size_t runs = 0, ok = 0;
    for (std::size_t i = g * seeds; i < (g + 1) * seeds; ++i)
      if (p.have[i]) {
        ++runs;
        ok += p.rows[i].at("status") == "ok";
      }
    if (runs == 0) continue;
    sum << g;
    for (const std::string& v : plan.points[g * seeds].values) sum << "," << v;
    sum << "," << runs << "," << ok;
    for (const std::string& m : numeric) {
      std::vector<double> x;
      for (std::size_t i = g * seeds; i < (g + 1) * seeds; ++i) {
        if (!p.have[i]) continue;
        const auto it = p.rows[i].find(m);
        if (it != p.rows[i].end() && it->second.is_number()) x.push_back(it->second.get<double>());
      }
      const MeanCi mc = mean_ci95(x);
      sum << "," << (x.empty() ? "" : num(mc.mean)) << "," << num(mc.ci95);
    }
    sum << "\n";
  }
  return sum.str();
}

}  // namespace

std::size_t write_tables(const SweepPlan& plan, const std::string& dir) {
  const PointRows p = collect_rows(plan, dir);
  // status first, then every other metric in name order; timing in its own file.
  std::vector<std::string> metrics = {"status"}, timing;
  for (const std::string& m : p.metrics) {
    if (m == "status") continue;
    (kTimingFields.count(m) ? timing : metrics).push_back(m);
  }
  write_atomically((fs::path(dir) / "results.csv").string(), point_table(plan, p, metrics));
  write_atomically((fs::path(dir) / "summary.csv").string(), summary_table(plan, p, metrics));
  write_atomically((fs::path(dir) / "timing.csv").string(), point_table(plan, p, timing));
  return p.missing;
}

}  // namespace hiradix
