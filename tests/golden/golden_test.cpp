// The golden set (tests/golden/cases.txt): each case runs the built `hiradix run` and its result.json,
// minus `simulation` (wall time, memory), must equal tests/golden/expected/NAME.json exactly: a refactor or
// a speed-up may not move any number. The resolved `config` may gain keys (new options keep their
// defaults) but every stored key must keep its value. Files a case writes besides result.json (a
// trace.contention CSV) are compared byte for byte when expected/NAME.FILE exists.
//
// A change that is meant to move results regenerates the set with HIRADIX_GOLDEN_UPDATE=1 (and says so in
// its commit and the README, with before/after numbers).
#include <gtest/gtest.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "sim_helpers.h"

namespace hiradix::test {
namespace {

namespace fs = std::filesystem;

struct GoldenCase {
  std::string name, config;
  std::vector<std::string> sets;
};

const fs::path kGoldenDir = fs::path(HIRADIX_SOURCE_DIR) / "tests" / "golden";

std::vector<GoldenCase> load_cases() {
  std::vector<GoldenCase> cases;
  std::ifstream in(kGoldenDir / "cases.txt");
  for (std::string line; std::getline(in, line);) {
    if (line.empty() || line[0] == '#') continue;
    std::istringstream words(line);
    GoldenCase c;
    words >> c.name >> c.config;
    for (std::string s; words >> s;) c.sets.push_back(s);
    cases.push_back(c);
  }
  return cases;
}

// Every key of `expected` must be in `actual` with the same value; `actual` may have more.
void expect_subset(const nlohmann::json& expected, const nlohmann::json& actual, const std::string& where) {
  for (const auto& [key, value] : expected.items()) {
    const std::string path = where + "." + key;
    ASSERT_TRUE(actual.contains(key)) << path << " is gone";
    if (value.is_object()) expect_subset(value, actual[key], path);
    else EXPECT_EQ(value, actual[key]) << path;
  }
}

class Golden : public ::testing::TestWithParam<GoldenCase> {};

// Runs case `c` (plus `more` --set options) and checks its result.json and the files it writes against the
// stored ones; with HIRADIX_GOLDEN_UPDATE set (and no `more`), stores them instead. A run the config refuses
// naming `refusable` (a key of `more`) is skipped with the refusal.
void check_case(const GoldenCase& c, const std::vector<std::string>& more, const std::string& refusable = "") {
  TempDir dir("hiradix_golden");
  std::string cmd = "cd " + shell_quote(dir.path.string()) + " && " + shell_quote(HIRADIX_BIN) + " run " +
                    shell_quote(std::string(HIRADIX_CONFIGS) + "/" + c.config) + " -q --out out";
  for (const std::string& s : c.sets) cmd += " --set " + shell_quote(s);
  for (const std::string& s : more) cmd += " --set " + shell_quote(s);
  run_shell(cmd + " 2>err.txt");
  std::ifstream result_file(dir.path / "out" / "result.json");
  if (!result_file && !refusable.empty()) {
    const std::string err = read_text((dir.path / "err.txt").string());
    if (err.find("config error: " + refusable + ":") != std::string::npos) GTEST_SKIP() << err;
  }
  ASSERT_TRUE(result_file) << "no result.json from: " << cmd;
  nlohmann::json result = nlohmann::json::parse(result_file);
  result.erase("simulation");

  const fs::path expected_path = kGoldenDir / "expected" / (c.name + ".json");
  const bool update = std::getenv("HIRADIX_GOLDEN_UPDATE") != nullptr;
  if (update) {
    if (!more.empty()) GTEST_SKIP() << "the stored results are written by the run without options added";
    fs::create_directories(expected_path.parent_path());
    std::ofstream(expected_path) << result.dump(1) << "\n";
    for (const auto& f : fs::directory_iterator(dir.path))
      if (f.is_regular_file()) fs::copy_file(f.path(), kGoldenDir / "expected" / (c.name + "." + f.path().filename().string()),
                                             fs::copy_options::overwrite_existing);
    GTEST_SKIP() << "expected result written";
  }
  std::ifstream expected_file(expected_path);
  ASSERT_TRUE(expected_file) << expected_path << " is missing";
  nlohmann::json expected = nlohmann::json::parse(expected_file);
  if (!more.empty()) {  // the partitioning or threads forced are not the stored run's
    for (const char* key : {"partitions", "threads"}) {
      expected["config"]["sim"].erase(key);
      result["config"]["sim"].erase(key);
    }
  }
  expect_subset(expected["config"], result["config"], "config");
  expected.erase("config");
  result.erase("config");
  for (const auto& [key, value] : expected.items()) EXPECT_EQ(value, result[key]) << "result field " << key;
  for (const auto& [key, value] : result.items()) EXPECT_TRUE(expected.contains(key)) << "new result field " << key;

  for (const auto& f : fs::directory_iterator(kGoldenDir / "expected")) {
    const std::string file = f.path().filename().string(), prefix = c.name + ".";
    if (file.rfind(prefix, 0) != 0 || file == c.name + ".json") continue;
    EXPECT_EQ(read_text(f.path().string()), read_text((dir.path / file.substr(prefix.size())).string())) << file;
  }
}

TEST_P(Golden, ResultIsBitIdentical) { check_case(GetParam(), {}); }

// The run with the other scheduling kernel gives the same results, for every routing and pattern of the
// set: cut into its topology's domains (sim.partitions domains: a wheel per domain, windows as long as the
// cut links' latency, tlm/cut_links.h) when the stored run was not (sim.partitions auto: small networks),
// and not cut when it was.
TEST_P(Golden, OtherPartitioningIsBitIdentical) {
  std::ifstream stored(kGoldenDir / "expected" / (GetParam().name + ".json"));
  ASSERT_TRUE(stored);
  const nlohmann::json sim = nlohmann::json::parse(stored)["config"]["sim"];
  const bool cut = sim.value("partitions", std::string("none")) == "domains";
  check_case(GetParam(), {cut ? "sim.partitions=none" : "sim.partitions=domains"});
}

// Two threads (sim.threads 2, which cuts even a small network into its domains) give the same results:
// each thread runs its partitions' windows, the NICs' reports and the packet pool are per partition. Runs
// the config refuses threads (RTL co-simulation, DRB's free ACKs, a network of one domain) are skipped,
// naming why.
TEST_P(Golden, TwoThreadsAreBitIdentical) { check_case(GetParam(), {"sim.threads=2"}, "sim.threads"); }

INSTANTIATE_TEST_SUITE_P(Set, Golden, ::testing::ValuesIn(load_cases()),
                         [](const ::testing::TestParamInfo<GoldenCase>& info) { return info.param.name; });

}  // namespace
}  // namespace hiradix::test
