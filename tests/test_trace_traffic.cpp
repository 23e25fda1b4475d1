// Trace replay (traffic.pattern: trace, config/trace_file.h; issue 28): a tiny trace whose packets and
// creation cycles are known, checked through what a run reports, and the errors that name the file and the
// line of a malformed message.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdlib>
#include <fstream>
#include <set>
#include <string>

#include "config/config.h"
#include "config/trace_file.h"
#include "sim_helpers.h"

using namespace hiradix;
using nlohmann::json;
using test::config_error;
using test::run_sane;
using test::simulate;
using test::TempDir;
using test::with;

namespace {

std::string write(const TempDir& dir, const std::string& name, const std::string& text) {
  const std::string path = dir.file(name);
  std::ofstream(path) << text;
  return path;
}

Overrides mesh4(const std::string& trace) {
  return {{"topology.type", "mesh"},  {"topology.dims", "[4,4]"},  {"routing.algorithm", "dor"}, {"traffic.pattern", "trace"},
          {"traffic.trace_file", trace}, {"sim.warmup", "100"},    {"sim.measure", "2000"}};
}

}  // namespace

// The run covers cycles 0 .. 2099 and measures 100 .. 2099. The message at 50 is created and delivered in
// the warm-up; the four packets at 100, 700 and 1900 are created in the window and delivered; the one at
// 2099, the last cycle, is created but cannot arrive; the one at 2100 is never created. So 6 packets
// created, 5 delivered, 1 in flight; 5 offered in the window (5 x 8 phits over 16 nodes x 2,000 cycles) and
// 4 delivered in it.
TEST(TraceTraffic, ATinyTraceCreatesItsPacketsAtTheirCycles) {
  TempDir dir("hiradix_trace");
  const std::string trace = write(dir, "tiny.trace",
                                  "# cycle source destination packets\n"
                                  "700 15 0 1   # lines in any order\n"
                                  "50 0 5 1     # warm-up: simulated, not measured\n"
                                  "\n"
                                  "100 3 12 2\n"
                                  "1900 2 3 1\n"
                                  "2099 6 9 1\n"
                                  "2100 7 8 1\n");
  const json r = run_sane(mesh4(trace));
  ASSERT_FALSE(r.is_null());
  EXPECT_EQ(r["conservation"]["created"], 6);
  EXPECT_EQ(r["conservation"]["delivered"], 5);
  EXPECT_EQ(r["conservation"]["in_flight"], 1);
  EXPECT_EQ(r["packets"], 4);
  EXPECT_DOUBLE_EQ(r["offered_load"].get<double>(), 5 * 8 / (16.0 * 2000));
  EXPECT_EQ(r["config"]["traffic"]["trace_file"], trace);
}

// The execution time (seed-001 §5.4) is the last tail after the first message. One packet alone: its
// latency, as the latency statistics measure it. Two messages on disjoint DOR paths of the 4 x 4 mesh (0 -> 15
// along row 0 then column 3; 5 -> 10 through (2, 1)): each as it is alone, so the pair's execution is the
// later of the two ends, the second message 200 cycles after the first.
TEST(TraceTraffic, TheExecutionTimeIsTheLastTailAfterTheFirstMessage) {
  TempDir dir("hiradix_trace");
  const auto execution = [&](const std::string& name, const std::string& text, json* result = nullptr) {
    const json r = run_sane(mesh4(write(dir, name, text)));
    if (result) *result = r;
    EXPECT_TRUE(r["trace"]["complete"].get<bool>()) << r["trace"].dump();
    EXPECT_FALSE(r.contains("warnings")) << r.dump();
    return r["trace"]["execution_cycles"].get<long long>();
  };
  json alone;
  const long long a = execution("a.trace", "300 0 15 1\n", &alone);
  EXPECT_EQ(a, alone["latency"]["total"]["average"].get<double>());
  EXPECT_EQ(alone["trace"]["first_message_cycle"], 300);
  EXPECT_EQ(alone["trace"]["completion_cycle"], 300 + a);
  EXPECT_EQ(alone["trace"]["messages"], 1);
  EXPECT_EQ(alone["trace"]["packets"], 1);
  // At units' defaults a cycle is 25 ns.
  EXPECT_DOUBLE_EQ(alone["trace"]["execution_us"].get<double>(), a * 0.025);
  const long long c = execution("c.trace", "500 5 10 2\n");
  json both;
  EXPECT_EQ(execution("b.trace", "500 5 10 2\n300 0 15 1\n", &both), std::max(a, 200 + c));
  EXPECT_EQ(both["trace"]["delivered"], 3);
}

// A trace not delivered by the run's end has no execution time, and a warning says what would deliver it:
// a longer window for a packet still in flight, a larger NIC queue for packets a full queue refused.
TEST(TraceTraffic, ATraceNotDeliveredHasNoExecutionTimeAndSaysWhy) {
  TempDir dir("hiradix_trace");
  // The packet made on the run's last cycle enters the network then: no grant yet, and no stall either.
  const json late = run_sane(mesh4(write(dir, "late.trace", "100 3 12 1\n2099 6 9 1\n")));
  EXPECT_FALSE(late["trace"]["complete"].get<bool>());
  EXPECT_TRUE(late["trace"]["execution_cycles"].is_null());
  EXPECT_TRUE(late["trace"]["completion_cycle"].is_null());
  EXPECT_EQ(late["trace"]["delivered"], 1);
  ASSERT_EQ(late["warnings"].size(), 1u);
  const std::string w = late["warnings"][0].get<std::string>();
  EXPECT_NE(w.find("1 of its 2 packets delivered"), std::string::npos) << w;
  EXPECT_NE(w.find("sim.measure"), std::string::npos) << w;
  EXPECT_EQ(w.find("nic.queue"), std::string::npos) << w;

  Overrides small_queue = mesh4(write(dir, "burst.trace", "100 3 12 40\n"));
  small_queue.emplace_back("nic.queue", "80");  // ten 8-phit packets: the other 30 are refused
  const json refused = simulate(small_queue);
  EXPECT_FALSE(refused["trace"]["complete"].get<bool>());
  EXPECT_GT(refused["trace"]["refused"].get<int>(), 0);
  EXPECT_EQ(refused["trace"]["refused"].get<int>() + refused["trace"]["delivered"].get<int>(), 40);
  EXPECT_NE(refused["warnings"][0].get<std::string>().find("refused by a full NIC queue"), std::string::npos);
  EXPECT_NE(refused["warnings"][0].get<std::string>().find("nic.queue"), std::string::npos);
}

TEST(TraceTrafficConfig, AMalformedLineNamesTheFileAndTheLine) {
  TempDir dir("hiradix_trace");
  const auto error = [&](const std::string& text) {
    const std::string path = write(dir, "bad.trace", "# a comment\n0 1 2 1\n" + text + "\n");
    const std::string e = config_error(mesh4(path));
    EXPECT_EQ(e.find('\n'), std::string::npos) << e;
    return e.rfind("config error: traffic.trace_file: " + path + ":3: ", 0) == 0 ? e.substr(e.find(":3: ") + 4) : e;
  };
  EXPECT_EQ(error("5 1 2"), "expected 4 fields (cycle source destination packets), got 3");
  EXPECT_EQ(error("5 1 2 1 9"), "expected 4 fields (cycle source destination packets), got 5");
  EXPECT_EQ(error("-5 1 2 1"), "cycle '-5' is not an integer >= 0");
  EXPECT_EQ(error("5x 1 2 1"), "cycle '5x' is not an integer >= 0");
  EXPECT_EQ(error("5 16 2 1"), "source '16' is not a node (0 to 15)");
  EXPECT_EQ(error("5 1 2.5 1"), "destination '2.5' is not a node (0 to 15)");
  EXPECT_EQ(error("5 4 4 1"), "source and destination are the same node 4");
  EXPECT_EQ(error("5 1 2 0"), "packets '0' is not an integer in [1, 1048576]");
  EXPECT_EQ(config_error(mesh4(dir.file("missing.trace"))), "config error: traffic.trace_file: " + dir.file("missing.trace") + ": cannot read the file");
  EXPECT_EQ(config_error(mesh4(write(dir, "empty.trace", "# nothing\n\n"))),
            "config error: traffic.trace_file: " + dir.file("empty.trace") + ": no message in the file");
  Overrides no_file = mesh4("");
  no_file.erase(std::remove_if(no_file.begin(), no_file.end(), [](const auto& kv) { return kv.first == "traffic.trace_file"; }), no_file.end());
  EXPECT_EQ(config_error(no_file), "config error: traffic.trace_file: pattern trace needs a trace file");
  const std::string ok = write(dir, "ok.trace", "0 1 2 1\n");
  EXPECT_EQ(config_error(mesh4(ok)), "accepted");
  EXPECT_EQ(config_error(with(mesh4(ok), {{"traffic.process", "on_off"}})),
            "config error: traffic.process: a trace sets its own creation cycles: use bernoulli");
  EXPECT_EQ(config_error(with(mesh4(ok), {{"traffic.change.at", "10"}})),
            "config error: traffic.change.at: a trace cannot change (nor follow a change)");
  EXPECT_EQ(config_error(with(mesh4(ok), {{"traffic.pattern", "mix"}, {"traffic.mix", "[{pattern: un}, {pattern: trace}]"}})),
            "config error: traffic.mix: a trace cannot be a mix component");
}

// tools/trace/make_trace.py's all-to-all: every node sends to every other once.
TEST(TraceTrafficConfig, TheGeneratorsAllToAllReadsBack) {
  TempDir dir("hiradix_trace");
  const std::string path = dir.file("a2a.trace");
  const std::string cmd = "python3 " + std::string(HIRADIX_SOURCE_DIR) + "/tools/trace/make_trace.py alltoall --nodes 16 --packets 2 > " + path;
  ASSERT_EQ(std::system(cmd.c_str()), 0);
  const std::vector<TraceMessage> m = read_trace(path, 16);
  ASSERT_EQ(m.size(), 16u * 15u);
  std::set<std::pair<int, int>> pairs;
  for (const TraceMessage& x : m) {
    pairs.insert({x.source, x.destination});
    EXPECT_EQ(x.packets, 2);
  }
  EXPECT_EQ(pairs.size(), 16u * 15u);
}
