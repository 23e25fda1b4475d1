// Sweeps, progress and the SLURM executor: --vary parsing and its errors, the confidence-interval math
// against hand-computed values, -j 1 == -j 2 byte for byte, a resumed sweep == an uninterrupted one,
// --plan files, and a real SLURM job array on a one-node cluster (scripts/slurm-cluster.sh).
#include <fmt/format.h>
#include <gtest/gtest.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cmath>
#include <filesystem>
#include <fstream>
#include <map>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include "sim_helpers.h"
#include "config/config.h"
#include "tools/run/progress.h"
#include "tools/sweep/sweep.h"
#include "tools/sweep/sweep_eta.h"

using namespace hiradix;
using nlohmann::json;

namespace {

using Table = std::vector<std::vector<std::string>>;

Table read_csv(const std::string& path) {
  Table rows;
  std::ifstream in(path);
  for (std::string line; std::getline(in, line);) rows.push_back(split_csv_line(line));
  return rows;
}

std::map<std::string, std::size_t> columns(const Table& t) {
  std::map<std::string, std::size_t> col;
  for (std::size_t i = 0; i < t.at(0).size(); ++i) col[t[0][i]] = i;
  return col;
}

// ---------------------------------------------------------------------------------------------------------
// --vary parsing

TEST(SweepVary, ListsAndInclusiveRanges) {
  const VarySpec list = parse_vary("routing.algorithm=min,valiant");
  EXPECT_EQ(list.key, "routing.algorithm");
  EXPECT_EQ(list.values, (std::vector<std::string>{"min", "valiant"}));
  // 0.1 + 2 * 0.1 prints as 0.3, and the stop value is included.
  EXPECT_EQ(parse_vary("traffic.load=0.1:0.3:0.1").values, (std::vector<std::string>{"0.1", "0.2", "0.3"}));
  EXPECT_EQ(parse_vary("router.vcs.local=4:10:3").values, (std::vector<std::string>{"4", "7", "10"}));
  EXPECT_EQ(parse_vary("traffic.load=0.5:0.5:0.1").values, (std::vector<std::string>{"0.5"}));
}

TEST(SweepVary, BadSpecsThrowNamingKeyAndReason) {
  const std::vector<std::pair<std::string, std::string>> bad = {
      {"traffic.load=0.5:0.1:0.1", "empty range"}, {"traffic.load=0.1:0.5:0", "step is 0"},
      {"traffic.load=0.1:0.5:-0.1", "negative"},   {"traffic.load=a:0.5:0.1", "not a number"},
      {"traffic.load=0.1:0.5", "start:stop:step"}, {"traffic.load=", "no values"},
      {"traffic.load=0.1,,0.2", "empty value"},    {"traffic.load=0.1,", "empty value"}};
  for (const auto& [spec, why] : bad) {
    try {
      parse_vary(spec);
      ADD_FAILURE() << spec << " was accepted";
    } catch (const ConfigError& e) {
      const std::string msg = e.what();
      EXPECT_NE(msg.find("--vary traffic.load"), std::string::npos) << msg;
      EXPECT_NE(msg.find(why), std::string::npos) << spec << ": " << msg;
    }
  }
  EXPECT_THROW(parse_vary("=1,2"), ConfigError);
  EXPECT_THROW(parse_vary("traffic.load"), ConfigError);
}

// ---------------------------------------------------------------------------------------------------------
// Confidence intervals

TEST(SweepCi, StudentTHalfWidthMatchesHandComputedExample) {
  // {1, 2, 3, 4}: mean 2.5, sample variance 5/3, t(0.975, 3) = 3.182446,
  // half-width = 3.182446 * sqrt(5/3) / sqrt(4) = 2.054260.
  const MeanCi a = mean_ci95({1, 2, 3, 4});
  EXPECT_DOUBLE_EQ(a.mean, 2.5);
  EXPECT_NEAR(a.ci95, 2.054260, 1e-6);
  // Two samples {10, 12}: sd = sqrt(2), t(0.975, 1) = 12.706205, half-width = 12.706205.
  const MeanCi b = mean_ci95({10, 12});
  EXPECT_DOUBLE_EQ(b.mean, 11);
  EXPECT_NEAR(b.ci95, 12.706205, 1e-6);
  // Identical samples: zero width; one sample: no width at all.
  EXPECT_DOUBLE_EQ(mean_ci95({7, 7, 7}).ci95, 0);
  EXPECT_TRUE(std::isnan(mean_ci95({7}).ci95));
  // Beyond the table (tabulated values: t(40) = 2.021075, t(120) = 1.979930).
  EXPECT_NEAR(student_t975(40), 2.021075, 1e-5);
  EXPECT_NEAR(student_t975(120), 1.979930, 1e-5);
  EXPECT_NEAR(student_t975(30), 2.042272, 1e-6);
}

// ---------------------------------------------------------------------------------------------------------
// Progress

TEST(Progress, PlainLinesWhenNotATerminalAndOneRewrittenLineOnATerminal) {
  std::ostringstream plain;
  Progress p("sweep", "points", 4, plain, /*tty=*/false, /*interval=*/0);
  p.update(0, 0);
  p.update(1, 3000);
  p.update(4, 12000);
  p.finish();
  const std::string text = plain.str();
  EXPECT_EQ(text.find('\r'), std::string::npos);
  EXPECT_NE(text.find("sweep: 1/4 points, 3k cycles"), std::string::npos) << text;
  EXPECT_NE(text.find("ETA"), std::string::npos) << text;
  EXPECT_NE(text.find("sweep: 4/4 points, 12k cycles"), std::string::npos) << text;
  EXPECT_NE(text.find("done in"), std::string::npos) << text;
  EXPECT_EQ(std::count(text.begin(), text.end(), '\n'), 3) << "finish() does not repeat the final line: " << text;

  std::ostringstream tty;
  Progress t("run", "cycles", 10000, tty, /*tty=*/true, /*interval=*/0);
  t.update(5000, 5000);
  t.finish();
  const std::string tty_text = tty.str();
  EXPECT_NE(tty_text.find("\r\x1b[Krun: 5000/10000 cycles"), std::string::npos) << tty_text;
  EXPECT_EQ(std::count(tty_text.begin(), tty_text.end(), '\n'), 1) << "one line, rewritten in place";

  // Plain lines are rate limited.
  std::ostringstream slow;
  Progress s("sweep", "points", 100, slow, false, 3600);
  for (int i = 0; i < 50; ++i) s.update(static_cast<std::uint64_t>(i), 0);
  const std::string slow_text = slow.str();
  EXPECT_EQ(std::count(slow_text.begin(), slow_text.end(), '\n'), 1);
  EXPECT_EQ(format_duration(125), "2m05s");
  EXPECT_EQ(format_count(4560000), "4.56M");
}

TEST(Progress, ARunReportingProgressGivesTheSameResult) {
  // With a progress hook the simulation advances in slices; it must not change a single bit.
  const Config c = load_config("", {{"topology.h", "2"}, {"sim.warmup", "1500"}, {"sim.measure", "2500"}, {"traffic.load", "0.3"},
                                    {"routing.algorithm", "valiant"}});
  test::TempDir dir;
  int code_a = -1, code_b = -1;
  json a = run_in_child(c, code_a, dir.file("a.json"), /*progress=*/false);
  json b = run_in_child(c, code_b, dir.file("b.json"), /*progress=*/true);
  ASSERT_FALSE(a.is_null());
  ASSERT_FALSE(b.is_null());
  EXPECT_EQ(code_a, 0);
  EXPECT_EQ(code_b, 0);
  a.erase("simulation");
  b.erase("simulation");
  EXPECT_EQ(a.dump(), b.dump());
}

// The contention trace of a transient: its bins add up to the run's own contention statistics, and the
// extra stops it makes (and those of a progress hook) change no result.
TEST(ContentionTrace, BinsAddUpToTheRunAndSamplingChangesNothing) {
  const Config c = load_config("", {{"topology.h", "2"}, {"sim.warmup", "1000"}, {"sim.measure", "3000"}, {"traffic.load", "0.3"},
                                    {"routing.algorithm", "valiant"}, {"traffic.change.at", "500"}, {"traffic.change.pattern", "adv"},
                                    {"stats.bin", "100"}, {"stats.before", "5000"}});
  test::TempDir dir;
  int code_a = -1, code_b = -1;
  json a = run_in_child(c, code_a, dir.file("a.json"), /*progress=*/false);
  json b = run_in_child(c, code_b, dir.file("b.json"), /*progress=*/true);
  ASSERT_FALSE(a.is_null());
  ASSERT_FALSE(b.is_null());
  ASSERT_EQ(code_a, 0);
  a.erase("simulation");
  b.erase("simulation");
  EXPECT_EQ(a.dump(), b.dump());

  // stats.before covers the whole measurement: 30 bins of 100 cycles from the end of warm-up.
  const json& bins = a["time_series"];
  ASSERT_EQ(bins.size(), 30u);
  double headers = 0, seen = 0;
  long peak = 0;
  for (const json& bin : bins) {
    ASSERT_TRUE(bin.contains("contention_mean_at_header")) << bin.dump();
    headers += bin["contention_headers"].get<double>();
    seen += bin["contention_headers"].get<double>() * bin["contention_mean_at_header"].get<double>();
    peak = std::max(peak, bin["contention_max"].get<long>());
    EXPECT_GE(bin["contention_mean"].get<double>(), 0);
    EXPECT_LE(bin["contention_mean"].get<double>(), bin["contention_max"].get<double>());
  }
  ASSERT_GT(headers, 0);
  EXPECT_NEAR(seen / headers, a["contention"]["mean_at_header"].get<double>(), 1e-9);
  EXPECT_LE(peak, a["contention"]["max"].get<long>());
  EXPECT_GE(peak, 1);
}

#ifdef HIRADIX_BIN

const char* kBase = "topology:\n  h: 2\nsim:\n  warmup: 1000\n  measure: 2000\n  watchdog: 1000\n";

// Runs `hiradix ARGS` in `dir`; stderr goes to dir/err.txt.
int hiradix(const test::TempDir& dir, const std::string& args, std::string* err = nullptr) {
  const int code = test::run_shell("cd " + test::shell_quote(dir.path.string()) + " && " + test::shell_quote(HIRADIX_BIN) + " " +
                                   args + " >/dev/null 2>err.txt");
  if (err) *err = test::without_sanitizer_notes(test::read_text(dir.file("err.txt")));
  return code;
}

TEST(SweepCli, BadInputGivesOneLineNamingTheKeyAndExit2) {
  test::TempDir dir;
  std::ofstream(dir.file("base.yaml")) << kBase;
  const std::vector<std::pair<std::string, std::string>> cases = {
      {"--vary traffic.load=0.5:0.1:0.1", "--vary traffic.load: empty range"},
      {"--vary traffic.load=0.1:0.5:0", "--vary traffic.load: range step is 0"},
      {"--vary traffic.lod=0.1,0.2", "traffic.lod"},
      {"--vary traffic.load=0.1,2.0", "traffic.load"},  // out of range for the schema
      {"--vary routing.algorithm=min,ugall", "routing.algorithm"},
      {"--vary traffic.load=0.1 --vary traffic.load=0.2", "varied twice"},
      {"--vary traffic.load=0.1 --executor pbs", "--executor pbs: must be local or slurm"},
      {"--vary traffic.load=0.1 --partition debug", "--partition: only applies to --executor slurm"},
      {"--vary traffic.load=0.1 --seeds 0", "--seeds: must be at least 1"},
      {"--vary traffic.load=0.1 -j 0", "-j 0"},
  };
  for (const auto& [args, expected] : cases) {
    std::string err;
    EXPECT_EQ(hiradix(dir, "sweep base.yaml " + args + " --out o -q", &err), 2) << args;
    EXPECT_NE(err.find(expected), std::string::npos) << args << ": " << err;
    EXPECT_EQ(std::count(err.begin(), err.end(), '\n'), 1) << args << ": one line: " << err;
  }
  EXPECT_FALSE(std::filesystem::exists(dir.path / "o" / "points")) << "nothing runs before every point is valid";
}

TEST(Sweep, ParallelismDoesNotChangeTheCsv) {
  test::TempDir dir;
  std::ofstream(dir.file("base.yaml")) << kBase;
  auto sweep = [&](int jobs) {
    const std::string out = "s" + std::to_string(jobs);
    EXPECT_EQ(hiradix(dir, "sweep base.yaml --vary traffic.load=0.1,0.3 --vary routing.algorithm=min,valiant -j " +
                               std::to_string(jobs) + " --out " + out + " -q"),
              0)
        << "-j " << jobs;
    return out;
  };
  const std::string s1 = sweep(1), s2 = sweep(2);
  for (const char* f : {"results.csv", "summary.csv"}) {
    const std::string a = test::read_text(dir.file(s1 + "/" + f)), b = test::read_text(dir.file(s2 + "/" + f));
    EXPECT_FALSE(a.empty()) << f;
    EXPECT_EQ(a, b) << f << " differs between -j 1 and -j 2";
  }
  const Table a = read_csv(dir.file(s1 + "/results.csv"));
  ASSERT_EQ(a.size(), 5u);  // header + 2 x 2 points
  const auto& header = a[0];
  EXPECT_EQ(header[0], "point");
  EXPECT_EQ(header[1], "traffic.load");
  EXPECT_EQ(header[2], "routing.algorithm");
  EXPECT_EQ(header[3], "seed");
  EXPECT_EQ(header[4], "status");
  auto col = columns(a);
  for (const char* c : {"accepted_load", "offered_load", "latency.total.average", "latency.total.p99", "misrouted_fraction",
                        "path_types.lgl", "injected_load_per_router.min", "contention.max", "simulation.cycles"})
    EXPECT_TRUE(col.count(c)) << c;
  EXPECT_FALSE(col.count("simulation.wall_seconds")) << "timing columns live in timing.csv";
  EXPECT_TRUE(columns(read_csv(dir.file(s1 + "/timing.csv"))).count("simulation.wall_seconds"));
  std::set<std::pair<std::string, std::string>> points;
  for (std::size_t row = 1; row < a.size(); ++row) {
    ASSERT_EQ(a[row].size(), header.size());
    EXPECT_EQ(a[row][col["status"]], "ok");
    points.insert({a[row][1], a[row][2]});
  }
  EXPECT_EQ(points.size(), 4u) << "every combination once";
  // Rows are in point order, first --vary outermost; accepted load follows the offered load.
  EXPECT_EQ(a[1][1], "0.1");
  EXPECT_EQ(a[1][2], "min");
  EXPECT_EQ(a[4][1], "0.3");
  EXPECT_EQ(a[4][2], "valiant");
  EXPECT_NEAR(std::stod(a[1][col["accepted_load"]]), 0.1, 0.02);
  EXPECT_NEAR(std::stod(a[3][col["accepted_load"]]), 0.3, 0.03);
  EXPECT_EQ(a[2][col["path_types.min"]].empty() ? "" : "x", "x");
  EXPECT_EQ(a[1][col["path_types.lgl"]], "") << "MIN has no Valiant path types";

  // A sweep point is the same simulation as a single run of that configuration.
  int code = -1;
  json single = test::simulate({{"topology.h", "2"}, {"sim.warmup", "1000"}, {"sim.measure", "2000"}, {"sim.watchdog", "1000"},
                                {"traffic.load", "0.3"}, {"routing.algorithm", "min"}},
                               &code);
  ASSERT_FALSE(single.is_null());
  json point = json::parse(test::read_text(dir.file(s2 + "/points/0002.json")));
  point.erase("simulation");
  single.erase("simulation");
  EXPECT_EQ(point.dump(), single.dump());
}

TEST(Sweep, SeedsAreRowsAndTheSummaryAveragesThem) {
  test::TempDir dir;
  std::ofstream(dir.file("base.yaml")) << kBase << "  seed: 5\n";
  ASSERT_EQ(hiradix(dir, "sweep base.yaml --vary traffic.load=0.2,0.4 --seeds 3 -j 2 --out o -q"), 0);
  const Table r = read_csv(dir.file("o/results.csv"));
  ASSERT_EQ(r.size(), 7u);  // 2 points x 3 seeds
  auto rc = columns(r);
  const std::vector<std::string> seeds = {"5", "6", "7", "5", "6", "7"};
  for (std::size_t i = 0; i < 6; ++i) {
    EXPECT_EQ(r[i + 1][rc["seed"]], seeds[i]) << "seeds base, base+1, ... innermost";
    EXPECT_EQ(r[i + 1][rc["traffic.load"]], i < 3 ? "0.2" : "0.4");
  }
  EXPECT_NE(r[1][rc["accepted_load"]], r[2][rc["accepted_load"]]) << "different seeds, different runs";

  const Table s = read_csv(dir.file("o/summary.csv"));
  ASSERT_EQ(s.size(), 3u);
  auto sc = columns(s);
  EXPECT_EQ(s[0][0], "group");
  EXPECT_EQ(s[0][1], "traffic.load");
  for (std::size_t g = 0; g < 2; ++g) {
    EXPECT_EQ(s[g + 1][sc["runs"]], "3");
    EXPECT_EQ(s[g + 1][sc["ok"]], "3");
    for (const char* m : {"accepted_load", "latency.total.average"}) {
      // Recompute by hand from results.csv: mean, sample sd, t(0.975, 2) = 4.302653.
      double x[3], mean = 0, ss = 0;
      for (std::size_t k = 0; k < 3; ++k) mean += (x[k] = std::stod(r[1 + 3 * g + k][rc[m]])) / 3;
      for (double v : x) ss += (v - mean) * (v - mean);
      const double half = 4.302653 * std::sqrt(ss / 2) / std::sqrt(3.0);
      EXPECT_NEAR(std::stod(s[g + 1][sc[std::string(m) + "_mean"]]), mean, 1e-8 * std::abs(mean)) << m;
      EXPECT_NEAR(std::stod(s[g + 1][sc[std::string(m) + "_ci95"]]), half, 1e-6 * half + 1e-12) << m;
    }
  }
}

TEST(Sweep, AnInterruptedSweepResumesToTheSameCsv) {
  test::TempDir dir;
  std::ofstream(dir.file("base.yaml")) << kBase;
  const std::string args = "sweep base.yaml --vary traffic.load=0.1,0.2,0.3 --vary routing.algorithm=min,valiant -j 2";
  ASSERT_EQ(hiradix(dir, args + " --out full -q"), 0);
  ASSERT_EQ(hiradix(dir, args + " --out cut -q"), 0);
  // What an interruption leaves: finished points, a point cut off while writing (never renamed into
  // place), a truncated file (e.g. a disk full), missing points, no tables.
  namespace fs = std::filesystem;
  const fs::path pts = dir.path / "cut" / "points";
  fs::remove(pts / "0001.json");
  fs::remove(pts / "0004.json");
  fs::rename(pts / "0003.json", pts / "0003.json.tmp.12345");
  const std::string text = test::read_text((pts / "0005.json").string());
  std::ofstream(pts / "0005.json") << text.substr(0, text.size() / 2);
  for (const char* f : {"results.csv", "summary.csv", "timing.csv"}) fs::remove(dir.path / "cut" / f);
  struct stat kept {};
  ASSERT_EQ(stat((pts / "0002.json").c_str(), &kept), 0);

  std::string err;
  ASSERT_EQ(hiradix(dir, args + " --out cut --resume", &err), 0) << err;
  EXPECT_NE(err.find("resuming, 2 of 6 points already done"), std::string::npos) << err;
  EXPECT_EQ(test::read_text(dir.file("cut/results.csv")), test::read_text(dir.file("full/results.csv")));
  EXPECT_EQ(test::read_text(dir.file("cut/summary.csv")), test::read_text(dir.file("full/summary.csv")));
  struct stat after {};
  ASSERT_EQ(stat((pts / "0002.json").c_str(), &after), 0);
  EXPECT_EQ(kept.st_ino, after.st_ino) << "a finished point is not run again";
  EXPECT_FALSE(fs::exists(pts / "0003.json.tmp.12345")) << "debris of a cut-off write is removed";

  // Resuming a finished sweep runs nothing and rewrites the same tables.
  ASSERT_EQ(hiradix(dir, args + " --out cut --resume", &err), 0);
  EXPECT_NE(err.find("6 of 6 points already done"), std::string::npos) << err;
  EXPECT_EQ(test::read_text(dir.file("cut/results.csv")), test::read_text(dir.file("full/results.csv")));
}

TEST(Sweep, AKilledSweepResumesToTheSameCsv) {
  // A real interruption: the sweep's whole process group is killed once its first point is written.
  // (If the machine is fast enough to finish first, the comparison still has to hold.)
  test::TempDir dir;
  std::ofstream(dir.file("base.yaml")) << "topology:\n  h: 2\nsim:\n  warmup: 2000\n  measure: 20000\n  watchdog: 1000\n";
  const std::string args = "sweep base.yaml --vary traffic.load=0.1,0.2,0.3,0.4 --vary routing.algorithm=min,valiant -j 1";
  ASSERT_EQ(hiradix(dir, args + " --out full -q"), 0);
  const std::string d = test::shell_quote(dir.path.string());
  ASSERT_EQ(test::run_shell("cd " + d + " && (setsid " + test::shell_quote(HIRADIX_BIN) + " " + args +
                            " --out cut -q & pid=$!; for i in $(seq 600); do [ -e cut/points/0000.json ] && break; sleep 0.05; done; "
                            "kill -KILL -- -$pid 2>/dev/null; wait $pid; true)"),
            0);
  EXPECT_FALSE(std::filesystem::exists(dir.path / "cut" / "results.csv") && !std::filesystem::exists(dir.path / "cut" / "points" / "0007.json"));
  std::string err;
  ASSERT_EQ(hiradix(dir, args + " --out cut --resume", &err), 0) << err;
  EXPECT_EQ(test::read_text(dir.file("cut/results.csv")), test::read_text(dir.file("full/results.csv")));
  EXPECT_EQ(test::read_text(dir.file("cut/summary.csv")), test::read_text(dir.file("full/summary.csv")));
}

// --sample 2 runs points 0, 2 and 4 of 5 and tells the whole plan's cost at their mean pace (their wall
// and elaboration seconds, from their point files); --resume without it runs the other two, and the tables
// are a full sweep's.
TEST(Sweep, ASampleRunsEveryNthPointAndResumeRunsTheRest) {
  test::TempDir dir;
  std::ofstream(dir.file("base.yaml")) << kBase;
  const std::string args = "sweep base.yaml --vary traffic.load=0.1,0.2,0.3,0.4,0.5 -j 1";
  ASSERT_EQ(hiradix(dir, args + " --out full -q"), 0);
  std::string err;
  ASSERT_EQ(hiradix(dir, args + " --out s --sample 2", &err), 0) << err;
  namespace fs = std::filesystem;
  double seconds = 0;
  for (int i = 0; i < 5; ++i) {
    const fs::path f = dir.path / "s" / "points" / fmt::format("{:04d}.json", i);
    EXPECT_EQ(fs::exists(f), i % 2 == 0) << i;
    if (i % 2 != 0) continue;
    const json sim = json::parse(test::read_text(f.string()))["simulation"];
    seconds += sim["wall_seconds"].get<double>() + sim["elaboration_seconds"].get<double>();
  }
  const std::string said = "sweep: sampled 3 of 5 points (one in 2): ";
  const std::size_t at = err.find(said);
  ASSERT_NE(at, std::string::npos) << err;
  const std::size_t comma = err.find(", ", at + said.size());
  ASSERT_NE(comma, std::string::npos) << err;
  EXPECT_NEAR(std::stod(err.substr(comma + 2)), seconds / 3, 0.051) << err;
  EXPECT_NE(err.find("the whole plan at that pace: about "), std::string::npos) << err;
  EXPECT_NE(err.find("3/3 points"), std::string::npos) << err;

  ASSERT_EQ(hiradix(dir, args + " --out s --resume", &err), 0) << err;
  EXPECT_NE(err.find("resuming, 3 of 5 points already done"), std::string::npos) << err;
  EXPECT_EQ(test::read_text(dir.file("s/results.csv")), test::read_text(dir.file("full/results.csv")));

  EXPECT_EQ(hiradix(dir, args + " --out z --sample 0", &err), 2);
  EXPECT_NE(err.find("--sample 0: must be at least 1"), std::string::npos) << err;
}

TEST(Sweep, ResumeRefusesADifferentPlan) {
  test::TempDir dir;
  std::ofstream(dir.file("base.yaml")) << kBase;
  ASSERT_EQ(hiradix(dir, "sweep base.yaml --vary traffic.load=0.1,0.2 --out o -q -j 2"), 0);
  std::string err;
  EXPECT_EQ(hiradix(dir, "sweep base.yaml --vary traffic.load=0.1,0.3 --out o -q --resume", &err), 2);
  EXPECT_NE(err.find("--resume"), std::string::npos) << err;
  EXPECT_NE(err.find("other values of --vary traffic.load"), std::string::npos) << err;
  EXPECT_EQ(hiradix(dir, "sweep base.yaml --vary traffic.load=0.1,0.2 --set packet.size=4 --out o -q --resume", &err), 2);
  EXPECT_NE(err.find("another config for point 0"), std::string::npos) << err;
  // More seeds or values extend the plan (tests/test_sweep_workflow.cpp); fewer would drop points done.
}

TEST(Sweep, PlanFileIsTheSameSweepAsTheCommandLine) {
  test::TempDir dir;
  std::filesystem::create_directories(dir.path / "exp");
  std::ofstream(dir.file("base.yaml")) << kBase;
  std::ofstream(dir.file("exp/plan.yaml")) << "description: test\nconfig: ../base.yaml\nset: {packet.size: 4}\n"
                                              "vary:\n  - routing.algorithm=min,valiant\n  - traffic.load=0.1:0.2:0.1\nseeds: 2\n";
  ASSERT_EQ(hiradix(dir, "sweep --plan exp/plan.yaml --out a -q -j 2"), 0);
  ASSERT_EQ(hiradix(dir, "sweep base.yaml --set packet.size=4 --vary routing.algorithm=min,valiant --vary traffic.load=0.1:0.2:0.1 "
                         "--seeds 2 --out b -q -j 2"),
            0);
  EXPECT_EQ(read_csv(dir.file("a/results.csv")).size(), 9u);
  EXPECT_EQ(test::read_text(dir.file("a/results.csv")), test::read_text(dir.file("b/results.csv")));
  std::ofstream(dir.file("exp/bad.yaml")) << "config: ../base.yaml\nvaryy: [traffic.load=0.1]\n";
  std::string err;
  EXPECT_EQ(hiradix(dir, "sweep --plan exp/bad.yaml --out c -q", &err), 2);
  EXPECT_NE(err.find("unknown field 'varyy'"), std::string::npos) << err;
}

// A plan's trace files, in `set` or `vary`, are found beside the plan (as its config is), whatever the
// directory the sweep runs from; an absolute path stays as it is.
TEST(Sweep, APlansTraceFilesAreFoundBesideThePlan) {
  test::TempDir dir;
  std::filesystem::create_directories(dir.path / "exp/traces");
  std::ofstream(dir.file("base.yaml")) << kBase;
  std::ofstream(dir.file("exp/one.trace")) << "100 0 5 1\n";
  std::ofstream(dir.file("exp/traces/two.trace")) << "100 0 5 1\n200 3 1 2\n";
  std::ofstream(dir.file("abs.trace")) << "100 2 4 1\n";
  std::ofstream(dir.file("exp/plan.yaml")) << "config: ../base.yaml\nset: {traffic.pattern: trace, traffic.trace_file: one.trace}\n"
                                              "vary:\n  - traffic.trace_file=one.trace,traces/two.trace," << dir.file("abs.trace") << "\n";
  std::string err;
  ASSERT_EQ(hiradix(dir, "sweep --plan exp/plan.yaml --out o -q -j 1", &err), 0) << err;
  const Table t = read_csv(dir.file("o/results.csv"));
  ASSERT_EQ(t.size(), 4u);
  const auto col = columns(t);
  EXPECT_EQ(t[1][col.at("traffic.trace_file")], "exp/one.trace");
  EXPECT_EQ(t[2][col.at("traffic.trace_file")], "exp/traces/two.trace");
  EXPECT_EQ(t[3][col.at("traffic.trace_file")], dir.file("abs.trace"));
  const std::vector<std::string> packets = {"1", "3", "1"};
  for (std::size_t r = 1; r < t.size(); ++r) {
    EXPECT_EQ(t[r][col.at("trace.complete")], "1") << r;
    EXPECT_EQ(t[r][col.at("trace.packets")], packets[r - 1]) << r;
  }
}

TEST(Sweep, ProgressLinesUnlessQuiet) {
  test::TempDir dir;
  std::ofstream(dir.file("base.yaml")) << kBase;
  std::string err;
  ASSERT_EQ(hiradix(dir, "sweep base.yaml --vary traffic.load=0.1,0.2 --vary routing.algorithm=min,valiant --out o -j 2", &err), 0);
  EXPECT_NE(err.find("sweep: 4/4 points"), std::string::npos) << err;
  EXPECT_EQ(err.find('\r'), std::string::npos) << "not a terminal: plain lines";
  ASSERT_EQ(hiradix(dir, "sweep base.yaml --vary traffic.load=0.1,0.2 --vary routing.algorithm=min,valiant --out q -j 2 -q", &err), 0);
  EXPECT_EQ(err, "");
  // With progress the children report their cycles as they go (simulating in slices): same results.
  EXPECT_EQ(test::read_text(dir.file("o/results.csv")), test::read_text(dir.file("q/results.csv")));
  ASSERT_EQ(hiradix(dir, "run base.yaml --out r", &err), 0);
  EXPECT_NE(err.find("run: 3000/3000 cycles"), std::string::npos) << err;
  ASSERT_EQ(hiradix(dir, "run base.yaml --out r -q", &err), 0);
  EXPECT_EQ(err, "");
}

// ---------------------------------------------------------------------------------------------------------
// SLURM: a real one-node cluster started by scripts/slurm-cluster.sh (slurm-wlm + munge from Debian).

TEST(SlurmSweep, JobArrayOnAOneNodeClusterGivesTheLocalCsvAndResumes) {
  if (geteuid() != 0) GTEST_SKIP() << "the one-node SLURM cluster needs root (slurmd starts jobs as their user)";
  if (test::run_shell("command -v sbatch >/dev/null && test -x /usr/sbin/slurmctld && test -x /usr/sbin/munged") != 0)
    GTEST_SKIP() << "slurm-wlm or munge is not installed (scripts/setup.sh installs them)";
  test::TempDir dir;
  const std::string script = std::string(HIRADIX_SOURCE_DIR) + "/scripts/slurm-cluster.sh";
  ASSERT_EQ(test::run_shell(test::shell_quote(script) + " start >" + test::shell_quote(dir.file("conf.txt")) + " 2>&1"), 0)
      << "scripts/slurm-cluster.sh start failed: " << test::read_text(dir.file("conf.txt"));
  std::string conf = test::read_text(dir.file("conf.txt"));
  conf = conf.substr(0, conf.find('\n'));
  const std::string env = "SLURM_CONF=" + test::shell_quote(conf) + " ";

  std::ofstream(dir.file("base.yaml")) << kBase;
  const std::string args = "sweep base.yaml --vary traffic.load=0.1,0.3 --vary routing.algorithm=min,valiant --seeds 2";
  ASSERT_EQ(hiradix(dir, args + " -j 2 --out local -q"), 0);
  std::string err;
  ASSERT_EQ(test::run_shell("cd " + test::shell_quote(dir.path.string()) + " && " + env + test::shell_quote(HIRADIX_BIN) + " " + args +
                            " --executor slurm --partition debug --time 10:00 --mem 1G --out slurm >/dev/null 2>err.txt"),
            0)
      << test::read_text(dir.file("err.txt"));
  err = test::read_text(dir.file("err.txt"));
  EXPECT_NE(err.find("submitted SLURM job array"), std::string::npos) << err;
  EXPECT_NE(err.find("(8 points)"), std::string::npos) << err;
  EXPECT_EQ(test::read_text(dir.file("slurm/results.csv")), test::read_text(dir.file("local/results.csv")));
  EXPECT_EQ(test::read_text(dir.file("slurm/summary.csv")), test::read_text(dir.file("local/summary.csv")));
  const std::string batch = test::read_text(dir.file("slurm/slurm/point.sbatch"));
  EXPECT_NE(batch.find("#SBATCH --partition=debug"), std::string::npos) << batch;
  EXPECT_NE(batch.find("#SBATCH --time=10:00"), std::string::npos) << batch;
  EXPECT_NE(batch.find("#SBATCH --mem=1G"), std::string::npos) << batch;

  // A failed task (its point file missing) is resubmitted alone by --resume.
  std::filesystem::remove(dir.path / "slurm" / "points" / "0005.json");
  std::filesystem::remove(dir.path / "slurm" / "results.csv");
  ASSERT_EQ(test::run_shell("cd " + test::shell_quote(dir.path.string()) + " && " + env + test::shell_quote(HIRADIX_BIN) + " " + args +
                            " --executor slurm --out slurm --resume >/dev/null 2>err.txt"),
            0)
      << test::read_text(dir.file("err.txt"));
  err = test::read_text(dir.file("err.txt"));
  EXPECT_NE(err.find("(1 points)"), std::string::npos) << err;
  EXPECT_EQ(test::read_text(dir.file("slurm/results.csv")), test::read_text(dir.file("local/results.csv")));
}

// Every ready-made experiment (testbench/experiments/*.yaml) is a valid sweep: each point's config loads.
TEST(Experiments, EveryPlanFileIsAValidSweep) {
  namespace fs = std::filesystem;
  std::size_t plans = 0;
  for (const auto& e : fs::directory_iterator(fs::path(HIRADIX_SOURCE_DIR) / "testbench" / "experiments")) {
    if (e.path().extension() != ".yaml") continue;
    ++plans;
    SweepOptions opt;
    try {
      load_sweep_file(e.path().string(), opt);
      const SweepPlan plan = make_plan(opt);
      EXPECT_GE(plan.points.size(), 2u) << e.path();
      EXPECT_EQ(plan.vary.front().key, "routing.algorithm") << e.path() << ": one curve per routing";
    } catch (const std::exception& ex) {
      ADD_FAILURE() << e.path() << ": " << ex.what();
    }
  }
  EXPECT_GE(plans, 16u);
}

// The points kept for a long set (testbench/experiments/progress/NAME, run.sh --keep) are points of its plan
// as it is now: a plan or a default changed since they ran would make run.sh refuse to go on from them.
TEST(Experiments, EveryKeptPointIsAPointOfItsPlan) {
  namespace fs = std::filesystem;
  const fs::path here = fs::path(HIRADIX_SOURCE_DIR) / "testbench" / "experiments";
  if (!fs::exists(here / "progress")) GTEST_SKIP() << "no points kept";
  for (const auto& kept : fs::directory_iterator(here / "progress")) {
    const std::string name = kept.path().filename().string();
    SweepOptions opt;
    ASSERT_NO_THROW(load_sweep_file((here / (name + ".yaml")).string(), opt)) << name << ": no plan of that name";
    std::set<std::string> configs;
    for (const SweepPoint& p : make_plan(opt).points) configs.insert(p.config.dump());
    std::size_t points = 0;
    for (const auto& f : fs::directory_iterator(kept.path() / "points")) {
      ++points;
      const json point = json::parse(test::read_text(f.path().string()));
      EXPECT_EQ(point.value("status", ""), "ok") << f.path();
      EXPECT_TRUE(configs.count(point["config"].dump())) << f.path() << ": not a point of " << name << ".yaml as it is now";
    }
    EXPECT_GT(points, 0u) << name;
  }
}

#endif

}  // namespace

// The sweep's time left (tools/sweep/sweep_eta.h, issue 32) on a hand-computed example. h = 2: 72 nodes;
// 500 cycles. point_cost = cycles x nodes x (load + 0.02): 4,320 at load 0.1, 18,720 at 0.5, 11,520 at 0.3.
TEST(SweepEta, LearnsFromThePointsDoneTheirRateAndWhereTheSeriesSaturates) {
  const auto point = [](const char* algorithm, const char* load) {
    return load_config("", {{"topology.h", "2"}, {"routing.algorithm", algorithm}, {"traffic.load", load},
                            {"sim.warmup", "100"}, {"sim.measure", "400"}});
  };
  const std::vector<Config> configs = {point("min", "0.1"), point("min", "0.5"), point("valiant", "0.5"), point("min", "0.8")};
  EXPECT_DOUBLE_EQ(point_cost(configs[0], 0.1), 4320);
  EXPECT_DOUBLE_EQ(point_cost(configs[1], 0.5), 18720);
  EXPECT_DOUBLE_EQ(point_cost(configs[1], 0.3), 11520);

  SweepEta eta(configs, {0, 1, 2, 3}, 1);
  EXPECT_EQ(eta.remaining(), std::make_pair(-1.0, -1.0)) << "nothing is known before a point ends";
  eta.finished(0, 3.0, 0.1);  // MIN: 3 s for 4,320
  const double r0 = 3.0 / 4320;
  // MIN's points at that rate; Valiant's, not seen yet, between it and twice it; MIN at 0.8 costs 29,520.
  EXPECT_NEAR(eta.remaining().first, 18720 * r0 + 18720 * r0 + 29520 * r0, 1e-9);
  EXPECT_NEAR(eta.remaining().second, 18720 * r0 + 2 * 18720 * r0 + 29520 * r0, 1e-9);
  eta.set_running({{1, 0.5}});  // half of point 1 is done
  EXPECT_NEAR(eta.remaining().first, 9360 * r0 + 18720 * r0 + 29520 * r0, 1e-9);

  // Point 1 saturated (accepted 0.3 of 0.5): MIN's series carries 0.3 at 0.8 too, and MIN's rates now span
  // 6 s for 11,520 to 3 s for 4,320.
  eta.finished(1, 6.0, 0.3);
  const double r1 = 6.0 / 11520;
  EXPECT_NEAR(eta.remaining().first, 18720 * r1 + 11520 * r1, 1e-9);
  EXPECT_NEAR(eta.remaining().second, 2 * 18720 * r0 + 11520 * r0, 1e-9);
  eta.finished(2, 10.0, -1);  // no result: teaches nothing
  eta.finished(3, 5.0, 0.3);
  EXPECT_EQ(eta.remaining(), std::make_pair(0.0, 0.0));

  // Two jobs: the work left is shared, but never done sooner than the longest point left.
  SweepEta two(configs, {0, 1, 2}, 2);
  two.finished(0, 3.0, 0.1);
  EXPECT_NEAR(two.remaining().first, 18720 * r0, 1e-9);       // (cost1 + cost2) r0 / 2 = the longest
  EXPECT_NEAR(two.remaining().second, 2 * 18720 * r0, 1e-9);  // max((1 + 2) / 2, 2) x 18,720 r0
}

TEST(SweepEta, RangeIsShownUntilItCloses) {
  EXPECT_EQ(format_eta(-1, -1), "ETA ?");
  EXPECT_EQ(format_eta(100, 105), "ETA 1m45s");
  EXPECT_EQ(format_eta(60, 200), "ETA 1m00s-3m20s");
}
