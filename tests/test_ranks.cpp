// MPI ranks (tlm/ranks.h) as the RTL co-simulation sees them, in one process: a scripted Ranks plays the
// other rank's part in each collective. Whole runs on real ranks are tests/mpi_ranks.py's
// (Mpi.RanksGiveTheResultOfOneProcess, the RTL in lockstep included).
#include <gtest/gtest.h>

#include <algorithm>
#include <string>
#include <vector>

#include <systemc>

#include "router/routing/routing_registry.h"
#include "router/rtl/rc_cosim.h"
#include "router/rtl/rc_interface.h"
#include "sim_helpers.h"
#include "topology/topology_registry.h"
#include "tlm/ranks.h"

namespace hiradix {
namespace {

// Rank `rank` of two: each collective adds what the other rank is scripted to contribute, and keeps what
// this one contributed (to script the other side of a second run).
class TwoRanks final : public Ranks {
 public:
  explicit TwoRanks(int rank) : rank_(rank) {}
  int rank() const override { return rank_; }
  int size() const override { return 2; }
  void sum(std::uint64_t* values, int n) override {
    given_sum.assign(values, values + n);
    for (int i = 0; i < n && i < static_cast<int>(other_sum.size()); ++i) values[i] += other_sum[static_cast<std::size_t>(i)];
  }
  void max(std::int64_t* values, int n) override {
    for (int i = 0; i < n; ++i) values[i] = std::max(values[i], other_max);
  }
  std::vector<std::vector<char>> gather_all(const std::vector<char>& mine) override {
    given_gather = mine;
    return rank_ == 0 ? std::vector<std::vector<char>>{mine, other_gather} : std::vector<std::vector<char>>{other_gather, mine};
  }
  std::vector<std::uint64_t> other_sum, given_sum;
  std::int64_t other_max = 0;
  std::vector<char> other_gather, given_gather;
  using Ranks::sum;

 private:
  int rank_;
};

// A SASHA mesh in lockstep: its NICs' VN selects are fed choices the RTL does not make (as
// Threads.TheEarliestMismatchIsReportedWhicheverThreadFoundIt does).
struct Lockstep {
  Config c = load_config("", {{"topology.type", "mesh"}, {"topology.dims", "[4, 4]"}, {"routing.algorithm", "sasha"},
                              {"router.rc_mode", "lockstep"}});
  std::unique_ptr<Topology> topo = make_topology(c);
  std::unique_ptr<RoutingAlgorithm> routing = make_routing(c.routing, *topo);
  RcCoSim cosim{c.rc, *routing, rc_config(c.routing, *topo), *topo};
  Lockstep() { cosim.attach_vn_selects(topo->nodes(), 2, false); }
  static constexpr std::uint32_t kLoad[2] = {3, 1};  // the RTL picks VN 1; a model choice of 0 differs
};

// A mismatch on one rank stops every rank at the same window's end: the rank that found none stops too, and
// calls its run stopped (the ranks then agree on the status).
TEST(Ranks, AMismatchOnAnotherRankStopsThisOneAtTheWindowsEnd) {
  const std::string failure = test::in_child([] {
    TwoRanks world(0);
    use_ranks(&world);
    Lockstep run;
    run.cosim.vn_select(10, 3, Lockstep::kLoad, 1);  // agrees
    run.cosim.end_window();
    if (sc_core::sc_get_status() == sc_core::SC_STOPPED || run.cosim.stopped()) return std::string("stopped with no mismatch anywhere");
    world.other_max = 1;  // the other rank found one in this window
    run.cosim.end_window();
    use_ranks(nullptr);
    if (sc_core::sc_get_status() != sc_core::SC_STOPPED) return std::string("not stopped with the other rank");
    if (!run.cosim.stopped()) return std::string("stopped() false: the ranks would disagree on the status");
    return std::string();
  });
  EXPECT_EQ(failure, "");
}

// The record is the earliest by (cycle, router) of every rank's, the counts the ranks' sums; a rank's own
// mismatch waits for the window's end even on one thread, and no record has the run-wide decision number.
TEST(Ranks, TheEarliestMismatchOfEveryRankIsReported) {
  const std::string failure = test::in_child([] {
    // Rank 1 found (10, node 5) and counted 2 VN selects; what it gives the collectives is kept.
    TwoRanks one(1);
    use_ranks(&one);
    Lockstep other;
    other.cosim.vn_select(10, 5, Lockstep::kLoad, 0);
    other.cosim.vn_select(11, 6, Lockstep::kLoad, 1);
    other.cosim.to_json();
    // Rank 0 found (12, node 9), later.
    TwoRanks zero(0);
    zero.other_sum = one.given_sum;
    zero.other_gather = one.given_gather;
    use_ranks(&zero);
    Lockstep run;
    run.cosim.vn_select(12, 9, Lockstep::kLoad, 0);
    if (sc_core::sc_get_status() == sc_core::SC_STOPPED) return std::string("stopped before the window's end");
    const nlohmann::json j = run.cosim.to_json();
    use_ranks(nullptr);
    if (j["mismatches"] != 2 || j["vn_selects"] != 3) return "counts " + j.dump();
    const nlohmann::json& m = j["mismatch"];
    if (m.value("cycle", -1) != 10 || m.value("node", -1) != 5 || m.contains("decision")) return "record " + m.dump();
    return std::string();
  });
  EXPECT_EQ(failure, "");
}

}  // namespace
}  // namespace hiradix
