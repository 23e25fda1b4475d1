// The topology registry (topology/topology_registry.h) and the config's per-link-class keys: every entry's
// classes are its topology's, the schema holds each key once, a result's resolved config builds the same
// network again, and a topology's checks reach the user as a config error naming the key.
#include <gtest/gtest.h>

#include <set>

#include "router/input_unit.h"
#include "router/output_unit.h"
#include "config/config.h"
#include "testbench/memory_estimate.h"
#include "topology/dragonfly.h"
#include "tlm/link.h"
#include "topology/topology_registry.h"

using namespace hiradix;

namespace {

TEST(TopologyRegistry, EveryEntryDeclaresItsTopologysLinkClassesTerminalFirst) {
  for (const TopologyEntry& e : topology_registry()) {
    TopologyOptions o;
    o.type = e.name;
    const std::unique_ptr<Topology> t = make_topology(o);
    ASSERT_EQ(t->name(), e.name);
    ASSERT_EQ(t->link_classes().size(), e.link_classes.size()) << e.name;
    for (std::size_t i = 0; i < e.link_classes.size(); ++i) EXPECT_EQ(t->link_classes()[i], e.link_classes[i].name);
    EXPECT_EQ(e.link_classes[0].vcs.key, terminal_link_class().vcs.key) << "class 0 is the shared terminal class";
    EXPECT_TRUE(topology_reads(e, e.size_key)) << e.name << "'s size key is one of its keys";
  }
}

TEST(TopologyRegistry, TheSchemaHoldsEveryTopologyAndLinkClassKeyOnce) {
  std::set<std::string> seen;
  for (const KeySpec& k : config_schema()) EXPECT_TRUE(seen.insert(k.key).second) << k.key << " twice";
  for (const TopologyEntry& e : topology_registry()) {
    for (const KeySpec& k : e.keys) EXPECT_EQ(seen.count(k.key), 1u) << k.key;
    for (const LinkClassKeys& c : e.link_classes)
      for (const KeySpec* k : {&c.latency, &c.vcs, &c.buffer}) {
        EXPECT_EQ(seen.count(k->key), 1u) << k->key;
        EXPECT_TRUE(is_topology_key(k->key));
      }
  }
  EXPECT_FALSE(is_topology_key("router.output_queue"));
  EXPECT_THROW(topology_entry("hyperx"), KeyError);
}

TEST(TopologyRegistry, DragonflyDefaultsResolveAsTheBalancedNetwork) {
  TopologyOptions o;
  o.set("topology.h", 3);
  resolve_topology_options(o);
  EXPECT_EQ(o.integer("topology.p"), 3);
  EXPECT_EQ(o.integer("topology.a"), 6);
  const std::unique_ptr<Topology> t = make_topology(o);
  EXPECT_EQ(t->routers(), 6 * (6 * 3 + 1));
  EXPECT_EQ(t->describe(), "dragonfly p=3 a=6 h=3 (palmtree)");
  o.set("topology.p", 17).set("topology.a", 33).set("topology.h", 16);  // 17 + 32 + 16 = 65 ports
  try {
    resolve_topology_options(o);
    FAIL() << "a 65-port router was accepted";
  } catch (const KeyError& e) {
    EXPECT_EQ(e.key(), "topology.h");
    EXPECT_NE(std::string(e.what()).find("65"), std::string::npos) << e.what();
  }
}

TEST(TopologyRegistry, LinkClassParametersFollowTheirKeys) {
  const Config c = load_config("", {{"topology.h", "2"}, {"links.local_latency", "7"}, {"links.global_latency", "41"},
                                    {"links.injection_latency", "3"}, {"router.buffers.global", "64"},
                                    {"router.vcs.local", "5"}, {"routing.algorithm", "valiant"}});
  ASSERT_EQ(c.links.size(), 3u);
  EXPECT_EQ(c.links[0].latency, 3u);
  EXPECT_EQ(c.links[1].latency, 7u);
  EXPECT_EQ(c.links[2].latency, 41u);
  EXPECT_EQ(c.link("local").vcs, 5);
  EXPECT_EQ(c.link("global").vcs, 2) << "0 = what Valiant lgl needs";
  EXPECT_EQ(c.link("global").buffer, 64);
  EXPECT_EQ(c.link("terminal").buffer, 32);
  EXPECT_THROW(c.link("row"), std::out_of_range);
}

TEST(TopologyRegistry, AResolvedConfigBuildsTheSameNetworkAgain) {
  const Config c = load_config("", {{"topology.h", "2"}, {"topology.p", "3"}, {"topology.arrangement", "consecutive"}});
  const std::unique_ptr<Topology> original = make_topology(c);
  const std::unique_ptr<Topology> again = topology_of(c.resolved);
  ASSERT_TRUE(again);
  EXPECT_EQ(again->describe(), original->describe());
  EXPECT_EQ(again->describe(), "dragonfly p=3 a=4 h=2 (consecutive)");
  EXPECT_EQ(c.topology_params(), (nlohmann::json{{"p", 3}, {"a", 4}, {"h", 2}, {"arrangement", "consecutive"}}));
  EXPECT_EQ(topology_of(nlohmann::json::object()), nullptr);
  EXPECT_EQ(topology_of(nlohmann::json{{"topology", {{"type", "hyperx"}}}}), nullptr);  // not a topology (yet)
}

// The memory check's input-buffer part, by hand for h = 2 (36 routers of 2 terminal, 3 local and 2 global
// ports): MIN takes 1 / 2 / 1 VCs; under virtual cut-through a flit is the 8-phit packet, so the 32-phit
// terminal and local buffers and output queues hold 4 and the 256-phit global ones 32 (a queue also keeps
// one record more).
TEST(TopologyRegistry, MemoryEstimateCountsEveryPortOfEveryClass) {
  const Config c = load_config("", {{"topology.h", "2"}, {"sim.warmup", "0"}, {"sim.measure", "1000"}});
  const MemoryEstimate e = estimate_memory(c);
  const double in_slots = 36.0 * (2 * 1 * 4 + 3 * 2 * 4 + 2 * 1 * 32);
  const double ports = 36.0 * 7;
  const double out = ports * (4 + 1), credits = ports + 36.0 * (3 * 2 * 4 + 2 * 1 * 32);
  const double expected = 1.4 * (in_slots * sizeof(VcEntry) + out * sizeof(QueuedPacket) + credits * sizeof(LinkMessage)) / (1024.0 * 1024.0);
  EXPECT_NEAR(e.buffers_mib, expected, 1e-9);
}

}  // namespace
