// A column of a routing's trace against offered load (RoutingFigure::Kind::kTraceVsLoad, declared in the
// routing's registry entry), from the trace files of a sweep's points: LIAN's intermediate-local counter,
// for one. A curve per traffic panel and series; a point is the mean of the column over the traced
// router's rows after the warm-up, drawn open where the point has saturated. Each curve's legend gives its
// reading at its last load before saturation ("ADV+4: 22.1 at offered 0.2").
#include <algorithm>
#include <cmath>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <sstream>
#include <stdexcept>

#include <fmt/format.h>

#include "tools/plot/plot_figures.h"
#include "tools/sweep/sweep.h"

namespace hiradix::plot {

namespace {

namespace fs = std::filesystem;

// Mean of column `column` of a routing trace CSV (first column `cycle`) over the rows at or after `from`; NaN
// if none, no file or no such column.
double mean_column(const fs::path& file, const std::string& column, double from) {
  std::ifstream in(file);
  std::string line;
  if (!in || !std::getline(in, line) || line.rfind("cycle,", 0) != 0) return NAN;
  std::vector<std::string> header;
  std::stringstream h(line);
  for (std::string c; std::getline(h, c, ',');) header.push_back(c);
  const std::size_t at = static_cast<std::size_t>(std::find(header.begin(), header.end(), column) - header.begin());
  if (at == header.size()) return NAN;
  double sum = 0;
  std::size_t n = 0;
  std::vector<std::string> cell(at + 1);
  while (std::getline(in, line)) {
    std::stringstream r(line);
    for (std::string& c : cell) c.clear(), std::getline(r, c, ',');
    try {
      if (std::stod(cell[0]) < from) continue;
      sum += std::stod(cell[at]), ++n;
    } catch (const std::exception&) {  // a row cut short (the run was killed while writing): not a reading
    }
  }
  return n ? sum / static_cast<double>(n) : NAN;
}

// A gnuplot single-quoted string (a quote inside doubled).
std::string single_quoted(const std::string& text) {
  std::string q = "'";
  for (char ch : text) q += ch == '\'' ? std::string("''") : std::string(1, ch);
  return q + "'";
}

struct Reading {
  double offered, value;
  bool saturated;
};

}  // namespace

Figure routing_trace_figure(const RoutingFigure& fig, const std::string& trace_key, const SweepTable& s, const Layout& l,
                            std::string& why_not) {
  if (s.rows.empty()) return why_not = "no rows", Figure{};
  const nlohmann::json c = s.config(0);
  const auto section = [&](const char* name) { return c.is_object() && c.contains(name) ? c[name] : nlohmann::json::object(); };
  const std::string trace_name = trace_key.substr(trace_key.find('.') + 1);  // "trace.lian" -> "lian"
  const std::string trace = section("trace").value(trace_name, "");
  if (trace.empty()) return why_not = trace_key + " is not set", Figure{};
  const auto key_value = [&](const std::string& key) {  // "routing.lian_ilc" -> c["routing"]["lian_ilc"], NaN if none
    const std::size_t dot = key.find('.');
    return dot == std::string::npos ? NAN : section(key.substr(0, dot).c_str()).value(key.substr(dot + 1), NAN);
  };
  const double warmup = section("sim").value("warmup", 0.0), threshold = key_value(fig.threshold_key);
  const int router = section("trace").value("router", -1);
  std::vector<Block> blocks;
  std::vector<std::string> titles;
  double hi = 0, x_hi = 0;
  for (const Facet& f : l.facets)
    for (const Series& ser : f.series) {
      std::vector<Reading> pts;
      for (const auto& rows : ser.points) {
        std::vector<double> x, y, accepted;
        for (std::size_t r : rows) {
          const fs::path file = s.dir / "points" / fmt::format("{:04d}", std::stoul(s.rows[r][0])) / fs::path(trace).filename();
          const double v = s.ok(r) ? mean_column(file, fig.column, warmup) : NAN;
          if (std::isnan(v)) continue;
          x.push_back(s.value(r, "offered_load")), y.push_back(v), accepted.push_back(s.value(r, "accepted_load"));
        }
        if (x.empty()) continue;
        const double mx = mean_ci95(x).mean, ma = mean_ci95(accepted).mean;
        pts.push_back({mx, mean_ci95(y).mean, ma < kSaturatedBelow * mx});
      }
      if (pts.empty()) continue;
      std::sort(pts.begin(), pts.end(), [](const Reading& a, const Reading& b) { return a.offered < b.offered; });
      std::string title = f.title.empty() ? ser.label : f.series.size() > 1 ? f.title + ", " + ser.label : f.title;
      const auto first_saturated = std::find_if(pts.begin(), pts.end(), [](const Reading& p) { return p.saturated; });
      if (first_saturated != pts.begin())
        title += fmt::format(": {:.1f} at offered {:.3g}", std::prev(first_saturated)->value, std::prev(first_saturated)->offered);
      const std::string& q = fig.quantity;
      Block b{title + "  (offered, mean " + q + ", " + q + " if not saturated, " + q + " if saturated)", {}};
      for (const Reading& p : pts) {
        b.rows.push_back({p.offered, p.value, p.saturated ? NAN : p.value, p.saturated ? p.value : NAN});
        hi = std::max(hi, p.value), x_hi = std::max(x_hi, p.offered);
      }
      blocks.push_back(std::move(b));
      titles.push_back(title);
    }
  if (blocks.empty()) return why_not = "no point that ended ok has its " + trace_key + " file", Figure{};
  Grid g = grid(1, 1);
  g.panel_width = 760;
  g.panel_height = 480;
  Figure f{fig.name, "", data_blocks(blocks), g.width(), g.height()};
  const bool show_threshold = !std::isnan(threshold) && threshold <= 1.5 * hi;  // far above the readings it would flatten them
  const std::string dat = single_quoted(fig.name + ".dat");
  std::string plot = "plot NaN notitle";
  for (std::size_t i = 0; i < blocks.size(); ++i) {
    const int ls = static_cast<int>(i % kStyles) + 1;
    plot += fmt::format(", \\\n     {} index {} using 1:3 with linespoints ls {} title {}", dat, i, ls, gq(titles[i]));
    plot += fmt::format(", \\\n     {} index {} using 1:4 with points ls {} pt {} notitle", dat, i, ls, hollow_point(ls));
  }
  plot += fmt::format(", \\\n     keyentry with points lc rgb '#444444' pt 6 title {}", gq(fmt::format("saturated (accepted < {:.0f}%)", 100 * kSaturatedBelow)));
  if (show_threshold)
    plot += fmt::format(", \\\n     {} with lines dt 2 lc rgb '#888888' lw 1.5 title {}", num(threshold), single_quoted(fig.threshold_label));
  f.body = g.begin(fmt::format("{} (router {}, {})", fig.title, router, fig.note) +
                   (l.context.empty() ? "" : "\n" + l.context)) +
           fmt::format("set xrange [0:{}]\nset yrange [0:{}]\nset xlabel 'Offered load (phits/node/cycle)'\n"
                       "set ylabel {}\nunset key\n",
                       num(x_hi * 1.05), num(std::max(hi, show_threshold ? threshold : 0.0) * 1.15), single_quoted(fig.ylabel)) +
           g.key() + plot + "\n";
  return f;
}

}  // namespace hiradix::plot
