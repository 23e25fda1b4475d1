// Accepted load against the ADV+i group offset, for a sweep of traffic.offset at one offered load (as the
// thesis' Fig. 6-3 for the phase-A policies): one curve per series, the offered load dashed. Such a sweep
// has one offered load per curve, so the load figures do not apply to it.
#include <algorithm>
#include <cmath>
#include <map>
#include <set>

#include <fmt/format.h>

#include "tools/plot/plot_figures.h"
#include "tools/sweep/sweep.h"

namespace hiradix::plot {

Figure offset_figure(const SweepTable& s, const Layout& l, std::string& why_not) {
  if (!s.has("traffic.offset")) return why_not = "traffic.offset is not varied", Figure{};
  std::set<std::string> loads;
  for (std::size_t r = 0; r < s.rows.size(); ++r) loads.insert(s.has("traffic.load") ? s.text(r, "traffic.load") : "");
  if (loads.size() > 1) return why_not = "traffic.load is varied too (the load figures draw it)", Figure{};
  // Per curve (its label's place in the legend): offset -> accepted loads of the seeds that ended ok.
  std::vector<std::map<double, std::vector<double>>> curves(l.labels.size());
  double offered = 0;
  std::size_t ok_rows = 0;
  for (const Facet& f : l.facets)
    for (const Series& ser : f.series) {
      const auto label = std::find(l.labels.begin(), l.labels.end(), ser.label) - l.labels.begin();
      for (const auto& rows : ser.points)
        for (std::size_t r : rows)
          if (s.ok(r)) {
            curves[static_cast<std::size_t>(label)][s.value(r, "traffic.offset")].push_back(s.value(r, "accepted_load"));
            offered += s.value(r, "offered_load"), ++ok_rows;
          }
    }
  if (ok_rows == 0) return why_not = "no point ended ok", Figure{};
  offered /= static_cast<double>(ok_rows);
  std::vector<Block> blocks;
  double lo = INFINITY, hi = -INFINITY;
  for (std::size_t c = 0; c < curves.size(); ++c) {
    Block b{l.labels[c] + "  (offset, accepted load, ci95)", {}};
    for (const auto& [offset, accepted] : curves[c]) {
      const MeanCi m = mean_ci95(accepted);
      b.rows.push_back({offset, m.mean, std::isnan(m.ci95) ? 0.0 : m.ci95});
      lo = std::min(lo, offset), hi = std::max(hi, offset);
    }
    blocks.push_back(std::move(b));
  }
  Grid g = grid(1, 1);
  g.panel_width = 900;
  Figure f{"accepted_vs_offset", "", data_blocks(blocks), g.width(), g.height()};
  std::string body = g.begin(fmt::format("Accepted load vs ADV+i offset at offered load {:.2f}", offered) +
                             (l.context.empty() ? "" : "\n" + l.context)) +
                     fmt::format("set xrange [{}:{}]\nset yrange [0:{}]\nset xlabel 'Group offset i of ADV+i'\n"
                                 "set ylabel 'Accepted load (phits/node/cycle)'\nunset key\n",
                                 num(lo - 0.5), num(hi + 0.5), num(offered * 1.15)) +
                     g.key() + "plot NaN notitle";
  for (std::size_t c = 0; c < curves.size(); ++c)
    if (!curves[c].empty())
      body += fmt::format(", \\\n     {} index {} using 1:2 with linespoints ls {} title {}", gq("accepted_vs_offset.dat"), c, l.styles[c], gq(l.labels[c]));
  body += fmt::format(", \\\n     {} with lines dt 2 lc rgb '#888888' lw 1.5 title 'offered'\n", num(offered));
  f.body = body;
  return f;
}

}  // namespace hiradix::plot
