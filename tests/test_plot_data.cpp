// The data behind `hiradix plot`'s figures (issue 12), from hand-made sweeps (results.csv and point files
// written here, so every expected number is known): empty transient bins are gaps (NaN), not zeros, and
// the reaction curve stops a p99 latency before the end; Jain's index next to the fairness bars; saturated
// points on the dotted line only; a curve deadlocked at every load neither breaks the plot nor disappears
// from the legend; one panel per traffic pattern on shared axes; no load figures for a single load;
// display names and log tics.
#include <gtest/gtest.h>

#include <cmath>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "sim_helpers.h"
#include "tools/run/display_names.h"
#include "tools/plot/plot_gnuplot.h"
#include "tools/plot/plot_sweep.h"

namespace {

namespace fs = std::filesystem;
using hiradix::test::read_text;
using hiradix::test::TempDir;
using nlohmann::json;

TEST(PlotData, JainIndexByHand) {
  using hiradix::plot::jain_index;
  EXPECT_DOUBLE_EQ(jain_index({0.3, 0.3, 0.3}), 1.0);
  EXPECT_DOUBLE_EQ(jain_index({0, 0, 0, 0.8}), 0.25);                     // one of four takes all: 1/n
  EXPECT_NEAR(jain_index({0.1, 0.2, 0.3, 0.4}), 1.0 * 1.0 / (4 * 0.30), 1e-12);  // (sum)^2 / (n sum of squares)
  EXPECT_TRUE(std::isnan(jain_index({})));
  EXPECT_TRUE(std::isnan(jain_index({0, 0})));
}

TEST(PlotData, DisplayNames) {
  using namespace hiradix;
  EXPECT_EQ(routing_display("min"), "MIN");
  EXPECT_EQ(routing_display("valiant"), "VAL");
  EXPECT_EQ(routing_display("pb_acor"), "PB-ACOR");
  EXPECT_EQ(routing_display("lian"), "LIAN");
  EXPECT_EQ(routing_display("valiant", json{{"routing", {{"phase_a", "lg-"}}}}), "VAL lg-");
  EXPECT_EQ(routing_display("rvlb", json{{"routing", {{"phase_a", "lgl"}}}}), "RVLB");
  EXPECT_EQ(routing_display("rvlb", json{{"routing", {{"phase_a", "-g-"}}}}), "RVLB -g-");
  EXPECT_EQ(routing_display("rpb"), "RPB");
  EXPECT_EQ(routing_display("ugal", json{{"routing", {{"ugal_info", "local"}}}}), "UGAL-L");
  EXPECT_EQ(routing_display("ugal", json{{"routing", {{"ugal_info", "group"}}}}), "UGAL-G");
  EXPECT_EQ(routing_display("ectn"), "ECtN");
  EXPECT_EQ(pattern_display("adv", 1, 4), "ADV+1");
  EXPECT_EQ(pattern_display("adv", 4, 4), "ADV+h");
  EXPECT_EQ(pattern_display("adv", -2, 4), "ADV-2");
  EXPECT_EQ(pattern_display("advc", 1, 4), "ADVC");
  EXPECT_EQ(value_display("routing.contention_threshold", "3", json()), "th = 3");
  EXPECT_EQ(value_display("routing.acor_mode", "packet", json()), "Packet");
  EXPECT_EQ(value_display("routing.acor_sequence", "2l-b", json()), "2L-B");
  const json config = {{"topology", {{"p", 4}, {"a", 8}, {"h", 4}}},
                       {"traffic", {{"pattern", "un"}, {"offset", 1}, {"load", 0.2},
                                    {"change", {{"at", 2000}, {"pattern", "adv"}, {"offset", 1}, {"load", -1}}}}}};
  EXPECT_EQ(network_display(config), "Dragonfly h = 4 (p = 4, a = 8): 264 routers, 1,056 nodes");
  EXPECT_EQ(traffic_display(config, true), "UN → ADV+1 at load 0.2");
}

TEST(PlotData, LogTicsAreOneTwoFive) {
  const std::string a = hiradix::plot::log_axis("y", 146, 5017);
  EXPECT_NE(a.find("set ytics (100, 200, 500, 1000, 2000, 5000, 10000)"), std::string::npos) << a;
  // Within about a decade every step a reader would mark.
  EXPECT_NE(hiradix::plot::log_axis("y", 146, 900).find("set ytics (100, 150, 200, 300, 400, 500, 700, 1000)"), std::string::npos);
}

#ifdef HIRADIX_BIN

// A hand-made sweep: results.csv with the varied columns routing.algorithm[, traffic.pattern], traffic.load
// and the metrics plot reads; a point file per row with the config and what else `extra` gives.
struct Row {
  std::string routing, pattern;
  double load, offered, accepted, latency;
  std::string status = "ok";
  json extra = json::object();
};

void write_sweep(const TempDir& dir, const std::vector<Row>& rows, bool pattern_varied) {
  fs::create_directories(dir.path / "s/points");
  std::ofstream csv(dir.file("s/results.csv"));
  csv << "point,routing.algorithm," << (pattern_varied ? "traffic.pattern," : "")
      << "traffic.load,seed,status,accepted_load,latency.total.average,offered_load\n";
  for (std::size_t i = 0; i < rows.size(); ++i) {
    const Row& r = rows[i];
    csv << i << "," << r.routing << "," << (pattern_varied ? r.pattern + "," : "") << r.load << ",1," << r.status << "," << r.accepted
        << "," << r.latency << "," << r.offered << "\n";
    json p = r.extra;
    p["status"] = r.status;
    p["config"] = {{"topology", {{"p", 2}, {"a", 4}, {"h", 2}}},
                   {"routing", {{"algorithm", r.routing}, {"ugal_info", "local"}, {"phase_a", "lgl"}}},
                   {"traffic", {{"pattern", r.pattern}, {"offset", 1}, {"load", r.load}, {"change", {{"at", -1}}}}}};
    std::ofstream(dir.path / "s/points" / (std::string(i < 10 ? "000" : "00") + std::to_string(i) + ".json")) << p.dump();
  }
}

int plot(const TempDir& dir, std::string* out = nullptr) {
  const int code = hiradix::test::run_shell("cd " + hiradix::test::shell_quote(dir.path.string()) + " && " +
                                            hiradix::test::shell_quote(HIRADIX_BIN) + " plot s/results.csv > out.txt 2>&1");
  if (out) *out = read_text(dir.file("out.txt"));
  return code;
}

bool have_gnuplot() { return hiradix::test::run_shell("command -v gnuplot >/dev/null 2>&1") == 0; }

std::vector<std::vector<std::string>> data_rows(const std::string& dat, std::size_t block) {
  std::vector<std::vector<std::string>> rows;
  std::istringstream in(dat);
  std::size_t seen = 0;
  bool inside = false;
  for (std::string line; std::getline(in, line);) {
    if (line.rfind("# ", 0) == 0) inside = seen++ == block;
    else if (inside && !line.empty()) {
      std::istringstream cells(line);
      rows.emplace_back();
      for (std::string c; cells >> c;) rows.back().push_back(c);
    }
  }
  return rows;
}

TEST(PlotData, ADeadlockedCurveNeitherBreaksThePlotNorLeavesTheLegend) {
  if (!have_gnuplot()) GTEST_SKIP() << "gnuplot is not installed";
  TempDir dir;
  write_sweep(dir, {{"min", "un", 0.1, 0.1, 0.1, 150, "deadlock"}, {"min", "un", 0.3, 0.3, 0.3, 160, "deadlock"},
                    {"base", "un", 0.1, 0.1, 0.1, 150}, {"base", "un", 0.3, 0.3, 0.3, 170}},
              false);
  std::string out;
  ASSERT_EQ(plot(dir, &out), 0) << out;
  EXPECT_GT(fs::file_size(dir.path / "s/plots/latency_vs_load.png"), 1000u);
  const std::string gp = read_text(dir.file("s/plots/latency_vs_load.gp"));
  EXPECT_NE(gp.find("title \"MIN (no result: deadlocked)\""), std::string::npos) << gp;
  EXPECT_EQ(gp.find("index 0 using"), std::string::npos) << "MIN has no points to draw: " << gp;
  EXPECT_NE(gp.find("index 1 using 1:4"), std::string::npos) << gp;
  // Base's highest load that ended ok is the fairness panel; MIN's panel says it has none.
}

TEST(PlotData, SaturatedPointsAreOnTheDottedLineOnly) {
  if (!have_gnuplot()) GTEST_SKIP() << "gnuplot is not installed";
  TempDir dir;
  // 0.30 offered, 0.29 accepted: 96.7%, not saturated; 0.5 offered, 0.4 accepted: saturated.
  write_sweep(dir, {{"valiant", "un", 0.1, 0.1, 0.1, 250}, {"valiant", "un", 0.3, 0.30, 0.29, 300},
                    {"valiant", "un", 0.5, 0.5, 0.4, 2000}},
              false);
  ASSERT_EQ(plot(dir), 0);
  const auto rows = data_rows(read_text(dir.file("s/plots/latency_vs_load.dat")), 0);
  ASSERT_EQ(rows.size(), 3u);
  // Columns: offered, latency, ci, latency if not saturated, latency next to or at a saturated point.
  EXPECT_EQ(rows[0], (std::vector<std::string>{"0.1", "250", "0", "250", "NaN"}));
  EXPECT_EQ(rows[1], (std::vector<std::string>{"0.3", "300", "0", "300", "300"}));
  EXPECT_EQ(rows[2], (std::vector<std::string>{"0.5", "2000", "0", "NaN", "2000"}));
  EXPECT_NE(read_text(dir.file("s/plots/latency_vs_load.gp")).find("saturated (accepted < 95%)"), std::string::npos);
}

TEST(PlotData, JainsIndexIsShownWithTheFairnessBars) {
  if (!have_gnuplot()) GTEST_SKIP() << "gnuplot is not installed";
  TempDir dir;
  Row low{"base", "un", 0.1, 0.1, 0.1, 150}, high{"base", "un", 0.3, 0.3, 0.25, 170};
  low.extra["injected_load_per_router"] = {0.1, 0.1, 0.1, 0.1};
  high.extra["injected_load_per_router"] = {0.1, 0.2, 0.3, 0.4};  // J = 1 / (4 * 0.3) = 0.833
  write_sweep(dir, {low, high}, false);
  ASSERT_EQ(plot(dir), 0);
  const std::string gp = read_text(dir.file("s/plots/fairness.gp"));
  EXPECT_NE(gp.find("Base: offered 0.30, accepted 0.250, J = 0.833"), std::string::npos) << gp;
  EXPECT_NE(gp.find("0.25 with lines dt 2"), std::string::npos) << "the mean, 0.25: " << gp;
  EXPECT_EQ(data_rows(read_text(dir.file("s/plots/fairness.dat")), 0).size(), 4u);
}

TEST(PlotData, OnePanelPerTrafficPatternOnSharedAxes) {
  if (!have_gnuplot()) GTEST_SKIP() << "gnuplot is not installed";
  TempDir dir;
  write_sweep(dir, {{"min", "un", 0.1, 0.1, 0.1, 150}, {"min", "un", 0.3, 0.3, 0.3, 200}, {"min", "adv", 0.1, 0.1, 0.03, 3000},
                    {"min", "adv", 0.3, 0.3, 0.03, 5000}, {"base", "un", 0.1, 0.1, 0.1, 150}, {"base", "un", 0.3, 0.3, 0.3, 210},
                    {"base", "adv", 0.1, 0.1, 0.1, 250}, {"base", "adv", 0.3, 0.3, 0.3, 280}},
              true);
  ASSERT_EQ(plot(dir), 0);
  const std::string gp = read_text(dir.file("s/plots/latency_vs_load.gp"));
  EXPECT_NE(gp.find("set multiplot layout 1,2"), std::string::npos) << gp;
  EXPECT_NE(gp.find("set title \"UN\""), std::string::npos) << gp;
  EXPECT_NE(gp.find("set title \"ADV+1\""), std::string::npos) << gp;
  // One y range for both panels (set once, before the first; the second hides its tic labels).
  const std::string svg_part = gp.substr(0, gp.find("set terminal pngcairo"));
  std::size_t ranges = 0;
  for (std::size_t at = 0; (at = svg_part.find("set yrange", at)) != std::string::npos; ++at) ++ranges;
  EXPECT_EQ(ranges, 1u) << svg_part;
  EXPECT_NE(svg_part.find("set yrange [99.9:5005]"), std::string::npos) << svg_part;
  // Two curves in each panel, MIN and Base, each one legend entry (not one per pattern).
  std::size_t entries = 0;
  for (std::size_t at = 0; (at = svg_part.find("keyentry with linespoints ls", at)) != std::string::npos; ++at) ++entries;
  EXPECT_EQ(entries, 2u) << svg_part;
}

// The style of a curve's legend entry in a figure's gnuplot file.
int legend_style(const std::string& gp, const std::string& label) {
  const std::string tail = " title \"" + label + "\"";
  const std::size_t at = gp.find(tail);
  if (at == std::string::npos) return -1;
  const std::size_t ls = gp.rfind(" ls ", at);
  return std::stoi(gp.substr(ls + 4, at - ls - 4));
}

// Each routing keeps its own style (MIN 1, VAL 2) unless two curves of the figure would share a colour:
// MAR-bP's style (21) is MIN's blue, dotted, so MIN with MAR-bP are numbered in order (1, 2).
TEST(PlotData, NoTwoCurvesShareAColour) {
  if (!have_gnuplot()) GTEST_SKIP() << "gnuplot is not installed";
  for (const char* other : {"valiant", "marbp"}) {
    TempDir dir;
    write_sweep(dir, {{"min", "un", 0.1, 0.1, 0.1, 150}, {"min", "un", 0.3, 0.3, 0.3, 200},
                      {other, "un", 0.1, 0.1, 0.1, 250}, {other, "un", 0.3, 0.3, 0.3, 300}},
                false);
    ASSERT_EQ(plot(dir), 0);
    const std::string gp = read_text(dir.file("s/plots/latency_vs_load.gp"));
    const int min = legend_style(gp, "MIN");
    const int second = legend_style(gp, std::string(other) == "marbp" ? "MAR-bP" : "VAL");
    ASSERT_GT(min, 0) << gp;
    ASSERT_GT(second, 0) << gp;
    EXPECT_EQ(min, 1) << gp;
    EXPECT_EQ(second, 2) << other;
    EXPECT_NE((min - 1) % hiradix::plot::kColours, (second - 1) % hiradix::plot::kColours) << other;
  }
}

// A key varied over one value names the sweep in the title, once: topology.h = 2 is in the network's name.
TEST(PlotData, AVariedKeyOfOneValueIsNotNamedTwice) {
  if (!have_gnuplot()) GTEST_SKIP() << "gnuplot is not installed";
  TempDir dir;
  fs::create_directories(dir.path / "s/points");
  std::ofstream(dir.file("s/results.csv")) << "point,topology.h,traffic.load,seed,status,accepted_load,latency.total.average,offered_load\n"
                                              "0,2,0.1,1,ok,0.1,150,0.1\n1,2,0.3,1,ok,0.3,200,0.3\n";
  for (int i = 0; i < 2; ++i) {
    const json p = {{"status", "ok"},
                    {"config", {{"topology", {{"p", 2}, {"a", 4}, {"h", 2}}},
                                {"routing", {{"algorithm", "min"}}},
                                {"traffic", {{"pattern", "un"}, {"offset", 1}, {"load", i ? 0.3 : 0.1}, {"change", {{"at", -1}}}}}}}};
    std::ofstream(dir.path / "s/points" / ("000" + std::to_string(i) + ".json")) << p.dump();
  }
  std::string out;
  ASSERT_EQ(plot(dir, &out), 0) << out;
  const std::string gp = read_text(dir.file("s/plots/latency_vs_load.gp"));
  const std::size_t first = gp.find("h = 2");
  ASSERT_NE(first, std::string::npos) << gp;
  EXPECT_EQ(gp.find("h = 2", first + 1), gp.find("h = 2", gp.find("set terminal pngcairo"))) << "once before the PNG's copy: " << gp;
}

TEST(PlotData, NoLoadFiguresForASingleLoad) {
  if (!have_gnuplot()) GTEST_SKIP() << "gnuplot is not installed";
  TempDir dir;
  Row a{"min", "un", 0.2, 0.2, 0.2, 150}, b{"base", "un", 0.2, 0.2, 0.2, 150};
  a.extra["injected_load_per_router"] = b.extra["injected_load_per_router"] = {0.2, 0.2};
  write_sweep(dir, {a, b}, false);
  std::string out;
  ASSERT_EQ(plot(dir, &out), 0) << out;
  EXPECT_FALSE(fs::exists(dir.path / "s/plots/latency_vs_load.png"));
  EXPECT_NE(out.find("no latency_vs_load figure: every curve has a single offered load"), std::string::npos) << out;
  EXPECT_TRUE(fs::exists(dir.path / "s/plots/fairness.png")) << "per-router loads apply to any steady point";
}

TEST(PlotData, EmptyTransientBinsAreGapsAndTheReactionStopsBeforeTheEnd) {
  if (!have_gnuplot()) GTEST_SKIP() << "gnuplot is not installed";
  TempDir dir;
  Row r{"base", "un", 0.2, 0.2, 0.2, 150};
  // warm-up 1000, change at +200 (cycle 1200), run ends at 1000 + 600 = 1600; bins of 100 from 1000;
  // p99 150: a creation bin counts when its end + 150 <= 1600, i.e. bins starting up to 1300.
  json bins = json::array();
  for (int c = 1000; c < 1600; c += 100) {
    const bool empty = c == 1100;  // nothing delivered (nor created) in this bin
    bins.push_back({{"cycle", c}, {"packets", empty ? 0 : 10}, {"latency", empty ? 0.0 : 150.0}, {"misrouted_fraction", empty ? 0.0 : 0.5},
                    {"accepted_load", empty ? 0.0 : 0.2}, {"generated_packets", empty ? 0 : 10}, {"generated_latency", 150.0},
                    {"generated_misrouted_fraction", empty ? 0.0 : 0.8}});
  }
  r.extra["time_series"] = bins;
  r.extra["latency"] = {{"total", {{"p99", 150}}}};
  write_sweep(dir, {r}, false);
  json p = json::parse(read_text(dir.file("s/points/0000.json")));
  p["config"]["sim"] = {{"warmup", 1000}, {"measure", 600}};
  p["config"]["stats"] = {{"bin", 100}};
  p["config"]["traffic"]["change"] = {{"at", 200}, {"pattern", "adv"}, {"offset", 1}, {"load", -1}};
  std::ofstream(dir.file("s/points/0000.json")) << p.dump();
  ASSERT_EQ(plot(dir), 0);
  const auto rows = data_rows(read_text(dir.file("s/plots/transient.dat")), 0);
  ASSERT_EQ(rows.size(), 6u);
  // Columns: bin centre - change, latency, misrouted (created), misrouted (delivered), accepted load.
  EXPECT_EQ(rows[0], (std::vector<std::string>{"-150", "150", "0.8", "0.5", "0.2"}));
  EXPECT_EQ(rows[1], (std::vector<std::string>{"-50", "NaN", "NaN", "NaN", "0"})) << "an empty bin is a gap; nothing accepted is 0";
  EXPECT_EQ(rows[3][2], "0.8") << "bin 1300-1400 ends 150 cycles before the run";
  EXPECT_EQ(rows[4][2], "NaN") << "bin 1400-1500: its slow packets could not arrive by 1600";
  EXPECT_EQ(rows[5][2], "NaN");
  EXPECT_EQ(rows[5][1], "150") << "delivery bins are complete to the end";
}

// A sweep of one transient point of `algorithm` with two seeds (results.csv and both point files): warm-up
// 1,000, the change `change_at` cycles later, `measure[k]` measured cycles and bins[k] the time series of
// seed k + 1, its p99 latency `p99`.
void write_two_seed_transient(const TempDir& dir, const std::string& algorithm, int change_at, const int (&measure)[2],
                              const json (&bins)[2], double p99) {
  fs::create_directories(dir.path / "s/points");
  std::ofstream csv(dir.file("s/results.csv"));
  csv << "point,routing.algorithm,seed,status,accepted_load,latency.total.average,offered_load\n"
      << "0," << algorithm << ",1,ok,0.2,150,0.2\n"
      << "1," << algorithm << ",2,ok,0.2,170,0.2\n";
  csv.close();
  for (int k = 0; k < 2; ++k) {
    json p = {{"status", "ok"}, {"time_series", bins[k]}, {"latency", {{"total", {{"p99", p99}}}}}};
    p["config"] = {{"topology", {{"p", 2}, {"a", 4}, {"h", 2}}},
                   {"routing", {{"algorithm", algorithm}}},
                   {"sim", {{"warmup", 1000}, {"measure", measure[k]}, {"seed", k + 1}}},
                   {"stats", {{"bin", 100}}},
                   {"traffic", {{"pattern", "adv"}, {"offset", 1}, {"load", 0.2}, {"change", {{"at", change_at}, {"pattern", "adv"}, {"offset", 1}, {"load", -1}}}}}};
    std::ofstream(dir.path / "s/points" / ("000" + std::to_string(k) + ".json")) << p.dump();
  }
}

// LIAN's two seeds, 100-cycle bins from cycle 1,000 for `measure` cycles each; seed 2 delivers nothing in
// the bin at 1,100.
void write_lian_seeds(const TempDir& dir, const int (&measure)[2]) {
  json bins[2];
  for (int seed = 1; seed <= 2; ++seed)
    for (int c = 1000; c < 1000 + measure[seed - 1]; c += 100) {
      const bool empty = seed == 2 && c == 1100;
      bins[seed - 1].push_back({{"cycle", c}, {"packets", empty ? 0 : 10}, {"latency", empty ? 0.0 : 100.0 * seed + c / 100},
                                {"misrouted_fraction", 0.2 * seed}, {"accepted_load", empty ? 0.0 : 0.1 * seed}, {"generated_packets", 10},
                                {"generated_latency", 150.0}, {"generated_misrouted_fraction", 0.4}});
    }
  write_two_seed_transient(dir, "lian", 100, measure, bins, 0);
}

// The seeds of a transient point are one curve, their mean bin by bin; a bin that is a gap in one seed is
// a gap in the mean, and the title says how many seeds.
TEST(PlotData, TransientSeedsAreAveragedBinByBin) {
  if (!have_gnuplot()) GTEST_SKIP() << "gnuplot is not installed";
  TempDir dir;
  write_lian_seeds(dir, {300, 300});
  std::string out;
  ASSERT_EQ(plot(dir, &out), 0) << out;
  const std::string dat = read_text(dir.file("s/plots/transient.dat"));
  EXPECT_EQ(data_rows(dat, 1).size(), 0u) << "one curve for the point, not one per seed: " << dat;
  const auto rows = data_rows(dat, 0);
  ASSERT_EQ(rows.size(), 3u) << dat;
  // Latency: seed 1 100 + c/100, seed 2 200 + c/100; misrouted delivered 0.2 and 0.4; accepted 0.1 and 0.2.
  EXPECT_EQ(rows[0], (std::vector<std::string>{"-50", "160", "0.4", "0.3", "0.15"}));
  EXPECT_EQ(rows[1][1], "NaN") << "a gap in one seed is a gap in the mean";
  EXPECT_EQ(rows[1][4], "0.05") << "seed 2 accepted nothing in that bin: (0.1 + 0) / 2";
  EXPECT_EQ(rows[2][1], "162");
  EXPECT_NE(read_text(dir.file("s/plots/transient.gp")).find("mean over 2 seeds"), std::string::npos);
}

// Seeds of one point whose bins differ cannot be averaged: no transient figure, and the reason names both
// point files (not a figure titled "mean over 2 seeds" that shows one).
TEST(PlotData, TransientSeedsWithDifferentBinsAreNamedNotAveraged) {
  if (!have_gnuplot()) GTEST_SKIP() << "gnuplot is not installed";
  TempDir dir;
  write_lian_seeds(dir, {300, 400});
  std::string out;
  ASSERT_EQ(plot(dir, &out), 0) << out;
  EXPECT_FALSE(fs::exists(dir.path / "s/plots/transient.png"));
  EXPECT_NE(out.find("no transient figure: "), std::string::npos) << out;
  EXPECT_NE(out.find("points/0000.json and "), std::string::npos) << out;
  EXPECT_NE(out.find("points/0001.json are seeds of one point with different time bins"), std::string::npos) << out;
}

// The transients' numbers (plots/transient_summary.csv), by hand: warm-up 1,000, change at +200 (cycle
// 1,200), the run ends at 2,000, p99 150, so the creation bins that count start by 1,700; the span after the
// change is 1,200-1,800 and its second half starts at 1,500.
TEST(PlotData, TransientSummaryLevelsPeakAndSettling) {
  if (!have_gnuplot()) GTEST_SKIP() << "gnuplot is not installed";
  TempDir dir;
  json bins[2];
  for (int seed = 1; seed <= 2; ++seed) {
    // Created-packet latency per bin from cycle 1,000; the last two bins (incomplete: 50) must not count.
    const std::vector<double> latency = {100, 102, 150, seed == 1 ? 240.0 : 260.0, 207, 200, 204, 196, 50, 50};
    for (std::size_t i = 0; i < latency.size(); ++i)
      bins[seed - 1].push_back({{"cycle", 1000 + 100 * static_cast<int>(i)}, {"packets", 10}, {"latency", 1.0}, {"misrouted_fraction", 0.0},
                                {"accepted_load", 0.2}, {"generated_packets", 10}, {"generated_latency", latency[i]},
                                {"generated_misrouted_fraction", 0.0}});
  }
  write_two_seed_transient(dir, "pb_acor", 200, {1000, 1000}, bins, 150);
  std::string out;
  ASSERT_EQ(plot(dir, &out), 0) << out;
  // Before: (100 + 102) / 2. New level: (200 + 204 + 196) / 3. Peak: 240 (seed 1) or 260 (seed 2) over 200.
  // Settled within 3 % (194-206): from the bin at 1,500 on (207 is out), its end 400 cycles after the change;
  // within 5 % (190-210): from 1,400 on, 300.
  EXPECT_EQ(read_text(dir.file("s/plots/transient_summary.csv")),
            "routing.algorithm,seed,level_before,level_after,peak_percent,settled_3pct,settled_5pct\n"
            "pb_acor,1,101,200,20,400,300\n"
            "pb_acor,2,101,200,30,400,300\n"
            "pb_acor,mean,101,200,25,400,300\n"
            "pb_acor,min,101,200,20,400,300\n"
            "pb_acor,max,101,200,30,400,300\n");
  EXPECT_NE(out.find("transient_summary.csv"), std::string::npos) << out;
}

// A trace sweep's execution time: a bar per routing in a panel per trace file, the seeds averaged, a point
// whose trace was not delivered without a bar and named so; no fairness figure.
TEST(PlotData, ExecutionTimeBarsPerTraceFile) {
  if (!have_gnuplot()) GTEST_SKIP() << "gnuplot is not installed";
  TempDir dir;
  fs::create_directories(dir.path / "s/points");
  std::ofstream csv(dir.file("s/results.csv"));
  csv << "point,routing.algorithm,traffic.trace_file,seed,status,accepted_load,latency.total.average,offered_load,"
         "trace.packets,trace.execution_cycles\n"
         "0,osha,t/a.trace,1,ok,0.1,200,0.1,40,4000\n"
         "1,sasha,t/a.trace,1,ok,0.1,190,0.1,40,3500\n"
         "2,osha,t/b.trace,1,ok,0.1,900,0.1,80,\n"  // not delivered: no execution time
         "3,sasha,t/b.trace,1,ok,0.1,800,0.1,80,7000\n"
         "4,sasha,t/b.trace,2,ok,0.1,820,0.1,80,7200\n";
  csv.close();
  const std::vector<std::pair<std::string, std::string>> points = {
      {"osha", "t/a.trace"}, {"sasha", "t/a.trace"}, {"osha", "t/b.trace"}, {"sasha", "t/b.trace"}, {"sasha", "t/b.trace"}};
  for (std::size_t i = 0; i < points.size(); ++i) {
    const json p = {{"status", "ok"},
                    {"injected_load_per_router", {0.1, 0.1}},
                    {"config", {{"topology", {{"type", "mesh"}, {"dims", {4, 4}}, {"p", 1}}},
                                {"routing", {{"algorithm", points[i].first}}},
                                {"traffic", {{"pattern", "trace"}, {"trace_file", points[i].second}, {"change", {{"at", -1}}}}}}}};
    std::ofstream(dir.path / "s/points" / ("000" + std::to_string(i) + ".json")) << p.dump();
  }
  std::string out;
  ASSERT_EQ(plot(dir, &out), 0) << out;
  EXPECT_FALSE(fs::exists(dir.path / "s/plots/fairness.png"));
  EXPECT_NE(out.find("no fairness figure: a trace sweep"), std::string::npos) << out;
  ASSERT_TRUE(fs::exists(dir.path / "s/plots/execution_time.png")) << out;
  const std::string dat = read_text(dir.file("s/plots/execution_time.dat"));
  EXPECT_EQ(data_rows(dat, 0), (std::vector<std::vector<std::string>>{{"0", "4000"}, {"1", "3500"}})) << dat;
  EXPECT_EQ(data_rows(dat, 1), (std::vector<std::vector<std::string>>{{"0", "NaN"}, {"1", "7100"}})) << dat;
  const std::string gp = read_text(dir.file("s/plots/execution_time.gp"));
  EXPECT_NE(gp.find("set title \"a.trace\""), std::string::npos) << gp;
  EXPECT_NE(gp.find("set title \"b.trace\""), std::string::npos) << gp;
  EXPECT_EQ(gp.find("Trace a.trace"), std::string::npos) << "each panel names its trace, not the title: " << gp;
  EXPECT_NE(gp.find("\"OSHA (not delivered)\" 0"), std::string::npos) << gp;
  EXPECT_NE(gp.find("\"SASHA\" 1"), std::string::npos) << gp;
}

// DRB's per-router latency map: a point's waits as a matrix, a row per y (router = x + width * y), the
// largest named in the panel's title.
TEST(PlotData, RouterWaitMapIsTheMeshsGrid) {
  if (!have_gnuplot()) GTEST_SKIP() << "gnuplot is not installed";
  TempDir dir;
  fs::create_directories(dir.path / "s/points");
  std::ofstream(dir.file("s/results.csv")) << "point,routing.algorithm,seed,status,accepted_load,latency.total.average,offered_load\n"
                                              "0,drb,1,ok,0.1,200,0.1\n";
  const json p = {{"status", "ok"},
                  {"drb", {{"router_wait_mean", {1.5, 0, 2, 9.25, 3, 4}}}},
                  {"config", {{"topology", {{"type", "mesh"}, {"dims", {3, 2}}, {"p", 1}}},
                              {"routing", {{"algorithm", "drb"}}},
                              {"traffic", {{"pattern", "un"}, {"load", 0.1}, {"change", {{"at", -1}}}}}}}};
  std::ofstream(dir.path / "s/points/0000.json") << p.dump();
  std::string out;
  ASSERT_EQ(plot(dir, &out), 0) << out;
  ASSERT_TRUE(fs::exists(dir.path / "s/plots/router_wait_map.png")) << out;
  EXPECT_EQ(data_rows(read_text(dir.file("s/plots/router_wait_map.dat")), 0),
            (std::vector<std::vector<std::string>>{{"1.5", "0", "2"}, {"9.25", "3", "4"}}));
  const std::string gp = read_text(dir.file("s/plots/router_wait_map.gp"));
  EXPECT_NE(gp.find("max 9.2 at (0, 1)"), std::string::npos) << gp;
}

// With the topology varied the title names no network: the first row's would be wrong for the others.
TEST(PlotData, AVariedTopologyIsNotNamedInTheTitle) {
  if (!have_gnuplot()) GTEST_SKIP() << "gnuplot is not installed";
  TempDir dir;
  fs::create_directories(dir.path / "s/points");
  std::ofstream(dir.file("s/results.csv")) << "point,topology.type,seed,status,accepted_load,latency.total.average,offered_load,"
                                              "trace.packets,trace.execution_cycles\n"
                                              "0,mesh,1,ok,0.1,200,0.1,40,4000\n1,torus,1,ok,0.1,190,0.1,40,3500\n";
  for (const char* type : {"mesh", "torus"}) {
    const json p = {{"status", "ok"},
                    {"config", {{"topology", {{"type", type}, {"dims", {4, 4}}, {"p", 1}}},
                                {"routing", {{"algorithm", "dor"}}},
                                {"traffic", {{"pattern", "trace"}, {"trace_file", "a.trace"}, {"change", {{"at", -1}}}}}}}};
    std::ofstream(dir.path / "s/points" / (std::string("000") + (type[0] == 'm' ? "0" : "1") + ".json")) << p.dump();
  }
  std::string out;
  ASSERT_EQ(plot(dir, &out), 0) << out;
  const std::string gp = read_text(dir.file("s/plots/execution_time.gp"));
  EXPECT_EQ(gp.find("Mesh 4"), std::string::npos) << gp;
  EXPECT_NE(gp.find("\"type = torus\" 1"), std::string::npos) << gp;
}

#endif

}  // namespace
