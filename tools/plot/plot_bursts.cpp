// Latency per burst of bursty repetitive traffic (traffic.change.period; result.json `bursts`), what seed 004
// compares between DRB and PR-DRB (§5.4, Figs. 41-44: the same in the first burst, PR-DRB lower from the
// second on): one curve per point (first seed), x the burst's number. Below it, the paths the sources opened
// one by one during each burst's period (DRB's search; time_series `paths_opened`) and the saved solutions
// PR-DRB installed (`solutions_installed`): the mechanism behind the curves. A routing without MetaPaths
// (DOR) has latency only.
#include <algorithm>
#include <cmath>

#include <fmt/format.h>

#include "tools/plot/plot_figures.h"

namespace hiradix::plot {

namespace {

using nlohmann::json;

// The sum of a time-series field over the bins that start in [from, to); NaN when the bins lack it.
double period_sum(const json& r, const char* field, double from, double to) {
  if (!r.contains("time_series") || r["time_series"].empty() || !r["time_series"][0].contains(field)) return NAN;
  double sum = 0;
  for (const json& bn : r["time_series"]) {
    const double c = bn["cycle"].get<double>();
    if (c >= from && c < to) sum += bn[field].get<double>();
  }
  return sum;
}

}  // namespace

Figure bursts_figure(const SweepTable& s, const Layout& l, std::string& why_not) {
  std::vector<std::string> labels;
  std::vector<int> styles;
  std::vector<Block> blocks;
  double last = 0, latency_max = 0, opened_max = 0;
  for (const Facet& f : l.facets)
    for (const Series& ser : f.series)
      for (const auto& rows : ser.points) {
        const json r = s.point(rows.front());
        if (!r.is_object() || !r.contains("bursts") || r["bursts"].empty()) continue;
        const double period = r["config"]["traffic"]["change"]["period"].get<double>();
        std::string label = (f.title.empty() ? "" : f.title + ", ") + ser.label;
        if (ser.points.size() > 1) label += fmt::format(", load {:g}", r["config"]["traffic"]["change"]["load"].get<double>());
        Block b{label + "  (burst, latency of its packets, paths opened in its period, solutions installed in its period)", {}};
        for (const json& burst : r["bursts"]) {
          const double k = burst["burst"].get<double>() + 1, from = burst["from"].get<double>();
          const double latency = burst["latency_mean"].is_null() ? NAN : burst["latency_mean"].get<double>();
          const double opened = period_sum(r, "paths_opened", from, from + period);
          b.rows.push_back({k, latency, opened, period_sum(r, "solutions_installed", from, from + period)});
          last = std::max(last, k);
          if (std::isfinite(latency)) latency_max = std::max(latency_max, latency);
          if (std::isfinite(opened)) opened_max = std::max(opened_max, opened);
        }
        labels.push_back(label);
        styles.push_back(ser.style);
        blocks.push_back(std::move(b));
      }
  if (blocks.empty()) return why_not = "no point has bursts (traffic.change.period is not set)", Figure{};
  Grid g = grid(2, 1);
  g.panel_width = 700;
  g.panel_height = 260;
  g.fit_key(labels);
  Figure f{"latency_per_burst", "", data_blocks(blocks), g.width(), g.height()};
  std::string body = g.begin("Bursty repetitive traffic: each burst's packets" + (l.context.empty() ? "" : "\n" + l.context)) +
                     fmt::format("set xrange [0.5:{}]\nset xtics 1\nunset key\n", num(last + 0.5));
  const auto panel = [&](const std::string& title, const std::string& ylabel, int column, double top, bool key, bool xlabel) {
    body += fmt::format("set title {}\nset ylabel {}\nset yrange [0:{}]\nset xlabel {}\n", gq(title), gq(ylabel), num(top > 0 ? top * 1.1 : 1),
                        xlabel ? "'Burst'" : "''");
    if (key) body += g.key();
    body += "plot NaN notitle";
    for (std::size_t i = 0; i < blocks.size(); ++i)
      body += fmt::format(", \\\n     {} index {} using 1:{} with linespoints ls {} {}", gq("latency_per_burst.dat"), i, column, styles[i],
                          key ? "title " + gq(labels[i]) : "notitle");
    body += "\n";
    if (key) body += "unset key\n";
  };
  panel("Average latency of the packets created in the burst", "Latency (cycles)", 2, latency_max, true, false);
  panel("Paths opened one by one in the burst's period (DRB's search)", "Paths", 3, opened_max, false, true);
  f.body = body;
  return f;
}

}  // namespace hiradix::plot
