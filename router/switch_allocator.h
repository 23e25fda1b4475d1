// Separable switch allocator with round-robin arbiters whose priority moves only on a grant (iSLIP
// style, seed-000 §1.3). Input-first (default, as in the seeds) or output-first. Radix is limited to 64.
//
// seed-000 §1.3 leaves open when an input-first *input* arbiter moves: (a) only when the output also
// grants the VC it chose (iSLIP; default, `router.input_pointer: output_grant`), or (b) whenever it picks
// one of its VCs (`own_grant`). (b) lets the inputs' pointers move in lockstep, so that with persistent
// requests one input can starve (a unit test shows it); (a) desynchronises them as iSLIP does.
//
// Under router.queues voq_sw an input port has a crossbar input per output (router/stages.h, Crossbar): the
// allocator is then the output arbiters alone, each granting one input among those with a VOQ bidding for
// it (an input may win several outputs), and that crossbar input's own round-robin pointer picks among the
// input's VCs' VOQs to the output (rtl/hiradix_voq_allocator.v: every pair decides in parallel). Its bids
// are per (input, output) pair, a mask of VCs, so that an input's VOQs (VCs x radix) are not bounded by one
// 64-bit mask: up to 64 VCs and 64 ports.
//
// Output arbiters are round-robin over all inputs (the seeds' text), or give the `priority_inputs` (the
// router's transit ports: `router.output_arbiter: transit_priority`, as FOGSim's default arbiter does)
// precedence: an output grants an injection port only when no transit port requests it, round-robin
// within each set.
#include <cstdint>
#include <string>
#include <vector>

#include <systemc>

#include "router/common/router_params.h"

#pragma once
#include "router/input_unit.h"
#include "router/output_unit.h"
#include "router/stages.h"
#include "tlm/arena.h"
#include "tlm/bounded_vector.h"

namespace hiradix {

struct SwitchRequest {
  int port;              // input port
  std::uint64_t vcs;     // bit mask of the port's queues bidding (VCs, or VOQs under router.queues voq_sw)
};

// voq_sw: the VCs of input `in` whose VOQ towards output `out` requests it.
struct PairRequest {
  int in;
  int out;
  std::uint64_t vcs;
};

struct SwitchGrant {
  int in_port;
  int vc;  // the input's queue: its VC, or under voq_sw its VOQ (VC * ports + out_port)
  int out_port;
};

// What the SA step reads of its router: the bidding VCs' routes, the output unit's credits and queue room,
// the crossbar's free ticks. References built at the call, so that the step inlines into Router::tick.
struct SwitchInputs {
  InputUnit& inputs;
  OutputUnit& outputs;
  const Crossbar& crossbar;
  const RouterParams& params;  // flit size, wormhole
};

class SwitchAllocator : public sc_core::sc_module {
 public:
  // `max_vcs`: the most queues an input port has (VCs), or under `input_per_output` (voq_sw) its VCs.
  SwitchAllocator(sc_core::sc_module_name name, int ports, int max_vcs, AllocatorKind kind,
                  bool input_pointer_on_output_grant, std::uint64_t priority_inputs = 0, bool input_per_output = false);

  // The bids of a cycle: VC `vc` of input `port` has its route and output VC and bids for the switch.
  void bid(int port, int vc) {
    bidding_ |= 1ull << port;
    port_[port].bids |= 1ull << vc;
  }
  // voq_sw: the VOQ of VC `vc` of input `port` towards output `out` bids.
  void bid_voq(int port, int vc, int out) {
    bidding_ |= 1ull << port;
    port_[port].bids |= 1ull << out;
    pair_bids_[static_cast<std::size_t>(port * ports_ + out)] |= 1ull << vc;
  }
  bool has_bids() const { return bidding_ != 0; }
  std::uint64_t bid_ports() const { return bidding_; }  // a mask of input ports
  // The queues of `port` bidding (a mask of VCs), or under voq_sw the outputs its VOQs bid for.
  std::uint64_t bids(int port) const { return port_[port].bids; }
  // The SA step of cycle `now`, once per crossbar tick of it (speed-up): the bids whose flit may go at the
  // tick request the switch, the allocator matches the requests, and `on_grant(grant, tick)` starts ST for
  // each grant. Clears the bids; counts the rounds with at least one request in `allocations` (an energy
  // event). `kUrgent`: the step that serves QCN's CNM VCs first (urgent()); the router picks the copy, so
  // that the one without inlines into its allocate as before QCN, with no test and no call beside it.
  template <bool kUrgent, typename OnGrant>
  void step(Cycle now, const SwitchInputs& r, OnGrant on_grant, std::uint64_t& allocations) {
    // An early return, as before QCN: GCC then predicts voq_sw as the rare case and keeps the registers for
    // step_as's loops (an if-else made it even and cost +13 M on the default run, docs/benchmark.md).
    if (input_per_output_) return step_per_output<kUrgent>(now, r, on_grant, allocations);
    step_as<kUrgent>(now, r, on_grant, allocations);
  }
  // Wormhole: a head may leave only into a downstream VC no other packet holds.
  static bool head_may_take_vc(const InputVc& v, const OutputUnit& outputs, bool wormhole) {
    return !wormhole || !v.candidate().head || outputs.vc_free(v.out_port, v.out_vc);
  }

  // `requests`: one entry per input port with bidding VCs; `out_of(port, vc)` gives each VC's output.
  // Appends the matching to `grants` (at most one grant per input and per output).
  template <typename Requests, typename OutOf, typename Grants>
  void allocate(const Requests& requests, OutOf out_of, Grants& grants) {
    if (urgent_) allocate_as<true>(requests, out_of, grants);
    else allocate_as<false>(requests, out_of, grants);  // no CNM VCs: not a test more than before QCN
  }
  // voq_sw: every output grants one of the inputs with a VOQ requesting it (`requests`: one entry per (input,
  // output) pair, each pair at most once); the grant names the VOQ (VC * ports + output).
  template <typename Requests, typename Grants>
  void allocate_per_output(const Requests& requests, Grants& grants) {
    if (urgent_) allocate_per_output_as<true>(requests, grants);
    else allocate_per_output_as<false>(requests, grants);
  }

  // QCN: the VCs of input `port` that carry CNMs (a mask); their bids win over the data VCs' at the input
  // and at the output arbiters (the highest class of service), round robin among themselves.
  void set_urgent_vcs(int port, std::uint64_t vcs) {
    urgent_vcs_[port] = vcs;
    urgent_ = urgent_ || vcs != 0;
  }
  bool urgent() const { return urgent_; }  // some input has CNM VCs: step<true>

  AllocatorKind allocator_kind() const { return kind_; }
  // The round-robin pointers of the input and output arbiters.
  void trace(sc_core::sc_trace_file* tf) const {
    const std::string n = name();
    for (int p = 0; p < ports_; ++p) {
      if (!input_per_output_) sc_core::sc_trace(tf, port_[p].in_ptr, n + ".in_ptr_" + std::to_string(p));
      sc_core::sc_trace(tf, port_[p].out_ptr, n + ".out_ptr_" + std::to_string(p));
      if (priority_inputs_) sc_core::sc_trace(tf, port_[p].inj_ptr, n + ".inj_ptr_" + std::to_string(p));
    }
    for (std::size_t k = 0; k < pair_ptr_.size(); ++k)
      sc_core::sc_trace(tf, pair_ptr_[k], n + ".pair_ptr_" + std::to_string(k / ports_) + "_" + std::to_string(k % ports_));
  }

 private:
  static int pick(std::uint64_t mask, int pointer);  // first set bit at or after pointer, cyclically
  // The round-robin pointer past `i` of `n` (i < n): a compare, not a division's 20-90 cycles per grant.
  static int next_of(int i, int n) { return i + 1 == n ? 0 : i + 1; }
  // allocate and allocate_per_output, with the CNM VCs' priority (kUrgent) or without.
  template <bool kUrgent, typename Requests, typename OutOf, typename Grants>
  void allocate_as(const Requests& requests, OutOf out_of, Grants& grants);
  template <bool kUrgent, typename Requests, typename Grants>
  void allocate_per_output_as(const Requests& requests, Grants& grants);
  // Output o's choice among the inputs `requests`: the priority inputs first. Each set has its own
  // round-robin pointer (PortArbiter's out_ptr, inj_ptr), so that injection ports share what transit leaves fairly.
  int& out_pointer(int o, int in) { return priority_inputs_ && !(priority_inputs_ >> in & 1) ? port_[o].inj_ptr : port_[o].out_ptr; }
  // The CNM VCs among `vcs` of input `port` if any, else `vcs`; likewise the inputs `first` among `requests`.
  std::uint64_t urgent_first(std::uint64_t vcs, int port) const {
    const std::uint64_t u = vcs & urgent_vcs_[port];
    return u ? u : vcs;
  }
  static std::uint64_t first_of(std::uint64_t requests, std::uint64_t first) { return requests & first ? requests & first : requests; }
  int pick_input(std::uint64_t requests, int o) const {
    const std::uint64_t first = requests & priority_inputs_;
    if (first) return pick(first, port_[o].out_ptr);
    return pick(requests, priority_inputs_ ? port_[o].inj_ptr : port_[o].out_ptr);
  }
  template <bool kUrgent, typename OnGrant>
  void step_as(Cycle now, const SwitchInputs& r, OnGrant on_grant, std::uint64_t& allocations);
  template <bool kUrgent, typename OnGrant>
  void step_per_output(Cycle now, const SwitchInputs& r, OnGrant on_grant, std::uint64_t& allocations);
  // Every bidding queue requests its output (PortArbiter::requests, touched_).
  template <bool kUrgent, typename Requests, typename OutOf>
  void request_every_output(const Requests& requests, OutOf out_of) {
    for (const SwitchRequest& r : requests) {
      for (std::uint64_t m = r.vcs; m; m &= m - 1) {
        const int o = out_of(r.port, __builtin_ctzll(m));
        if (kUrgent && (urgent_vcs_[r.port] & m & (~m + 1))) out_urgent_[o] |= 1ull << r.port;
        if (!port_[o].requests) touched_.push_back(o);
        port_[o].requests |= 1ull << r.port;
      }
    }
  }
  // The queues of input `in` bidding for output `o`.
  template <typename Requests, typename OutOf>
  static std::uint64_t queues_to(const Requests& requests, int in, int o, OutOf out_of) {
    std::uint64_t queues = 0;
    for (const SwitchRequest& r : requests) {
      if (r.port != in) continue;
      for (std::uint64_t m = r.vcs; m; m &= m - 1)
        if (out_of(in, __builtin_ctzll(m)) == o) queues |= m & (~m + 1);
    }
    return queues;
  }
  // One port's arbiter state, as an input and as an output: what a bid, a request and a grant touch, on half
  // a cache line (it was six arrays, a line each in a large router: docs/benchmark.md).
  struct alignas(32) PortArbiter {
    std::uint64_t bids = 0;      // as input: its queues bidding this cycle (voq_sw: the outputs they bid for)
    std::uint64_t requests = 0;  // as output: the inputs requesting it at the tick
    int in_ptr = 0;              // input arbiter: round-robin pointer over the input's queues
    int chosen_vc = 0;           // input-first: the queue the input arbiter chose
    int out_ptr = 0;             // output arbiter: round-robin pointer over the (transit, under transit_priority) inputs
    int inj_ptr = 0;             // ... over the injection inputs (transit_priority)
  };
  HotVector<PortArbiter> port_;
  std::uint64_t bidding_ = 0;  // the input ports with bids this cycle
  int ports_;
  int max_vcs_;
  AllocatorKind kind_;
  bool input_per_output_;
  bool move_on_output_grant_;
  std::uint64_t priority_inputs_;
  // voq_sw, per (input, output): the round-robin pointer over the input's VCs, the VCs bidding this cycle and
  // those requesting at the tick; empty otherwise.
  HotVector<int> pair_ptr_;
  HotVector<std::uint64_t> pair_bids_, pair_requested_;
  BoundedVector<PairRequest> pair_requests_;  // at most one per (input, output) pair
  HotVector<std::uint64_t> out_urgent_;    // ... of which with a CNM VC (QCN)
  HotVector<std::uint64_t> urgent_vcs_;    // per input: the VCs that carry CNMs
  bool urgent_ = false;                    // any (QCN's CNMs have their own VCs)
  HotVector<std::uint64_t> offered_;       // per input: queues whose output granted it (output-first)
  // A tick's lists, at most one entry per port each.
  BoundedVector<int> touched_;
  BoundedVector<SwitchRequest> requests_;
  BoundedVector<SwitchGrant> grants_;
};

template <bool kUrgent, typename OnGrant>
void SwitchAllocator::step_as(Cycle now, const SwitchInputs& r, OnGrant on_grant, std::uint64_t& allocations) {
  // The units as plain references: a lambda that captured `r` would take its address out of registers.
  InputUnit& inputs = r.inputs;
  OutputUnit& outputs = r.outputs;
  const Crossbar& crossbar = r.crossbar;
  const SpeedupClock& clock = crossbar.clock;
  const int size = r.params.flit_size;
  const std::uint64_t end = clock.first_tick(now + 1);
  for (std::uint64_t tick = clock.first_tick(now); tick < end && bidding_; ++tick) {
    // A bid requests the switch when its crossbar input and output are free at the tick, the downstream
    // VC may take it (wormhole), the flow control lets the flit go (credits) and its output queue has room.
    requests_.clear();
    for (std::uint64_t ports = bidding_; ports; ports &= ports - 1) {
      const int port = __builtin_ctzll(ports);
      const std::uint64_t bids = port_[port].bids;
      if (!bids || !crossbar.input_free(port, tick)) continue;
      std::uint64_t mask = 0;
      for (std::uint64_t m = bids; m; m &= m - 1) {
        const InputVc& v = inputs.vc(inputs.vc_index(port, __builtin_ctzll(m)));
        if (crossbar.output_free(v.out_port, tick) && head_may_take_vc(v, outputs, r.params.wormhole) &&
            outputs.has_credits(v.out_port, v.out_vc, size, now) &&
            (kUrgent ? outputs.has_space_for(v.out_port, v.out_vc, size, now) : outputs.has_space(v.out_port, size, now)))
          mask |= m & (~m + 1);
      }
      if (mask) requests_.push_back({port, mask});
    }
    if (requests_.empty()) continue;
    ++allocations;
    grants_.clear();
    allocate_as<kUrgent>(requests_, [&inputs](int port, int vc) { return inputs.vc(inputs.vc_index(port, vc)).out_port; }, grants_);
    for (const SwitchGrant& g : grants_) {
      port_[g.in_port].bids &= ~(1ull << g.vc);
      on_grant(g, tick);
    }
  }
  for (std::uint64_t ports = bidding_; ports; ports &= ports - 1) port_[__builtin_ctzll(ports)].bids = 0;
  bidding_ = 0;
}

inline int SwitchAllocator::pick(std::uint64_t mask, int pointer) {
  const std::uint64_t high = pointer >= 64 ? 0 : mask & (~0ull << pointer);
  return __builtin_ctzll(high ? high : mask);
}

template <bool kUrgent, typename Requests, typename OutOf, typename Grants>
void SwitchAllocator::allocate_as(const Requests& requests, OutOf out_of, Grants& grants) {
  touched_.clear();
  if (kind_ == AllocatorKind::kInputFirst) {
    for (const SwitchRequest& r : requests) {  // stage 1: one VC per input
      PortArbiter& in = port_[r.port];
      const int vc = pick(kUrgent ? urgent_first(r.vcs, r.port) : r.vcs, in.in_ptr);
      in.chosen_vc = vc;
      if (!move_on_output_grant_) in.in_ptr = next_of(vc, max_vcs_);
      const int o = out_of(r.port, vc);
      if (!port_[o].requests) touched_.push_back(o);
      port_[o].requests |= 1ull << r.port;
      if (kUrgent && (urgent_vcs_[r.port] >> vc & 1)) out_urgent_[o] |= 1ull << r.port;
    }
    for (int o : touched_) {  // stage 2: one input per output
      const int in = pick_input(kUrgent ? first_of(port_[o].requests, out_urgent_[o]) : port_[o].requests, o);
      port_[o].requests = 0;
      if (kUrgent) out_urgent_[o] = 0;
      const int vc = port_[in].chosen_vc;
      grants.push_back({in, vc, o});
      out_pointer(o, in) = next_of(in, ports_);
      if (move_on_output_grant_) port_[in].in_ptr = next_of(vc, max_vcs_);
    }
    return;
  }
  // Output-first: every bidding VC requests its output; each output grants one input; each input accepts
  // one of the outputs that granted it. Pointers move only for accepted grants.
  request_every_output<kUrgent>(requests, out_of);
  for (int o : touched_) {
    const int in = pick_input(kUrgent ? first_of(port_[o].requests, out_urgent_[o]) : port_[o].requests, o);
    port_[o].requests = 0;
    if (kUrgent) out_urgent_[o] = 0;
    offered_[in] |= queues_to(requests, in, o, out_of);
  }
  for (const SwitchRequest& r : requests) {
    if (!offered_[r.port]) continue;
    const int vc = pick(kUrgent ? urgent_first(offered_[r.port], r.port) : offered_[r.port], port_[r.port].in_ptr);
    offered_[r.port] = 0;
    const int o = out_of(r.port, vc);
    grants.push_back({r.port, vc, o});
    port_[r.port].in_ptr = next_of(vc, max_vcs_);
    out_pointer(o, r.port) = next_of(r.port, ports_);
  }
}

// voq_sw, a tick: each (input, output) pair whose output is free at the tick and has room requests with the VCs
// whose VOQ's front may go (the downstream VC free under wormhole, credits); the output arbiters match.
template <bool kUrgent, typename OnGrant>
void SwitchAllocator::step_per_output(Cycle now, const SwitchInputs& r, OnGrant on_grant, std::uint64_t& allocations) {
  InputUnit& inputs = r.inputs;
  OutputUnit& outputs = r.outputs;
  const Crossbar& crossbar = r.crossbar;
  const SpeedupClock& clock = crossbar.clock;
  const int size = r.params.flit_size;
  const std::uint64_t end = clock.first_tick(now + 1);
  for (std::uint64_t tick = clock.first_tick(now); tick < end && bidding_; ++tick) {
    pair_requests_.clear();
    for (std::uint64_t ports = bidding_; ports; ports &= ports - 1) {
      const int port = __builtin_ctzll(ports);
      std::uint64_t requesting = 0;  // outputs
      for (std::uint64_t outs = port_[port].bids; outs; outs &= outs - 1) {
        const int o = __builtin_ctzll(outs);
        if (!crossbar.output_free(o, tick)) continue;
        const bool room = outputs.has_space(o, size, now);  // the data queue's; a CNM's VC has its own
        if (!kUrgent && !room) continue;
        std::uint64_t vcs = 0;
        for (std::uint64_t m = pair_bids_[static_cast<std::size_t>(port * ports_ + o)]; m; m &= m - 1) {
          const InputVc& v = inputs.vc(inputs.vc_index(port, __builtin_ctzll(m) * ports_ + o));
          if ((kUrgent ? outputs.has_space_for(o, v.out_vc, size, now) : room) &&
              head_may_take_vc(v, outputs, r.params.wormhole) && outputs.has_credits(o, v.out_vc, size, now))
            vcs |= m & (~m + 1);
        }
        pair_requested_[static_cast<std::size_t>(port * ports_ + o)] = vcs;
        if (vcs) requesting |= 1ull << o;
      }
      // In the VOQs' order (VC, then output), each output at its lowest requesting VC: the order the outputs
      // are served and the grants take effect in (their credits, their trace), kept from the queue masks.
      for (int vc = 0; requesting; ++vc)
        for (std::uint64_t m = requesting; m; m &= m - 1) {
          const int o = __builtin_ctzll(m);
          const std::uint64_t vcs = pair_requested_[static_cast<std::size_t>(port * ports_ + o)];
          if (!(vcs >> vc & 1)) continue;
          pair_requests_.push_back({port, o, vcs});
          requesting &= ~(1ull << o);
        }
    }
    if (pair_requests_.empty()) continue;
    ++allocations;
    grants_.clear();
    allocate_per_output_as<kUrgent>(pair_requests_, grants_);
    for (const SwitchGrant& g : grants_) {
      std::uint64_t& pair = pair_bids_[static_cast<std::size_t>(g.in_port * ports_ + g.out_port)];
      pair &= ~(1ull << (g.vc / ports_));
      if (!pair) port_[g.in_port].bids &= ~(1ull << g.out_port);
      on_grant(g, tick);
    }
  }
  for (std::uint64_t ports = bidding_; ports; ports &= ports - 1) {
    const int port = __builtin_ctzll(ports);
    for (std::uint64_t outs = port_[port].bids; outs; outs &= outs - 1)
      pair_bids_[static_cast<std::size_t>(port * ports_ + __builtin_ctzll(outs))] = 0;
    port_[port].bids = 0;
  }
  bidding_ = 0;
}

template <bool kUrgent, typename Requests, typename Grants>
void SwitchAllocator::allocate_per_output_as(const Requests& requests, Grants& grants) {
  touched_.clear();
  for (const PairRequest& r : requests) {
    if (!port_[r.out].requests) touched_.push_back(r.out);
    port_[r.out].requests |= 1ull << r.in;
    if (kUrgent && (r.vcs & urgent_vcs_[r.in])) out_urgent_[r.out] |= 1ull << r.in;
    pair_requested_[static_cast<std::size_t>(r.in * ports_ + r.out)] = r.vcs;
  }
  for (int o : touched_) {
    const int in = pick_input(kUrgent ? first_of(port_[o].requests, out_urgent_[o]) : port_[o].requests, o);
    port_[o].requests = 0;
    if (kUrgent) out_urgent_[o] = 0;
    const std::size_t pair = static_cast<std::size_t>(in * ports_ + o);
    int& pointer = pair_ptr_[pair];
    const int vc = pick(kUrgent ? urgent_first(pair_requested_[pair], in) : pair_requested_[pair], pointer);  // one VOQ per VC
    grants.push_back({in, vc * ports_ + o, o});
    pointer = next_of(vc, max_vcs_);
    out_pointer(o, in) = next_of(in, ports_);
  }
  for (const PairRequest& r : requests) pair_requested_[static_cast<std::size_t>(r.in * ports_ + r.out)] = 0;
}

}  // namespace hiradix
