#include "tools/plot/plot_sweep.h"

#include <algorithm>
#include <cmath>
#include <fstream>
#include <set>

#include <fmt/format.h>

#include "config/config.h"
#include "tools/run/display_names.h"
#include "tools/plot/plot_gnuplot.h"
#include "tools/sweep/sweep.h"

namespace hiradix::plot {

namespace fs = std::filesystem;
using nlohmann::json;

double SweepTable::value(std::size_t row, const std::string& c) const {
  const auto it = col.find(c);
  if (it == col.end() || rows[row][it->second].empty()) return std::nan("");
  return std::strtod(rows[row][it->second].c_str(), nullptr);
}

fs::path SweepTable::point_path(std::size_t row) const { return dir / "points" / fmt::format("{:04d}.json", std::stoul(rows[row][0])); }

json SweepTable::point(std::size_t row) const {
  std::ifstream in(point_path(row));
  if (!in) return json();
  try {
    return json::parse(in);
  } catch (const json::exception&) {
    return json();
  }
}

json SweepTable::config(std::size_t row) const {
  const json p = point(row);
  return p.is_object() && p.contains("config") ? p["config"] : json();
}

SweepTable read_sweep(const std::string& path) {
  SweepTable s;
  std::ifstream in(path);
  if (!in) config_fail("plot " + path, "cannot read the file");
  std::string line;
  if (!std::getline(in, line)) config_fail("plot " + path, "empty file");
  s.header = split_csv_line(line);
  for (std::size_t i = 0; i < s.header.size(); ++i) s.col[s.header[i]] = i;
  if (s.header.empty() || s.header[0] != "point" || !s.has("seed") || !s.has("status") || !s.has("offered_load") ||
      !s.has("accepted_load") || !s.has("latency.total.average"))
    config_fail("plot " + path, "not a hiradix sweep results.csv (expected columns point, ..., seed, status, offered_load, accepted_load, latency.total.average)");
  for (std::size_t i = 1; i < s.col["seed"]; ++i) s.varied.push_back(s.header[i]);
  while (std::getline(in, line))
    if (!line.empty()) {
      s.rows.push_back(split_csv_line(line));
      if (s.rows.back().size() < s.header.size()) s.rows.back().resize(s.header.size());
    }
  s.dir = fs::path(path).parent_path();
  return s;
}

namespace {

std::string joined(const SweepTable& s, std::size_t row, const std::vector<std::string>& keys, const json& config) {
  std::string label;
  for (const std::string& k : keys) label += (label.empty() ? "" : ", ") + value_display(k, s.text(row, k), config);
  return label;
}

// The title's context: the network, the routing when every curve has the same one, the varied keys that
// took a single value, and the traffic when there is one pattern.
std::string context_of(const SweepTable& s, const Layout& l, const std::vector<std::string>& constant, const json& config) {
  // A network named by the first row would be wrong for curves of other networks (a varied topology key).
  const auto topology_key = [](const std::string& k) { return k.rfind("topology.", 0) == 0; };
  const bool network_varies = std::any_of(l.series_keys.begin(), l.series_keys.end(), topology_key) ||
                              std::any_of(l.facet_keys.begin(), l.facet_keys.end(), topology_key);
  std::string c = network_varies ? "" : network_display(config);
  auto add = [&c](const std::string& part) { c += (c.empty() ? "" : ", ") + part; };
  const bool routing_in_series = std::find(l.series_keys.begin(), l.series_keys.end(), "routing.algorithm") != l.series_keys.end();
  if (!routing_in_series && config.contains("routing")) {
    // A varied phase-A policy names the curves, not the sweep's routing ("VAL", not the first row's "VAL -g-").
    nlohmann::json named = config;
    if (std::find(l.series_keys.begin(), l.series_keys.end(), "routing.phase_a") != l.series_keys.end()) named["routing"].erase("phase_a");
    add(routing_display(named["routing"].value("algorithm", ""), named));
  }
  for (const std::string& k : constant) {
    if (k == "routing.algorithm" || k == "traffic.pattern" || k == "traffic.offset") continue;
    const std::string value = value_display(k, s.text(0, k), config);
    if (c.find(value) == std::string::npos) add(value);  // not twice: "Dragonfly h = 6 (...)" names h = 6
  }
  const bool transient = config.is_object() && config["traffic"]["change"].value("at", -1LL) >= 0;
  if (l.facet_keys.empty() && config.contains("traffic")) {
    // A varied pattern after the change names the curves, not the sweep (the first row's pattern would).
    nlohmann::json traffic = config;
    if (std::find(l.series_keys.begin(), l.series_keys.end(), "traffic.change.pattern") != l.series_keys.end())
      traffic["traffic"]["change"].erase("pattern");
    if (std::find(l.series_keys.begin(), l.series_keys.end(), "traffic.trace_file") != l.series_keys.end())
      traffic["traffic"].erase("trace_file");  // each panel names its trace
    add(traffic_display(traffic, transient));
  }
  return c;
}

// Each routing keeps its style in every figure (routing_style), but the palette's colours repeat dashed
// from style 11 and dotted from 21 (MAR-bP, 21, is MIN's blue dotted): when two curves of one figure share
// a colour, they are numbered in their order instead, so that no two curves look alike.
void distinct_colours(Layout& l) {
  std::set<int> colours;
  bool clash = false;
  for (const int style : l.styles) clash |= !colours.insert((style - 1) % kColours).second;
  if (!clash) return;
  std::map<std::string, int> style_of;
  for (std::size_t i = 0; i < l.labels.size(); ++i) {
    l.styles[i] = static_cast<int>(i) % kStyles + 1;
    style_of[l.labels[i]] = l.styles[i];
  }
  for (Facet& f : l.facets)
    for (Series& ser : f.series) ser.style = style_of[ser.label];
}

}  // namespace

Layout arrange(const SweepTable& s) {
  Layout l;
  // A varied key that took one value only names the whole sweep (in the title), not a curve.
  std::vector<std::string> constant;
  for (const std::string& k : s.varied) {
    if (k == "traffic.load" || k == "traffic.change.load") continue;
    std::set<std::string> values;
    for (std::size_t r = 0; r < s.rows.size(); ++r) values.insert(s.text(r, k));
    if (values.size() < 2) constant.push_back(k);
    else (k == "traffic.pattern" || k == "traffic.offset" ? l.facet_keys : l.series_keys).push_back(k);
  }
  // Routings are named bare (MIN, Base); other keys' labels name their key ("th = 3").
  if (l.series_keys.size() == 1 && l.series_keys.front() == "routing.algorithm") l.legend_title = "Routing";
  std::map<std::string, std::size_t> facet_of;
  std::vector<std::map<std::string, std::size_t>> series_of;
  std::vector<std::vector<std::map<std::string, std::size_t>>> point_of;
  std::map<std::string, std::size_t> label_index;
  const json first_config = s.rows.empty() ? json() : s.config(0);
  for (std::size_t r = 0; r < s.rows.size(); ++r) {
    std::string fkey, skey, pkey;
    for (const std::string& k : l.facet_keys) fkey += s.text(r, k) + "\x1f";
    for (const std::string& k : l.series_keys) skey += s.text(r, k) + "\x1f";
    for (const std::string& k : s.varied) pkey += s.text(r, k) + "\x1f";
    auto [fit, fnew] = facet_of.emplace(fkey, l.facets.size());
    if (fnew) {
      const json config = l.facet_keys.empty() ? json() : s.config(r);
      l.facets.push_back({joined(s, r, l.facet_keys, config.is_null() ? first_config : config), {}});
      series_of.emplace_back();
      point_of.emplace_back();
    }
    Facet& f = l.facets[fit->second];
    auto [sit, snew] = series_of[fit->second].emplace(skey, f.series.size());
    if (snew) {
      const json config = s.config(r);
      std::string label = joined(s, r, l.series_keys, config.is_null() ? first_config : config);
      // With nothing varied but the load, the curve is the sweep's routing.
      const json& c = config.is_null() ? first_config : config;
      if (label.empty()) label = c.contains("routing") ? routing_display(c["routing"].value("algorithm", ""), c) : "all points";
      auto [lit, lnew] = label_index.emplace(label, l.labels.size());
      if (lnew) {
        const int rs = routing_style(label);
        l.labels.push_back(label);
        l.styles.push_back(rs && l.series_keys.size() <= 1 ? rs : static_cast<int>(l.labels.size() - 1) % kStyles + 1);
      }
      f.series.push_back({label, l.styles[lit->second], {}});
      point_of[fit->second].emplace_back();
    }
    Series& ser = f.series[sit->second];
    auto [pit, pnew] = point_of[fit->second][sit->second].emplace(pkey, ser.points.size());
    if (pnew) ser.points.emplace_back();
    ser.points[pit->second].push_back(r);
  }
  distinct_colours(l);
  l.context = s.rows.empty() ? "" : context_of(s, l, constant, first_config);
  return l;
}

double jain_index(const std::vector<double>& x) {
  double sum = 0, squares = 0;
  for (double v : x) sum += v, squares += v * v;
  if (x.empty() || squares == 0) return std::nan("");
  return sum * sum / (static_cast<double>(x.size()) * squares);
}

}  // namespace hiradix::plot
