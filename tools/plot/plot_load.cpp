// Figures against offered load: latency, accepted load, contention counters. One panel per traffic
// pattern, all panels on the same axes; saturated points (accepted < 95% of offered) drawn open and joined
// by a dotted line, so the solid curve is what the network delivers; deadlocked points left out and counted
// in the legend.
#include <algorithm>
#include <cmath>
#include <map>

#include <fmt/format.h>

#include "tools/plot/plot_figures.h"
#include "tools/sweep/sweep.h"

namespace hiradix::plot {

namespace {

struct LoadPoint {
  double x, y, ci;
  bool saturated;
};

struct LoadCurve {
  std::string label;
  int style = 1;
  std::vector<LoadPoint> points;
  int unmeasured = 0;  // points that ended ok without a value (no packet delivered in the window): left out
};

// Per facet, per series: the mean of `metric` over the seeds that ended ok at each offered load.
std::vector<std::vector<LoadCurve>> load_curves(const SweepTable& s, const Layout& l, const std::string& metric, bool& several_seeds) {
  std::vector<std::vector<LoadCurve>> out;
  for (const Facet& f : l.facets) {
    out.emplace_back();
    for (const Series& ser : f.series) {
      LoadCurve c{ser.label, ser.style, {}};
      for (const auto& rows : ser.points) {
        std::vector<double> x, y, accepted;
        bool ended_ok = false;
        for (std::size_t r : rows)
          if (s.ok(r)) {  // a deadlocked point has no meaningful latency
            ended_ok = true;
            if (std::isnan(s.value(r, metric))) continue;  // nothing measured (null): not a 0
            x.push_back(s.value(r, "offered_load"));
            y.push_back(s.value(r, metric));
            accepted.push_back(s.value(r, "accepted_load"));
          }
        if (x.empty()) {
          c.unmeasured += ended_ok;
          continue;
        }
        several_seeds = several_seeds || x.size() > 1;
        const MeanCi mx = mean_ci95(x), my = mean_ci95(y), ma = mean_ci95(accepted);
        c.points.push_back({mx.mean, my.mean, std::isnan(my.ci95) ? 0.0 : my.ci95, ma.mean < kSaturatedBelow * mx.mean});
      }
      std::sort(c.points.begin(), c.points.end(), [](const LoadPoint& a, const LoadPoint& b) { return a.x < b.x; });
      out.back().push_back(std::move(c));
    }
  }
  return out;
}

// Columns: offered, value, CI half-width, value where not saturated (the solid line), value where saturated
// or next to a saturated point (the dotted line; NaN elsewhere, which breaks a gnuplot line).
std::vector<Block> blocks_of(const std::vector<std::vector<LoadCurve>>& curves) {
  std::vector<Block> blocks;
  for (const auto& facet : curves)
    for (const LoadCurve& c : facet) {
      Block b{c.label + "  (offered, value, ci95, value if not saturated, value if saturated)", {}};
      const auto& p = c.points;
      for (std::size_t i = 0; i < p.size(); ++i) {
        const bool near_saturated = p[i].saturated || (i + 1 < p.size() && p[i + 1].saturated) || (i > 0 && p[i - 1].saturated);
        b.rows.push_back({p[i].x, p[i].y, p[i].ci, p[i].saturated ? NAN : p[i].y, near_saturated ? p[i].y : NAN});
      }
      blocks.push_back(std::move(b));
    }
  return blocks;
}

// How many points of the layout's series ended without a result worth drawing (deadlock, RTL mismatch,
// conservation), per legend label.
std::map<std::string, std::pair<std::size_t, std::size_t>> failed_points(const SweepTable& s, const Layout& l) {
  std::map<std::string, std::pair<std::size_t, std::size_t>> failed;  // label -> (failed, all)
  for (const Facet& f : l.facets)
    for (const Series& ser : f.series)
      for (const auto& rows : ser.points) {
        const bool any_ok = std::any_of(rows.begin(), rows.end(), [&](std::size_t r) { return s.ok(r); });
        failed[ser.label].first += any_ok ? 0 : 1;
        failed[ser.label].second += 1;
      }
  return failed;
}

bool any_of_points(const std::vector<std::vector<LoadCurve>>& curves, bool saturated_only) {
  for (const auto& f : curves)
    for (const LoadCurve& c : f)
      for (const LoadPoint& p : c.points)
        if (!saturated_only || p.saturated) return true;
  return false;
}

// Per legend label, the points left out because they measured nothing.
std::map<std::string, int> unmeasured_points(const std::vector<std::vector<LoadCurve>>& curves) {
  std::map<std::string, int> n;
  for (const auto& facet : curves)
    for (const LoadCurve& c : facet) n[c.label] += c.unmeasured;
  return n;
}

// The shared legend: one entry per curve (keyentry, so a curve missing from the last panel is still
// listed), its failed and unmeasured points, the saturation marker and `extra` entries.
std::string legend(const SweepTable& s, const Layout& l, const std::vector<std::vector<LoadCurve>>& curves,
                   const std::string& extra) {
  const auto failed = failed_points(s, l);
  const auto unmeasured = unmeasured_points(curves);
  const bool any_saturated = any_of_points(curves, true);
  std::vector<std::string> entries;
  if (!l.legend_title.empty()) entries.push_back("keyentry with lines lc rgb 'white' title " + gq(l.legend_title));
  for (std::size_t i = 0; i < l.labels.size(); ++i) {
    std::string label = l.labels[i];
    const auto& [bad, all] = failed.at(label);
    if (bad == all) label += " (no result: deadlocked)";
    else if (bad) label += fmt::format(" ({} of {} points deadlocked)", bad, all);
    entries.push_back(fmt::format("keyentry with linespoints ls {} title {}", l.styles[i], gq(label)));
    // On a line of its own: the key is as wide as the curves' labels (Grid::fit_key), not these notes.
    if (const auto u = unmeasured.find(l.labels[i]); u != unmeasured.end() && u->second)
      entries.push_back("keyentry with lines lc rgb 'white' title " +
                        gq(fmt::format("  {} point{} had no packets", u->second, u->second > 1 ? "s" : "")));
  }
  if (any_saturated)
    entries.push_back(fmt::format("keyentry with linespoints dt 3 lw 1.5 lc rgb '#444444' pt 6 title {}",
                                  gq(fmt::format("saturated (accepted < {:.0f}%)", 100 * kSaturatedBelow))));
  if (!extra.empty()) entries.push_back(extra);
  std::string k;
  for (const std::string& e : entries) k += ", \\\n     " + e;
  return k;
}

// One panel's plot command (no titles: the legend is shared).
std::string panel_plot(const std::string& file, const std::vector<LoadCurve>& curves, std::size_t first_block, bool errors,
                       const std::string& also) {
  std::string p = "plot NaN notitle";  // a panel whose curves all deadlocked still draws its axes
  for (std::size_t i = 0; i < curves.size(); ++i) {
    if (curves[i].points.empty()) continue;
    const int ls = curves[i].style;
    const std::size_t index = first_block + i;
    p += fmt::format(", \\\n     {} index {} using 1:4{} with {} ls {} notitle", gq(file), index, errors ? ":3" : "",
                     errors ? "yerrorlines" : "linespoints", ls);
    p += fmt::format(", \\\n     {} index {} using 1:5{} with {} ls {} dt 3 lw 1.5 pt {} notitle", gq(file), index, errors ? ":3" : "",
                     errors ? "yerrorlines" : "linespoints", ls, hollow_point(ls));
  }
  return p + also + "\n";
}


// The figure's panels: one per facet in a row, every panel on `axes`; `also` is added to every plot.
Figure load_figure(const std::string& name, const std::string& title, const std::string& axes, const SweepTable& s,
                   const Layout& l, const std::vector<std::vector<LoadCurve>>& curves, bool errors, const std::string& also,
                   const std::string& extra_key) {
  Grid g = grid(1, static_cast<int>(curves.size()));
  g.fit_key(l.labels);
  Figure f{name, "", data_blocks(blocks_of(curves)), g.width(), g.height()};
  std::string body = g.begin(title) + axes + "set xlabel 'Offered load (phits/node/cycle)'\nunset key\n";
  std::size_t block = 0;
  for (std::size_t k = 0; k < curves.size(); ++k) {
    body += "set title " + gq(l.facets[k].title) + "\n";
    if (k == 1) body += "unset ylabel\nset format y ''\n";  // the axis is the first panel's
    const bool last = k + 1 == curves.size();
    if (last) body += g.key();
    body += panel_plot(name + ".dat", curves[k], block, errors, also + (last ? legend(s, l, curves, extra_key) : ""));
    block += curves[k].size();
  }
  f.body = body;
  return f;
}

bool load_applies(const Layout& l, std::string& why_not) {
  for (const Facet& f : l.facets)
    for (const Series& s : f.series)
      if (s.points.size() > 1) return true;
  why_not = "every curve has a single offered load (traffic.load is not varied)";
  return false;
}

std::string title_of(const std::string& what, const Layout& l, bool several_seeds) {
  return what + (several_seeds ? " (mean over seeds, 95% CI bars)" : "") + (l.context.empty() ? "" : "\n" + l.context);
}

}  // namespace

Figure latency_figure(const SweepTable& s, const Layout& l, std::string& why_not) {
  if (!load_applies(l, why_not)) return {};
  bool seeds = false;
  const auto curves = load_curves(s, l, "latency.total.average", seeds);
  if (!any_of_points(curves, false)) return why_not = "no point ended ok with a packet delivered", Figure{};
  double lo = INFINITY, hi = 0, x_hi = 0;
  for (const auto& f : curves)
    for (const LoadCurve& c : f)
      for (const LoadPoint& p : c.points) lo = std::min(lo, p.y), hi = std::max(hi, p.y + p.ci), x_hi = std::max(x_hi, p.x);
  // Beyond saturation latency grows without bound (limited only by the run length); a log axis keeps the
  // low-load differences readable and shows the knee.
  const std::string axes = log_axis("y", lo, hi) + fmt::format("set xrange [0:{}]\nset ylabel 'Average packet latency (cycles)'\n", num(x_hi * 1.05));
  return load_figure("latency_vs_load", title_of("Latency vs offered load", l, seeds), axes, s, l, curves, seeds, "", "");
}

Figure accepted_figure(const SweepTable& s, const Layout& l, std::string& why_not) {
  if (!load_applies(l, why_not)) return {};
  bool seeds = false;
  const auto curves = load_curves(s, l, "accepted_load", seeds);
  if (!any_of_points(curves, false)) return why_not = "no point ended ok", Figure{};
  double hi = 0;
  for (const auto& f : curves)
    for (const LoadCurve& c : f)
      for (const LoadPoint& p : c.points) hi = std::max({hi, p.x, p.y + p.ci});
  const std::string axes = fmt::format("set xrange [0:{0}]\nset yrange [0:{0}]\nset ylabel 'Accepted load (phits/node/cycle)'\n", num(hi * 1.05));
  // The diagonal is what a network below saturation accepts; curves leaving it have saturated.
  return load_figure("accepted_vs_offered", title_of("Accepted vs offered load", l, seeds), axes, s, l, curves, seeds,
                     ", \\\n     x with lines dt 2 lc rgb '#888888' lw 1.5 notitle",
                     "keyentry with lines dt 2 lc rgb '#888888' lw 1.5 title 'accepted = offered'");
}

Figure contention_figure(const SweepTable& s, const Layout& l, std::string& why_not) {
  if (!s.has("contention.mean_at_header")) return why_not = "results.csv has no contention columns", Figure{};
  if (!load_applies(l, why_not)) return {};
  bool seeds = false;
  const auto mean = load_curves(s, l, "contention.mean_at_header", seeds);
  const auto peak = load_curves(s, l, "contention.max", seeds);
  if (!any_of_points(mean, false)) return why_not = "no point ended ok", Figure{};
  Grid g = grid(2, static_cast<int>(mean.size()));
  g.fit_key(l.labels);
  std::vector<std::vector<LoadCurve>> both = mean;
  both.insert(both.end(), peak.begin(), peak.end());
  Figure f{"contention", "", data_blocks(blocks_of(both)), g.width(), g.height()};
  double hi[2] = {0, 0}, x_hi = 0;  // per row: mean, peak
  for (int row = 0; row < 2; ++row)
    for (const auto& fc : row == 0 ? mean : peak)
      for (const LoadCurve& c : fc)
        for (const LoadPoint& p : c.points) hi[row] = std::max(hi[row], p.y + p.ci), x_hi = std::max(x_hi, p.x);
  std::string body = g.begin(title_of("Contention counters vs offered load", l, seeds)) +
                     fmt::format("set xrange [0:{}]\nunset key\n", num(x_hi * 1.05));
  std::size_t block = 0;
  for (int row = 0; row < 2; ++row) {
    const auto& rows = row == 0 ? mean : peak;
    body += fmt::format("set yrange [0:{}]\nset format y '% g'\nset ylabel {}\n", num(hi[row] * 1.1 + 0.1),
                        gq(row == 0 ? "Mean counter seen by a header" : "Peak counter"));
    body += row == 1 ? "set xlabel 'Offered load (phits/node/cycle)'\n" : "unset xlabel\n";
    for (std::size_t k = 0; k < rows.size(); ++k) {
      body += "set title " + gq((rows.size() > 1 ? l.facets[k].title + ": " : "") + (row == 0 ? "mean counter at the header's minimal output" : "peak counter")) + "\n";
      if (k == 1) body += "unset ylabel\nset format y ''\n";
      const bool legend_here = row == 0 && k + 1 == rows.size();
      if (legend_here) body += g.key();
      body += panel_plot("contention.dat", rows[k], block, seeds, legend_here ? legend(s, l, mean, "") : "");
      if (legend_here) body += "unset key\n";
      block += rows[k].size();
    }
  }
  f.body = body;
  return f;
}

}  // namespace hiradix::plot
