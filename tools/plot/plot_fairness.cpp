// Fairness: the injected load of every router at each curve's highest offered load that ended ok, one
// panel per curve (and traffic pattern), all panels on the same axes, each with its mean and Jain's
// fairness index.
#include <algorithm>
#include <cmath>

#include <fmt/format.h>

#include "tools/plot/plot_figures.h"

namespace hiradix::plot {

namespace {

constexpr std::size_t kMaxFacets = 8;

struct Bars {
  std::string title;
  int style = 1;
  std::vector<double> loads;  // per router
  double mean = 0, jain = 0;
};

// The row (first seed) of the highest offered load of `series` that ended ok; npos if none did.
std::size_t highest_ok_load(const SweepTable& s, const Series& series) {
  std::size_t best = std::string::npos;
  for (const auto& rows : series.points)
    for (std::size_t r : rows)
      if (s.ok(r) && (best == std::string::npos || s.value(r, "offered_load") > s.value(best, "offered_load"))) {
        best = r;
        break;
      }
  return best;
}

Bars bars_of(const SweepTable& s, const Facet& f, const Series& ser) {
  Bars b{(f.title.empty() ? "" : f.title + ", ") + ser.label, ser.style, {}, 0, 0};
  const std::size_t r = highest_ok_load(s, ser);
  const nlohmann::json p = r == std::string::npos ? nlohmann::json() : s.point(r);
  if (!p.is_object() || !p.contains("injected_load_per_router")) return b.title += ": no point ended ok", b;
  b.loads = p["injected_load_per_router"].get<std::vector<double>>();
  for (double v : b.loads) b.mean += v / static_cast<double>(b.loads.size());
  b.jain = jain_index(b.loads);
  b.title += fmt::format(": offered {:.2f}, accepted {:.3f}, J = {:.3f}", s.value(r, "offered_load"), s.value(r, "accepted_load"), b.jain);
  return b;
}

// The panels in reading order: with one facet the curves in order; with several, a row per curve and a
// column per facet (a curve missing from a facet gets an empty panel).
std::vector<Bars> collect_bars(const SweepTable& s, const Layout& l) {
  std::vector<Bars> out;
  if (l.facets.size() == 1) {
    for (const Series& ser : l.facets[0].series) out.push_back(bars_of(s, l.facets[0], ser));
    return out;
  }
  for (std::size_t j = 0; j < l.labels.size(); ++j)
    for (const Facet& f : l.facets) {
      const auto it = std::find_if(f.series.begin(), f.series.end(), [&](const Series& x) { return x.label == l.labels[j]; });
      out.push_back(it != f.series.end() ? bars_of(s, f, *it) : Bars{f.title + ", " + l.labels[j] + ": not in this sweep", l.styles[j], {}, 0, 0});
    }
  return out;
}

}  // namespace

Figure fairness_figure(const SweepTable& s, const Layout& l, std::string& why_not) {
  if (s.has("reaction.bin")) return why_not = "a transient sweep: per-router loads would mix the two phases", Figure{};
  if (s.has("trace.packets")) return why_not = "a trace sweep: the loads are the trace's, spread over the run (execution_time instead)", Figure{};
  if (l.facets.size() > kMaxFacets)
    return why_not = fmt::format("{} traffic panels (patterns or offsets), too many to read", l.facets.size()), Figure{};
  const std::vector<Bars> bars = collect_bars(s, l);
  if (std::none_of(bars.begin(), bars.end(), [](const Bars& b) { return !b.loads.empty(); }))
    return why_not = "no point ended ok with per-router loads in its point file", Figure{};
  const int n = static_cast<int>(bars.size());
  const int cols = l.facets.size() > 1 ? static_cast<int>(l.facets.size()) : n > 4 ? 2 : 1;
  Grid g = grid((n + cols - 1) / cols, cols);
  g.panel_width = cols == 1 ? 620 : 430;
  g.panel_height = 190;
  double hi = 0;
  std::size_t routers = 0;
  std::vector<Block> blocks;
  for (const Bars& b : bars) {
    if (!b.loads.empty()) hi = std::max(hi, *std::max_element(b.loads.begin(), b.loads.end()));
    routers = std::max(routers, b.loads.size());
    Block block{b.title + fmt::format(" (router, injected load; mean {:.6g})", b.mean), {}};
    for (std::size_t i = 0; i < b.loads.size(); ++i) block.rows.push_back({static_cast<double>(i), b.loads[i]});
    blocks.push_back(std::move(block));
  }
  Figure f{"fairness", "", data_blocks(blocks), g.width(), g.height()};
  std::string body = g.begin("Injected load per router at each curve's highest offered load" + (l.context.empty() ? "" : "\n" + l.context)) +
                     fmt::format("set style fill solid 0.8 noborder\nset boxwidth 0.8 relative\nunset key\nset xrange [-1:{}]\nset yrange [0:{}]\n",
                                 routers, num(hi * 1.1));
  for (int i = 0; i < n; ++i) {
    const bool left = i % cols == 0, bottom = i + cols >= n;
    body += fmt::format("set title {}\nset format y {}\nset ylabel {}\nset xlabel {}\n", gq(bars[i].title), left ? "'%g'" : "''",
                        left ? "'phits/node/cycle'" : "''", bottom ? "'Router'" : "''");
    std::string plot = bars[i].loads.empty()
                           ? std::string("plot NaN notitle")
                           : fmt::format("plot {} index {} using 1:2 with boxes ls {} notitle, {} with lines dt 2 lc rgb 'black' lw 1.5 notitle",
                                         gq("fairness.dat"), i, bars[i].style, num(bars[i].mean));
    if (i + 1 == n)
      plot = g.key() + plot + ", \\\n     keyentry with boxes fc rgb '#888888' title 'one router', keyentry with lines dt 2 lc rgb 'black' lw 1.5 "
                              "title 'mean', \\\n     keyentry with lines lc rgb 'white' title \"J: Jain's fairness index\"";
    body += plot + "\n";
  }
  f.body = body;
  return f;
}

}  // namespace hiradix::plot
