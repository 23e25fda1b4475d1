// The numbers of a transient (traffic.change.at), per point and seed, from the latency of the packets
// created per time bin (time_series' generated_latency): the level before the change, the new level, the
// peak over it and when the latency settled. Only bins whose packets all had time to arrive count (a bin
// ending a p99 latency or more before the run does, as the transient figure's reaction panel): the later
// bins hold only the fast packets. With S the span from the change to the last such bin:
//   level before  the mean of the bins that end by the change;
//   new level     the mean of the bins in S's second half;
//   peak          the highest bin in S's first half, in percent over the new level;
//   settled       the end of the first bin after the change from which every bin to S's end is within 3 %
//                 (and 5 %) of the new level, in cycles since the change.
#include <algorithm>
#include <cmath>
#include <map>

#include <fmt/format.h>

#include "tools/plot/plot_figures.h"

namespace hiradix::plot {

namespace {

using nlohmann::json;

struct Numbers {
  double before = NAN, after = NAN, peak_percent = NAN, settled3 = NAN, settled5 = NAN;
};

struct Bin {
  double start, latency;
};

double mean_of(const std::vector<Bin>& bins, double from, double to) {
  double sum = 0, n = 0;
  for (const Bin& b : bins)
    if (b.start >= from && b.start < to) sum += b.latency, ++n;
  return n > 0 ? sum / n : NAN;
}

// The end (since the change) of the first bin of `after` from which every bin is within tol of level.
double settled(const std::vector<Bin>& after, double level, double bin, double change, double tol) {
  std::size_t first = after.size();
  for (std::size_t i = after.size(); i-- > 0 && std::abs(after[i].latency - level) <= tol * level;) first = i;
  return first < after.size() ? after[first].start + bin - change : NAN;
}

Numbers numbers_of(const json& r) {
  const json& c = r["config"];
  const double change = c["sim"]["warmup"].get<double>() + c["traffic"]["change"]["at"].get<double>();
  const double end = c["sim"]["warmup"].get<double>() + c["sim"]["measure"].get<double>();
  const double bin = c["stats"]["bin"].get<double>();
  const json& p99_of_run = r["latency"]["total"]["p99"];
  const double p99 = p99_of_run.is_null() ? 0.0 : p99_of_run.get<double>();
  std::vector<Bin> before, after;
  for (const json& bn : r["time_series"]) {
    const double start = bn["cycle"].get<double>();
    if (bn.value("generated_packets", 0.0) <= 0 || start + bin + p99 > end) continue;
    const Bin b{start, bn["generated_latency"].get<double>()};
    if (start + bin <= change) before.push_back(b);
    else if (start >= change) after.push_back(b);  // not a bin the change falls inside
  }
  Numbers n;
  n.before = mean_of(before, -INFINITY, INFINITY);
  if (after.empty()) return n;
  const double half = change + (after.back().start + bin - change) / 2;
  n.after = mean_of(after, half, INFINITY);
  double peak = -INFINITY;
  for (const Bin& b : after)
    if (b.start < half) peak = std::max(peak, b.latency);
  if (std::isfinite(peak)) n.peak_percent = 100 * (peak / n.after - 1);
  n.settled3 = settled(after, n.after, bin, change, 0.03);
  n.settled5 = settled(after, n.after, bin, change, 0.05);
  return n;
}

// `keys`: the point's varied values, each followed by a comma.
std::string row_of(const std::string& keys, const std::string& seed, const Numbers& n) {
  return fmt::format("{}{},{},{},{},{},{}\n", keys, seed, num(n.before), num(n.after), num(n.peak_percent), num(n.settled3), num(n.settled5));
}

}  // namespace

std::string transient_summary(const SweepTable& s) {
  // The rows of each point (its seeds: the rows with the same varied values), in the sweep's order.
  std::map<std::string, std::vector<std::size_t>> seeds_of;
  std::vector<std::string> points;
  for (std::size_t row = 0; row < s.rows.size(); ++row) {
    if (!s.ok(row)) continue;
    std::string keys;
    for (const std::string& v : s.varied) keys += s.text(row, v) + ",";
    if (!seeds_of.count(keys)) points.push_back(keys);
    seeds_of[keys].push_back(row);
  }
  std::string text;
  for (const std::string& keys : points) {
    std::vector<Numbers> seeds;
    for (std::size_t row : seeds_of[keys]) {
      const json r = s.point(row);
      if (!r.is_object() || !r.contains("time_series") || r["time_series"].empty() || !r["time_series"][0].contains("generated_latency"))
        continue;
      seeds.push_back(numbers_of(r));
      text += row_of(keys, s.text(row, "seed"), seeds.back());
    }
    if (seeds.size() < 2) continue;
    // The seeds' mean, lowest and highest of each number (NaN when any seed's is).
    Numbers mean, lo, hi;
    double Numbers::*fields[] = {&Numbers::before, &Numbers::after, &Numbers::peak_percent, &Numbers::settled3, &Numbers::settled5};
    for (double Numbers::*f : fields) {
      double sum = 0, l = INFINITY, h = -INFINITY;
      for (const Numbers& n : seeds) sum += n.*f, l = std::min(l, n.*f), h = std::max(h, n.*f);
      const bool gap = std::isnan(sum);
      mean.*f = sum / static_cast<double>(seeds.size()), lo.*f = gap ? NAN : l, hi.*f = gap ? NAN : h;
    }
    text += row_of(keys, "mean", mean) + row_of(keys, "min", lo) + row_of(keys, "max", hi);
  }
  if (text.empty()) return "";
  std::string header;
  for (const std::string& v : s.varied) header += v + ",";
  return header + "seed,level_before,level_after,peak_percent,settled_3pct,settled_5pct\n" + text;
}

}  // namespace hiradix::plot
