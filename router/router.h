// The router: input unit -> RC -> VA -> switch allocator (SA) -> crossbar (ST, with internal speed-up) ->
// output unit, each a sub-module (router/stages.h). The activity scheduler runs a router only in cycles where it has work: ones it
// asked for, or the arrival of a packet or credit on a link.
#pragma once
#include "tlm/arena.h"
#include <algorithm>
#include <array>
#include <cstdint>
#include <memory>
#include <vector>

#include <systemc>

#include "router/congestion_notifier.h"
#include "router/contention_counters.h"
#include "router/flow/credit_flow_control.h"
#include "router/common/group_broadcast.h"
#include "router/common/path_header.h"
#include "router/input_unit.h"
#include "router/output_unit.h"
#include "router/common/router_params.h"
#include "router/common/router_view.h"
#include "router/common/wired_router.h"
#include "router/routing/routing_algorithm.h"
#include "router/stages.h"
#include "router/switch_allocator.h"
#include "tlm/packet.h"
#include "tlm/scheduler.h"

namespace hiradix {

class ContentionTrace;
class GroupLoadView;
class RcCoSim;
class StageTrace;

// The events that cost energy (testbench/power_report.cpp prices them), counted from the end of warm-up.
// Plain integers: the hot path only adds to them.
struct EventCounts {
  std::uint64_t routing_decisions = 0;  // RC passes (each advances the LFSR once)
  std::uint64_t allocations = 0;        // switch-allocator rounds with at least one request
  std::uint64_t crossbar_phits = 0;     // phits granted through the crossbar: read from an input buffer,
                                        // written into an output queue
  std::array<std::uint64_t, kMaxLinkClasses> phits_in{};   // phits written into input buffers, by link class
  std::array<std::uint64_t, kMaxLinkClasses> phits_out{};  // phits sent from output queues onto links, by class
};

// Where a router's requests for more work (wake-ups) and its measured activity go.
struct RouterActivity {
  std::uint64_t grants = 0;       // switch grants (forward progress)
  std::uint64_t activations = 0;  // cycles the router process ran
  std::uint64_t recomputations = 0;  // heads blocked at injection sent through RC again (routing.recomp)
  EventCounts events;  // reset at the end of warm-up (reset_events)
};

class Router final : public sc_core::sc_module, public Wakeable, public PacketSink, public CreditSink, public WiredRouter {
 public:
  friend class RouterView;
  Router(sc_core::sc_module_name name, int id, const std::vector<PortSpec>& ports, const RouterParams& params,
         const RoutingAlgorithm& routing, PacketPool& pool, ActivityScheduler& scheduler, std::uint64_t seed);

  int id() const { return id_; }
  int radix() const { return static_cast<int>(ports_.size()); }
  const PortSpec& port_spec(int p) const { return ports_[p]; }
  LinkIn& in(int port) { return inputs_.link(port); }
  LinkOut& out(int port) { return outputs_.link(port); }
  InputUnit& inputs() { return inputs_; }
  OutputUnit& outputs() { return outputs_; }
  const ContentionCounters& contention() const { return contention_; }
  ContentionCounters& contention() { return contention_; }
  const RouterActivity& activity() const { return activity_; }
  // The receiving end of the input links' flow control (its pause frames: result.json `flow_control`).
  const FlowControlReceiver& flow_receiver() const { return *flow_in_; }
  // The energy events since reset_events(); the phits per link class summed from the per-VC and per-port
  // counts, which the hot path keeps next to the buffers it writes (a class lookup per packet missed cache).
  EventCounts events() const;
  void reset_events();
  // The routing's own state in this router (ECtN, PB; null for the others), and the group broadcast it sends.
  RoutingState* routing_state() { return state_.get(); }
  GroupBroadcast* broadcast() override { return broadcast_; }
  // Routing decisions go to the RTL (router.rc_mode rtl or lockstep) instead of the C++ model alone.
  // The routing's state reports its events to the co-simulated state block of this router, if any.
  void attach_rc_cosim(RcCoSim* cosim);
  // UGAL-G: the read-only loads of the group's global links (set by the Network when the routing
  // needs_group_load()).
  void attach_group_view(const GroupLoadView* view) override;
  // The rest of what a routing may reach at set-up (router/common/wired_router.h).
  Cycle link_latency(int port) override { return out(port).latency(); }
  const OutputUnit& output_unit() const override { return outputs_; }
  // Records this router's RC and SA activity as a waveform (trace.router).
  void attach_stage_trace(StageTrace* trace) { stage_trace_ = trace; }
  // Records this router's contention counters over time (trace.contention).
  void attach_contention_trace(ContentionTrace* trace) { contention_trace_ = trace; }
  // Adds the state of every stage (input VC fill, RC's and VA's latest decision, the allocator's
  // round-robin pointers, the crossbar's busy ticks, output queues and credits) to a SystemC trace file.
  void trace(sc_core::sc_trace_file* tf) const;

  // QCN (qcn.sampling; router/flow/qcn_params.h): congestion points on the output queues and the CNMs they
  // make, routed by `cnm_routing` (min) on the CNM VCs. Set by the network before the run.
  void attach_qcn(const QcnParams& params, const RoutingAlgorithm& cnm_routing, std::uint64_t seed);
  const CongestionNotifier* qcn() const { return qcn_.get(); }

  // DRB and PR-DRB (router/common/path_header.h): a head arriving from another router adds the wait it had
  // there to its header (`timing`: the pipeline and the link it needed anyway); under PR-DRB (`flows` > 0), at
  // its switch grant, the first router where its wait is to exceed `record_wait` writes up to `flows`
  // contending flows into it (router_path_monitor.cpp). Set by the network before the run.
  void attach_path_monitor(PathHeaders* headers, const PathTiming& timing, Cycle record_wait, int flows);

  // Data packets whose tail is in this router's input buffers (not yet granted) or output queues; CNMs there
  // or waiting to enter their first output queue; DRB's ACKs there.
  std::size_t packets_held() const;
  std::size_t cnms_held() const;
  std::size_t acks_held() const;  // DRB's ACKs here
  // For deadlock reports: candidates that bid for the switch but wait for a downstream VC (no credits,
  // or held by another packet under wormhole).
  struct Blocked {
    int in_port, in_vc, out_port, out_vc;
  };
  std::vector<Blocked> blocked_candidates(Cycle now);

  // Brings the tail bookkeeping up to `now` (InputUnit::release_tails): before statistics are reset, and
  // before a packet is written into a VC whose earlier packets have left but were not yet popped.
  void catch_up(Cycle now) {
    if (inputs_.tails_due(now)) release_tails(now);
  }

  void receive_packet(int port, const LinkMessage& msg, Cycle now) override {
    catch_up(now);  // the credit that let this packet come means its slot has been freed
    if (head_hooks_ && (msg.flags & kHeadFlit)) head_arriving(port, msg);
    const int index = inputs_.write(port, msg, pool_);
    // A head that finds its VC's earlier packets all granted routes at its arrival, and its RC reads its
    // packet's line first: fetched the cycle before (a head behind others is fetched at the grant before it).
    if (const InputVc& v = inputs_.vc(index); (msg.flags & kHeadFlit) && v.fifo.size() == v.in_transit + 1u)
      scheduler_.hint(this, &pool_[msg.packet], msg.arrival);
    if (frees_when_left_) flow_in_->arrived(inputs_.link(port), port, inputs_.flow_class(index), msg.phits, msg.arrival, now);
    Cycle& due = vc_due_[static_cast<std::size_t>(index)];
    due = std::min(due, msg.arrival);
    wake_at(msg.arrival);
  }
  void receive_credit(int port, const LinkMessage& msg) override {
    outputs_.file_credit(port, msg);
    if (credit_waiters_ >> port & 1) wake_at(msg.arrival);  // only a candidate waiting for them needs it now
  }

 private:
  void tick(Cycle now) override;
  // The stages of a cycle, in order (router.cpp), and the due-cycle bookkeeping around them (router_due.cpp).
  void begin_cycle(Cycle now);
  void route_and_bid(Cycle now, Cycle& next);
  void send_outputs(Cycle now, Cycle& next);
  void end_cycle(Cycle now, Cycle next);
  void wake_at(Cycle c) { scheduler_.wake(this, c); }
  // A head reaching input `port` (told when the link delivers it): the routing's injection hook, QCN's input
  // sampling. Out of line: rarely set.
  void head_arriving(int port, const LinkMessage& msg);
  // What the input unit's steps reach outside it (InputUnit::release_tails, count_front): the contention
  // counters and their trace, the routing state's events, the VCs' due cycles. One reference, built at the
  // call; its calls inline into the steps (router.cpp).
  struct InputHooks {
    Router& r;
    void uncounted(int index, int min_port, Cycle at);
    void counted(int index, const VcEntry& head, Cycle at);
    void emptied(int index) { r.vc_due_[index] = kNever; }
    void left(int index, Cycle at) {  // a flit's tail left VC `index` at `at`
      if (r.frees_when_left_) r.flow_left(index, at);
    }
  };
  void flow_left(int index, Cycle at);  // pause flow control: the flit's space is free
  void release_tails(Cycle now);
  void advance_vc(int index, Cycle now);
  void route_candidate(int index, InputVc& v, Cycle rc_start, Cycle now);
  void advance_arrival(int index, InputVc& v, Cycle now);  // router.queues voq_sw: RC, then into the VOQ
  void take_voq_candidate(InputVc& q);
  void bid(int index, const InputVc& v);
  // The decision of a router with the co-simulation or virtual networks (rare_rc_), out of route_candidate's
  // fast path: the model's or the co-simulation's, plus the VN's offset.
  RoutingDecision decide_rare(Cycle now, RoutingContext& ctx, Packet& pkt);
  // QCN: a data packet entered output queue `port` (its congestion point may make a CNM); the input samples
  // due this cycle; a CNM about `victim` with feedback `fb`, made by the congestion point at `port`; the
  // cycle's QCN work (input samples, then the CNMs made go into their first hop's output queue when it has
  // room and credits; the cycle to try again: now + 1 while some wait, else kNever; returned, not written
  // through a reference, which would keep tick's `next` in memory); a CNM's hop (min on the CNM VCs).
  void notice(int port, Cycle now);
  void sample_inputs(Cycle now);
  void make_cnm(PacketId victim, int fb, int port, Cycle now);
  Cycle qcn_step(Cycle now);
  Cycle emit_cnms(Cycle now);
  RoutingDecision route_cnm(Packet& pkt, int in_port, Cycle now);
  void fire_broadcast(Cycle now);
  void allocate(Cycle now);
  void allocate_cnms_first(Cycle now);  // allocate with QCN's CNM VCs: SA serves them first (router_qcn.cpp)
  void grant(const SwitchGrant& g, std::uint64_t tick, Cycle now);
  // DRB: a head arrives at `port` (its header's wait and timestamp); PR-DRB: the head of input VC `index` was
  // granted output `out_port` at `now` (attach_path_monitor).
  void path_arriving(int port, const LinkMessage& msg);
  void record_flows(int index, const VcEntry& head, int out_port, Cycle now);
  Cycle vc_next_event(const InputVc& v, Cycle now) const;
  // Wormhole: a head may leave only into a downstream VC no other packet holds.
  bool head_may_take_vc(const InputVc& v) const {
    return SwitchAllocator::head_may_take_vc(v, outputs_, params_.wormhole);
  }
  Cycle vc_due_after(int index, Cycle now);  // after a cycle in which the VC was looked at
  bool route_again(InputVc& v, Cycle now);   // in-transit routings: a blocked head goes through RC again
  void restart_rc(InputVc& v, Cycle now);    // the head's header back to before its RC, RC again next cycle
  void wake_credit_waiters(Cycle now);

  // The router's own fields that an activation, a packet's or a credit's arrival, a decision and a grant read
  // come first, together, from a line of their own: at a window of a large network the router is cold, and
  // its fields spread over the object (between the stages' sub-modules, each behind a SystemC base of some
  // 200 bytes) were a miss each (docs/benchmark.md). The stages follow; what is rarely read comes last.
  alignas(64) int id_;
  bool rare_rc_ = false;      // cosim_, routing.vns > 1, bands or QCN: decide_rare decides
  bool voqs_ = false;         // router.queues voq_sw: arrival FIFOs move routed flits into VOQs
  bool frees_when_left_;      // flow_in_ counts arrivals and frees a flit when its tail leaves (pause)
  bool reroutes_;             // in-transit routings: a blocked head goes through RC again (route_again)
  bool head_hooks_ = false;   // head_arriving has work: kInjectionArrived, or QCN's input sampling
  std::uint8_t events_ = 0;   // the router events state_ listens to (RouterEvent bits)
  int record_flows_ = 0;      // prdrb: its grants record contending flows
  PacketPool& pool_;
  ActivityScheduler& scheduler_;
  std::uint64_t lfsr_;        // the routing unit's random state (router/common/lfsr.h)
  ArenaPtr<FlowControlReceiver> flow_in_;  // the receiving end of the input links' flow control
  CreditReturn* credit_return_;  // flow_in_ when it is credits (called by its type: inlined), else null
  std::unique_ptr<CongestionNotifier> qcn_;  // qcn.sampling on, else null
  StageTrace* stage_trace_ = nullptr;
  ContentionTrace* contention_trace_ = nullptr;
  GroupBroadcast* broadcast_ = nullptr;      // state_'s group broadcast, if any
  std::unique_ptr<RoutingState> state_;      // the routing's own state (ECtN, PB, ...), null for the others
  // Recomputation (RoutingAlgorithm::recomputes_at_injection): the terminal input ports, whose blocked
  // heads go through RC again; 0 for other routings.
  std::uint64_t recompute_ports_ = 0;
  std::uint64_t terminal_ports_ = 0;  // ports to NICs: a packet's tail sent there has its line read (grant)
  // Work is driven by due cycles: a VC or output port is looked at only in the cycles it has something to
  // do, so a busy router does not pay for its idle ports.
  std::uint64_t credit_waiters_ = 0;        // output ports some candidate waits on for credits
  std::uint64_t out_active_ = 0;            // output ports with queued packets
  std::uint64_t out_touched_ = 0;           // output ports looked at this cycle
  HotVector<Cycle> vc_due_;                 // per input VC
  HotVector<Cycle> out_due_;                // per output port
  HotVector<std::uint64_t> credit_wait_;    // VCs whose candidate waits for downstream credits
  HotVector<int> vc_touched_;               // VCs looked at this cycle
  HotVector<PortSpec> ports_;  // in the arena next to the router
  RouterParams params_;
  RouterActivity activity_;
  // Per output port, the VCs a decision may choose: its downstream input's, or 255 on an ejection port (any).
  // route_candidate checks each decision against it here, next to the fields it reads, not in the port's
  // PortSpec (a cache miss a decision in a large network: docs/benchmark.md).
  std::array<std::uint8_t, 64> out_vc_limit_{};
  InputUnit inputs_;
  RouteComputation rc_;
  VcAllocation va_;
  SwitchAllocator allocator_;
  Crossbar crossbar_;
  OutputUnit outputs_;
  ContentionCounters contention_;
  RcCoSim* cosim_ = nullptr;
  const RoutingAlgorithm* cnm_routing_ = nullptr;
  PathHeaders* path_headers_ = nullptr;  // drb, prdrb: the packets' path headers, else null
  Cycle hop_cycles_ = 0;                 // a router's pipeline and a router-to-router link (PathTiming)
  Cycle record_wait_ = 0;
  const GroupLoadView* group_view_ = nullptr;  // UGAL-G: the group's global-link loads
  // Scratch space of RouterView: the per-port arrays a routing decision reads (router/common/router_view.h).
  HotVector<std::uint16_t> port_load_;
  HotVector<std::uint16_t> vc_load_;   // per output port x kStateVcs, phits
  HotVector<std::uint16_t> group_load_;
  HotVector<std::uint32_t> port_ready_;
  HotVector<std::uint32_t> flow_ready_;
  HotVector<std::uint8_t> occupancy_;  // per output port x kStateVcs, percent
};

}  // namespace hiradix
