// hiradix plot: the standard figures of a small sweep exist as valid SVG and PNG with labelled axes and
// one legend entry per curve; error bars carry the seeds' confidence half-width; area vs radix reads
// hand-made synth.json fixtures (tests/fixtures/synth_h*.json) and sums blocks into a total.
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <map>
#include <sstream>
#include <string>
#include <vector>

#include "sim_helpers.h"
#include "tools/sweep/sweep.h"

using namespace hiradix;

namespace {

#ifdef HIRADIX_BIN

bool have_gnuplot() { return test::run_shell("command -v gnuplot >/dev/null 2>&1") == 0; }

int hiradix(const test::TempDir& dir, const std::string& args, std::string* err = nullptr) {
  const int code = test::run_shell("cd " + test::shell_quote(dir.path.string()) + " && " + test::shell_quote(HIRADIX_BIN) + " " +
                                   args + " >/dev/null 2>err.txt");
  if (err) *err = test::read_text(dir.file("err.txt"));
  return code;
}

void expect_svg_and_png(const test::TempDir& dir, const std::string& stem) {
  const std::string svg = test::read_text(dir.file(stem + ".svg"));
  EXPECT_NE(svg.find("<svg"), std::string::npos) << stem;
  EXPECT_NE(svg.find("</svg>"), std::string::npos) << stem << ": complete";
  const std::string png = test::read_text(dir.file(stem + ".png"));
  ASSERT_GT(png.size(), 1000u) << stem;
  EXPECT_EQ(png.substr(0, 8), std::string("\x89PNG\r\n\x1a\n", 8)) << stem;
}

TEST(Plot, StandardFiguresOfASweepWithSeeds) {
  if (!have_gnuplot()) GTEST_SKIP() << "gnuplot is not installed (scripts/setup.sh installs gnuplot-nox)";
  test::TempDir dir;
  std::ofstream(dir.file("base.yaml")) << "topology:\n  h: 2\nsim:\n  warmup: 1000\n  measure: 2000\n  watchdog: 1000\n";
  ASSERT_EQ(hiradix(dir, "sweep base.yaml --vary routing.algorithm=min,valiant --vary traffic.load=0.1,0.3 --seeds 2 -j 2 --out s -q"), 0);
  std::string err;
  ASSERT_EQ(hiradix(dir, "plot s/results.csv -q", &err), 0) << err;
  for (const char* f : {"latency_vs_load", "accepted_vs_offered", "contention", "fairness"}) expect_svg_and_png(dir, std::string("s/plots/") + f);
  EXPECT_FALSE(std::filesystem::exists(dir.path / "s/plots/transient.svg")) << "no time series, no transient figure";
  const std::string svg = test::read_text(dir.file("s/plots/latency_vs_load.svg"));
  for (const char* text : {"Offered load (phits/node/cycle)", "Average packet latency (cycles", ">Routing<", ">MIN<", ">VAL<", "Dragonfly h = 2"})
    EXPECT_NE(svg.find(text), std::string::npos) << text;
  EXPECT_NE(test::read_text(dir.file("s/plots/accepted_vs_offered.svg")).find("Accepted load (phits/node/cycle)"), std::string::npos);

  // The data behind the curves: one block per routing, x = mean offered load, y = mean latency, third
  // column the 95% half-width over the two seeds, recomputed here from results.csv.
  std::ifstream csv(dir.file("s/results.csv"));
  std::string line;
  std::getline(csv, line);
  const auto header = split_csv_line(line);
  auto at = [&](const std::string& c) { return static_cast<std::size_t>(std::find(header.begin(), header.end(), c) - header.begin()); };
  std::vector<std::vector<std::string>> rows;
  while (std::getline(csv, line)) rows.push_back(split_csv_line(line));
  ASSERT_EQ(rows.size(), 8u);
  const MeanCi expected = mean_ci95({std::stod(rows[0][at("latency.total.average")]), std::stod(rows[1][at("latency.total.average")])});
  std::ifstream dat(dir.file("s/plots/latency_vs_load.dat"));
  std::getline(dat, line);
  EXPECT_EQ(line.rfind("# MIN  (offered", 0), 0u) << line;
  double x, y, e;
  ASSERT_TRUE(dat >> x >> y >> e);
  EXPECT_NEAR(y, expected.mean, 1e-6 * expected.mean);
  EXPECT_NEAR(e, expected.ci95, 1e-6 * expected.ci95 + 1e-9);
  EXPECT_GT(e, 0);

  // A transient sweep gets the time-series figure.
  ASSERT_EQ(hiradix(dir, "sweep base.yaml --set traffic.change.at=500 --set traffic.change.pattern=adv --set stats.before=500 "
                         "--vary routing.algorithm=min,valiant,acor --out t -q -j 2"),
            0);
  ASSERT_EQ(hiradix(dir, "plot t/results.csv --out tp -q", &err), 0) << err;
  expect_svg_and_png(dir, "tp/transient");
  expect_svg_and_png(dir, "tp/contention_trace");
  // ACOR-Switch's levels: one block (MIN and VAL have none), its first row the mean level and the share
  // above the lowest level of the first bin's routers_at_level, recomputed here.
  expect_svg_and_png(dir, "tp/acor_levels");
  const auto point = nlohmann::json::parse(test::read_text(dir.file("t/points/0002.json")));
  const auto& bin0 = point["time_series"][0];
  const auto& counts = bin0["routers_at_level"];
  const double routers = counts[0].get<double>() + counts[1].get<double>() + counts[2].get<double>() + counts[3].get<double>();
  const double mean = (counts[1].get<double>() + 2 * counts[2].get<double>() + 3 * counts[3].get<double>()) / routers;
  std::ifstream levels(dir.file("tp/acor_levels.dat"));
  std::string block_label;
  std::getline(levels, block_label);
  EXPECT_NE(block_label.find("ACOR"), std::string::npos) << block_label;
  double end, level, above;
  ASSERT_TRUE(levels >> end >> level >> above);
  EXPECT_DOUBLE_EQ(end, bin0["cycle"].get<double>() + 100 - 1000 - 500) << "bin end, from the change at warm-up + 500";
  EXPECT_NEAR(level, mean, 1e-9);
  EXPECT_NEAR(above, 1 - counts[0].get<double>() / routers, 1e-9);
  const std::string levels_dat = test::read_text(dir.file("tp/acor_levels.dat"));
  EXPECT_EQ(std::count(levels_dat.begin(), levels_dat.end(), '#'), 1) << "one block: ACOR's";
  const std::string tsvg = test::read_text(dir.file("tp/transient.svg"));
  EXPECT_NE(tsvg.find("Cycles since the traffic change"), std::string::npos);
  EXPECT_NE(tsvg.find("Misrouted fraction"), std::string::npos);
}

// A newcomer's first sweep starts at load 0, whose point measures no latency (null): the figure leaves it
// out and says so instead of drawing it as 0 on a log axis that would hide every other point; and a plot of
// an interrupted sweep names the points without a result (issue 32).
TEST(Plot, PointsWithoutPacketsAreLeftOutAndMissingPointsNamed) {
  if (!have_gnuplot()) GTEST_SKIP() << "gnuplot is not installed (scripts/setup.sh installs gnuplot-nox)";
  test::TempDir dir;
  std::ofstream(dir.file("base.yaml")) << "topology:\n  h: 2\nsim:\n  warmup: 300\n  measure: 600\n";
  ASSERT_EQ(hiradix(dir, "sweep base.yaml --vary traffic.load=0:0.2:0.1 --out s -q"), 0);
  ASSERT_EQ(test::run_shell("cd " + test::shell_quote(dir.path.string()) + " && " + test::shell_quote(HIRADIX_BIN) +
                            " plot s/results.csv >plot.txt 2>&1"),
            0);
  EXPECT_EQ(test::read_text(dir.file("plot.txt")).find("have no result"), std::string::npos);
  std::ifstream dat(dir.file("s/plots/latency_vs_load.dat"));
  std::string line;
  std::getline(dat, line);
  std::vector<double> loads, latencies;
  while (std::getline(dat, line)) {
    if (line.empty() || line[0] == '#') continue;
    std::istringstream row(line);
    double x, y;
    row >> x >> y;
    loads.push_back(x), latencies.push_back(y);
  }
  ASSERT_EQ(loads.size(), 2u) << "load 0 measured nothing and is left out";
  EXPECT_NEAR(loads[0], 0.1, 0.01);  // measured offered loads
  EXPECT_NEAR(loads[1], 0.2, 0.01);
  // Every drawn latency inside the y range of the figure.
  const std::string gp = test::read_text(dir.file("s/plots/latency_vs_load.gp"));
  const auto at = gp.find("set yrange [");
  ASSERT_NE(at, std::string::npos) << gp;
  const double lo = std::stod(gp.substr(at + 12)), hi = std::stod(gp.substr(gp.find(':', at) + 1));
  for (double l : latencies) {
    EXPECT_GE(l, lo);
    EXPECT_LE(l, hi);
  }
  EXPECT_NE(test::read_text(dir.file("s/plots/latency_vs_load.svg")).find("1 point had no packets"), std::string::npos);

  // results.csv: load 0's latency cells are empty, not 0; the other points' are numbers.
  {
    std::istringstream table(test::read_text(dir.file("s/results.csv")));
    std::string header, row;
    std::getline(table, header);
    std::vector<std::size_t> latency_columns;
    std::vector<std::string> names;
    for (std::istringstream h(header); std::getline(h, line, ',');) names.push_back(line);
    for (std::size_t c = 0; c < names.size(); ++c)
      if (names[c].rfind("latency", 0) == 0) latency_columns.push_back(c);
    ASSERT_FALSE(latency_columns.empty()) << header;
    int empty_rows = 0, measured_rows = 0;
    while (std::getline(table, row)) {
      std::vector<std::string> cells;
      for (std::istringstream r(row + ","); std::getline(r, line, ',');) cells.push_back(line);
      int empty = 0;
      for (std::size_t c : latency_columns) empty += c < cells.size() && cells[c].empty();
      if (empty == static_cast<int>(latency_columns.size())) ++empty_rows;
      if (empty == 0) ++measured_rows;
    }
    EXPECT_EQ(empty_rows, 1) << header;
    EXPECT_EQ(measured_rows, 2) << header;
  }

  // The sweep interrupted after its first two points: results.csv lacks point 2.
  const std::string csv = test::read_text(dir.file("s/results.csv"));
  std::ofstream(dir.file("s/results.csv")) << csv.substr(0, csv.rfind('\n', csv.size() - 2) + 1);
  ASSERT_EQ(test::run_shell("cd " + test::shell_quote(dir.path.string()) + " && " + test::shell_quote(HIRADIX_BIN) +
                            " plot s/results.csv --out p2 >plot2.txt 2>&1"),
            0);
  EXPECT_NE(test::read_text(dir.file("plot2.txt")).find("1 of 3 points of the sweep have no result"), std::string::npos)
      << test::read_text(dir.file("plot2.txt"));
  EXPECT_NE(test::read_text(dir.file("plot2.txt")).find("left out: points 2\n"), std::string::npos);

  // A table with point 0's row twice (appended by hand) still misses point 2: the count is of the plan's
  // points without a row, not the plan's size minus the rows.
  const std::string two = test::read_text(dir.file("s/results.csv"));
  std::ofstream(dir.file("s/results.csv")) << two << two.substr(two.find('\n') + 1, two.find('\n', two.find('\n') + 1) - two.find('\n'));
  ASSERT_EQ(test::run_shell("cd " + test::shell_quote(dir.path.string()) + " && " + test::shell_quote(HIRADIX_BIN) +
                            " plot s/results.csv --out p3 >plot3.txt 2>&1"),
            0);
  EXPECT_NE(test::read_text(dir.file("plot3.txt")).find("1 of 3 points of the sweep have no result"), std::string::npos)
      << test::read_text(dir.file("plot3.txt"));
}

// A sweep of ADV+i offsets at one offered load draws accepted load per offset (Fig. 6-3's form): a curve
// per phase-A policy whose points are results.csv's accepted loads; the load figures do not apply.
TEST(Plot, AcceptedLoadPerOffset) {
  if (!have_gnuplot()) GTEST_SKIP() << "gnuplot is not installed (scripts/setup.sh installs gnuplot-nox)";
  test::TempDir dir;
  std::ofstream(dir.file("base.yaml")) << "topology: {h: 2}\nrouting: {algorithm: valiant}\ntraffic: {pattern: adv, load: 0.4}\n"
                                          "sim: {warmup: 500, measure: 1000}\n";
  ASSERT_EQ(hiradix(dir, "sweep base.yaml --vary routing.phase_a=-g-,lgl --vary traffic.offset=1,2,4 --out s -q -j 2"), 0);
  std::string err;
  ASSERT_EQ(hiradix(dir, "plot s/results.csv -q", &err), 0) << err;
  expect_svg_and_png(dir, "s/plots/accepted_vs_offset");
  EXPECT_FALSE(std::filesystem::exists(dir.path / "s/plots/latency_vs_load.svg")) << "one load per curve";
  const std::string svg = test::read_text(dir.file("s/plots/accepted_vs_offset.svg"));
  EXPECT_NE(svg.find("nodes, VAL<"), std::string::npos) << "the title names the routing, not the first curve's policy";
  // results.csv: point, phase_a, offset, seed, status, ..., accepted_load; the .dat: per policy, offset and accepted load.
  std::ifstream csv(dir.file("s/results.csv"));
  std::string line;
  std::getline(csv, line);
  const auto header = split_csv_line(line);
  const auto at = [&](const char* c) { return static_cast<std::size_t>(std::find(header.begin(), header.end(), c) - header.begin()); };
  std::map<std::string, std::map<double, double>> expected;  // policy -> offset -> accepted
  while (std::getline(csv, line)) {
    const auto row = split_csv_line(line);
    expected[row[at("routing.phase_a")]][std::stod(row[at("traffic.offset")])] = std::stod(row[at("accepted_load")]);
  }
  ASSERT_EQ(expected.size(), 2u);
  std::ifstream dat(dir.file("s/plots/accepted_vs_offset.dat"));
  for (const char* policy : {"-g-", "lgl"}) {
    ASSERT_TRUE(std::getline(dat, line));
    EXPECT_NE(line.find(policy), std::string::npos) << line;
    for (double offset : {1.0, 2.0, 4.0}) {
      double x, y, ci;
      ASSERT_TRUE(dat >> x >> y >> ci) << policy;
      EXPECT_EQ(x, offset);
      EXPECT_NEAR(y, expected[policy][offset], 1e-9) << policy << " offset " << offset;
    }
    dat >> std::ws;
  }
}

// The mean `il` of a trace.lian CSV over the rows from cycle `from` on, read here independently of the plot.
double mean_il_after(const std::string& path, double from) {
  std::ifstream in(path);
  std::string line;
  std::getline(in, line);
  double sum = 0;
  int n = 0;
  while (std::getline(in, line)) {
    const auto row = split_csv_line(line);  // cycle, dst_offset, g_dst, saturated, il, policy
    if (std::stod(row[0]) >= from) sum += std::stod(row[4]), ++n;
  }
  return n ? sum / n : -1;
}

TEST(Plot, LianIntermediateLocalCounterPerLoad) {
  if (!have_gnuplot()) GTEST_SKIP() << "gnuplot is not installed (scripts/setup.sh installs gnuplot-nox)";
  test::TempDir dir;
  std::ofstream(dir.file("base.yaml")) << "topology: {h: 2}\nrouting: {algorithm: lian}\ntraffic: {pattern: adv}\n"
                                          "trace: {router: 0, vcd: '', lian: il.csv}\nsim: {warmup: 500, measure: 1500}\n";
  ASSERT_EQ(hiradix(dir, "sweep base.yaml --vary traffic.offset=1,2 --vary traffic.load=0.2,1.0 --out s -q -j 2"), 0);
  std::string err;
  ASSERT_EQ(hiradix(dir, "plot s/results.csv -q", &err), 0) << err;
  expect_svg_and_png(dir, "s/plots/lian_il_vs_load");
  // results.csv: point, offset, load, ...; expected per offset and offered load: mean il after the warm-up
  // and whether the point saturated.
  std::ifstream csv(dir.file("s/results.csv"));
  std::string line;
  std::getline(csv, line);
  const auto header = split_csv_line(line);
  const auto at = [&](const char* c) { return static_cast<std::size_t>(std::find(header.begin(), header.end(), c) - header.begin()); };
  std::map<std::string, std::map<double, std::pair<double, bool>>> expected;
  bool any_saturated = false;
  while (std::getline(csv, line)) {
    const auto row = split_csv_line(line);
    const double offered = std::stod(row[at("offered_load")]), accepted = std::stod(row[at("accepted_load")]);
    const std::string trace = dir.file("s/points/" + std::string(4 - row[0].size(), '0') + row[0] + "/il.csv");
    expected[row[at("traffic.offset")]][offered] = {mean_il_after(trace, 500), accepted < 0.95 * offered};
    any_saturated = any_saturated || accepted < 0.95 * offered;
  }
  ASSERT_TRUE(any_saturated) << "offered 1.0 saturates ADV+1 and ADV+2 at h = 2";
  std::ifstream dat(dir.file("s/plots/lian_il_vs_load.dat"));
  for (const auto& [offset, panel] : {std::pair{"1", "ADV+1"}, std::pair{"2", "ADV+h"}}) {  // h = 2
    ASSERT_TRUE(std::getline(dat, line));
    EXPECT_NE(line.find(panel), std::string::npos) << line;
    for (const auto& [offered, il_sat] : expected[offset]) {
      std::string x, y, solid, open;
      ASSERT_TRUE(dat >> x >> y >> solid >> open) << offset;
      EXPECT_NEAR(std::stod(x), offered, 1e-9);
      EXPECT_GT(il_sat.first, 0) << "the traced router injected towards the offset";
      EXPECT_NEAR(std::stod(y), il_sat.first, 1e-7) << "ADV+" << offset << " at " << offered;
      EXPECT_EQ(solid == "NaN", il_sat.second) << "drawn open when saturated";
      EXPECT_EQ(open == "NaN", !il_sat.second);
    }
    dat >> std::ws;
  }
}

TEST(Plot, AreaVsRadixFromSynthReports) {
  if (!have_gnuplot()) GTEST_SKIP() << "gnuplot is not installed (scripts/setup.sh installs gnuplot-nox)";
  test::TempDir dir;
  const std::string fx = std::string(HIRADIX_SOURCE_DIR) + "/tests/fixtures/";
  std::string files;
  for (int h : {8, 2, 6, 4}) files += " " + test::shell_quote(fx + "synth_h" + std::to_string(h) + ".json");
  std::string err;
  ASSERT_EQ(hiradix(dir, "plot --synth" + files + " --out a -q", &err), 0) << err;
  expect_svg_and_png(dir, "a/area_vs_radix");
  // Fixture areas: allocator 300*(4h)^2/4, routing unit 800h+100h^2, contention counters 600h; blocks in
  // name order, then the total; h ascending whatever the file order.
  const std::string dat = test::read_text(dir.file("a/area_vs_radix.dat"));
  EXPECT_EQ(dat.find("# allocator\n2 4800 0\n4 19200 0\n6 43200 0\n8 76800 0\n"), 0u) << dat;
  EXPECT_NE(dat.find("# total\n2 8000 0\n"), std::string::npos) << dat;  // 4800 + 2000 + 1200
  const std::string svg = test::read_text(dir.file("a/area_vs_radix.svg"));
  EXPECT_NE(svg.find("routing_unit"), std::string::npos) << "underscores stay (no enhanced-text subscripts)";

  std::ofstream(dir.file("bad.json")) << "{\"blocks\": {}}";
  EXPECT_EQ(hiradix(dir, "plot --synth bad.json --out b -q", &err), 2);
  EXPECT_NE(err.find("bad.json"), std::string::npos) << err;
  EXPECT_EQ(hiradix(dir, "plot nothere.csv -q", &err), 2);
  EXPECT_NE(err.find("nothere.csv: cannot read"), std::string::npos) << err;
}

// The router's area vs radix (tools/plot/plot_router_area.cpp) from reports with a "router" object: a
// curve per part and VC configuration, areas in mm²; reports without one draw no such figure.
TEST(Plot, RouterAreaVsRadixPerVcConfiguration) {
  if (!have_gnuplot()) GTEST_SKIP() << "gnuplot is not installed (scripts/setup.sh installs gnuplot-nox)";
  test::TempDir dir;
  std::string files;
  for (int radix : {15, 7})
    for (int local : {2, 4}) {
      const nlohmann::json j = {
          {"params", {{"h", (radix + 1) / 4}, {"radix", radix}, {"vcs", {{"injection", 1}, {"local", local}, {"global", 1}}},
                      {"buffers", {{"injection", 32}, {"local", 32}, {"global", 256}}}}},
          {"blocks", {{"allocator", {{"area_um2", 1000.0 * radix}}}}},
          {"router", {{"logic_um2", 1e5 * radix}, {"area_um2", {{"flip_flop", 1e6 * radix * local}, {"sram", 2e5 * radix * local}}}}}};
      const std::string name = "r" + std::to_string(radix) + "v" + std::to_string(local) + ".json";
      std::ofstream(dir.file(name)) << j.dump();
      files += " " + name;
    }
  std::string err;
  ASSERT_EQ(hiradix(dir, "plot --synth" + files + " --out a -q", &err), 0) << err;
  expect_svg_and_png(dir, "a/router_area_vs_radix");
  const std::string dat = test::read_text(dir.file("a/router_area_vs_radix.dat"));
  EXPECT_EQ(dat.find("# VCs 1/2/1: logic\n7 0.7\n15 1.5\n"), 0u) << dat;
  EXPECT_NE(dat.find("# VCs 1/4/1: + FF buffers\n7 28\n15 60\n"), std::string::npos) << dat;
  EXPECT_NE(dat.find("# VCs 1/4/1: + SRAM (est.)\n7 5.6\n15 12\n"), std::string::npos) << dat;
  const std::string fx = std::string(HIRADIX_SOURCE_DIR) + "/tests/fixtures/synth_h2.json";
  ASSERT_EQ(hiradix(dir, "plot --synth " + test::shell_quote(fx) + " --out b -q", &err), 0) << err;
  EXPECT_FALSE(std::filesystem::exists(dir.file("b/router_area_vs_radix.svg")));
}

TEST(Plot, ContentionTraceOfOneRouter) {
  if (!have_gnuplot()) GTEST_SKIP() << "gnuplot is not installed (scripts/setup.sh installs gnuplot-nox)";
  test::TempDir dir;
  std::ofstream(dir.file("c.csv")) << "cycle,T0,T1,L0,G0\n100,0,1,0,0\n105,0,2,1,0\n130,0,1,1,0\n";
  std::string err;
  ASSERT_EQ(hiradix(dir, "plot --contention c.csv --out p -q", &err), 0) << err;
  expect_svg_and_png(dir, "p/router_contention");
  EXPECT_EQ(test::read_text(dir.file("p/router_contention.dat")), "100 0 1 0 0\n105 0 2 1 0\n130 0 1 1 0\n");
  const std::string gp = test::read_text(dir.file("p/router_contention.gp"));
  EXPECT_NE(gp.find("using 1:3 with steps"), std::string::npos) << "T1 (column 3) was non-zero: " << gp;
  EXPECT_EQ(gp.find("using 1:2 with steps"), std::string::npos) << "T0 stayed zero: no line";
  EXPECT_NE(gp.find("using 1:4 with steps"), std::string::npos) << "L0 (column 4) was non-zero: " << gp;
  EXPECT_EQ(gp.find("using 1:5"), std::string::npos) << "G0 stayed zero";
  EXPECT_NE(gp.find("all zero"), std::string::npos) << "the global panel says so: " << gp;

  std::ofstream(dir.file("bad.csv")) << "cycle,T0\n1,2,3\n";
  EXPECT_EQ(hiradix(dir, "plot --contention bad.csv --out q -q", &err), 2);
  EXPECT_NE(err.find("bad.csv"), std::string::npos) << err;
  EXPECT_NE(err.find("row 2"), std::string::npos) << err;
}

#endif

}  // namespace
