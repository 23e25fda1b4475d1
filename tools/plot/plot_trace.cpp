// A trace's execution time (traffic.pattern: trace; result.json trace.execution_cycles), what seed 001
// compares for PTRANS (§5.4, Fig. 11): a horizontal bar per configuration (the varied keys but the trace
// file, its value written at the bar's end), a panel per trace file when the sweep varies it. Bars are
// coloured by routing; the seeds of a point are averaged. A point whose trace was not delivered by the run's
// end has no bar and says so in its label.
#include <algorithm>
#include <cmath>
#include <filesystem>
#include <map>

#include <fmt/format.h>

#include "tools/plot/plot_figures.h"
#include "tools/run/display_names.h"

namespace hiradix::plot {

namespace {

struct Bar {
  std::string label;
  int style = 1;
  double cycles = NAN;  // mean over the seeds whose trace was delivered; NaN if none was
};

struct Panel {
  std::string title;  // the trace file's name; empty when there is one
  std::vector<Bar> bars;
};

// The seeds' mean execution time of one point, NaN unless every seed delivered its trace.
double mean_execution(const SweepTable& s, const std::vector<std::size_t>& rows) {
  double sum = 0;
  for (std::size_t r : rows) {
    const double v = s.value(r, "trace.execution_cycles");
    if (!s.ok(r) || !std::isfinite(v)) return NAN;
    sum += v;
  }
  return sum / static_cast<double>(rows.size());
}

}  // namespace

Figure execution_figure(const SweepTable& s, const Layout& l, std::string& why_not) {
  if (!s.has("trace.packets")) return why_not = "no point replays a trace (traffic.pattern: trace)", Figure{};
  std::vector<std::string> keys;  // what tells the bars of a panel apart
  for (const std::string& k : l.series_keys)
    if (k != "traffic.trace_file") keys.push_back(k);
  std::vector<Panel> panels;
  std::map<std::string, std::size_t> panel_of;
  for (const Facet& f : l.facets)
    for (const Series& ser : f.series)
      for (const auto& rows : ser.points) {
        const std::size_t r = rows.front();
        const nlohmann::json config = s.config(r);
        const std::string file = keys.size() < l.series_keys.size() ? std::filesystem::path(s.text(r, "traffic.trace_file")).filename().string() : "";
        auto [it, added] = panel_of.emplace(file, panels.size());
        if (added) panels.push_back({file, {}});
        Bar b;
        for (const std::string& k : keys) b.label += (b.label.empty() ? "" : ", ") + value_display(k, s.text(r, k), config);
        if (b.label.empty()) b.label = ser.label;
        if (!f.title.empty()) b.label = f.title + ", " + b.label;
        const std::string algorithm = config.is_object() ? config["routing"].value("algorithm", "") : "";
        b.style = algorithm.empty() ? 0 : routing_style(routing_display(algorithm, config));
        if (b.style == 0) b.style = static_cast<int>(panels[it->second].bars.size()) % kStyles + 1;
        b.cycles = mean_execution(s, rows);
        if (!std::isfinite(b.cycles)) b.label += " (not delivered)";
        panels[it->second].bars.push_back(std::move(b));
      }
  double hi = 0;
  std::size_t longest = 0;
  std::vector<Block> blocks;
  for (const Panel& p : panels) {
    Block block{(p.title.empty() ? std::string("trace") : p.title) + "  (bar, execution cycles)", {}};
    for (std::size_t i = 0; i < p.bars.size(); ++i) {
      block.rows.push_back({static_cast<double>(i), p.bars[i].cycles});
      if (std::isfinite(p.bars[i].cycles)) hi = std::max(hi, p.bars[i].cycles);
      longest = std::max(longest, p.bars[i].label.size());
    }
    blocks.push_back(std::move(block));
  }
  if (hi == 0) return why_not = "no point delivered its whole trace by the run's end (trace.execution_cycles is null)", Figure{};
  // Gnuplot's margins here are in characters: the longest label, and room for the values at the bars' ends.
  const int left = static_cast<int>(longest) + 3;
  std::size_t bars = 0;
  for (const Panel& p : panels) bars += p.bars.size();
  const int height = 110 + static_cast<int>(panels.size()) * 95 + static_cast<int>(bars) * 24;
  Figure f{"execution_time", "", data_blocks(blocks), std::max(900, left * 8 + 620), height};
  std::string body = fmt::format("set multiplot layout {},1 title {} font ',13'\n", panels.size(),
                                 gq("Execution time of the trace" + (l.context.empty() ? "" : "\n" + l.context))) +
                     fmt::format("set lmargin {}\nset rmargin 10\nset style fill solid 0.8 noborder\nset xrange [0:{}]\nunset key\n"
                                 "set grid xtics\n",
                                 left, num(hi * 1.12));
  for (std::size_t p = 0; p < panels.size(); ++p) {
    const Panel& panel = panels[p];
    std::string tics;
    for (std::size_t i = 0; i < panel.bars.size(); ++i) tics += fmt::format("{}{} {}", i ? ", " : "", gq(panel.bars[i].label), i);
    body += fmt::format("set title {}\nset ytics ({}) nomirror\nset yrange [{}:-0.6]\nset xlabel {}\n", gq(panel.title), tics,
                        num(static_cast<double>(panel.bars.size()) - 0.4), p + 1 == panels.size() ? "'Execution time (cycles)'" : "''");
    body += "plot NaN notitle";
    for (std::size_t i = 0; i < panel.bars.size(); ++i)
      body += fmt::format(", \\\n     {0} index {1} every ::{2}::{2} using 2:1:(0):2:($1-0.38):($1+0.38) with boxxyerror ls {3} notitle",
                          gq("execution_time.dat"), p, i, panel.bars[i].style);
    body += fmt::format(", \\\n     {} index {} using 2:1:(sprintf(' %.0f', $2)) with labels left notitle\n", gq("execution_time.dat"), p);
  }
  f.body = body;
  return f;
}

}  // namespace hiradix::plot
