// sim.threads: the partitions of each window on several threads (tlm/window_threads.h). The golden set
// checks every routing and pattern with two threads (Golden.TwoThreadsAreBitIdentical); these check every
// thread count on one network, what the threads need of the packet pool and of their meeting, and what
// the config refuses.
#include <gtest/gtest.h>

#include <atomic>
#include <set>
#include <stdexcept>

#include <systemc>

#include "router/routing/routing_registry.h"
#include "router/rtl/rc_cosim.h"
#include "router/rtl/rc_interface.h"
#include "sim_helpers.h"
#include "topology/topology_registry.h"
#include "testbench/platform.h"
#include "tlm/packet.h"
#include "tlm/window_threads.h"

namespace hiradix {
namespace {

using json = nlohmann::json;
using test::with;

// An h = 2 Dragonfly (9 groups) under ADV+1 with UGAL-L, whose decisions read the queues the threads fill:
// 1, 2, 3, 4 and 9 threads give the one-thread run's results; 64 asked are 9 used (one per partition).
TEST(Threads, EveryCountGivesTheSameResults) {
  const Overrides o = {{"topology.h", "2"}, {"routing.algorithm", "ugal"}, {"traffic.pattern", "adv"},
                       {"traffic.offset", "1"}, {"traffic.load", "0.4"}, {"sim.partitions", "domains"},
                       {"sim.warmup", "1000"}, {"sim.measure", "3000"}};
  auto strip = [](json r) {
    r.erase("simulation");
    r["config"]["sim"].erase("threads");
    return r;
  };
  const json one = test::run_sane(o);
  ASSERT_FALSE(one.is_null());
  EXPECT_EQ(one["simulation"]["partitions"]["threads"], 1);
  for (const char* threads : {"2", "3", "4", "9", "64"}) {
    const json r = test::run_sane(with(o, {{"sim.threads", threads}}));
    ASSERT_FALSE(r.is_null()) << threads;
    EXPECT_EQ(r["simulation"]["partitions"]["threads"], std::min(std::stoi(threads), 9)) << threads;
    EXPECT_EQ(strip(r), strip(one)) << threads << " threads";
  }
}

// More than one thread cuts even a small network (sim.partitions auto), and is refused where there is
// nothing to cut or where the RTL co-simulation needs the one order of a run on one thread (a waveform of
// the decisions, a mismatch injected at the run's n-th decision), naming the key and the way out.
TEST(Threads, AutoCutsAnyNetworkAndTheRefusalsNameTheKey) {
  EXPECT_FALSE(load_config("", {{"topology.h", "2"}}).partitioned);
  EXPECT_TRUE(load_config("", {{"topology.h", "2"}, {"sim.threads", "2"}}).partitioned);
  for (const Overrides& o : std::vector<Overrides>{
           {{"topology.h", "2"}, {"sim.threads", "2"}, {"sim.partitions", "none"}},
           {{"topology.h", "2"}, {"sim.threads", "2"}, {"router.rc_mode", "lockstep"}, {"rtl.inject_mismatch_at", "5"}},
           {{"topology.h", "2"}, {"sim.threads", "2"}, {"router.rc_mode", "rtl"}, {"rtl.trace", "unit.fst"}},
           {{"topology.type", "mesh"}, {"topology.dims", "[4]"}, {"routing.algorithm", "dor"}, {"sim.threads", "2"}},
           {{"topology.type", "mesh"}, {"topology.dims", "[4, 4]"}, {"routing.algorithm", "drb"}, {"routing.drb_acks", "free"}, {"sim.threads", "2"}}}) {
    const std::string err = test::config_error(o);
    EXPECT_EQ(err.rfind("config error: sim.threads: ", 0), 0u) << err;
    EXPECT_NE(err.find("use sim.threads 1"), std::string::npos) << err;
  }
  const std::string platform = test::in_child([]() -> std::string {
    try {
      new PlatformNetwork("net", load_config("", {{"topology.h", "2"}, {"sim.threads", "2"}}));
    } catch (const ConfigError& e) {
      return e.what();
    }
    return "accepted";
  });
  EXPECT_EQ(platform.rfind("config error: sim.threads: ", 0), 0u) << platform;
}

// RTL in the loop on several threads: each thread has its own routing unit, and lockstep agrees with the
// model on every count (every decision compared, none differing), with the counts of one thread.
TEST(Threads, LockstepOnEveryCountCountsTheSameDecisions) {
  const Overrides o = {{"topology.h", "2"}, {"routing.algorithm", "ugal"}, {"router.rc_mode", "lockstep"},
                       {"traffic.load", "0.3"}, {"sim.partitions", "domains"}, {"sim.warmup", "500"}, {"sim.measure", "1000"}};
  const json one = test::run_sane(o);
  ASSERT_FALSE(one.is_null());
  ASSERT_GT(one["rtl"]["decisions"].get<double>(), 1000.0);
  EXPECT_EQ(one["rtl"]["mismatches"], 0);
  for (const char* threads : {"2", "9"}) {
    const json r = test::run_sane(with(o, {{"sim.threads", threads}}));
    ASSERT_FALSE(r.is_null()) << threads;
    EXPECT_EQ(r["rtl"], one["rtl"]) << threads << " threads";
    EXPECT_EQ(r["latency"], one["latency"]) << threads << " threads";
  }
}

// Mismatches found on several threads: all counted, the run stopped only at the window's end (from the
// thread that called the window), and the one reported is the earliest by (cycle, router) whichever
// thread found it, without the run-wide decision number a run on one thread gives. The VN select's
// checker is fed wrong choices directly (as SashaRun.AVnChoiceOtherThanTheRtlsIsAMismatch), in a child
// since the stop is SystemC's.
TEST(Threads, TheEarliestMismatchIsReportedWhicheverThreadFoundIt) {
  const std::string failure = test::in_child([] {
    const Config c = load_config("", {{"topology.type", "mesh"}, {"topology.dims", "[4, 4]"}, {"routing.algorithm", "sasha"},
                                      {"router.rc_mode", "lockstep"}});
    const std::unique_ptr<Topology> topo = make_topology(c);
    const std::unique_ptr<RoutingAlgorithm> routing = make_routing(c.routing, *topo);
    RcCoSim cosim(c.rc, *routing, rc_config(c.routing, *topo), *topo);
    cosim.attach_vn_selects(topo->nodes(), 2, false);
    cosim.set_threads(2);
    const std::uint32_t load[2] = {3, 1};  // the RTL picks VN 1; a model choice of 0 differs
    WindowThreads threads(2);
    // Thread 0: cycle 12 at node 9, cycle 10 at node 5 (later found, earlier cycle); thread 1: cycle 10
    // at node 6, then cycle 11 at node 2. The earliest is (10, node 5's router).
    threads.run([&](int t) {
      if (t == 0) {
        cosim.vn_select(12, 9, load, 0);
        cosim.vn_select(10, 5, load, 0);
      } else {
        cosim.vn_select(10, 6, load, 0);
        cosim.vn_select(11, 2, load, 0);
        cosim.vn_select(11, 3, load, 1);  // agrees
      }
    });
    if (cosim.mismatches() != 4) return "mismatches " + std::to_string(cosim.mismatches());
    if (sc_core::sc_get_status() == sc_core::SC_STOPPED)
      return std::string("stopped before the window's end");
    const nlohmann::json m = cosim.mismatch();
    if (m.value("cycle", -1) != 10 || m.value("node", -1) != 5 || m.contains("decision")) return "record " + m.dump();
    if (cosim.to_json()["vn_selects"] != 5) return "vn_selects " + cosim.to_json().dump();
    cosim.end_window();
    if (sc_core::sc_get_status() != sc_core::SC_STOPPED) return std::string("not stopped at the window's end");
    return std::string();
  });
  EXPECT_EQ(failure, "");
}

// One partition hands out the ids of a plain growing pool: fresh ones in order, the last released first.
TEST(PacketPoolIds, OnePartitionHandsOutThePlainPoolsIds) {
  PacketPool pool;
  EXPECT_EQ(pool.allocate(), 0u);
  EXPECT_EQ(pool.allocate(), 1u);
  EXPECT_EQ(pool.allocate(), 2u);
  pool.release(0);
  pool.release(2);
  EXPECT_EQ(pool.allocate(), 2u);
  EXPECT_EQ(pool.allocate(), 0u);
  EXPECT_EQ(pool.allocate(), 3u);
  EXPECT_EQ(pool.live(), 4u);
}

// Partition 0 only allocates, partition 1 only releases (all traffic one way: a hot spot): with the
// rebalancing at each window's end the ids in use stay bounded by the packets alive, not by the packets
// of the run. 200 windows of 500 packets (100,000 packets, 500 alive at most) use fewer than 4 blocks.
TEST(PacketPoolIds, OneWayTrafficKeepsTheIdsBounded) {
  PacketPool pool;
  pool.set_partitions(2);
  std::set<PacketId> used;
  for (int window = 0; window < 200; ++window) {
    std::vector<PacketId> sent;
    for (int i = 0; i < 500; ++i) sent.push_back(pool.allocate(0));
    for (PacketId id : sent) {
      used.insert(id);
      pool.release(id, 1);
    }
    pool.rebalance();
  }
  EXPECT_EQ(pool.live(), 0u);
  EXPECT_LT(used.size(), 4u * PacketPool::kBlock);
  // Partitions take fresh blocks of their own: partition 1's first id is in block 1 (k * 2 + 1).
  PacketPool fresh;
  fresh.set_partitions(2);
  EXPECT_EQ(fresh.allocate(0), 0u);
  EXPECT_EQ(fresh.allocate(1), PacketPool::kBlock);
}

// Every thread runs the job once per window; an exception in any thread reaches the caller after all are
// done, the lowest thread's first, and the threads go on with the next window.
TEST(WindowThreadsMeeting, EveryThreadRunsOnceAndErrorsReachTheCaller) {
  WindowThreads threads(3);
  ASSERT_EQ(threads.threads(), 3);
  std::atomic<int> calls[3] = {0, 0, 0};
  for (int window = 0; window < 1000; ++window) threads.run([&](int t) { ++calls[t]; });
  for (int t = 0; t < 3; ++t) EXPECT_EQ(calls[t], 1000) << t;
  std::atomic<int> finished{0};
  try {
    threads.run([&](int t) {
      if (t > 0) throw std::runtime_error("thread " + std::to_string(t));
      ++finished;
    });
    ADD_FAILURE() << "no exception";
  } catch (const std::runtime_error& e) {
    EXPECT_STREQ(e.what(), "thread 1");
  }
  EXPECT_EQ(finished, 1);
  threads.run([&](int t) { ++calls[t]; });
  for (int t = 0; t < 3; ++t) EXPECT_EQ(calls[t], 1001) << t;
}

}  // namespace
}  // namespace hiradix
