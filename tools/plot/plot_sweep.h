// What `hiradix plot` reads of a sweep: results.csv (one row per point and seed) and, next to it,
// points/NNNN.json (per-router loads, time series, the resolved config for names and titles); and how the
// rows are laid out in figures: one panel (facet) per traffic pattern when the sweep varies it, one curve per
// value of the other varied keys except the load, one point per offered load (the seeds of a point are
// averaged with their 95% confidence interval).
#pragma once
#include <cstddef>
#include <filesystem>
#include <map>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

namespace hiradix::plot {

struct SweepTable {
  std::vector<std::string> header;
  std::vector<std::vector<std::string>> rows;
  std::vector<std::string> varied;  // the columns between point and seed
  std::map<std::string, std::size_t> col;
  std::filesystem::path dir;        // where results.csv is (points/ next to it)

  bool has(const std::string& c) const { return col.count(c) > 0; }
  double value(std::size_t row, const std::string& c) const;  // NaN when empty or missing
  const std::string& text(std::size_t row, const std::string& c) const { return rows[row][col.at(c)]; }
  bool ok(std::size_t row) const { return text(row, "status") == "ok"; }
  std::filesystem::path point_path(std::size_t row) const;  // points/NNNN.json of the row's point
  nlohmann::json point(std::size_t row) const;   // the point file, null if it cannot be read
  nlohmann::json config(std::size_t row) const;  // its resolved config, null without a point file
};

// Throws ConfigError naming the file when it is not a hiradix results.csv.
SweepTable read_sweep(const std::string& path);

// A curve: its label and style, and its points, each the rows (seeds) of one point of the sweep.
struct Series {
  std::string label;
  int style = 1;
  std::vector<std::vector<std::size_t>> points;
};

// A panel: the curves of one traffic pattern (all of them when the pattern is not varied).
struct Facet {
  std::string title;  // "ADV+1"; empty when there is one facet
  std::vector<Series> series;
};

struct Layout {
  std::vector<std::string> facet_keys, series_keys;
  std::vector<Facet> facets;
  std::vector<std::string> labels;  // every series label, in order (the shared legend)
  std::vector<int> styles;          // their styles
  std::string legend_title;         // "Routing" when the curves are routings, else empty
  std::string context;              // title context: network, and the traffic when one pattern
};

Layout arrange(const SweepTable& sweep);

// Jain's fairness index of non-negative values: (sum x)^2 / (n * sum x^2); 1 = all equal, 1/n = one
// takes all. NaN for no values or all zero.
double jain_index(const std::vector<double>& x);

// A point has saturated when it accepts less than this share of what it is offered: its latency then
// measures the length of the run, not the network (the figures mark such points).
constexpr double kSaturatedBelow = 0.95;

}  // namespace hiradix::plot
