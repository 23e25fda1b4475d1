// LIAN's intermediate-local counter against offered load, from the trace.lian files of a sweep's points
// (the thesis' §6.3.2.2: where a -g- path saturates, the relevant IL counter reads about the same for every
// group offset, which is what lets one threshold ILCth pick the l2 hop). A curve per traffic panel and
// series; a point is the mean `il` of the traced router's injection decisions after the warm-up, drawn
// open where the point has saturated. Each curve's legend gives its reading at its last load before
// saturation ("ADV+4: 22.1 at offered 0.2").
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

// Mean of the `il` column of a trace.lian CSV over the rows at or after `from`; NaN if none or no file.
double mean_il(const fs::path& file, double from) {
  std::ifstream in(file);
  std::string line;
  if (!in || !std::getline(in, line) || line.rfind("cycle,dst_offset,g_dst,saturated,il,", 0) != 0) return NAN;
  double sum = 0;
  std::size_t n = 0;
  while (std::getline(in, line)) {
    std::stringstream r(line);
    std::string cell[5];
    for (std::string& c : cell) std::getline(r, c, ',');
    try {
      if (std::stod(cell[0]) < from) continue;
      sum += std::stod(cell[4]), ++n;
    } catch (const std::exception&) {  // a row cut short (the run was killed while writing): not a reading
    }
  }
  return n ? sum / static_cast<double>(n) : NAN;
}

struct IlPoint {
  double offered, il;
  bool saturated;
};

}  // namespace

Figure lian_il_figure(const SweepTable& s, const Layout& l, std::string& why_not) {
  if (s.rows.empty()) return why_not = "no rows", Figure{};
  const nlohmann::json c = s.config(0);
  const auto section = [&](const char* name) { return c.is_object() && c.contains(name) ? c[name] : nlohmann::json::object(); };
  const std::string trace = section("trace").value("lian", "");
  if (trace.empty()) return why_not = "trace.lian is not set", Figure{};
  const double warmup = section("sim").value("warmup", 0.0), ilc = section("routing").value("lian_ilc", NAN);
  const int router = section("trace").value("router", -1);
  std::vector<Block> blocks;
  std::vector<std::string> titles;
  double hi = 0, x_hi = 0;
  for (const Facet& f : l.facets)
    for (const Series& ser : f.series) {
      std::vector<IlPoint> pts;
      for (const auto& rows : ser.points) {
        std::vector<double> x, y, accepted;
        for (std::size_t r : rows) {
          const double il = s.ok(r) ? mean_il(s.dir / "points" / fmt::format("{:04d}", std::stoul(s.rows[r][0])) / fs::path(trace).filename(), warmup) : NAN;
          if (std::isnan(il)) continue;
          x.push_back(s.value(r, "offered_load")), y.push_back(il), accepted.push_back(s.value(r, "accepted_load"));
        }
        if (x.empty()) continue;
        const double mx = mean_ci95(x).mean, ma = mean_ci95(accepted).mean;
        pts.push_back({mx, mean_ci95(y).mean, ma < kSaturatedBelow * mx});
      }
      if (pts.empty()) continue;
      std::sort(pts.begin(), pts.end(), [](const IlPoint& a, const IlPoint& b) { return a.offered < b.offered; });
      std::string title = f.title.empty() ? ser.label : f.series.size() > 1 ? f.title + ", " + ser.label : f.title;
      const auto first_saturated = std::find_if(pts.begin(), pts.end(), [](const IlPoint& p) { return p.saturated; });
      if (first_saturated != pts.begin())
        title += fmt::format(": {:.1f} at offered {:.3g}", std::prev(first_saturated)->il, std::prev(first_saturated)->offered);
      Block b{title + "  (offered, mean IL, IL if not saturated, IL if saturated)", {}};
      for (const IlPoint& p : pts) {
        b.rows.push_back({p.offered, p.il, p.saturated ? NAN : p.il, p.saturated ? p.il : NAN});
        hi = std::max(hi, p.il), x_hi = std::max(x_hi, p.offered);
      }
      blocks.push_back(std::move(b));
      titles.push_back(title);
    }
  if (blocks.empty()) return why_not = "no point that ended ok has its trace.lian file", Figure{};
  Grid g = grid(1, 1);
  g.panel_width = 760;
  g.panel_height = 480;
  Figure f{"lian_il_vs_load", "", data_blocks(blocks), g.width(), g.height()};
  const bool show_ilc = !std::isnan(ilc) && ilc <= 1.5 * hi;  // ILCth far above the readings would flatten them
  std::string plot = "plot NaN notitle";
  for (std::size_t i = 0; i < blocks.size(); ++i) {
    const int ls = static_cast<int>(i % kStyles) + 1;
    plot += fmt::format(", \\\n     'lian_il_vs_load.dat' index {} using 1:3 with linespoints ls {} title {}", i, ls, gq(titles[i]));
    plot += fmt::format(", \\\n     'lian_il_vs_load.dat' index {} using 1:4 with points ls {} pt {} notitle", i, ls, hollow_point(ls));
  }
  plot += fmt::format(", \\\n     keyentry with points lc rgb '#444444' pt 6 title {}", gq(fmt::format("saturated (accepted < {:.0f}%)", 100 * kSaturatedBelow)));
  if (show_ilc) plot += fmt::format(", \\\n     {} with lines dt 2 lc rgb '#888888' lw 1.5 title 'ILCth'", num(ilc));
  f.body = g.begin(fmt::format("LIAN's intermediate-local counter vs offered load (router {}, mean over its injection decisions)", router) +
                   (l.context.empty() ? "" : "\n" + l.context)) +
           fmt::format("set xrange [0:{}]\nset yrange [0:{}]\nset xlabel 'Offered load (phits/node/cycle)'\n"
                       "set ylabel 'Larger relevant IL counter (packets)'\nunset key\n",
                       num(x_hi * 1.05), num(std::max(hi, show_ilc ? ilc : 0.0) * 1.15)) +
           g.key() + plot + "\n";
  return f;
}

}  // namespace hiradix::plot
