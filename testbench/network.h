// Network assembly: the routers of a topology (topology/topology.h) with their NICs, wired with TLM link
// sockets by link class, and the run-time checks of DESIGN §3.5 (forward-progress watchdog with a deadlock report, conservation).
#pragma once
#include <memory>
#include <string>
#include <vector>

#include <systemc>

#include "router/router.h"
#include "topology/topology.h"
#include "router/routing/routing_registry.h"
#include "router/rtl/rc_cosim.h"
#include "router/contention_trace.h"
#include "router/stage_trace.h"
#include "config/config.h"
#include "testbench/free_acks.h"
#include "testbench/nic.h"
#include "testbench/stats.h"
#include "testbench/stats_log.h"
#include "tlm/cut_links.h"
#include "tlm/packet.h"

namespace hiradix {

class Network : public sc_core::sc_module, private WindowExchange {
 public:
  SC_HAS_PROCESS(Network);
  Network(sc_core::sc_module_name name, const Config& config);

  const Topology& topology() const { return *topo_; }
  const RoutingAlgorithm& routing() const { return *routing_; }
  Stats& stats() { return stats_; }
  // The destination tables of the permutation patterns the traffic uses (empty without one).
  const PermutationTables& permutations() const { return permutations_; }
  int routers() const { return static_cast<int>(routers_.size()); }
  Router& router(int i) { return *routers_[static_cast<std::size_t>(i)]; }
  // Node i's network interface (all its NICs, Topology::nics_per_node()).
  Nic& nic(int i) { return *nics_[static_cast<std::size_t>(i)]; }
  // The packets in the network by id: what a NicListener told of a packet (its source, destination and
  // creation cycle), read while it is in flight.
  const PacketPool& packets() const { return pool_; }

  // Packets somewhere between their NIC's queue and their destination (heads not yet ejected).
  std::size_t packets_in_flight() const;
  // QCN (qcn.sampling): the CNMs in routers or waiting to enter their first output queue.
  std::size_t cnms_in_flight() const;
  // DRB (RoutingAlgorithm::metapath): the packets' path headers; the ACKs made at destinations and taken by
  // the sources' controllers; those still somewhere between (waiting in a NIC, in routers, carried free).
  // Under MPI ranks the counts are the whole network's (collectives).
  const PathHeaders* path_headers() const { return path_headers_.get(); }
  std::uint64_t acks_made() const;
  std::uint64_t acks_taken() const;
  std::size_t acks_in_flight() const;
  bool deadlocked() const { return !deadlock_report_.empty(); }
  // The RTL co-simulation of routing decisions (null in `model` mode).
  const RcCoSim* rc_cosim() const { return rc_cosim_.get(); }
  // Flushes the waveforms at the end of a run (the network itself is never destroyed).
  void finish_traces();
  bool stopped() const { return deadlocked() || (rc_cosim_ && rc_cosim_->stopped()); }
  const std::string& deadlock_report() const { return deadlock_report_; }
  // Traffic comes from outside (a SystemC platform, testbench/platform.h), not only from the NICs' own
  // generators: the watchdog then sleeps while the network is empty, so that a platform's simulation can
  // end when its own modules are done, and traffic_submitted() wakes it.
  void set_external_traffic() { external_traffic_ = true; }
  // sim.partitions domains: windows do not run past cycle `c` (the end of the driver's next sc_start).
  void set_window_limit(Cycle c) { scheduler_.set_window_limit(c); }
  // sim.partitions domains: the partitions, the links cut between them and their windows (0 without).
  int partitions() const { return scheduler_.partitions(); }
  int cut_links() const { return cut_links_ ? cut_links_->links() : 0; }
  Cycle lookahead() const { return scheduler_.lookahead(); }
  std::uint64_t windows() const { return scheduler_.windows(); }
  std::uint64_t messages_across() const { return cut_links_ ? cut_links_->messages() : 0; }
  int threads() const { return scheduler_.threads(); }  // sim.threads, at most one per partition
  void traffic_submitted();
  // The switch grants of every router so far: forward progress (the watchdog, the stall probe). Under MPI
  // ranks a collective (tlm/ranks.h): every rank calls it at the same point, and gets the whole network's.
  std::uint64_t grants() const;
  // Under MPI ranks: the rank that runs partition p (all 0 otherwise), and whether this rank runs router r
  // (the others' copies never run: their counters stay as elaborated).
  int rank_of(int partition) const { return rank_of_.empty() ? 0 : rank_of_[static_cast<std::size_t>(partition)]; }
  bool runs_here(int router) const { return rank_of_.empty() || rank_of(topo_->domain_of(router)) == ranks().rank(); }

 private:
  void build_routers_and_nics();
  void attach_traces(Router& router, const std::vector<PortSpec>& ports);
  void wire();
  void assign_ranks();
  void partition();
  // A partitioned run's window end: what crossed into each partition, then the NICs' reports and the pool.
  void deliver(int partition) override { cut_links_->deliver_to(partition); }
  void exchange() override;
  void between_ranks() override {
    cut_links_->exchange_ranks(ranks(), rank_of_, pool_, path_headers_ ? path_headers_->side_table() : PacketSideTable{});
  }
  void apply_stats_logs();  // the window's NIC reports, partitions in order (every rank's under MPI)
  std::vector<PortSpec> port_specs(int router) const;
  // Which of `node`'s NICs attaches to terminal port `port` of `router`.
  int nic_at(int node, int router, int port) const;
  void watchdog();
  std::string describe_deadlock();

  const Config& config_;
  std::unique_ptr<Topology> topo_;
  std::vector<LinkClassParams> classes_;  // per link class of topo_
  std::unique_ptr<RoutingAlgorithm> routing_;
  std::unique_ptr<RoutingAlgorithm> cnm_routing_;  // QCN: min, for the CNMs; null without QCN
  std::unique_ptr<RcCoSim> rc_cosim_;
  std::unique_ptr<StageTrace> stage_trace_;
  std::unique_ptr<ContentionTrace> contention_trace_;
  std::unique_ptr<RoutingTrace> routing_trace_;
  PacketPool pool_;
  ActivityScheduler scheduler_;
  Stats stats_;
  PermutationTables permutations_;
  // Routers and NICs live in the arena, each router followed by its NICs and their state (never freed:
  // a run owns its process).
  std::vector<Router*> routers_;
  std::vector<Nic*> nics_;  // per node
  std::vector<std::vector<ArenaSpan>> router_memory_;  // per router, its arena spans and its NICs' (until partition())
  std::unique_ptr<PathHeaders> path_headers_;  // DRB: beside pool_; else null
  std::unique_ptr<FreeAcks> free_acks_;        // DRB with routing.drb_acks free
  std::unique_ptr<CutLinks> cut_links_;        // sim.partitions domains: the links between partitions
  std::vector<StatsLog> stats_logs_;           // sim.threads, MPI ranks: each partition's NICs' reports of a window
  std::vector<int> rank_of_;                   // MPI ranks: each partition's rank (empty with one rank)
  sc_core::sc_event watchdog_event_;
  std::uint64_t last_progress_ = 0;
  Cycle last_progress_cycle_ = 0;
  std::string deadlock_report_;
  bool external_traffic_ = false;
  bool watchdog_armed_ = true;
};

}  // namespace hiradix
