// Configuration: every bad input ends in a ConfigError naming the key (and, where it helps, the fix);
// valid inputs resolve to the documented defaults. Plus the command line's handling of config errors.
#include <gtest/gtest.h>

#include <filesystem>

#include <fstream>
#include <initializer_list>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include "sim_helpers.h"
#include "config/config.h"
#include "tools/sweep/sweep.h"

using namespace hiradix;
using hiradix::test::TempDir;

namespace {

// The ConfigError message of load_config(path, overrides), or "" if it succeeds.
std::string error_of(const Overrides& o, const std::string& path = "") {
  try {
    load_config(path, o);
  } catch (const ConfigError& e) {
    return e.what();
  }
  return "";
}

// Expects a ConfigError whose message contains every one of `parts`.
void expect_error(const Overrides& o, std::initializer_list<std::string> parts, const std::string& path = "") {
  std::ostringstream what;
  for (const auto& [k, v] : o) what << k << "=" << v << " ";
  const std::string msg = error_of(o, path);
  ASSERT_NE(msg, "") << "expected a ConfigError for " << what.str();
  for (const std::string& p : parts) EXPECT_NE(msg.find(p), std::string::npos) << "'" << p << "' missing from: " << msg;
}

std::string write_file(const TempDir& dir, const std::string& name, const std::string& text) {
  const std::string path = dir.file(name);
  std::ofstream(path) << text;
  return path;
}

// ---------------------------------------------------------------------------------------------------------
// Invalid inputs

TEST(ConfigErrors, UnknownKeysNameTheKeyAndSuggestTheNearest) {
  expect_error({{"trafic.load", "0.1"}}, {"trafic.load", "unknown key", "'traffic.load'"});
  expect_error({{"routing.algoritm", "min"}}, {"routing.algoritm", "'routing.algorithm'"});
  expect_error({{"router.load", "0.3"}}, {"router.load", "'traffic.load'"});  // right name, wrong section
  const std::string far = error_of({{"qqqqqqqqqqqqqqqqqqqqqq", "1"}});
  EXPECT_NE(far.find("qqqqqqqqqqqqqqqqqqqqqq"), std::string::npos) << far;
  EXPECT_EQ(far.find("did you mean"), std::string::npos) << "nothing is close: " << far;
  EXPECT_EQ(suggest_key("topology.hh"), "topology.h");
  EXPECT_EQ(suggest_key("sim.warmpu"), "sim.warmup");
}

TEST(ConfigErrors, UnknownKeysInAFileAreFlattenedToDottedNames) {
  TempDir dir;
  expect_error({}, {"traffic.lod", "'traffic.load'"}, write_file(dir, "a.yaml", "traffic:\n  lod: 0.3\n"));
  expect_error({}, {"topologie", "unknown key"}, write_file(dir, "b.yaml", "topologie:\n  h: 2\n"));
  expect_error({}, {"traffic", "mapping"}, write_file(dir, "c.yaml", "traffic: 5\n"));
  expect_error({}, {"mapping"}, write_file(dir, "d.yaml", "- 1\n- 2\n"));
}

TEST(ConfigErrors, WrongTypes) {
  expect_error({{"traffic.load", "abc"}}, {"traffic.load", "abc"});
  expect_error({{"topology.h", "2.5"}}, {"topology.h", "integer", "2.5"});
  expect_error({{"topology.h", "[1, 2]"}}, {"topology.h", "integer"});
  expect_error({{"sim.warmup", "lots"}}, {"sim.warmup", "lots"});
  expect_error({{"traffic.pattern", "[un, adv]"}}, {"traffic.pattern"});
  expect_error({{"traffic.load", "[0.1"}}, {"traffic.load", "cannot parse"});
  expect_error({{"traffic.load", ""}}, {"traffic.load"});
}

TEST(ConfigErrors, TracesNeedARouterAndAFile) {
  expect_error({{"trace.contention", "c.csv"}}, {"trace.contention", "trace.router"});
  expect_error({{"trace.router", "0"}, {"trace.vcd", "''"}}, {"trace.router", "traces nothing"});
  expect_error({{"trace.router", "9999"}}, {"trace.router", "routers"});
  EXPECT_EQ(error_of({{"trace.router", "0"}, {"trace.vcd", "''"}, {"trace.contention", "c.csv"}}), "");
}

TEST(ConfigErrors, OutOfRange) {
  expect_error({{"traffic.load", "1.5"}}, {"traffic.load", "[0, 1]", "1.5"});
  expect_error({{"traffic.load", "-0.1"}}, {"traffic.load"});
  expect_error({{"topology.h", "0"}}, {"topology.h", "0"});
  expect_error({{"topology.h", "33"}}, {"topology.h"});
  expect_error({{"packet.size", "0"}}, {"packet.size"});
  expect_error({{"sim.watchdog", "50"}}, {"sim.watchdog"});
  expect_error({{"sim.measure", "0"}}, {"sim.measure"});
  expect_error({{"router.speedup", "0.5"}}, {"router.speedup"});
  expect_error({{"router.speedup", "1.0001"}}, {"router.speedup", "fraction"});
  expect_error({{"links.global_latency", "0"}}, {"links.global_latency"});
  expect_error({{"traffic.change.at", "10"}, {"traffic.change.load", "2"}}, {"traffic.change.load"});
}

// config.h: "Every bad input ends in a ConfigError naming the key" - also when the key's feature is off
// (a forgotten traffic.change.at or pattern: mix should not make a bad value pass silently).
TEST(ConfigErrors, KeysOfInactiveFeaturesAreStillValidated) {
  expect_error({{"traffic.change.load", "2"}}, {"traffic.change.load"});
  expect_error({{"traffic.change.pattern", "bitrev"}}, {"traffic.change.pattern"});
  expect_error({{"traffic.mix", "5"}}, {"traffic.mix"});
}

TEST(ConfigErrors, BadChoices) {
  expect_error({{"routing.algorithm", "foo"}}, {"routing.algorithm", "'foo'", "min", "valiant"});
  expect_error({{"routing.phase_a", "glg"}}, {"routing.phase_a", "glg"});
  expect_error({{"traffic.pattern", "bitrev"}}, {"traffic.pattern", "bitrev"});
  expect_error({{"topology.arrangement", "random"}}, {"topology.arrangement"});
  expect_error({{"router.allocator", "wavefront"}}, {"router.allocator"});
  expect_error({{"router.switching", "store_and_forward"}}, {"router.switching", "vct", "wormhole"});
}

// The queue scheme and the flow control are chosen by keys; the schemes that exist are their only values.
TEST(ConfigErrors, QueueSchemeAndFlowControlAreKeys) {
  expect_error({{"router.queues", "dbbq_voq_net"}}, {"router.queues", "dbbq_voq_net", "voq_sw", "voq_net"});
  expect_error({{"router.flow_control", "qcn"}}, {"router.flow_control", "qcn", "credits", "pause"});
  const Config c = load_config("", {{"router.queues", "vc"}, {"router.flow_control", "credits"}});
  EXPECT_EQ(c.router.input_buffers, InputBufferKind::kVcFifos);
  EXPECT_EQ(c.router.flow_control, FlowControlKind::kCredits);
  EXPECT_EQ(c.resolved["router"]["queues"], "vc");
  EXPECT_EQ(c.resolved["router"]["flow_control"], "credits");
}

// routing.ugal_info: a choice; UGAL's option only; for the RTL, a group of at most MAX_GLINKS links.
TEST(ConfigErrors, UgalInfo) {
  expect_error({{"routing.algorithm", "ugal"}, {"routing.ugal_info", "global"}}, {"routing.ugal_info", "local", "group"});
  expect_error({{"routing.algorithm", "valiant"}, {"routing.ugal_info", "group"}}, {"routing.ugal_info", "valiant", "ugal"});
  // a = 9, h = 29: 261 global links per group (2,358 routers, radix 38).
  expect_error({{"topology.p", "1"}, {"topology.a", "9"}, {"topology.h", "29"}, {"routing.algorithm", "ugal"},
                {"routing.ugal_info", "group"}, {"router.rc_mode", "lockstep"}},
               {"router.rc_mode", "routing.ugal_info", "261"});
  EXPECT_EQ(error_of({{"topology.p", "1"}, {"topology.a", "9"}, {"topology.h", "29"}, {"routing.algorithm", "ugal"},
                      {"routing.ugal_info", "group"}}), "") << "the C++ model has no such limit";
  EXPECT_EQ(error_of({{"routing.algorithm", "ugal"}, {"routing.ugal_info", "group"}}), "");
  EXPECT_EQ(load_config("", {}).resolved["routing"]["ugal_info"], "local");
}

TEST(ConfigErrors, TooFewVcsForDeadlockFreedom) {
  expect_error({{"routing.algorithm", "valiant"}, {"router.vcs.local", "3"}}, {"router.vcs.local", "4", "3"});
  expect_error({{"routing.algorithm", "valiant"}, {"router.vcs.global", "1"}}, {"router.vcs.global", "2"});
  expect_error({{"routing.algorithm", "valiant"}, {"routing.phase_a", "lg-"}, {"router.vcs.local", "2"}},
               {"router.vcs.local", "3"});
  expect_error({{"routing.algorithm", "min"}, {"router.vcs.local", "1"}}, {"router.vcs.local", "2"});
  // ECtN as Base (3 local / 2 global), PB as Valiant lgl (4 / 2): seed-003 Table I.
  expect_error({{"routing.algorithm", "ectn"}, {"router.vcs.local", "2"}}, {"router.vcs.local", "3"});
  expect_error({{"routing.algorithm", "ectn"}, {"router.vcs.global", "1"}}, {"router.vcs.global", "2"});
  expect_error({{"routing.algorithm", "pb"}, {"router.vcs.local", "3"}}, {"router.vcs.local", "4"});
  EXPECT_EQ(load_config("", {{"routing.algorithm", "pb"}}).link("local").vcs, 4);
  EXPECT_EQ(load_config("", {{"routing.algorithm", "ectn"}}).link("local").vcs, 3);
  // The in-transit routings: 3 local / 2 global (seed-003 Table I), whatever phase_a says.
  for (const char* alg : {"base", "olm", "hybrid"}) {
    expect_error({{"routing.algorithm", alg}, {"router.vcs.local", "2"}}, {"router.vcs.local", alg, "3", "seed-003"});
    expect_error({{"routing.algorithm", alg}, {"router.vcs.global", "1"}}, {"router.vcs.global", alg, "2"});
    EXPECT_EQ(error_of({{"routing.algorithm", alg}, {"router.vcs.local", "3"}, {"router.vcs.global", "2"}}), "") << alg;
  }
  // Enough, or more than enough, is fine.
  EXPECT_EQ(error_of({{"routing.algorithm", "valiant"}, {"routing.phase_a", "-g-"}, {"router.vcs.local", "2"}}), "");
  const Config c = load_config("", {{"routing.algorithm", "min"}, {"router.vcs.global", "3"}, {"router.vcs.local", "5"}});
  EXPECT_EQ(c.link("global").vcs, 3);
  EXPECT_EQ(c.link("local").vcs, 5);
}

// Group broadcasts: a message-mode period no longer than the message would leave no cycle for data; the
// thresholds must fit the RTL's fields; unknown modes are rejected.
TEST(ConfigErrors, BroadcastKeys) {
  // h = 2: ECtN's array is a*h = 8 counters x 4 bits = 32 bits, 4 phits of 8 bits.
  expect_error({{"topology.h", "2"}, {"routing.algorithm", "ectn"}, {"broadcast.phit_bits", "8"}, {"routing.ectn_period", "4"}},
               {"routing.ectn_period", "4 cycles"});
  EXPECT_EQ(error_of({{"topology.h", "2"}, {"routing.algorithm", "ectn"}, {"broadcast.phit_bits", "8"}, {"routing.ectn_period", "5"}}), "");
  EXPECT_EQ(error_of({{"topology.h", "2"}, {"routing.algorithm", "ectn"}, {"broadcast.phit_bits", "8"},
                      {"routing.ectn_period", "4"}, {"broadcast.mode", "piggyback"}}), "");
  expect_error({{"routing.algorithm", "pb"}, {"routing.pb_period", "1"}, {"broadcast.mode", "message"}}, {"routing.pb_period"});
  expect_error({{"routing.ectn_threshold", "256"}}, {"routing.ectn_threshold"});
  expect_error({{"routing.ectn_period", "0"}}, {"routing.ectn_period"});
  expect_error({{"broadcast.mode", "sometimes"}}, {"broadcast.mode"});
  const Config c = load_config("", {{"routing.algorithm", "pb"}});
  EXPECT_EQ(c.router.broadcast.mode, BroadcastMode::kPiggyback);
  EXPECT_EQ(c.router.broadcast.period, 10u);
  EXPECT_EQ(load_config("", {{"routing.algorithm", "ectn"}}).router.broadcast.mode, BroadcastMode::kMessage);
  EXPECT_EQ(load_config("", {{"routing.algorithm", "ectn"}}).router.broadcast.period, 100u);
}

TEST(ConfigErrors, OlmAndHybridThresholds) {
  expect_error({{"routing.olm_threshold", "101"}}, {"routing.olm_threshold", "100"});
  expect_error({{"routing.hybrid_threshold", "-1"}}, {"routing.hybrid_threshold"});
  expect_error({{"routing.olm_min_occupancy", "150"}}, {"routing.olm_min_occupancy"});
  expect_error({{"routing.hybrid_contention_threshold", "x"}}, {"routing.hybrid_contention_threshold", "integer"});
  expect_error({{"routing.olm_treshold", "40"}}, {"routing.olm_treshold", "'routing.olm_threshold'"});
  // Defaults: seed-003 Table I (50 %, 35 %, th 7 capped at p), ThMin 50.
  const Config c = load_config("", {{"topology.h", "8"}, {"routing.algorithm", "hybrid"}});
  EXPECT_EQ(c.routing.integer("routing.olm_threshold"), 50);
  EXPECT_EQ(c.routing.integer("routing.hybrid_threshold"), 35);
  EXPECT_EQ(c.routing.integer("routing.olm_min_occupancy"), 50);
  EXPECT_EQ(c.routing.integer("routing.hybrid_contention_threshold"), 7);
  EXPECT_EQ(load_config("", {{"topology.h", "2"}}).routing.integer("routing.hybrid_contention_threshold"), 2) << "0 = min(7, p)";
  EXPECT_EQ(load_config("", {{"routing.hybrid_contention_threshold", "5"}}).routing.integer("routing.hybrid_contention_threshold"), 5);
  EXPECT_EQ(c.resolved["routing"]["hybrid_threshold"].get<int>(), 35);
}

TEST(ConfigErrors, BuffersMustHoldAPacket) {
  expect_error({{"router.buffers.local", "4"}}, {"router.buffers.local", "8"});
  expect_error({{"router.buffers.global", "7"}}, {"router.buffers.global"});
  expect_error({{"router.buffers.injection", "7"}}, {"router.buffers.injection"});
  expect_error({{"router.output_queue", "4"}}, {"router.output_queue"});
  expect_error({{"nic.queue", "7"}}, {"nic.queue"});
  expect_error({{"packet.size", "64"}}, {"router.buffers", "64"});  // default 32-phit buffers
  EXPECT_EQ(error_of({{"packet.size", "32"}}), "");
}

TEST(ConfigErrors, AdversarialOffsetMustLeaveTheGroup) {
  // h = 2: G = 9 groups; ADV+i with i = 0 mod 9 would target the source group.
  const Overrides base = {{"topology.h", "2"}, {"traffic.pattern", "adv"}};
  for (const char* off : {"9", "-9", "18", "0"})
    expect_error(test::with(base, {{"traffic.offset", off}}), {"traffic.offset", "9 groups"});
  for (const char* off : {"1", "8", "-1", "10"}) EXPECT_EQ(error_of(test::with(base, {{"traffic.offset", off}})), "") << off;
  expect_error({{"topology.h", "2"}, {"traffic.change.at", "100"}, {"traffic.change.pattern", "adv"}, {"traffic.change.offset", "9"}},
               {"traffic.change.offset"});
  expect_error({{"topology.h", "2"}, {"traffic.pattern", "mix"}, {"traffic.mix", "[{pattern: adv, offset: 9}]"}}, {"traffic.mix"});
}

TEST(ConfigErrors, RadixAbove64) {
  expect_error({{"topology.h", "32"}}, {"radix", "64"});  // p = 32, a = 64: 127 ports
  EXPECT_EQ(error_of({{"topology.p", "17"}, {"topology.a", "32"}, {"topology.h", "16"}}), "");  // exactly 64
  expect_error({{"topology.p", "18"}, {"topology.a", "32"}, {"topology.h", "16"}}, {"radix", "65", "64"});
}

TEST(ConfigErrors, FilesThatCannotBeReadOrParsed) {
  TempDir dir;
  const std::string bad = write_file(dir, "bad.yaml", "traffic:\n  load: [0.1, 0.2\n");
  expect_error({}, {bad, "line"}, bad);
  const std::string missing = dir.file("does_not_exist.yaml");
  expect_error({}, {missing}, missing);
  // An empty file (or only comments) is refused: it would silently run the 16,512-node defaults; {} says so.
  const std::string empty = write_file(dir, "empty.yaml", "");
  expect_error({}, {empty, "holds no keys", "{}"}, empty);
  expect_error({}, {"holds no keys"}, write_file(dir, "comments.yaml", "# nothing here\n"));
  EXPECT_EQ(error_of({}, write_file(dir, "defaults.yaml", "{}\n")), "");
}

TEST(ConfigErrors, MixNeedsWellFormedEntries) {
  expect_error({{"traffic.pattern", "mix"}}, {"traffic.mix"});
  expect_error({{"traffic.pattern", "mix"}, {"traffic.mix", "[]"}}, {"traffic.mix"});
  expect_error({{"traffic.pattern", "mix"}, {"traffic.mix", "[{pattern: un, wieght: 2}]"}}, {"traffic.mix[0].wieght"});
  expect_error({{"traffic.pattern", "mix"}, {"traffic.mix", "[{pattern: un, weight: 1}, {pattern: adv, weight: -1}]"}},
               {"traffic.mix[1].weight"});
  expect_error({{"traffic.pattern", "mix"}, {"traffic.mix", "[{pattern: mix}]"}}, {"traffic.mix[0].pattern"});
  expect_error({{"traffic.pattern", "mix"}, {"traffic.mix", "[5]"}}, {"traffic.mix[0]"});
  const Config c = load_config("", {{"traffic.pattern", "mix"},
                                    {"traffic.mix", "[{pattern: un, weight: 1}, {pattern: adv, offset: -2, weight: 3}]"}});
  ASSERT_EQ(c.traffic.initial.components.size(), 2u);
  EXPECT_EQ(c.traffic.initial.components[1].kind, PatternKind::kAdversarial);
  EXPECT_EQ(c.traffic.initial.components[1].offset, -2);
  EXPECT_DOUBLE_EQ(c.traffic.initial.components[1].weight, 3.0);
}

TEST(ConfigErrors, ChangeMustFallInsideTheMeasurement) {
  expect_error({{"sim.measure", "1000"}, {"traffic.change.at", "1000"}}, {"traffic.change.at", "1000"});
  EXPECT_EQ(error_of({{"sim.measure", "1000"}, {"traffic.change.at", "999"}}), "");
}

TEST(ConfigErrors, OverrideAndVarySyntax) {
  EXPECT_THROW(parse_override("traffic.load"), ConfigError);
  EXPECT_THROW(parse_override("=0.3"), ConfigError);
  EXPECT_EQ(parse_override("a.b=c=d"), (std::pair<std::string, std::string>{"a.b", "c=d"}));
  EXPECT_EQ(parse_override("traffic.load="), (std::pair<std::string, std::string>{"traffic.load", ""}));
  const VarySpec list = parse_vary("routing.algorithm=min,valiant");
  EXPECT_EQ(list.key, "routing.algorithm");
  EXPECT_EQ(list.values, (std::vector<std::string>{"min", "valiant"}));
  const VarySpec range = parse_vary("traffic.load=0.1:0.5:0.2");
  EXPECT_EQ(range.values, (std::vector<std::string>{"0.1", "0.3", "0.5"}));
  EXPECT_EQ(parse_vary("sim.seed=1:4:1").values, (std::vector<std::string>{"1", "2", "3", "4"}));
  EXPECT_THROW(parse_vary("traffic.load"), ConfigError);
  EXPECT_THROW(parse_vary("traffic.load="), ConfigError);
  EXPECT_THROW(parse_vary("traffic.load=0.5:0.1:0.1"), ConfigError);
  EXPECT_THROW(parse_vary("traffic.load=0.1:0.5:0"), ConfigError);
  EXPECT_THROW(parse_vary("traffic.load=0.1,,0.2"), ConfigError);
}

// ---------------------------------------------------------------------------------------------------------
// Valid inputs

TEST(ConfigErrors, WormholeFlitsMustDivideThePacketAndFitTheBuffers) {
  expect_error({{"router.switching", "wormhole"}, {"packet.flit", "3"}}, {"packet.flit", "multiple"});
  expect_error({{"router.switching", "wormhole"}, {"packet.flit", "4"}, {"router.buffers.local", "2"}},
               {"router.buffers.local", "one flit", "4"});
  // Under virtual cut-through a buffer must hold a whole packet; under wormhole one flit is enough.
  expect_error({{"router.buffers.local", "4"}}, {"router.buffers.local", "one packet", "8"});
  const Config c = load_config("", {{"router.switching", "wormhole"}, {"router.buffers.local", "4"}});
  EXPECT_TRUE(c.router.wormhole);
  EXPECT_EQ(c.router.flit_size, 1);
  EXPECT_EQ(c.link("local").buffer, 4);
  EXPECT_EQ(load_config("", {}).router.flit_size, 8) << "under VCT the flit is the packet";
}

#ifdef HIRADIX_CONFIGS
TEST(ConfigValid, EveryExampleConfigLoads) {
  int count = 0;
  for (const auto& entry : std::filesystem::directory_iterator(HIRADIX_CONFIGS)) {
    if (entry.path().extension() != ".yaml") continue;
    ++count;
    EXPECT_NO_THROW(load_config(entry.path().string(), {})) << entry.path();
  }
  EXPECT_GE(count, 20) << "the examples of the README";
}
#endif

TEST(ConfigValid, DefaultsResolve) {
  const Config c = load_config("", {});
  EXPECT_EQ(c.topology.integer("topology.h"), 8);
  EXPECT_EQ(c.topology.integer("topology.p"), 8);   // 0 = h
  EXPECT_EQ(c.topology.integer("topology.a"), 16);  // 0 = 2h
  EXPECT_EQ(c.topology.text("topology.arrangement"), "palmtree");
  EXPECT_EQ(c.link("local").latency, 10u);
  EXPECT_EQ(c.link("global").latency, 100u);
  EXPECT_EQ(c.link("terminal").latency, 1u);
  EXPECT_EQ(c.router.rc_latency + c.router.va_latency + c.router.sa_latency + c.router.st_latency, 5);
  EXPECT_EQ(c.router.speedup_num, 2);
  EXPECT_EQ(c.router.speedup_den, 1);
  EXPECT_EQ(c.router.packet_size, 8);
  EXPECT_EQ(c.routing.algorithm, "min");
  EXPECT_EQ(c.link("local").vcs, 2);
  EXPECT_EQ(c.link("global").vcs, 1);
  EXPECT_EQ(c.link("terminal").vcs, 1);
  EXPECT_EQ(c.link("local").buffer, 32);
  EXPECT_EQ(c.link("global").buffer, 256);
  EXPECT_EQ(c.warmup, 60000u);
  EXPECT_EQ(c.measure, 60000u);
  EXPECT_FALSE(c.traffic.has_change);
  EXPECT_DOUBLE_EQ(c.traffic.initial.load, 0.1);
  EXPECT_EQ(c.resolved["router"]["vcs"]["local"].get<int>(), 2);
  EXPECT_EQ(c.resolved["topology"]["p"].get<int>(), 8);
  EXPECT_EQ(c.resolved["sim"]["seed"].get<int>(), 1);
}

TEST(ConfigValid, AutomaticVcsFollowTheRouting) {
  struct Case {
    const char* algorithm;
    const char* phase_a;
    int local, global;
  };
  for (const Case& k : {Case{"min", "lgl", 2, 1}, Case{"valiant", "lgl", 4, 2}, Case{"valiant", "-g-", 2, 2},
                        Case{"valiant", "lg-", 3, 2}, Case{"valiant", "-gl", 3, 2}, Case{"olm", "lgl", 3, 2},
                        Case{"hybrid", "-g-", 3, 2}}) {
    const Config c = load_config("", {{"topology.h", "2"}, {"routing.algorithm", k.algorithm}, {"routing.phase_a", k.phase_a}});
    EXPECT_EQ(c.link("local").vcs, k.local) << k.algorithm << " " << k.phase_a;
    EXPECT_EQ(c.link("global").vcs, k.global) << k.algorithm << " " << k.phase_a;
    EXPECT_EQ(c.resolved["router"]["vcs"]["local"].get<int>(), k.local);
  }
}

TEST(ConfigValid, FractionalSpeedupAndExplicitGeometry) {
  Config c = load_config("", {{"router.speedup", "1.5"}});
  EXPECT_EQ(c.router.speedup_num, 3);
  EXPECT_EQ(c.router.speedup_den, 2);
  c = load_config("", {{"router.speedup", "1.25"}});
  EXPECT_EQ(c.router.speedup_num, 5);
  EXPECT_EQ(c.router.speedup_den, 4);
  c = load_config("", {{"router.speedup", "1"}});
  EXPECT_EQ(c.router.speedup_num, c.router.speedup_den);
  c = load_config("", {{"topology.p", "3"}, {"topology.a", "5"}, {"topology.h", "2"}, {"topology.arrangement", "consecutive"}});
  EXPECT_EQ(c.topology.integer("topology.p"), 3);
  EXPECT_EQ(c.topology.integer("topology.a"), 5);
  EXPECT_EQ(c.topology.integer("topology.h"), 2);
  EXPECT_EQ(c.topology.text("topology.arrangement"), "consecutive");
}

TEST(ConfigValid, OverridesApplyInOrderOverTheFile) {
  TempDir dir;
  const std::string path = write_file(dir, "c.yaml", "topology:\n  h: 2\ntraffic:\n  load: 0.3\n  pattern: adv\n");
  Config c = load_config(path, {});
  EXPECT_EQ(c.topology.integer("topology.h"), 2);
  EXPECT_DOUBLE_EQ(c.traffic.initial.load, 0.3);
  EXPECT_EQ(c.traffic.initial.components.at(0).kind, PatternKind::kAdversarial);
  c = load_config(path, {{"traffic.load", "0.4"}, {"traffic.load", "0.45"}});
  EXPECT_DOUBLE_EQ(c.traffic.initial.load, 0.45);
  EXPECT_EQ(c.topology.integer("topology.h"), 2);
}

TEST(ConfigValid, ChangeResolvesAgainstTheInitialPhase) {
  const Config c = load_config("", {{"topology.h", "2"}, {"sim.warmup", "500"}, {"sim.measure", "2000"}, {"traffic.load", "0.2"},
                                    {"traffic.pattern", "adv"}, {"traffic.offset", "3"}, {"traffic.change.at", "700"}});
  ASSERT_TRUE(c.traffic.has_change);
  EXPECT_EQ(c.traffic.change_at, 1200u);  // absolute: warm-up + change.at
  EXPECT_DOUBLE_EQ(c.traffic.after.load, 0.2);
  EXPECT_EQ(c.traffic.after.components.at(0).kind, PatternKind::kAdversarial);
  EXPECT_EQ(c.traffic.after.components.at(0).offset, 3);
  const Config d = load_config("", {{"topology.h", "2"}, {"sim.measure", "2000"}, {"traffic.change.at", "10"},
                                    {"traffic.change.pattern", "advl"}, {"traffic.change.load", "0.7"}});
  EXPECT_EQ(d.traffic.after.components.at(0).kind, PatternKind::kAdvLocal);
  EXPECT_DOUBLE_EQ(d.traffic.after.load, 0.7);
  EXPECT_DOUBLE_EQ(d.traffic.initial.load, 0.1);
}

// The resolved config (result.json's "config") is itself a valid config file that resolves to itself.
TEST(ConfigValid, ResolvedConfigRoundTrips) {
  TempDir dir;
  const std::vector<Overrides> cases = {
      {},
      {{"topology.h", "2"}, {"routing.algorithm", "valiant"}, {"routing.phase_a", "-g-"}, {"router.speedup", "1.5"},
       {"sim.measure", "3000"}, {"traffic.change.at", "100"}, {"traffic.change.pattern", "adv"}, {"traffic.change.offset", "-2"}},
      {{"topology.h", "3"}, {"traffic.pattern", "mix"},
       {"traffic.mix", "[{pattern: advl, weight: 1}, {pattern: adv, offset: 2, weight: 0.5}]"}},
  };
  int i = 0;
  for (const Overrides& o : cases) {
    const Config c = load_config("", o);
    const std::string path = write_file(dir, "r" + std::to_string(i++) + ".yaml", c.resolved.dump(2));
    Config again;
    ASSERT_NO_THROW(again = load_config(path, {})) << c.resolved.dump();
    EXPECT_EQ(again.resolved, c.resolved);
  }
}

TEST(ConfigValid, SchemaIsDocumentedAndReferenceListsEveryKey) {
  const std::string md = config_reference_markdown();
  std::set<std::string> keys;
  for (const KeySpec& k : config_schema()) {
    EXPECT_TRUE(keys.insert(k.key).second) << "duplicate key " << k.key;
    EXPECT_FALSE(k.doc.empty()) << k.key;
    EXPECT_NE(md.find("`" + k.key + "`"), std::string::npos) << k.key;
  }
}

// The README's config reference is `hiradix keys`, verbatim: a key added to the schema (a routing's, through
// the registry) must be added there too.
TEST(ConfigValid, ReadmeReferenceIsTheSchema) {
  std::ifstream in(std::string(HIRADIX_SOURCE_DIR) + "/README.md");
  std::stringstream text;
  text << in.rdbuf();
  const std::string readme = text.str();
  const std::size_t start = readme.find("| key | default | allowed | meaning |");
  ASSERT_NE(start, std::string::npos);
  const std::size_t end = readme.find("\n\n", start);
  EXPECT_EQ(readme.substr(start, end - start + 1), config_reference_markdown())
      << "regenerate the README's table with: build/hiradix keys";
}

// ---------------------------------------------------------------------------------------------------------
// Command line

#ifdef HIRADIX_BIN
struct CliResult {
  int code;
  std::string out, err;
};

CliResult cli(const TempDir& dir, const std::string& args) {
  const std::string out = dir.file("stdout.txt"), err = dir.file("stderr.txt");
  const int code = test::run_shell("cd " + test::shell_quote(dir.path.string()) + " && " + test::shell_quote(HIRADIX_BIN) + " " +
                                   args + " >" + test::shell_quote(out) + " 2>" + test::shell_quote(err));
  return {code, test::read_text(out), test::without_sanitizer_notes(test::read_text(err))};
}

std::vector<std::string> lines(const std::string& s) {
  std::vector<std::string> v;
  std::istringstream in(s);
  for (std::string l; std::getline(in, l);) v.push_back(l);
  return v;
}

TEST(Cli, ConfigErrorsExitWithCode2AndOneLineNamingTheKey) {
  TempDir dir;
  write_file(dir, "empty.yaml", "{}\n");  // defaults only
  struct Case {
    std::string args, key;
  };
  for (const Case& k : {Case{"run empty.yaml --set trafic.load=0.1", "trafic.load"},
                        Case{"run empty.yaml --set traffic.load=abc", "traffic.load"},
                        Case{"run empty.yaml --set topology.h=2 --set routing.algorithm=valiant --set router.vcs.local=3",
                             "router.vcs.local"},
                        Case{"run empty.yaml --set traffic.load", "traffic.load"},
                        Case{"sweep empty.yaml --vary traffic.load=0.1,1.5 --out sw", "traffic.load"},
                        Case{"sweep empty.yaml --vary trafic.load=0.1 --out sw", "trafic.load"},
                        Case{"run missing.yaml", "missing.yaml"}}) {
    const CliResult r = cli(dir, k.args);
    EXPECT_EQ(r.code, 2) << k.args << "\nstderr: " << r.err;
    const auto l = lines(r.err);
    ASSERT_EQ(l.size(), 1u) << k.args << "\nstderr: " << r.err;
    EXPECT_NE(l[0].find(k.key), std::string::npos) << l[0];
    EXPECT_EQ(r.out, "") << k.args;
  }
  EXPECT_NE(cli(dir, "run empty.yaml --set trafic.load=0.1").err.find("traffic.load"), std::string::npos) << "suggestion";
  EXPECT_FALSE(std::filesystem::exists(dir.path / "sw" / "results.csv")) << "a bad sweep must not run any point";
}

TEST(Cli, UsageErrorsAndKeys) {
  TempDir dir;
  EXPECT_EQ(cli(dir, "").code, 2);
  EXPECT_EQ(cli(dir, "run").code, 2);  // the config file is required
  EXPECT_EQ(cli(dir, "frobnicate").code, 2);
  const CliResult keys = cli(dir, "keys");
  EXPECT_EQ(keys.code, 0);
  for (const KeySpec& k : config_schema()) EXPECT_NE(keys.out.find(k.key), std::string::npos) << k.key;
}

TEST(Cli, QuietRunWritesResultAndPrintsNothing) {
  TempDir dir;
  write_file(dir, "small.yaml", "topology:\n  h: 2\nsim:\n  warmup: 300\n  measure: 700\n");
  const CliResult r = cli(dir, "run small.yaml --set traffic.load=0.05 --out res -q");
  EXPECT_EQ(r.code, 0) << r.err;
  EXPECT_EQ(r.out, "");
  EXPECT_EQ(r.err, "");
  const nlohmann::json j = nlohmann::json::parse(test::read_text(dir.file("res/result.json")));
  EXPECT_EQ(j["status"], "ok");
  EXPECT_EQ(j["config"]["topology"]["h"].get<int>(), 2);
  EXPECT_DOUBLE_EQ(j["config"]["traffic"]["load"].get<double>(), 0.05);
  const CliResult loud = cli(dir, "run small.yaml --out res2");
  EXPECT_EQ(loud.code, 0);
  EXPECT_NE(loud.out.find("status"), std::string::npos) << loud.out;
}
#endif

}  // namespace
