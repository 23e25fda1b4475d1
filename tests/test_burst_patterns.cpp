// Bursts with a pattern each (seed-004 §3.7 Fig. 17b, "bursty traffic with variable pattern"; issue 28,
// traffic.change.patterns): the schedule's phase per cycle by hand; on a 4 x 4 mesh, the destination of
// every packet against the hand tables of the patterns its burst must have, and the base traffic between
// bursts; and each refusal of the key, naming it.
#include <gtest/gtest.h>

#include <fstream>
#include <iostream>
#include <sstream>
#include <string>
#include <vector>

#include "config/config.h"
#include "config/traffic_schedule.h"
#include "sim_helpers.h"
#include "testbench/network.h"
#include "testbench/nic.h"
#include "tools/run/display_names.h"

using namespace hiradix;
using test::config_error;
using test::with;

namespace {

TrafficPhase one(PatternKind kind, double load) {
  TrafficPhase p;
  p.components = {{kind, 1, 1.0}};
  p.load = load;
  return p;
}

// ---- The schedule ----

// Bursts of 10 cycles every 50 from cycle 100, three patterns in turn: burst i (at 100 + 50 i) has
// pattern i mod 3; the base traffic in between, and before the first.
TEST(BurstPatterns, BurstIHasPatternIModNAndTheBaseIsBetween) {
  TrafficSchedule s;
  s.initial = one(PatternKind::kUniform, 0.1);
  s.bursts = {one(PatternKind::kBitReverse, 0.5), one(PatternKind::kTranspose, 0.5), one(PatternKind::kShuffle, 0.5)};
  s.after = s.bursts.front();
  s.has_change = true;
  s.change_at = 100;
  s.period = 50;
  s.burst = 10;
  const auto kind = [&](Cycle c) { return s.at(c).components.front().kind; };
  for (Cycle c : {0, 99, 110, 149, 160, 199, 210, 260, 310}) EXPECT_EQ(kind(c), PatternKind::kUniform) << c;
  for (Cycle c : {100, 109, 250, 259, 400}) EXPECT_EQ(kind(c), PatternKind::kBitReverse) << c;  // bursts 0, 3, 6
  for (Cycle c : {150, 159, 300, 309}) EXPECT_EQ(kind(c), PatternKind::kTranspose) << c;       // bursts 1, 4
  for (Cycle c : {200, 209, 350}) EXPECT_EQ(kind(c), PatternKind::kShuffle) << c;             // bursts 2, 5
  // The boundaries are those of one pattern: a pattern changes only where a burst begins.
  EXPECT_EQ(s.next_change(100), 110u);
  EXPECT_EQ(s.next_change(110), 150u);
  EXPECT_EQ(s.next_change(150), 160u);
  // Every pattern of the list is one the run uses (its tables are made).
  EXPECT_TRUE(s.uses(PatternKind::kShuffle));
  EXPECT_FALSE(s.uses(PatternKind::kTornado));
}

// ---- A network run ----

// What a NIC's listener sees of each packet as its head leaves: source, destination, creation cycle.
struct Seen {
  Cycle generated;
  int src, dst;
};

class Recorder : public NicListener {
 public:
  explicit Recorder(const Network& net) : net_(net) {}
  void injected(PacketId packet, std::uint32_t) override {
    const Packet& p = net_.packets()[packet];
    out_ << p.generated << ' ' << p.src << ' ' << p.dst << '\n';
  }
  void delivered(PacketId, Cycle) override {}
  void refused(std::uint32_t) override {}
  std::string text() const { return out_.str(); }

 private:
  const Network& net_;
  std::ostringstream out_;
};

// The hand tables of a 4 x 4 mesh (node x + 4y; tests/test_traffic_patterns.cpp derives them):
// bit_reverse reverses the 4 bits of the node ID (fixed: 0, 6, 9, 15); transpose swaps x and y (fixed: the
// diagonal 0, 5, 10, 15).
const std::vector<int> kBitReverse{0, 8, 4, 12, 2, 10, 6, 14, 1, 9, 5, 13, 3, 11, 7, 15};
const std::vector<int> kTranspose{0, 4, 8, 12, 1, 5, 9, 13, 2, 6, 10, 14, 3, 7, 11, 15};

// UN at 0.02 with bursts of 300 cycles at 0.2 every 1,000 from the end of warm-up (cycle 500), patterns
// [bit_reverse, transpose]: bursts at [500, 800) bit_reverse, [1500, 1800) transpose, [2500, 2800)
// bit_reverse; UN in [0, 500), [800, 1500), [1800, 2500), [2800, 3100). Every packet that leaves its NIC
// by the end is classified by its creation cycle (congestion delays injection, not creation).
TEST(BurstPatternsRun, EachBurstSendsToItsPatternsPartnerAndTheBaseIsUniformBetween) {
  const Config c = load_config("", {{"topology.type", "mesh"},
                                    {"topology.dims", "[4,4]"},
                                    {"routing.algorithm", "dor"},
                                    {"traffic.load", "0.02"},
                                    {"traffic.change.at", "0"},
                                    {"traffic.change.period", "1000"},
                                    {"traffic.change.burst", "300"},
                                    {"traffic.change.load", "0.2"},
                                    {"traffic.change.patterns", "[bit_reverse, transpose]"},
                                    {"sim.warmup", "500"},
                                    {"sim.measure", "2600"},
                                    {"sim.seed", "7"}});
  const std::string text = test::in_child([&]() -> std::string {
    Network net("net", c);
    Recorder recorder(net);
    for (int n = 0; n < net.topology().nodes(); ++n) net.nic(n).set_listener(&recorder);
    sc_core::sc_start(cycles_to_time(c.warmup + c.measure));  // the NICs generate for ever: run the window only
    return recorder.text();
  });
  std::vector<Seen> seen;
  std::istringstream in(text);
  for (Seen s; in >> s.generated >> s.src >> s.dst;) seen.push_back(s);
  ASSERT_GT(seen.size(), 100u) << text.substr(0, 200);
  int burst_packets[3] = {0, 0, 0}, base = 0, base_at_partner = 0, base_from_fixed = 0;
  for (const Seen& s : seen) {
    ASSERT_LT(s.generated, 3100u);
    ASSERT_NE(s.src, s.dst) << "created at " << s.generated;  // a fixed point sends nothing; UN never to itself
    const bool in_burst = s.generated >= 500 && (s.generated - 500) % 1000 < 300;
    if (in_burst) {
      const int k = static_cast<int>((s.generated - 500) / 1000);
      const std::vector<int>& table = k == 1 ? kTranspose : kBitReverse;
      EXPECT_EQ(s.dst, table[static_cast<std::size_t>(s.src)]) << "burst " << k << ", source " << s.src << ", created at " << s.generated;
      ++burst_packets[k];
    } else {
      ++base;
      base_at_partner += s.dst == kBitReverse[static_cast<std::size_t>(s.src)] || s.dst == kTranspose[static_cast<std::size_t>(s.src)];
      base_from_fixed += s.src == 0 || s.src == 15;  // fixed points of both patterns: they send under UN only
    }
  }
  // 12 senders x 300 x 0.2 / 8 = 90 packets created per burst (the last one's latest ones may not leave by
  // cycle 3,100); 16 x 2,200 x 0.02 / 8 = 88 between.
  for (int k = 0; k < 3; ++k) EXPECT_GT(burst_packets[k], 45) << "burst " << k;
  EXPECT_GT(base, 44);
  // UN sends to one given node with probability 1/15: to either partner at most 2/15 of the time.
  EXPECT_LT(base_at_partner, base / 3);
  EXPECT_GT(base_from_fixed, 0);
  std::cout << "packets per burst " << burst_packets[0] << ", " << burst_packets[1] << ", " << burst_packets[2] << "; between "
            << base << " (" << base_at_partner << " to a burst partner, " << base_from_fixed << " from nodes 0 and 15)\n";
}

// ---- The config ----

const Overrides kBursty{{"traffic.change.at", "0"},       {"traffic.change.period", "100"}, {"traffic.change.burst", "10"},
                        {"traffic.change.load", "0.3"},   {"sim.measure", "1000"},          {"topology.type", "mesh"},
                        {"topology.dims", "[4,4]"},       {"routing.algorithm", "dor"}};

TEST(BurstPatternsConfig, TheListMakesAPhasePerPatternWithTheChangesLoadAndOffset) {
  const Config c = load_config("", with(kBursty, {{"traffic.change.patterns", "[bit_reverse, same, transpose]"}}));
  ASSERT_EQ(c.traffic.bursts.size(), 3u);
  EXPECT_EQ(c.traffic.bursts[0].components.front().kind, PatternKind::kBitReverse);
  EXPECT_EQ(c.traffic.bursts[1].components.front().kind, PatternKind::kUniform);  // same: traffic.pattern
  EXPECT_EQ(c.traffic.bursts[2].components.front().kind, PatternKind::kTranspose);
  for (const TrafficPhase& b : c.traffic.bursts) EXPECT_EQ(b.load, 0.3);
  EXPECT_EQ(c.traffic.after.components.front().kind, PatternKind::kBitReverse);  // `after` is the first burst's
  EXPECT_EQ(c.resolved["traffic"]["change"]["patterns"], nlohmann::json({"bit_reverse", "same", "transpose"}));
  EXPECT_EQ(c.resolved["traffic"]["change"]["pattern"], "same");
  EXPECT_EQ(traffic_display(c.resolved, false), "UN → Bit reverse / UN / Transpose");  // a figure's title
  {  // result.json's config loads again as the same config (the list with pattern same is accepted)
    test::TempDir dir("hiradix_burst_patterns");
    std::ofstream(dir.file("resolved.yaml")) << c.resolved.dump(2);
    EXPECT_EQ(load_config(dir.file("resolved.yaml"), {}).resolved, c.resolved);
  }
  // The default: no list, `after` every burst; result.json records [].
  const Config d = load_config("", with(kBursty, {{"traffic.change.pattern", "bit_reverse"}}));
  EXPECT_TRUE(d.traffic.bursts.empty());
  EXPECT_EQ(d.resolved["traffic"]["change"]["patterns"], nlohmann::json::array());
  EXPECT_EQ(d.resolved["traffic"]["change"]["pattern"], "bit_reverse");
  // One offset for every burst: an adv burst takes traffic.change.offset (a Dragonfly of 9 groups).
  const Config a = load_config("", {{"topology.h", "2"},           {"traffic.change.at", "0"},       {"traffic.change.period", "100"},
                                    {"traffic.change.burst", "10"}, {"traffic.change.offset", "3"},   {"sim.measure", "1000"},
                                    {"traffic.change.patterns", "[adv, un]"}});
  ASSERT_EQ(a.traffic.bursts.size(), 2u);
  EXPECT_EQ(a.traffic.bursts[0].components.front().kind, PatternKind::kAdversarial);
  EXPECT_EQ(a.traffic.bursts[0].components.front().offset, 3);
}

TEST(BurstPatternsConfig, EachRefusalNamesTheKey) {
  EXPECT_EQ(config_error(with(kBursty, {{"traffic.change.patterns", "[bit_reverse, transpose]"}})), "accepted");
  EXPECT_EQ(config_error(with(kBursty, {{"traffic.change.patterns", "[]"}})), "accepted");
  // A bad element: the key, its index and why.
  EXPECT_EQ(config_error(with(kBursty, {{"traffic.change.patterns", "[bit_reverse, bit_revers]"}})).rfind(
                "config error: traffic.change.patterns[1]: 'bit_revers' is not one of: same, un, adv, ", 0),
            0u);
  EXPECT_EQ(config_error(with(kBursty, {{"traffic.change.patterns", "[[un]]"}})).rfind("config error: traffic.change.patterns[0]: expected one of: same, un", 0),
            0u);
  // Not a list.
  EXPECT_EQ(config_error(with(kBursty, {{"traffic.change.patterns", "bit_reverse"}})),
            "config error: traffic.change.patterns: expected a list of names such as [a, b], or [] for none");
  // A pattern the network does not have: shuffle needs a power-of-two number of nodes (a 3 x 3 mesh has 9).
  EXPECT_NE(config_error(with(kBursty, {{"topology.dims", "[3,3]"}, {"traffic.change.patterns", "[transpose, shuffle]"}}))
                .rfind("config error: traffic.change.patterns[1]: ", 0),
            std::string::npos);
  // Without a period there are no bursts to give patterns to (with or without a change).
  EXPECT_EQ(config_error({{"traffic.change.patterns", "[bit_reverse]"}}),
            "config error: traffic.change.patterns: needs traffic.change.period (a pattern per burst of bursty repetitive traffic)");
  EXPECT_EQ(config_error({{"traffic.change.at", "0"}, {"sim.measure", "1000"}, {"traffic.change.patterns", "[bit_reverse]"}}),
            "config error: traffic.change.patterns: needs traffic.change.period (a pattern per burst of bursty repetitive traffic)");
  // The list and traffic.change.pattern would both say what the bursts are.
  EXPECT_EQ(config_error(with(kBursty, {{"traffic.change.pattern", "shuffle"}, {"traffic.change.patterns", "[bit_reverse]"}})),
            "config error: traffic.change.patterns: gives the bursts' patterns: leave traffic.change.pattern at same (it is 'shuffle')");
  // A trace cannot be a burst, as it cannot follow a change.
  EXPECT_EQ(config_error(with(kBursty, {{"traffic.change.patterns", "[un, trace]"}})),
            "config error: traffic.change.at: a trace cannot change (nor follow a change)");
}

}  // namespace
