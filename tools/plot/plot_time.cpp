// Figures of transients (traffic.change.at): per time bin around the change, one curve per point (the mean
// of its seeds, bin by bin), the panels stacked on one time axis. A bin without packets is a gap (NaN in
// NAME.dat), not a 0, and so is a bin that is a gap in any seed;
// the misrouted fraction of packets by creation bin ends a p99 latency before the run does, since the
// bins after that hold only the packets fast enough to arrive before the end (mostly minimal ones: the
// curve would fall for no reason).
#include <algorithm>
#include <cmath>

#include <fmt/format.h>

#include "tools/plot/plot_figures.h"

namespace hiradix::plot {

namespace {

using nlohmann::json;

// One curve of a transient figure: a label, a style, and the results of the point's seeds that have the
// time series (at least one), with their point files.
struct Run {
  std::string label;
  int style = 1;
  std::vector<json> seeds;
  std::vector<std::string> files;
  const json& result() const { return seeds.front(); }
};

std::vector<Run> transient_runs(const SweepTable& s, const Layout& l, const char* needed_field) {
  std::vector<Run> runs;
  for (const Facet& f : l.facets)
    for (const Series& ser : f.series)
      for (const auto& rows : ser.points) {
        std::vector<json> seeds;
        std::vector<std::string> files;
        for (std::size_t row : rows) {
          json r = s.point(row);
          if (r.is_object() && r.contains("time_series") && !r["time_series"].empty() && r["time_series"][0].contains(needed_field))
            seeds.push_back(std::move(r)), files.push_back(s.point_path(row).string());
        }
        if (seeds.empty()) continue;
        std::string label = (f.title.empty() ? "" : f.title + ", ") + ser.label;
        if (ser.points.size() > 1) label += fmt::format(", load {:g}", seeds.front()["config"]["traffic"]["load"].get<double>());
        runs.push_back({label, ser.style, std::move(seeds), std::move(files)});
      }
  return runs;
}

double change_cycle(const json& r) { return r["config"]["sim"]["warmup"].get<double>() + r["config"]["traffic"]["change"]["at"].get<double>(); }

double bin_width(const json& r) { return r["config"]["stats"]["bin"].get<double>(); }

// Columns: bin centre relative to the change; latency and misrouted fraction of the packets delivered in
// the bin (NaN without packets); misrouted fraction of the packets created in the bin (NaN without
// packets, and for bins that end less than a p99 latency before the run ends); accepted load.
Block transient_block(const json& r, const std::string& label) {
  const double change = change_cycle(r), bin = bin_width(r);
  const double end = r["config"]["sim"]["warmup"].get<double>() + r["config"]["sim"]["measure"].get<double>();
  const json& p99_of_run = r["latency"]["total"]["p99"];  // null when the window delivered nothing
  const double p99 = p99_of_run.is_null() ? 0.0 : p99_of_run.get<double>();
  Block b{label + "  (cycles since the change, latency, misrouted created, misrouted delivered, accepted load)", {}};
  for (const json& bn : r["time_series"]) {
    const double start = bn["cycle"].get<double>();
    const bool delivered = bn["packets"].get<double>() > 0;
    const bool created = bn.value("generated_packets", 0.0) > 0 && start + bin + p99 <= end;
    b.rows.push_back({start + bin / 2 - change, delivered ? bn["latency"].get<double>() : NAN,
                      created ? bn["generated_misrouted_fraction"].get<double>() : NAN,
                      delivered ? bn["misrouted_fraction"].get<double>() : NAN, bn["accepted_load"].get<double>()});
  }
  return b;
}

// Columns: bin centre; mean counter seen by the bin's headers (NaN without headers); bin end (where the
// counters were sampled); mean counter over all ports; largest counter.
Block contention_block(const json& r, const std::string& label) {
  const double change = change_cycle(r), bin = bin_width(r);
  Block b{label + "  (bin centre, mean at header, bin end, mean over ports, largest)", {}};
  for (const json& bn : r["time_series"]) {
    if (!bn.contains("contention_mean")) continue;
    const double x = bn["cycle"].get<double>() + bin / 2 - change;
    b.rows.push_back({x, bn["contention_headers"].get<double>() > 0 ? bn["contention_mean_at_header"].get<double>() : NAN, x + bin / 2,
                      bn["contention_mean"].get<double>(), bn["contention_max"].get<double>()});
  }
  return b;
}

// Columns: bin end (where the levels were sampled); the routers' mean level (RoutingState::level: ACOR's,
// 0 = the sequence's lowest policy); the fraction of routers above the lowest level.
Block levels_block(const json& r, const std::string& label) {
  const double change = change_cycle(r), bin = bin_width(r);
  Block b{label + "  (bin end, mean level, fraction above the lowest)", {}};
  for (const json& bn : r["time_series"]) {
    if (!bn.contains("routers_at_level")) continue;
    double routers = 0, level_sum = 0;
    for (std::size_t k = 0; k < bn["routers_at_level"].size(); ++k) {
      const double n = bn["routers_at_level"][k].get<double>();
      routers += n, level_sum += n * static_cast<double>(k);
    }
    const double lowest = bn["routers_at_level"][0].get<double>();
    b.rows.push_back({bn["cycle"].get<double>() + bin - change, level_sum / routers, (routers - lowest) / routers});
  }
  return b;
}

using OneSeed = Block (*)(const json&, const std::string&);

// A run's block: `one` of each seed, summed cell by cell and divided by the seeds (NaN where any seed's is:
// a gap in one seed is a gap, so that a mean never stands on fewer seeds than the curve's others). Seeds
// whose bins differ (another run length or bin width: a point file edited by hand or copied from another
// sweep) cannot be averaged bin by bin: false, with why_not naming the two point files.
bool seeds_block(const Run& run, OneSeed one, Block& mean, std::string& why_not) {
  mean = one(run.seeds.front(), run.label);
  for (std::size_t k = 1; k < run.seeds.size(); ++k) {
    const Block o = one(run.seeds[k], run.label);
    bool same_bins = o.rows.size() == mean.rows.size();
    for (std::size_t i = 0; same_bins && i < o.rows.size(); ++i)
      same_bins = o.rows[i].size() == mean.rows[i].size() && o.rows[i][0] == mean.rows[i][0];
    if (!same_bins)
      return why_not = fmt::format("{} and {} are seeds of one point with different time bins (sim.warmup, sim.measure, "
                                   "traffic.change.at or stats.bin differ): they cannot be averaged bin by bin",
                                   run.files.front(), run.files[k]),
             false;
    for (std::size_t i = 0; i < o.rows.size(); ++i)
      for (std::size_t c = 1; c < o.rows[i].size(); ++c) mean.rows[i][c] += o.rows[i][c];  // NaN stays NaN
  }
  const double n = static_cast<double>(run.seeds.size());
  for (auto& row : mean.rows)
    for (std::size_t c = 1; c < row.size(); ++c) row[c] /= n;
  return true;
}

// Every run's block, in order; false with why_not at the first run whose seeds cannot be averaged.
bool seeds_blocks(const std::vector<Run>& runs, OneSeed one, std::vector<Block>& blocks, std::string& why_not) {
  blocks.resize(runs.size());
  for (std::size_t i = 0; i < runs.size(); ++i)
    if (!seeds_block(runs[i], one, blocks[i], why_not)) return false;
  return true;
}

struct Panel {
  std::string title, ylabel;
  std::size_t x, y;  // the block's columns (0-based)
  double y_max;      // the y range's top, 0 = from the data; a log axis when negative
};

// The y axis of a panel: from 0 to y_max or the data's largest value; or a log axis over the data (latency:
// a saturated routing's climb would flatten the others).
std::string y_axis(const Panel& p, const std::vector<Block>& blocks) {
  double lo = INFINITY, hi = 0;
  for (const Block& b : blocks)
    for (const auto& row : b.rows)
      if (std::isfinite(row[p.y])) lo = std::min(lo, row[p.y]), hi = std::max(hi, row[p.y]);
  if (p.y_max < 0) return log_axis("y", lo, hi);
  return fmt::format("unset logscale y\nset ytics autofreq\nset yrange [0:{}]\n", num(p.y_max > 0 ? p.y_max : hi > 0 ? hi * 1.08 : 1));
}

// Panels stacked on the time axis of `runs`, each plotting every run's block with `columns`; the legend
// (one entry per run) right of the first panel.
Figure stacked(const std::string& name, const std::string& title, const std::vector<Run>& runs, const std::vector<Block>& blocks,
               const std::vector<Panel>& panels) {
  Grid g = grid(static_cast<int>(panels.size()), 1);
  g.panel_width = 700;
  g.panel_height = 220;
  // The time axis spans the bins themselves (first start to last end), which are round numbers.
  double lo = INFINITY, hi = -INFINITY;
  for (std::size_t i = 0; i < blocks.size(); ++i)
    for (const auto& row : blocks[i].rows) {
      const double half = bin_width(runs[i].result()) / 2;
      lo = std::min(lo, row[0] - half), hi = std::max(hi, row[0] + half);
    }
  Figure f{name, "", data_blocks(blocks), g.width(), g.height()};
  std::string body = g.begin(title) + fmt::format("set xrange [{}:{}]\nunset key\nset arrow 1 from 0, graph 0 to 0, graph 1 nohead dt 2 lc rgb 'black'\n",
                                                  num(lo), num(hi));
  for (std::size_t k = 0; k < panels.size(); ++k) {
    const Panel& p = panels[k];
    body += fmt::format("set title {}\nset ylabel {}\n{}set xlabel {}\n", gq(p.title), gq(p.ylabel), y_axis(p, blocks),
                        k + 1 == panels.size() ? "'Cycles since the traffic change (dashed line)'" : "''");
    std::string plot = "plot NaN notitle";
    for (std::size_t i = 0; i < runs.size(); ++i)
      plot += fmt::format(", \\\n     {} index {} using {}:{} with lines ls {} notitle", gq(name + ".dat"), i, p.x + 1, p.y + 1, runs[i].style);
    if (k == 0) {
      body += g.key();
      for (const Run& r : runs) plot += fmt::format(", \\\n     keyentry with lines ls {} title {}", r.style, gq(r.label));
    }
    body += plot + "\n" + (k == 0 ? "unset key\n" : "");
  }
  f.body = body;
  return f;
}

std::string context_line(const Layout& l, const std::vector<Run>& runs, const std::string& what) {
  std::size_t seeds = 0;
  for (const Run& r : runs) seeds = std::max(seeds, r.seeds.size());
  return fmt::format("{} per {:g}-cycle bin{}{}", what, bin_width(runs.front().result()),
                     seeds > 1 ? fmt::format(", mean over {} seeds", seeds) : "", l.context.empty() ? "" : "\n" + l.context);
}

}  // namespace

Figure transient_figure(const SweepTable& s, const Layout& l, std::string& why_not) {
  const std::vector<Run> runs = transient_runs(s, l, "packets");
  if (runs.empty()) return why_not = "no point has a time series (traffic.change.at is not set)", Figure{};
  std::vector<Block> blocks;
  if (!seeds_blocks(runs, transient_block, blocks, why_not)) return Figure{};
  const std::vector<Panel> panels = {
      {"Average latency of the packets delivered in the bin", "Latency (cycles)", 0, 1, -1},
      {"Misrouted fraction of the packets created in the bin (the reaction)", "Fraction of packets", 0, 2, 1.05},
      {"Misrouted fraction of the packets delivered in the bin", "Fraction of packets", 0, 3, 1.05},
      {"Accepted load", "phits/node/cycle", 0, 4, 0}};
  return stacked("transient", context_line(l, runs, "Transient after the traffic change:"), runs, blocks, panels);
}

Figure contention_trace_figure(const SweepTable& s, const Layout& l, std::string& why_not) {
  const std::vector<Run> runs = transient_runs(s, l, "contention_mean");
  if (runs.empty()) return why_not = "no point has a time series with contention counters", Figure{};
  std::vector<Block> blocks;
  if (!seeds_blocks(runs, contention_block, blocks, why_not)) return Figure{};
  const std::vector<Panel> panels = {
      {"Mean counter value seen by the headers of the bin (on their minimal output)", "Counter (packets)", 0, 1, 0},
      {"Mean counter over all router ports, at the bin's end", "Counter (packets)", 2, 3, 0},
      {"Largest counter in the network, at the bin's end", "Counter (packets)", 2, 4, 0}};
  return stacked("contention_trace", context_line(l, runs, "Contention counters around the traffic change:"), runs, blocks, panels);
}

Figure routing_levels_figure(const RoutingFigure& fig, const std::vector<std::string>& algorithms, const SweepTable& s,
                             const Layout& l, std::string& why_not) {
  std::vector<Run> runs = transient_runs(s, l, "routers_at_level");
  runs.erase(std::remove_if(runs.begin(), runs.end(),
                            [&](const Run& r) {
                              const std::string a = r.result()["config"]["routing"].value("algorithm", "");
                              return std::find(algorithms.begin(), algorithms.end(), a) == algorithms.end();
                            }),
             runs.end());
  if (runs.empty()) {
    std::string names;
    for (const std::string& a : algorithms) names += (names.empty() ? "" : " or ") + a;
    return why_not = "no point of " + names + " has a time series with levels", Figure{};
  }
  std::vector<Block> blocks;
  if (!seeds_blocks(runs, levels_block, blocks, why_not)) return Figure{};
  const std::vector<Panel> panels = {{"Mean " + fig.quantity + " of the routers at the bin's end (" + fig.note + ")", "Level", 0, 1, 0},
                                     {"Routers above the lowest level at the bin's end", "Fraction of routers", 0, 2, 1.05}};
  return stacked(fig.name, context_line(l, runs, fig.title), runs, blocks, panels);
}

}  // namespace hiradix::plot
