#include "testbench/plot.h"

#include <sys/wait.h>

#include <algorithm>
#include <array>
#include <cmath>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <map>
#include <set>
#include <sstream>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "testbench/config.h"
#include "testbench/sweep.h"

namespace hiradix {

namespace fs = std::filesystem;
using nlohmann::json;

namespace {

std::string num(double v) { return std::isfinite(v) ? fmt::format("{:.10g}", v) : "NaN"; }

// Escapes text for a double-quoted gnuplot string. The terminals are noenhanced, so the underscores of
// key names stay underscores (enhanced text would make them subscripts).
std::string gq(const std::string& s) {
  std::string q = "\"";
  for (char c : s) q += c == '"' || c == '\\' ? std::string("\\") + c : std::string(1, c);
  return q + "\"";
}

// One line of a plot: a label and its (x, y, y-error) points.
struct Curve {
  std::string label;
  std::vector<std::array<double, 3>> xy;  // x, y, half-width (NaN: none)
};

// A figure: the data blocks (one per curve, gnuplot's `index`) and the plot commands, drawn once for SVG
// and once for PNG.
struct Figure {
  std::string name;
  std::string body;  // gnuplot commands after the terminal is set
  std::string data;  // NAME.dat
  bool multiplot = false;
  int height = 600;  // pixels (PNG) / points (SVG); multiplots get more
};

std::string data_blocks(const std::vector<Curve>& curves) {
  std::ostringstream d;
  for (const Curve& c : curves) {
    d << "# " << c.label << "\n";
    for (const auto& p : c.xy) d << num(p[0]) << " " << num(p[1]) << " " << num(p[2]) << "\n";
    d << "\n\n";  // two blank lines end a gnuplot index block
  }
  return d.str();
}

// `plot` clause drawing every curve of `file` (blocks from index `first`), with error bars when asked.
std::string plot_curves(const std::string& file, const std::vector<Curve>& curves, bool errors, std::size_t first = 0,
                        bool points = true) {
  std::string s;
  for (std::size_t i = 0; i < curves.size(); ++i) {
    if (!s.empty()) s += ", \\\n     ";
    s += fmt::format("{} index {} using 1:2{} with {} ls {} title {}", gq(file), first + i, errors ? ":3" : "",
                     errors ? "yerrorlines" : points ? "linespoints" : "lines", i + 1, gq(curves[i].label));
  }
  return s;
}

const char* kStyle =
    "set encoding utf8\n"

    "set grid back lc rgb '#dddddd'\n"
    "set border lw 1.2\n"
    "set key top left box opaque\n"
    "set style line 1 lc rgb '#1f77b4' lw 2 pt 7 ps 0.9\n"
    "set style line 2 lc rgb '#d62728' lw 2 pt 5 ps 0.9\n"
    "set style line 3 lc rgb '#2ca02c' lw 2 pt 9 ps 1.0\n"
    "set style line 4 lc rgb '#ff7f0e' lw 2 pt 11 ps 1.0\n"
    "set style line 5 lc rgb '#9467bd' lw 2 pt 13 ps 1.0\n"
    "set style line 6 lc rgb '#8c564b' lw 2 pt 4 ps 0.9\n"
    "set style line 7 lc rgb '#e377c2' lw 2 pt 6 ps 0.9\n"
    "set style line 8 lc rgb '#7f7f7f' lw 2 pt 8 ps 0.9\n"
    "set style line 9 lc rgb '#bcbd22' lw 2 pt 10 ps 0.9\n"
    "set style line 10 lc rgb '#17becf' lw 2 pt 12 ps 0.9\n";

// Writes NAME.dat and NAME.gp and runs gnuplot (in `dir`, so the script is rerunnable there by hand).
void draw(const Figure& f, const fs::path& dir, int width, int height) {
  std::ofstream(dir / (f.name + ".dat")) << f.data;
  std::ostringstream gp;
  gp << "# " << f.name << ": written by hiradix plot; run `gnuplot " << f.name << ".gp` in this directory.\n" << kStyle;
  const std::string svg = fmt::format("set terminal svg size {},{} dynamic noenhanced font 'sans,13' background rgb 'white'\n", width, height);
  const std::string png = fmt::format("set terminal pngcairo size {},{} noenhanced font 'sans,11' background rgb 'white'\n", width, height);
  for (const auto& [term, ext] : {std::pair{svg, "svg"}, std::pair{png, "png"}}) {
    gp << term << "set output " << gq(f.name + "." + ext) << "\n" << f.body << "\n";
    if (f.multiplot) gp << "unset multiplot\n";
    gp << "unset output\n";
  }
  std::ofstream(dir / (f.name + ".gp")) << gp.str();
  const std::string cmd = "cd '" + dir.string() + "' && gnuplot " + f.name + ".gp 2>" + f.name + ".log";
  const int status = std::system(cmd.c_str());
  if (status != 0) {
    std::ifstream log(dir / (f.name + ".log"));
    std::stringstream text;
    text << log.rdbuf();
    throw std::runtime_error("gnuplot failed on " + (dir / (f.name + ".gp")).string() + ": " + text.str());
  }
  fs::remove(dir / (f.name + ".log"));
}

struct Sweep {
  std::vector<std::string> header;
  std::vector<std::vector<std::string>> rows;
  std::vector<std::string> varied;  // the columns between point and seed
  std::map<std::string, std::size_t> col;
  fs::path dir;                     // where results.csv is (points/ next to it)

  bool has(const std::string& c) const { return col.count(c) > 0; }
  double value(std::size_t row, const std::string& c) const {
    const std::string& s = rows[row][col.at(c)];
    if (s.empty()) return std::nan("");
    return std::strtod(s.c_str(), nullptr);
  }
  json point(std::size_t row) const {
    std::ifstream in(dir / "points" / fmt::format("{:04d}.json", std::stoul(rows[row][0])));
    if (!in) return json();
    try {
      return json::parse(in);
    } catch (const json::exception&) {
      return json();
    }
  }
};

Sweep read_sweep(const std::string& path) {
  Sweep s;
  std::ifstream in(path);
  if (!in) config_fail("plot " + path, "cannot read the file");
  std::string line;
  if (!std::getline(in, line)) config_fail("plot " + path, "empty file");
  s.header = split_csv_line(line);
  for (std::size_t i = 0; i < s.header.size(); ++i) s.col[s.header[i]] = i;
  if (s.header.empty() || s.header[0] != "point" || !s.has("seed") || !s.has("status") || !s.has("offered_load") ||
      !s.has("accepted_load") || !s.has("latency.total.average"))
    config_fail("plot " + path, "not a hiradix sweep results.csv (expected columns point, ..., seed, status, offered_load, accepted_load, latency.total.average)");
  for (std::size_t i = 1; i < s.col["seed"]; ++i) s.varied.push_back(s.header[i]);
  while (std::getline(in, line))
    if (!line.empty()) {
      s.rows.push_back(split_csv_line(line));
      if (s.rows.back().size() < s.header.size()) s.rows.back().resize(s.header.size());
    }
  s.dir = fs::path(path).parent_path();
  return s;
}

// The rows grouped by curve (every varied key except the load) and, inside, by point (every varied key:
// the seeds of one point). Curves and points keep the sweep's order.
struct Grouping {
  std::vector<std::string> series_keys;
  std::vector<std::string> curve_labels;
  std::vector<std::vector<std::vector<std::size_t>>> curves;  // curve -> point -> rows (seeds)
};

Grouping group(const Sweep& s) {
  Grouping g;
  for (const std::string& k : s.varied)
    if (k != "traffic.load" && k != "traffic.change.load") g.series_keys.push_back(k);
  std::map<std::string, std::size_t> curve_of;
  std::vector<std::map<std::string, std::size_t>> point_of;
  for (std::size_t r = 0; r < s.rows.size(); ++r) {
    std::string label, point;
    for (const std::string& k : g.series_keys) label += (label.empty() ? "" : ", ") + s.rows[r][s.col.at(k)];
    for (const std::string& k : s.varied) point += s.rows[r][s.col.at(k)] + "\x1f";
    if (label.empty()) label = "all";
    auto [it, fresh] = curve_of.emplace(label, g.curves.size());
    if (fresh) {
      g.curves.emplace_back();
      g.curve_labels.push_back(label);
      point_of.emplace_back();
    }
    auto [pit, pfresh] = point_of[it->second].emplace(point, g.curves[it->second].size());
    if (pfresh) g.curves[it->second].emplace_back();
    g.curves[it->second][pit->second].push_back(r);
  }
  return g;
}

// One curve per series: x = mean offered load, y = mean of `metric` with its 95% half-width over seeds.
std::vector<Curve> load_curves(const Sweep& s, const Grouping& g, const std::string& metric, bool* several_seeds) {
  std::vector<Curve> out;
  for (std::size_t c = 0; c < g.curves.size(); ++c) {
    Curve curve{g.curve_labels[c], {}};
    for (const auto& rows : g.curves[c]) {
      std::vector<double> x, y;
      for (std::size_t r : rows) {
        if (s.rows[r][s.col.at("status")] != "ok") continue;  // a deadlocked point has no meaningful latency
        x.push_back(s.value(r, "offered_load"));
        y.push_back(s.value(r, metric));
      }
      if (x.empty()) continue;
      if (x.size() > 1) *several_seeds = true;
      const MeanCi mx = mean_ci95(x), my = mean_ci95(y);
      curve.xy.push_back({mx.mean, my.mean, std::isnan(my.ci95) ? 0.0 : my.ci95});
    }
    std::sort(curve.xy.begin(), curve.xy.end());
    out.push_back(std::move(curve));
  }
  return out;
}

std::string key_title(const Grouping& g) {
  std::string t;
  for (const std::string& k : g.series_keys) t += (t.empty() ? "" : ", ") + k;
  return t.empty() ? "" : "set key title " + gq(t) + "\n";
}

std::string seeds_note(bool several) { return several ? " (mean over seeds, 95% CI bars)" : ""; }

Figure latency_figure(const Sweep& s, const Grouping& g) {
  bool several = false;
  const std::vector<Curve> curves = load_curves(s, g, "latency.total.average", &several);
  // Beyond saturation latency grows without bound (limited only by the run length); a log axis keeps the
  // low-load differences readable and shows the knee.
  double lo = 1e300, hi = 0;
  for (const Curve& c : curves)
    for (const auto& p : c.xy)
      if (p[1] > 0) lo = std::min(lo, p[1]), hi = std::max(hi, p[1]);
  Figure f{"latency_vs_load", "", data_blocks(curves)};
  f.body = fmt::format(
      "set title {}\nset xlabel 'Offered load (phits/node/cycle)'\nset ylabel 'Average packet latency (cycles, log scale)'\n"
      "set logscale y\nset yrange [{}:{}]\nset xrange [0:*]\n{}plot {}\n",
      gq("Latency vs offered load" + seeds_note(several)), num(lo > hi ? 1 : std::pow(10, std::floor(std::log10(lo * 0.9)))),
      num(lo > hi ? 10 : hi * 1.5), key_title(g), plot_curves("latency_vs_load.dat", curves, several));
  return f;
}

Figure accepted_figure(const Sweep& s, const Grouping& g) {
  bool several = false;
  const std::vector<Curve> curves = load_curves(s, g, "accepted_load", &several);
  double hi = 0;
  for (const Curve& c : curves)
    for (const auto& p : c.xy) hi = std::max({hi, p[0], p[1]});
  Figure f{"accepted_vs_offered", "", data_blocks(curves)};
  // The diagonal is what a network below saturation accepts; curves leaving it show saturation.
  f.body = fmt::format(
      "set title {}\nset xlabel 'Offered load (phits/node/cycle)'\nset ylabel 'Accepted load (phits/node/cycle)'\n"
      "set xrange [0:{}]\nset yrange [0:{}]\n{}plot {}, \\\n     x with lines dt 2 lc rgb '#888888' lw 1.5 title 'accepted = offered'\n",
      gq("Accepted vs offered load" + seeds_note(several)), num(hi * 1.05), num(hi * 1.05), key_title(g),
      plot_curves("accepted_vs_offered.dat", curves, several));
  return f;
}

Figure contention_figure(const Sweep& s, const Grouping& g) {
  bool several = false;
  std::vector<Curve> mean = load_curves(s, g, "contention.mean_at_header", &several);
  std::vector<Curve> peak = load_curves(s, g, "contention.max", &several);
  std::vector<Curve> all = mean;
  all.insert(all.end(), peak.begin(), peak.end());
  Figure f{"contention", "", data_blocks(all), true, 800};
  f.body = fmt::format(
      "set multiplot layout 2,1 title {}\nset xlabel 'Offered load (phits/node/cycle)'\nset xrange [0:*]\nset yrange [0:*]\n"
      "set lmargin at screen 0.09\nset rmargin at screen 0.97\n{}"
      "set title 'Mean counter value seen by a header (its minimal output)'\nset ylabel 'Counter (packets)'\nplot {}\n"
      "set title 'Peak counter value'\nset ylabel 'Counter (packets)'\nset yrange [0:*]\nunset key\nplot {}\n",
      gq("Contention counters vs offered load" + seeds_note(several)), key_title(g),
      plot_curves("contention.dat", mean, several), plot_curves("contention.dat", peak, several, mean.size()));
  return f;
}

// Per-router injected load at the highest offered load of each curve (first seed): unfair injection
// shows as routers far below the others.
Figure fairness_figure(const Sweep& s, const Grouping& g) {
  Figure f{"fairness", "", "", true};
  std::ostringstream data, body;
  const std::size_t n = g.curves.size();
  body << fmt::format("set multiplot layout {},1 title 'Injected load per router at the highest offered load (fairness)'\n", n);
  // The key sits outside, right of the bars, so it never hides a router.
  body << "set style fill solid 0.8 noborder\nset boxwidth 0.8 relative\nset key outside right top vertical\nset yrange [0:*]\n"
          "set lmargin at screen 0.09\nset rmargin at screen 0.80\n";
  std::size_t block = 0;
  for (std::size_t c = 0; c < n; ++c) {
    const auto& pts = g.curves[c];
    std::size_t best = pts.front().front();
    for (const auto& rows : pts)
      if (s.value(rows.front(), "offered_load") > s.value(best, "offered_load")) best = rows.front();
    const json r = s.point(best);
    if (r.is_null() || !r.contains("injected_load_per_router")) continue;
    const auto& loads = r["injected_load_per_router"];
    double sum = 0;
    data << "# " << g.curve_labels[c] << "\n";
    for (std::size_t i = 0; i < loads.size(); ++i) {
      data << i << " " << num(loads[i].get<double>()) << "\n";
      sum += loads[i].get<double>();
    }
    data << "\n\n";
    const double offered = s.value(best, "offered_load");
    body << fmt::format("set title {}\nset xlabel 'Router'\nset ylabel 'Injected load (phits/node/cycle)'\nset xrange [-1:{}]\n",
                        gq(g.curve_labels[c] + fmt::format(": offered {:.3f}, accepted {:.3f}", offered, s.value(best, "accepted_load"))),
                        loads.size());
    body << fmt::format("plot 'fairness.dat' index {} using 1:2 with boxes ls {} title 'one router', {} with lines dt 2 lc rgb 'black' lw 1.5 title 'mean {:.3f}'\n",
                        block++, c + 1, num(sum / static_cast<double>(loads.size())), sum / static_cast<double>(loads.size()));
  }
  f.data = data.str();
  f.body = body.str();
  f.height = std::min<int>(1400, 80 + 260 * static_cast<int>(block));
  return block ? f : Figure{};
}

// Latency and misrouted fraction per time bin around a traffic change, one curve per point (first seed),
// time relative to the change.
Figure transient_figure(const Sweep& s, const Grouping& g) {
  std::vector<Curve> lat, gen, mis, acc;
  for (std::size_t c = 0; c < g.curves.size(); ++c)
    for (const auto& rows : g.curves[c]) {
      const json r = s.point(rows.front());
      if (r.is_null() || !r.contains("time_series")) continue;
      const auto& cfg = r["config"];
      const double change = cfg["sim"]["warmup"].get<double>() + cfg["traffic"]["change"]["at"].get<double>();
      std::string label = g.curve_labels[c];
      if (g.curves[c].size() > 1) label += fmt::format(", load {}", cfg["traffic"]["load"].get<double>());
      Curve l{label, {}}, e{label, {}}, m{label, {}}, a{label, {}};
      const double bin = cfg["stats"]["bin"].get<double>();
      for (const json& b : r["time_series"]) {
        const double x = b["cycle"].get<double>() + bin / 2 - change;  // bin centre
        if (b["packets"].get<double>() > 0) l.xy.push_back({x, b["latency"].get<double>(), 0});
        if (b.value("generated_packets", 0.0) > 0) e.xy.push_back({x, b["generated_misrouted_fraction"].get<double>(), 0});
        if (b["packets"].get<double>() > 0) m.xy.push_back({x, b["misrouted_fraction"].get<double>(), 0});
        a.xy.push_back({x, b["accepted_load"].get<double>(), 0});
      }
      lat.push_back(l);
      gen.push_back(e);
      mis.push_back(m);
      acc.push_back(a);
    }
  if (lat.empty()) return Figure{};
  std::vector<Curve> all = lat;
  for (const auto* v : {&gen, &mis, &acc}) all.insert(all.end(), v->begin(), v->end());
  Figure f{"transient", "", data_blocks(all), true, 1300};
  // Keys outside the panels: the curves fill the whole width.
  // Fixed margins keep the time axes aligned whatever the width of the tick labels.
  const std::string common = "set key outside right top vertical\nset lmargin at screen 0.09\nset rmargin at screen 0.80\nset xlabel 'Cycles since the traffic change'\nset arrow 1 from 0, graph 0 to 0, graph 1 nohead dt 2 lc rgb 'black'\n";
  const std::size_t n = lat.size();
  f.body = fmt::format(
      "set multiplot layout 4,1 title 'Transient after the traffic change (dashed line), per {}-cycle bin'\n{}{}"
      "set title 'Average latency of the packets delivered in the bin'\nset ylabel 'Latency (cycles)'\nplot {}\n"
      "set title 'Misrouted fraction of the packets created in the bin (the reaction)'\nset ylabel 'Fraction of packets'\nset yrange [0:1.05]\nplot {}\n"
      "set title 'Misrouted fraction of the packets delivered in the bin'\nplot {}\n"
      "set title 'Accepted load'\nset ylabel 'phits/node/cycle'\nset yrange [0:*]\nplot {}\n",
      s.point(g.curves.front().front().front()).value("/config/stats/bin"_json_pointer, 0), common, key_title(g),
      plot_curves("transient.dat", lat, false, 0, false), plot_curves("transient.dat", gen, false, n, false),
      plot_curves("transient.dat", mis, false, 2 * n, false), plot_curves("transient.dat", acc, false, 3 * n, false));
  return f;
}

// Contention counters per time bin around a traffic change (time series with contention_* fields).
Figure contention_trace_figure(const Sweep& s, const Grouping& g) {
  std::vector<Curve> seen, mean, peak;
  for (std::size_t c = 0; c < g.curves.size(); ++c)
    for (const auto& rows : g.curves[c]) {
      const json r = s.point(rows.front());
      if (r.is_null() || !r.contains("time_series") || r["time_series"].empty() ||
          !r["time_series"][0].contains("contention_mean_at_header"))
        continue;
      const auto& cfg = r["config"];
      const double change = cfg["sim"]["warmup"].get<double>() + cfg["traffic"]["change"]["at"].get<double>();
      const double bin = cfg["stats"]["bin"].get<double>();
      std::string label = g.curve_labels[c];
      if (g.curves[c].size() > 1) label += fmt::format(", load {}", cfg["traffic"]["load"].get<double>());
      Curve a{label, {}}, m{label, {}}, p{label, {}};
      for (const json& b : r["time_series"]) {
        if (!b.contains("contention_mean")) continue;
        const double x = b["cycle"].get<double>() + bin / 2 - change;
        if (b["contention_headers"].get<double>() > 0) a.xy.push_back({x, b["contention_mean_at_header"].get<double>(), 0});
        m.xy.push_back({x + bin / 2, b["contention_mean"].get<double>(), 0});  // sampled at the bin's end
        p.xy.push_back({x + bin / 2, b["contention_max"].get<double>(), 0});
      }
      seen.push_back(a);
      mean.push_back(m);
      peak.push_back(p);
    }
  if (seen.empty()) return Figure{};
  std::vector<Curve> all = seen;
  all.insert(all.end(), mean.begin(), mean.end());
  all.insert(all.end(), peak.begin(), peak.end());
  Figure f{"contention_trace", "", data_blocks(all), true, 1000};
  f.body = fmt::format(
      "set multiplot layout 3,1 title 'Contention counters around the traffic change (dashed line)'\n"
      "set key outside right top vertical\nset lmargin at screen 0.09\nset rmargin at screen 0.80\n"
      "set xlabel 'Cycles since the traffic change'\nset arrow 1 from 0, graph 0 to 0, graph 1 nohead dt 2 lc rgb 'black'\n"
      "set yrange [0:*]\n{}"
      "set title 'Mean counter value seen by the headers of each bin (on their minimal output)'\nset ylabel 'Counter (packets)'\nplot {}\n"
      "set title 'Mean counter over all router ports'\nset ylabel 'Counter (packets)'\nplot {}\n"
      "set title 'Largest counter in the network'\nset ylabel 'Counter (packets)'\nplot {}\n",
      key_title(g), plot_curves("contention_trace.dat", seen, false, 0, false),
      plot_curves("contention_trace.dat", mean, false, seen.size(), false),
      plot_curves("contention_trace.dat", peak, false, seen.size() + mean.size(), false));
  return f;
}

// Area per block vs h from synth.json files ({"blocks": {NAME: {"area_um2": ..}}, "params": {"h": ..}}).
Figure area_figure(const std::vector<std::string>& files) {
  std::map<std::string, std::vector<std::array<double, 3>>> blocks;
  std::map<double, double> total;
  for (const std::string& path : files) {
    std::ifstream in(path);
    if (!in) config_fail("plot --synth " + path, "cannot read the file");
    json j;
    try {
      j = json::parse(in);
    } catch (const json::exception& e) {
      config_fail("plot --synth " + path, std::string("not JSON: ") + e.what());
    }
    if (!j.contains("blocks") || !j["blocks"].is_object() || !j.contains("params") || !j["params"].contains("h"))
      config_fail("plot --synth " + path, "expected {\"blocks\": {NAME: {\"area_um2\": ...}}, \"params\": {\"h\": ...}}");
    const double h = j["params"]["h"].get<double>();
    for (const auto& [name, b] : j["blocks"].items()) {
      if (!b.contains("area_um2")) config_fail("plot --synth " + path, "block " + name + " has no area_um2");
      blocks[name].push_back({h, b["area_um2"].get<double>(), 0});
      total[h] += b["area_um2"].get<double>();
    }
  }
  std::vector<Curve> curves;
  for (auto& [name, xy] : blocks) {
    std::sort(xy.begin(), xy.end());
    curves.push_back({name, xy});
  }
  Curve t{"total", {}};
  for (const auto& [h, a] : total) t.xy.push_back({h, a, 0});
  curves.push_back(t);
  Figure f{"area_vs_radix", "", data_blocks(curves)};
  f.body = fmt::format(
      "set title 'Synthesized area per block vs global links per router h'\nset xlabel 'h (global links per router; radix 4h-1)'\n"
      "set ylabel 'Area (µm², log scale)'\nset logscale y\nset xtics 1\nset offsets 0.3, 0.3, 0, 0\nset key top left\nplot {}\n",
      plot_curves("area_vs_radix.dat", curves, false));
  return f;
}

// One router's contention counters over time from a trace.contention CSV: a panel per port class, a step
// line per port whose counter was ever non-zero.
Figure router_contention_figure(const std::string& path) {
  std::ifstream in(path);
  if (!in) config_fail("plot --contention " + path, "cannot read the file");
  std::string line;
  std::getline(in, line);
  std::vector<std::string> names;
  for (std::stringstream h(line); std::getline(h, line, ',');) names.push_back(line);
  if (names.size() < 2 || names[0] != "cycle")
    config_fail("plot --contention " + path, "expected a trace.contention CSV (header 'cycle,T0,...')");
  std::vector<bool> used(names.size(), false);
  std::ostringstream data;
  std::size_t rows = 0;
  while (std::getline(in, line)) {
    std::vector<std::string> cells;
    for (std::stringstream r(line); std::getline(r, line, ',');) cells.push_back(line);
    if (cells.size() != names.size())
      config_fail("plot --contention " + path, fmt::format("row {} has {} cells, the header {}", rows + 2, cells.size(), names.size()));
    for (std::size_t k = 0; k < cells.size(); ++k) {
      data << (k ? " " : "") << cells[k];
      if (k && cells[k] != "0") used[k] = true;
    }
    data << "\n";
    ++rows;
  }
  if (!rows) config_fail("plot --contention " + path, "no rows: nothing changed in the trace window");
  Figure f{"router_contention", "", data.str(), true, 1000};
  std::string panels;
  const std::pair<char, const char*> classes[] = {{'T', "terminal (injection) ports"}, {'L', "local ports"}, {'G', "global ports"}};
  for (const auto& [cls, title] : classes) {
    std::string plot;
    int style = 0;
    for (std::size_t k = 1; k < names.size(); ++k) {
      if (names[k][0] != cls || !used[k]) continue;
      plot += fmt::format("{}'router_contention.dat' using 1:{} with steps ls {} title {}", plot.empty() ? "" : ", \\\n     ",
                          k + 1, style++ % 10 + 1, gq(names[k]));
    }
    panels += fmt::format("set title 'Contention counters of the {}'\n", title);
    panels += plot.empty() ? "plot 0 with lines lc rgb 'black' title 'all zero'\n" : "plot " + plot + "\n";
  }
  f.body = "set multiplot layout 3,1 title " + gq("Contention counters of one router over time (" + path + ")") +
           "\nset key outside right top vertical\nset lmargin at screen 0.09\nset rmargin at screen 0.80\n"
           "set xlabel 'Cycle'\nset ylabel 'Counter (packets)'\nset yrange [0:*]\n" + panels;
  return f;
}

}  // namespace

int run_plot(const PlotOptions& opt) {
  if (opt.results_csv.empty() && opt.synth.empty() && opt.contention.empty())
    config_fail("plot", "give a results.csv, --synth FILES and/or --contention FILE");
  if (std::system("command -v gnuplot >/dev/null 2>&1") != 0) {
    std::cerr << "hiradix: plot: gnuplot not found (install gnuplot-nox; scripts/setup.sh does)\n";
    return 1;
  }
  fs::path out = opt.out_dir;
  if (out.empty()) out = opt.results_csv.empty() ? fs::path("plots") : fs::path(opt.results_csv).parent_path() / "plots";
  fs::create_directories(out);
  out = fs::absolute(out);
  std::vector<Figure> figures;
  if (!opt.results_csv.empty()) {
    const Sweep s = read_sweep(opt.results_csv);
    if (s.rows.empty()) config_fail("plot " + opt.results_csv, "no rows");
    const Grouping g = group(s);
    figures.push_back(latency_figure(s, g));
    figures.push_back(accepted_figure(s, g));
    if (s.has("contention.mean_at_header")) figures.push_back(contention_figure(s, g));
    figures.push_back(fairness_figure(s, g));
    figures.push_back(transient_figure(s, g));
    figures.push_back(contention_trace_figure(s, g));
  }
  if (!opt.synth.empty()) figures.push_back(area_figure(opt.synth));
  if (!opt.contention.empty()) figures.push_back(router_contention_figure(opt.contention));
  for (const Figure& f : figures) {
    if (f.name.empty()) continue;  // nothing to draw (no point files, no time series)
    draw(f, out, 900, f.height);
    if (!opt.quiet) std::cout << "plot: " << (out / (f.name + ".svg")).string() << " and .png\n";
  }
  return 0;
}

}  // namespace hiradix
