// A terminal's network interface: Bernoulli packet generation at the offered load into a bounded
// injection queue, injection over a link with credits, and ejection that consumes one phit per cycle.
// Generation instants are drawn as geometric gaps (the same law as a Bernoulli trial per cycle), so an
// idle NIC costs nothing between packets. Under traffic.process on_off the NIC generates only during ON
// periods, Bernoulli at the load scaled by (on + off) / on (TrafficSchedule::on_off), with ON and OFF
// periods of geometric lengths drawn from the NIC's stream as they come.
#pragma once
#include "tlm/arena.h"
#include <cstdint>
#include <functional>
#include <limits>
#include <memory>
#include <queue>
#include <vector>

#include <systemc>

#include "router/common/band_map.h"
#include "router/common/path_header.h"
#include "router/flow/flow_control.h"
#include "router/flow/qcn_params.h"
#include "router/common/rng.h"
#include "topology/topology.h"
#include "testbench/stats_log.h"
#include "testbench/traffic.h"
#include "testbench/metapath.h"
#include "testbench/vn_choice.h"
#include "testbench/xmit_wait.h"
#include "tlm/link.h"
#include "tlm/ring.h"
#include "tlm/scheduler.h"

namespace hiradix {

class RcCoSim;

// DRB's free ACKs (routing.drb_acks free): what carries an ACK to its source NIC outside the network.
class FreeAckCarrier {
 public:
  virtual ~FreeAckCarrier() = default;
  // An ACK from node `from` to node `to` made at cycle `made` (its acknowledged packet's tail arrived then).
  virtual void carry(std::uint32_t from, std::uint32_t to, const PathHeader& ack, Cycle made) = 0;
};

struct NicParams {
  int packet_size = 8;
  int flit_size = 8;           // phits per flit (packet_size under VCT)
  int queue_phits = 5040;      // injection queue (seed-000 Table 3-1: 126 KB of 25-byte phits)
  int injection_vcs = 1;       // VCs of the router's injection port
  int injection_depth = 32;    // phits per injection VC (initial credits)
  // nic.injection_vc: destination (FOGSim's policy): a packet to node `dest` goes to injection VC
  // floor(dest * injection_vcs / N), N the network's nodes, and waits for its credits; otherwise round robin.
  bool vc_by_destination = false;
  // routing.vns and routing.vn_select: a packet of VN v goes into VN v's injection VCs,
  // [v * injection_vcs / vns, (v + 1) * injection_vcs / vns), by the policy above inside that set.
  int vns = 1;
  VnSelect vn_select = VnSelect::kRoundRobin;
  // routing.algorithm sasha (vn_select adaptive): the load compared, its tie rule and XmitWait's interval.
  VnMetric vn_metric = VnMetric::kOccupancy;
  VnTie vn_tie = VnTie::kRoundRobin;
  Cycle xmit_wait_interval = 64;
  // router.queues bbq and dbbq: each VC chosen above is bands.count injection VCs, and the packet goes into
  // its destination's band (router/common/band_map.h; dbbq in the packet's VN, VN 0 for a routing that
  // picks the VN itself at the source router, OSHA).
  BandMap bands;
  FlowControlKind flow_control = FlowControlKind::kCredits;
  // QCN (qcn.sampling; router/flow/qcn_params.h): the NIC takes the CNMs addressed to its node and, with
  // qcn.reaction on, its reaction point limits the node's injection rate. Null without QCN.
  const QcnParams* qcn = nullptr;
  // DRB and PR-DRB (RoutingAlgorithm::metapath): the source's MetaPath controller (testbench/metapath.h) picks
  // each packet's waypoints, the destination acknowledges each data packet with an ACK carrying its path
  // header (router/common/path_header.h), by the network or, free, by `free_acks`. Null without DRB.
  const MetaPathParams* metapath = nullptr;
  PathTiming path_timing;
  PathHeaders* path_headers = nullptr;
  FreeAckCarrier* free_acks = nullptr;
  // router.rc_mode rtl or lockstep under SASHA: each link's RTL VN select picks too (router/rtl/rc_cosim.h).
  RcCoSim* rtl_vn_select = nullptr;
};

// Told about the packets of a NIC that carry another model's transactions (testbench/platform.h).
class NicListener {
 public:
  virtual ~NicListener() = default;
  virtual void injected(PacketId packet, std::uint32_t tag) = 0;    // its head left the source NIC
  virtual void delivered(PacketId packet, Cycle tail_cycle) = 0;    // its tail reaches the destination NIC then
  virtual void refused(std::uint32_t tag) = 0;                      // the injection queue was full
};

// A node's network interface. A node has Topology::nics_per_node() NICs, each with its injection and
// ejection link to the router port Topology::nic_port(node, k) (one on a Dragonfly): they are this one
// module's links k, each with its own injection queue, flow control and link; traffic is the node's. A
// packet leaves from the node's NIC whose router is nearest (Topology::distance) to a router of the
// destination node's NICs, and is addressed to (delivered at) that NIC of the destination node
// (Packet::dst_nic); ties go to the lowest NIC numbers, source first.
class Nic : public sc_core::sc_module, public Wakeable, public PacketSink, public CreditSink {
 public:
  Nic(sc_core::sc_module_name name, int node, const NicParams& params, const Topology& topo,
      const TrafficSchedule& traffic, Stats& stats, PacketPool& pool, ActivityScheduler& scheduler,
      std::uint64_t seed, const PermutationTables* permutations = nullptr);

  int links() const { return static_cast<int>(links_.size()); }  // the node's NICs
  LinkOut& out(int nic = 0) { return link(nic).out; }
  LinkIn& in(int nic = 0) { return link(nic).in; }
  std::size_t queued() const;  // generated, not yet injected

  // A packet to `dst` submitted from outside the network (a SystemC platform's transaction) during cycle
  // `now`: it is generated at the next cycle boundary, so that it does not depend on whether this NIC has
  // already run in `now`; `tag` comes back through the listener.
  void submit(int dst, std::uint32_t tag, Cycle now);
  void set_listener(NicListener* listener) { listener_ = listener; }
  // sim.threads: the reports go to the NIC's partition's log, applied to Stats at each window's end.
  void report_to(StatsLog* log) { stats_.log_to(log); }

  void receive_packet(int nic, const LinkMessage& msg, Cycle now) override;  // ejection
  // DRB: an ACK from node `from` for a packet this node sent, taken by the MetaPath controller at cycle `at`.
  void ack_arrives(std::uint32_t from, const PathHeader& ack, Cycle at);
  const MetaPathSource* metapath() const { return metapath_.get(); }
  // DRB: ACKs made here, and those waiting here to leave (network ACKs).
  std::uint64_t acks_made() const { return acks_made_; }
  std::size_t acks_waiting() const { return acks_out_.size(); }
  std::uint64_t acks_taken() const { return acks_taken_; }
  std::size_t acks_arriving() const { return acks_in_.size(); }
  void receive_credit(int nic, const LinkMessage& msg) override;

 private:
  // Generated packets waiting in an injection queue: only what is needed to create them at injection, so
  // that past saturation the (full) queues stay small and the packet pool holds only packets in flight.
  // 16 bytes, as before nodes had several NICs (a larger entry costs instructions in every queue).
  struct Waiting {
    Cycle generated;
    std::uint32_t dst;
    std::uint32_t tag : 24;     // submitted packets: the listener's tag (< kMaxTag)
    std::uint32_t dst_nic : 8;  // the destination node's NIC it is delivered at
  };
  static constexpr std::uint32_t kMaxTag = 1u << 24;
  // One NIC of the node: its links, its injection queue and the packet leaving on it. The state every tick
  // reads comes first, the link ends (SystemC sockets, hundreds of bytes) after it.
  struct Link {
    Link(Nic* nic, int k, const NicParams& params);
    Ring<Waiting> queue;
    ArenaPtr<FlowControlSender> flow;  // the sending end of the injection link's flow control
    PacketId sending = 0;  // the packet whose flits are leaving (wormhole)
    int next_vc = 0;       // round robin: the next injection VC to try, inside the VN's set
    VnChoice vn_choice;    // this NIC's choice of VN (routing.vn_select)
    int head_vn = 0;       // the VN of the packet at the front of the queue, chosen once when it got there
                           // (adaptive: again at each offer of its head, fixed when the head leaves)
    ArenaPtr<XmitWaitCounter> xmit_wait;  // adaptive under xmit_wait only
    int next_flit = 0;     // next flit of the packet at the head of the queue
    int packet_vc = 0;     // the VC that packet's flits go to
    Cycle link_free = 0;
    LinkOut out;
    LinkIn in;
  };

  // Link 0 without the table (its pointer and the vector's, on lines of their own): a credit or an ejection
  // at a node with one NIC reads only what it needs.
  Link& link(int nic) { return nic == 0 ? first_ : *links_[static_cast<std::size_t>(nic)]; }
  // A flit waits to leave on `l` (a packet queued or an ACK): only then do credits coming back matter.
  bool has_flit_to_send(const Link& l) const { return !l.queue.empty() || (metapath_ && !acks_out_.empty()); }
  void tick(Cycle now) override;
  void wake_at(Cycle c) { scheduler_.wake(this, c); }
  Cycle gap(double load);  // cycles to the next generation (>= 1)
  void set_gap_law(double load);  // gap's per-load constants, kept for the next call with the same load
  Cycle first_instant(Cycle from);  // first generation instant at or after `from`
  Cycle first_on_off_instant(Cycle from);  // the same under traffic.process on_off
  Cycle period(double log_q);
  void generate_trace(Cycle now);  // traffic.pattern: trace: the packets of this node's messages of cycle <= now  // an ON or OFF period's length (>= 1), geometric: log_q = log(1 - 1 / mean)
  void generate(Cycle now);
  // The NIC a packet to node `dst` leaves from and the one of `dst` it is delivered at (see the class).
  void pick_nics(int dst, int& from, int& to) const;
  // Sends the next flit on link `k` if it can; the next cycle it wants to run (kNever: none). kVns: the run
  // has several VNs (routing.vns) or bands; without, that code is compiled out of the most common tick.
  template <bool kVns>
  inline Cycle send(Link& link, Cycle now);  // defined in nic.cpp, the only user
  int pass_full_queue(Link& link, int base, int vcs, Cycle now, int& chosen);  // voq_net (nic.cpp)
  // SASHA (vn_select adaptive): the VN of the front packet, the least loaded by params_.vn_metric (nic.cpp).
  int adaptive_vn(Link& link, Cycle now);
  int rtl_vn_unit(const Link& link) const;  // its RTL VN select's number: node * links + link (nic.cpp)
  template <bool kVns>
  inline void tick_one(Cycle now);  // tick of a node with one NIC (nic.cpp)
  void take_submitted(Cycle now);
  void receive_cnm(const LinkMessage& msg);
  // DRB: a data packet delivered here at `tail` is acknowledged; an ACK delivered here is taken at its tail;
  // the ACKs due by `now` go to the MetaPath controller.
  void acknowledge(const Packet& pkt, PacketId id, Cycle head, Cycle tail);
  void receive_ack(const LinkMessage& msg);
  void take_acks(Cycle now);
  void send_ack(Link& link, Cycle now);  // the front ACK's packet leaves on `link` (into link.sending)
  void take_cnms(Cycle now);  // the CNMs whose tail has arrived, to the reaction point
  // The reaction point's timer run up to `now`; the first cycle its current rate lets the next packet start
  // (0 when the rate is not limited), and when to look again should the timer raise the rate first.
  Cycle rate_allowed(Cycle now);
  Cycle rate_timer_due(Cycle now) const;
 public:
  // The injection VC of a packet to node `dst` under nic.injection_vc: destination: floor(dst * vcs / nodes).
  static int destination_vc(std::uint32_t dst, int vcs, int nodes) {
    return static_cast<int>(static_cast<std::uint64_t>(dst) * static_cast<std::uint64_t>(vcs) / static_cast<std::uint64_t>(nodes));
  }

 private:

  // What a tick, a packet's generation and injection, a credit and an ejection read comes first, together
  // (a NIC's fields in declaration order spanned some ten cache lines, each a miss when a large network's
  // window comes back to it: docs/benchmark.md), then link 0, then the rest.
  int id_;
  int injection_vcs_;
  int vcs_per_vn_;  // injection VCs of each VN (all of them with one VN), one per band (the routing's VCs)
  int packet_size_;         // params_.packet_size
  int flit_size_;           // params_.flit_size
  // Link 0 is part of the NIC, as the one link of a node with one NIC (most nodes) was before nodes had
  // several: a tick reaches its state at fixed offsets from `this`, without a pointer or a loop.
  bool one_link_;
  bool one_link_one_vn_;    // one NIC, one VN (routing.vns = 1), no bands and no QCN: most nodes of most runs
  bool vc_by_destination_;  // params_.vc_by_destination
  Cycle next_generation_ = kNever;
  // gap's law for `gap_load_` (a phase's offered load): packets per cycle and log(1 - p), so that a draw
  // costs one logarithm, not two. NaN at first: no load equals it.
  double gap_load_ = std::numeric_limits<double>::quiet_NaN();
  double gap_p_ = 0;
  double gap_log_q_ = 0;
  const TrafficSchedule& traffic_;
  // traffic.pattern: trace: this node's next message and the end of its messages (equal: none left).
  const TraceMessage* trace_next_ = nullptr;
  const TraceMessage* trace_end_ = nullptr;
  const Topology& topo_;
  PacketPool& pool_;
  ActivityScheduler& scheduler_;
  StatsSink stats_;  // the run's Stats, or under sim.threads the partition's log
  NicListener* listener_ = nullptr;
  // DRB: the MetaPath controller (its ACKs below); null otherwise.
  std::unique_ptr<MetaPathSource> metapath_;
  Rng rng_;
  TrafficSource source_;  // this node, as the traffic patterns see it
  Ring<Waiting> submitted_;  // submitted, not yet generated
  Link first_;
  NicParams params_;
  // traffic.process on_off: the current or next ON period [on_start_, on_end_), and the periods' laws.
  Cycle on_start_ = 0;
  Cycle on_end_ = 0;
  double on_log_q_ = 0;
  double off_log_q_ = 0;
  // QCN: the reaction point (qcn.reaction on), the first cycle its rate lets the next packet start, and the
  // CNMs on their way in ({tail cycle, Fb}).
  std::unique_ptr<QcnReactionPoint> rp_;
  Cycle rp_clock_ = 0;          // the cycle up to which its timer has run
  Cycle last_start_ = kNever;   // the cycle the node's last packet started (kNever: none yet)
  double cycle_seconds_ = 0;    // a cycle's length (units.phit_bytes, units.link_gbps)
  struct CnmArrival {
    Cycle tail;
    int fb;
  };
  Ring<CnmArrival> cnm_inbox_;
  // DRB: the ACKs made here waiting to leave (sent ahead of data, one flit each, from their `ready` cycle);
  // the ACKs on their way to the controller, by arrival.
  struct OutgoingAck {
    Cycle ready;
    std::uint32_t to;
    PathHeader header;
  };
  Ring<OutgoingAck> acks_out_;
  struct IncomingAck {
    Cycle at;
    std::uint64_t order;  // arrival order among equal cycles
    std::uint32_t from;
    PathHeader header;
    bool operator>(const IncomingAck& o) const { return at != o.at ? at > o.at : order > o.order; }
  };
  std::priority_queue<IncomingAck, std::vector<IncomingAck>, std::greater<IncomingAck>> acks_in_;
  std::uint64_t acks_made_ = 0, acks_taken_ = 0, acks_ordered_ = 0;
  std::vector<ArenaPtr<Link>> more_links_;  // links 1.. of a node with several NICs
  std::vector<Link*> links_;                // all the links, by NIC number
};

}  // namespace hiradix
