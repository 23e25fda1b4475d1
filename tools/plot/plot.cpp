// `hiradix plot`: reads the sweep, lays it out (plot_sweep.h) and draws the figures that apply
// (plot_load.cpp, plot_fairness.cpp, plot_time.cpp); area vs radix and one router's contention trace are
// here.
#include "tools/plot/plot.h"

#include <algorithm>
#include <array>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <map>
#include <sstream>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "config/config.h"
#include "tools/plot/plot_figures.h"

namespace hiradix {

namespace fs = std::filesystem;
using nlohmann::json;

namespace plot {

// Area per block vs h from synth.json files ({"blocks": {NAME: {"area_um2": ..}}, "params": {"h": ..}}).
Figure area_figure(const std::vector<std::string>& files) {
  std::map<std::string, std::vector<std::array<double, 3>>> blocks;
  std::map<double, double> total;
  for (const std::string& path : files) {
    std::ifstream in(path);
    if (!in) config_fail("plot --synth " + path, "cannot read the file");
    json j;
    try {
      j = json::parse(in);
    } catch (const json::exception& e) {
      config_fail("plot --synth " + path, std::string("not JSON: ") + e.what());
    }
    if (!j.contains("blocks") || !j["blocks"].is_object() || !j.contains("params") || !j["params"].contains("h"))
      config_fail("plot --synth " + path, "expected {\"blocks\": {NAME: {\"area_um2\": ...}}, \"params\": {\"h\": ...}}");
    const double h = j["params"]["h"].get<double>();
    for (const auto& [name, b] : j["blocks"].items()) {
      if (name == "buffer_row" || name == "buffer_read") continue;  // costing pieces of the buffers, not blocks
      if (!b.contains("area_um2")) config_fail("plot --synth " + path, "block " + name + " has no area_um2");
      blocks[name].push_back({h, b["area_um2"].get<double>(), 0});
      total[h] += b["area_um2"].get<double>();
    }
  }
  std::vector<Block> curves;
  double lo = INFINITY, hi = 0;
  for (auto& [name, xy] : blocks) {
    std::sort(xy.begin(), xy.end());
    curves.push_back({name, {}});
    for (const auto& p : xy) curves.back().rows.push_back({p[0], p[1], p[2]}), lo = std::min(lo, p[1]);
  }
  Block t{"total", {}};
  for (const auto& [h, a] : total) t.rows.push_back({h, a, 0}), hi = std::max(hi, a);
  curves.push_back(t);
  Grid g = grid(1, 1);
  g.top = 80;
  Figure f{"area_vs_radix", "", data_blocks(curves), g.width(), g.height()};
  std::string plot = "plot NaN notitle";
  for (std::size_t i = 0; i < curves.size(); ++i)
    plot += fmt::format(", \\\n     'area_vs_radix.dat' index {} using 1:2 with linespoints ls {} title {}", i, i % kStyles + 1, gq(curves[i].label));
  f.body = g.begin("Synthesized area per block vs global links per router h") + log_axis("y", lo, hi) +
           "set xlabel 'h (global links per router; radix 4h-1)'\nset ylabel 'Area (µm²)'\nset xtics 1\nset offsets 0.3, 0.3, 0, 0\n" +
           g.key() + plot + "\n";
  return f;
}

// One router's contention counters over time from a trace.contention CSV: a panel per port class, a step
// line per port whose counter was ever non-zero.
Figure router_contention_figure(const std::string& path) {
  std::ifstream in(path);
  if (!in) config_fail("plot --contention " + path, "cannot read the file");
  std::string line;
  std::getline(in, line);
  std::vector<std::string> names;
  for (std::stringstream h(line); std::getline(h, line, ',');) names.push_back(line);
  if (names.size() < 2 || names[0] != "cycle")
    config_fail("plot --contention " + path, "expected a trace.contention CSV (header 'cycle,T0,...')");
  std::vector<bool> used(names.size(), false);
  std::ostringstream data;
  std::size_t rows = 0;
  while (std::getline(in, line)) {
    std::vector<std::string> cells;
    for (std::stringstream r(line); std::getline(r, line, ',');) cells.push_back(line);
    if (cells.size() != names.size())
      config_fail("plot --contention " + path, fmt::format("row {} has {} cells, the header {}", rows + 2, cells.size(), names.size()));
    for (std::size_t k = 0; k < cells.size(); ++k) {
      data << (k ? " " : "") << cells[k];
      if (k && cells[k] != "0") used[k] = true;
    }
    data << "\n";
    ++rows;
  }
  if (!rows) config_fail("plot --contention " + path, "no rows: nothing changed in the trace window");
  Grid g = grid(3, 1);
  g.panel_width = 700;
  g.panel_height = 220;
  g.top = 80;
  Figure f{"router_contention", "", data.str(), g.width(), g.height()};
  std::string panels;
  const std::pair<char, const char*> classes[] = {{'T', "terminal (injection) ports"}, {'L', "local ports"}, {'G', "global ports"}};
  for (const auto& [cls, title] : classes) {
    std::string plot;
    int style = 0;
    for (std::size_t k = 1; k < names.size(); ++k) {
      if (names[k][0] != cls || !used[k]) continue;
      plot += fmt::format("{}'router_contention.dat' using 1:{} with steps ls {} title {}", plot.empty() ? "" : ", \\\n     ",
                          k + 1, style++ % 10 + 1, gq(names[k]));
    }
    // Each panel's key right of it, level with it: the ports differ from panel to panel.
    const double top = 1 - (g.top + (cls == 'T' ? 0 : cls == 'L' ? 1 : 2) * (g.panel_height + 75.0)) / g.height();
    panels += fmt::format("set title 'Contention counters of the {}'\nset key at screen {:.4f}, screen {:.4f} left top Left reverse\n", title,
                          1 - 285.0 / g.width(), top);
    if (cls == 'G') panels += "set xlabel 'Cycle'\n";  // the time axis is shared
    panels += plot.empty() ? "plot 0 with lines lc rgb 'black' title 'all zero'\n" : "plot " + plot + "\n";
  }
  f.body = g.begin("Contention counters of one router over time (" + fs::path(path).filename().string() + ")") +
           "set ylabel 'Counter (packets)'\nset yrange [0:*]\n" + panels;
  return f;
}

}  // namespace plot

namespace {

// The points of the sweep's plan (sweep.json beside results.csv) that have no row yet: how many, and as
// "3, 7-9"; none when every point has one (or there is no plan to compare with).
struct MissingPoints {
  std::size_t planned = 0, count = 0;
  std::string list;
};

MissingPoints missing_points(const plot::SweepTable& s) {
  MissingPoints m;
  std::ifstream in(s.dir / "sweep.json");
  const json plan = in ? json::parse(in, nullptr, false) : json();
  if (!plan.is_object() || !plan.contains("points") || !plan["points"].is_array()) return m;
  m.planned = plan["points"].size();
  std::vector<bool> have(m.planned, false);
  for (const auto& row : s.rows) {
    const std::size_t point = std::strtoul(row[0].c_str(), nullptr, 10);
    if (point < m.planned) have[point] = true;
  }
  for (std::size_t i = 0; i < m.planned; ++i) {
    if (have[i]) continue;
    std::size_t j = i;
    while (j + 1 < m.planned && !have[j + 1]) ++j;
    m.list += (m.list.empty() ? "" : ", ") + (j == i ? std::to_string(i) : fmt::format("{}-{}", i, j));
    m.count += j - i + 1;
    i = j;
  }
  return m;
}

// The sweep's figures that apply; a note on stdout for each that does not (unless quiet).
std::vector<plot::Figure> sweep_figures(const plot::SweepTable& s, bool quiet) {
  if (const MissingPoints missing = missing_points(s); missing.count > 0 && !quiet)
    std::cout << "plot: " << missing.count << " of " << missing.planned
              << " points of the sweep have no result (interrupted, or still running; `hiradix sweep --resume` runs "
                 "them), left out: points " << missing.list << "\n";
  const plot::Layout l = plot::arrange(s);
  using Maker = plot::Figure (*)(const plot::SweepTable&, const plot::Layout&, std::string&);
  const std::pair<const char*, Maker> makers[] = {
      {"latency_vs_load", plot::latency_figure}, {"accepted_vs_offered", plot::accepted_figure}, {"contention", plot::contention_figure},
      {"fairness", plot::fairness_figure},       {"transient", plot::transient_figure},        {"contention_trace", plot::contention_trace_figure},
      {"accepted_vs_offset", plot::offset_figure}, {"latency_per_burst", plot::bursts_figure},
      {"execution_time", plot::execution_figure}, {"router_wait_map", plot::wait_map_figure}};
  std::vector<plot::Figure> figures;
  auto add = [&](const std::string& name, plot::Figure f, const std::string& why_not) {
    if (f.name.empty() && !quiet) std::cout << "plot: no " << name << " figure: " << why_not << "\n";
    figures.push_back(std::move(f));
  };
  for (const auto& [name, make] : makers) {
    std::string why_not;
    add(name, make(s, l, why_not), why_not);
  }
  // The routings' own figures (RoutingEntry::figures), each once: a levels figure over the points of every
  // routing that declares it.
  std::vector<std::string> drawn;
  for (const RoutingEntry& e : routing_registry())
    for (const RoutingFigure& fig : e.figures) {
      if (std::find(drawn.begin(), drawn.end(), fig.name) != drawn.end()) continue;
      drawn.push_back(fig.name);
      std::string why_not;
      if (fig.kind == RoutingFigure::Kind::kTraceVsLoad) {
        add(fig.name, plot::routing_trace_figure(fig, e.trace_key, s, l, why_not), why_not);
        continue;
      }
      std::vector<std::string> algorithms;
      for (const RoutingEntry& other : routing_registry())
        for (const RoutingFigure& g : other.figures)
          if (g.name == fig.name) algorithms.push_back(other.name);
      add(fig.name, plot::routing_levels_figure(fig, algorithms, s, l, why_not), why_not);
    }
  return figures;
}

}  // namespace

int run_plot(const PlotOptions& opt) {
  if (opt.results_csv.empty() && opt.synth.empty() && opt.contention.empty())
    config_fail("plot", "give a results.csv, --synth FILES and/or --contention FILE");
  if (std::system("command -v gnuplot >/dev/null 2>&1") != 0) {
    std::cerr << "hiradix: plot: gnuplot not found (install gnuplot-nox; scripts/setup.sh does)\n";
    return 1;
  }
  fs::path out = opt.out_dir;
  if (out.empty()) out = opt.results_csv.empty() ? fs::path("plots") : fs::path(opt.results_csv).parent_path() / "plots";
  fs::create_directories(out);
  out = fs::absolute(out);
  std::vector<plot::Figure> figures;
  if (!opt.results_csv.empty()) {
    const plot::SweepTable s = plot::read_sweep(opt.results_csv);
    if (s.rows.empty()) config_fail("plot " + opt.results_csv, "no rows");
    figures = sweep_figures(s, opt.quiet);
    if (const std::string summary = plot::transient_summary(s); !summary.empty()) {
      const fs::path file = out / "transient_summary.csv";
      std::ofstream(file) << summary;
      if (!opt.quiet) std::cout << "plot: " << file.string() << " (the transients' levels, peaks and settling times)\n";
    }
  }
  if (!opt.synth.empty()) {
    figures.push_back(plot::area_figure(opt.synth));
    figures.push_back(plot::router_area_figure(opt.synth));
  }
  if (!opt.contention.empty()) figures.push_back(plot::router_contention_figure(opt.contention));
  for (const plot::Figure& f : figures) {
    if (f.name.empty()) continue;  // does not apply (said above)
    plot::draw(f, out);
    if (!opt.quiet) std::cout << "plot: " << (out / (f.name + ".svg")).string() << " and .png\n";
  }
  return 0;
}

}  // namespace hiradix
