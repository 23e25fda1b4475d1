// The per-router latency map of DRB and PR-DRB (result.json drb.router_wait_mean), what seed 004 §5.5 draws
// to compare them: on a 2-D mesh or torus, a panel per point (its first seed) with each router's mean wait
// per head as a colour at its (x, y), all panels on one colour scale, the largest named in the title.
#include <algorithm>

#include <fmt/format.h>

#include "tools/plot/plot_figures.h"

namespace hiradix::plot {

namespace {

constexpr std::size_t kMaxPanels = 12;

}  // namespace

Figure wait_map_figure(const SweepTable& s, const Layout& l, std::string& why_not) {
  std::vector<std::string> titles;
  std::vector<Block> blocks;
  double hi = 0;
  int width = 0, height = 0;
  for (const Facet& f : l.facets)
    for (const Series& ser : f.series)
      for (const auto& rows : ser.points) {
        const nlohmann::json r = s.point(rows.front());
        if (!r.is_object() || !r.contains("drb") || !r["drb"].contains("router_wait_mean")) continue;
        const nlohmann::json& dims = r["config"]["topology"]["dims"];
        if (!dims.is_array() || dims.size() != 2) continue;
        const int x = dims[0].get<int>(), y = dims[1].get<int>();
        const std::vector<double> waits = r["drb"]["router_wait_mean"].get<std::vector<double>>();
        if (static_cast<int>(waits.size()) != x * y) continue;
        width = x, height = y;
        const auto top = std::max_element(waits.begin(), waits.end());
        hi = std::max(hi, *top);
        const int at = static_cast<int>(top - waits.begin());
        std::string label = (f.title.empty() ? "" : f.title + ", ") + ser.label;
        if (ser.points.size() > 1) label += fmt::format(", point {}", s.text(rows.front(), "point"));
        titles.push_back(label + fmt::format(": max {:.1f} at ({}, {})", *top, at % x, at / x));
        Block b{label + "  (a row per y, a column per x: mean wait per head, cycles)", {}};
        for (int j = 0; j < y; ++j) b.rows.emplace_back(waits.begin() + j * x, waits.begin() + (j + 1) * x);
        blocks.push_back(std::move(b));
      }
  if (blocks.empty()) return why_not = "no point has DRB's per-router waits on a 2-D mesh or torus", Figure{};
  if (blocks.size() > kMaxPanels) return why_not = fmt::format("{} points, too many panels to read", blocks.size()), Figure{};
  const int n = static_cast<int>(blocks.size()), cols = n > 1 ? 2 : 1;
  Grid g = grid((n + cols - 1) / cols, cols);
  g.panel_width = 420;  // room for the titles; the panels keep square cells (size ratio -1)
  g.panel_height = 330;
  g.right = 120;
  Figure fig{"router_wait_map", "", data_blocks(blocks), g.width(), g.height()};
  std::string body = g.begin("Mean wait per head at each router (DRB's monitoring), cycles" + (l.context.empty() ? "" : "\n" + l.context)) +
                     fmt::format("set xrange [-0.5:{}]\nset yrange [-0.5:{}]\nset cbrange [0:{}]\nset palette rgb 33,13,10\n"
                                 "set xtics 1\nset ytics 1\nset size ratio -1\nunset key\n",
                                 num(width - 0.5), num(height - 0.5), num(hi > 0 ? hi : 1));
  for (int i = 0; i < n; ++i) {
    body += fmt::format("set title {}\n{}set xlabel {}\nset ylabel {}\n", gq(titles[static_cast<std::size_t>(i)]),
                        i + 1 == n ? "set colorbox\n" : "unset colorbox\n", i + cols >= n ? "'x'" : "''", i % cols == 0 ? "'y'" : "''");
    body += fmt::format("plot {} index {} matrix with image notitle\n", gq("router_wait_map.dat"), i);
  }
  fig.body = body;
  return fig;
}

}  // namespace hiradix::plot
