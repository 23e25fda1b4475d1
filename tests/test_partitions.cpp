// The partitioned kernel (sim.partitions domains; tlm/scheduler.h, tlm/cut_links.h): the network cut into its
// topology's domains, each with a timing wheel of its own, run over windows as long as the smallest latency
// of a link between domains, with what crossed delivered at each window's end. The golden set checks that
// every routing and pattern gives the plain run's results (Golden.PartitionedRunIsBitIdentical); these check
// the cut itself, that the windows are as long as the links allow (so the check is not of one-cycle windows,
// which would be the plain kernel), and what the partitions refuse.
#include <gtest/gtest.h>

#include "sim_helpers.h"
#include "testbench/network.h"

namespace hiradix {
namespace {

using json = nlohmann::json;
using test::with;

json partitioned(const Overrides& o) { return test::run_sane(with(o, {{"sim.partitions", "domains"}})); }

// A Dragonfly (h = 2: 9 groups of 4 routers, 2 global links each) is cut at its global links: 9 partitions,
// 72 cut links (one per direction of each of the 36 global links), windows as long as a global link's latency.
TEST(Partitions, ADragonflyIsCutIntoItsGroupsAtItsGlobalLinks) {
  const Overrides o = {{"topology.h", "2"}, {"traffic.load", "0.5"}, {"links.global_latency", "50"},
                       {"sim.warmup", "1000"}, {"sim.measure", "2000"}};
  const json r = partitioned(o);
  ASSERT_FALSE(r.is_null());
  const json& p = r["simulation"]["partitions"];
  EXPECT_EQ(p["count"], 9);
  EXPECT_EQ(p["cut_links"], 72);
  EXPECT_EQ(p["lookahead_cycles"], 50);
  // 3,000 cycles in windows of 50 (the driver's stop at the end of warm-up and the watchdog's looks every
  // 1,000 cycles fall on window boundaries): 60 windows, and one for cycle 0 alone (sc_start(0)).
  EXPECT_LE(p["windows"].get<int>(), 3000 / 50 + 2) << p.dump();
  EXPECT_GT(p["messages_across"].get<std::uint64_t>(), 0u);
  json plain = test::run_sane(o);
  json cut = r;
  for (json* x : {&plain, &cut}) {
    x->erase("simulation");
    (*x)["config"]["sim"].erase("partitions");
  }
  EXPECT_EQ(plain, cut);
}

// sim.partitions auto cuts networks of 128 routers and more (h = 4: 264 routers), not smaller ones (h = 2: 36;
// an 8 x 8 mesh), and result.json's config says which was taken.
TEST(Partitions, AutoCutsNetworksFrom128RoutersOn) {
  EXPECT_TRUE(load_config("", {{"topology.h", "4"}}).partitioned);
  EXPECT_FALSE(load_config("", {{"topology.h", "2"}}).partitioned);
  EXPECT_FALSE(load_config("", {{"topology.type", "mesh"}, {"topology.dims", "[8, 8]"}, {"routing.algorithm", "dor"}}).partitioned);
  EXPECT_TRUE(load_config("", {{"topology.type", "mesh"}, {"topology.dims", "[16, 16]"}, {"routing.algorithm", "dor"}}).partitioned);
  EXPECT_FALSE(load_config("", {{"topology.h", "4"}, {"sim.partitions", "none"}}).partitioned);
  EXPECT_TRUE(load_config("", {{"topology.h", "2"}, {"sim.partitions", "domains"}}).partitioned);
  const json r = test::run_sane({{"topology.h", "4"}, {"traffic.load", "0.2"}, {"sim.warmup", "200"}, {"sim.measure", "300"}});
  ASSERT_FALSE(r.is_null());
  EXPECT_EQ(r["config"]["sim"]["partitions"], "domains");
  EXPECT_EQ(r["simulation"]["partitions"]["count"], 33);
}

// A mesh is cut into its rows (its domains): 8 x 8, the 7 x 8 links between rows in both directions.
TEST(Partitions, AMeshIsCutIntoItsRows) {
  const json r = partitioned({{"topology.type", "mesh"}, {"topology.dims", "[8, 8]"}, {"routing.algorithm", "dor"},
                              {"traffic.load", "0.3"}, {"sim.warmup", "500"}, {"sim.measure", "1000"}});
  ASSERT_FALSE(r.is_null());
  EXPECT_EQ(r["simulation"]["partitions"]["count"], 8);
  EXPECT_EQ(r["simulation"]["partitions"]["cut_links"], 2 * 7 * 8);
}

// Trace traffic (seed 001's PTRANS on a 16 x 16 torus) gives the plain run's deliveries and execution time.
TEST(Partitions, ATraceRunGivesThePlainRunsResults) {
  const Overrides o = {{"topology.type", "torus"}, {"topology.dims", "[16, 16]"}, {"routing.algorithm", "dor"},
                       {"traffic.pattern", "trace"},
                       {"traffic.trace_file", std::string(HIRADIX_SOURCE_DIR) + "/testbench/experiments/traces/ptrans_4x8x8_16pk.trace"},
                       {"sim.warmup", "0"}, {"sim.measure", "6000"}};
  json plain = test::run_sane(o), cut = partitioned(o);
  ASSERT_FALSE(plain.is_null());
  ASSERT_FALSE(cut.is_null());
  EXPECT_GT(cut["simulation"]["partitions"]["windows"].get<int>(), 0);
  for (json* x : {&plain, &cut}) {
    x->erase("simulation");
    (*x)["config"]["sim"].erase("partitions");
  }
  EXPECT_EQ(plain, cut);
}

// DRB's free ACKs reach another node's NIC without a link: refused when the config is read, naming the key
// and the way out.
TEST(Partitions, FreeAcksAreRefusedNamingTheKey) {
  const std::string err = test::config_error({{"topology.type", "mesh"}, {"topology.dims", "[4, 4]"}, {"routing.algorithm", "drb"},
                                              {"routing.drb_acks", "free"}, {"sim.partitions", "domains"}});
  EXPECT_NE(err.find("sim.partitions"), std::string::npos) << err;
  EXPECT_NE(err.find("routing.drb_acks"), std::string::npos) << err;
}

}  // namespace
}  // namespace hiradix
