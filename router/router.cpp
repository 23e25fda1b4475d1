#include "router/router.h"
#include "router/router_due.h"

#include <algorithm>
#include <stdexcept>

#include "router/contention_trace.h"
#include "router/common/group_load_view.h"
#include "router/common/lfsr.h"
#include "router/rtl/rc_cosim.h"
#include "router/stage_trace.h"

namespace hiradix {

namespace {
// The bits of `mask` whose due cycle (`due_at[bit]`) has come, without a branch on each: whether one is due
// is not predictable, and the mispredictions cost more than the instructions this adds (docs/benchmark.md).
// The others' due cycles go into `next`.
inline std::uint64_t due_now(std::uint64_t mask, const Cycle* due_at, Cycle now, Cycle& next) {
  std::uint64_t due = 0;
  for (; mask; mask &= mask - 1) {
    const int bit = __builtin_ctzll(mask);
    const Cycle at = due_at[bit];
    due |= static_cast<std::uint64_t>(at <= now) << bit;
    next = std::min(next, at > now ? at : kNever);
  }
  return due;
}
// The switch allocator's round-robin range: the most queues an input port has, or under voq_sw (VOQs by VC
// per output) the most VCs.
int allocator_range(const InputUnit& inputs, const std::vector<PortSpec>& ports, InputBufferKind scheme) {
  int m = 1;
  for (int p = 0; p < inputs.ports(); ++p) m = std::max(m, scheme == InputBufferKind::kVoqSwitch ? ports[p].in_vcs : inputs.vcs(p));
  return m;
}
// What the receiving end of the input links' flow control knows of each input port.
std::vector<FlowInputPort> flow_inputs(const std::vector<PortSpec>& ports) {
  std::vector<FlowInputPort> in;
  for (const PortSpec& p : ports) in.push_back({p.in_vcs, p.in_depth, p.in_xoff, p.in_xon});
  return in;
}
// The input ports that are not injection ports (link class 0 is the terminal class).
std::uint64_t transit_ports(const std::vector<PortSpec>& ports) {
  std::uint64_t mask = 0;
  for (std::size_t p = 0; p < ports.size(); ++p)
    if (ports[p].link_class != 0) mask |= 1ull << p;
  return mask;
}
}  // namespace

Router::Router(sc_core::sc_module_name name, int id, const std::vector<PortSpec>& ports, const RouterParams& params,
               const RoutingAlgorithm& routing, PacketPool& pool, ActivityScheduler& scheduler, std::uint64_t seed)
    : sc_core::sc_module(name),
      id_(id),
      frees_when_left_(false),  // set below, from flow_in_
      reroutes_(routing.reroutes_blocked_heads()),
      pool_(pool),
      scheduler_(scheduler),
      lfsr_(lfsr_seed(seed, static_cast<std::uint64_t>(id))),
      flow_in_(make_flow_receiver(params.flow_control, flow_inputs(ports))),
      credit_return_(dynamic_cast<CreditReturn*>(flow_in_.get())),
      out_due_(ports.size(), kNever),
      ports_(ports.begin(), ports.end()),
      params_(params),
      inputs_("input_unit", ports, params.flit_size, params.input_buffers, this),
      rc_("rc", routing, params.rc_latency),
      va_("va", params.va_latency),
      allocator_("sa", static_cast<int>(ports.size()), allocator_range(inputs_, ports, params.input_buffers), params.allocator,
                 params.input_pointer_on_output_grant, params.transit_priority ? transit_ports(ports) : 0,
                 params.input_buffers == InputBufferKind::kVoqSwitch),
      crossbar_("st", static_cast<int>(ports.size()), params),
      outputs_("output_unit", ports, params.flit_size, params.output_queue_phits, params.flow_control, this),
      contention_("contention", static_cast<int>(ports.size())),
      port_load_(ports.size(), 0),
      vc_load_(ports.size() * kStateVcs, 0),
      port_ready_(ports.size(), 0),
      flow_ready_(ports.size(), 0),
      occupancy_(ports.size() * kStateVcs, 0) {
  frees_when_left_ = flow_in_->frees_when_left();
  rare_rc_ = params.vns > 1 || params.bands.banded();
  for (std::size_t p = 0; p < ports.size(); ++p)  // radix <= 64 and VCs per port <= 64: the allocator's bounds
    out_vc_limit_[p] = static_cast<std::uint8_t>(ports[p].out_depth == 0 ? 255 : std::min(ports[p].out_vcs, 255));
  voqs_ = params.input_buffers == InputBufferKind::kVoqSwitch;
  for (std::size_t p = 0; p < ports.size(); ++p)
    if (ports[p].link_class == 0) terminal_ports_ |= 1ull << p;
  if (routing.recomputes_at_injection()) recompute_ports_ = terminal_ports_;
  vc_due_.assign(static_cast<std::size_t>(inputs_.total_vcs()), kNever);
  credit_wait_.assign(inputs_.active().size(), 0);
  state_ = routing.make_state(id, params, inputs_.total_vcs(), static_cast<int>(ports.size()));
  if (state_) events_ = state_->events();
  head_hooks_ = events_ & kInjectionArrived;
  if (state_ && (broadcast_ = state_->broadcast()))
    wake_at(0);  // the first broadcast (cycle 0 mod period); every tick asks for the next one
}

// RC/VA progress and switch bids of the VCs due this cycle.
inline void Router::route_and_bid(Cycle now, Cycle& next) {
  const auto& active = inputs_.active();
  for (std::size_t w = 0; w < active.size(); ++w) {
    // First the word's VCs due now (under poll: all); advance_vc changes no other VC's due cycle.
    std::uint64_t due = params_.poll ? active[w] : due_now(active[w], vc_due_.data() + w * 64, now, next);
    for (; due; due &= due - 1) {
      const int index = static_cast<int>(w * 64 + __builtin_ctzll(due));
      advance_vc(index, now);
      vc_touched_.push_back(index);
    }
  }
}

// Links: send what is ready on the ports due this cycle or fed by this cycle's grants.
// Forced inline: with the output step inline in it, GCC left it out of line (+44 M instructions on MIN).
[[gnu::always_inline]] inline void Router::send_outputs(Cycle now, Cycle& next) {
  out_touched_ |= params_.poll ? out_active_ : due_now(out_active_, out_due_.data(), now, next);
  for (std::uint64_t m = out_touched_; m; m &= m - 1) {
    const int p = __builtin_ctzll(m);
    outputs_.step(p, now, params_.flit_size, broadcast_, params_.broadcast.mode);
    out_due_[p] = outputs_.next_event(p, now);
    if (broadcast_) out_due_[p] = std::min(out_due_[p], broadcast_->control_due(p, now, outputs_.link_free(p)));
    if (out_due_[p] == kNever) out_active_ &= ~(1ull << p);
    next = std::min(next, out_due_[p]);
  }
}

// One router cycle: the stages in pipeline order (as gem5 Garnet's Router::wakeup). Only the VCs and output
// ports due this cycle are looked at; when each is due again is kept by the bookkeeping in router_due.cpp.
void Router::tick(Cycle now) {
  ++activity_.activations;
  Cycle next = kNever;                      // the earliest cycle anything here needs attention again
  begin_cycle(now);                         // tails that left, credits waited for, a broadcast due
  route_and_bid(now, next);                 // RC and VA of the heads due now; the switch bids
  if (allocator_.has_bids()) allocate(now);  // SA, and ST of the flits granted
  if (qcn_) next = std::min(next, qcn_step(now));  // QCN's input samples and notifications
  send_outputs(now, next);                  // output queues onto the links
  end_cycle(now, next);                     // when this router is due again
}

// ---- inputs: tails leaving their buffers, heads reaching the front (the input unit's steps) ----

// The packet counted on its minimal output stops counting: its tail left its buffer at `at`.
inline void Router::InputHooks::uncounted(int index, int min_port, Cycle at) {
  r.contention_.decrement(min_port);
  if (r.contention_trace_) r.contention_trace_->changed(at, min_port, -1);
  if (r.events_ & kTailLeft) r.state_->tail_left(index);
}

// A routed head reached the front of its VC at `at`: it counts on its minimal output until its tail leaves.
inline void Router::InputHooks::counted(int index, const VcEntry& head, Cycle at) {
  r.contention_.increment(head.min_port);
  if (r.contention_trace_) r.contention_trace_->changed(at, head.min_port, +1);
  if (r.events_ & kHeadCounted) r.state_->head_counted(index, r.inputs_.port_of(index), r.pool_[head.packet]);
}

void Router::release_tails(Cycle now) { inputs_.release_tails(now, InputHooks{*this}); }

void Router::flow_left(int index, Cycle at) {
  const int port = inputs_.port_of(index);
  flow_in_->freed(inputs_.link(port), port, inputs_.flow_class(index), params_.flit_size, at, at);
}

// ---- RC and VA ----

void Router::advance_vc(int index, Cycle now) {
  InputVc& v = inputs_.vc(index);
  if (!v.has_candidate()) return;
  VcEntry& c = v.candidate();
  if (!c.routed) {
    if (voqs_ && inputs_.moves_on(index)) return advance_arrival(index, v, now);
    if (c.head) {
      const Cycle rc_start = std::max(c.arrival, v.next_rc_at);
      if (rc_start <= now) route_candidate(index, v, rc_start, now);
    } else if (c.arrival <= now) {  // a body flit follows its head's route, no RC or VA
      c.routed = true;
      c.min_port = v.min_port;
      v.ready_at = c.arrival;
    }
  }
  if (c.routed && v.ready_at <= now) bid(index, v);
}

// Queue `index` (`v`) bids for the switch: by its number, or under voq_sw as its VC's VOQ to its output.
void Router::bid(int index, const InputVc& v) {
  const int port = inputs_.port_of(index);
  if (voqs_)
    allocator_.bid_voq(port, inputs_.flow_class(index), v.out_port);
  else
    allocator_.bid(port, index - inputs_.vc_index(port, 0));
}

// Virtual output queues (router.queues voq_sw): the arrival FIFO of a VC routes its flits in order and moves
// each into the VOQ of its output at once, so a flit waits behind another only if both go to the same output.
// RC takes one head per cycle (a head's RC starts the cycle after the previous head's, or at its arrival);
// a body flit follows its head's route when it arrives.
void Router::advance_arrival(int index, InputVc& v, Cycle now) {
  while (v.has_candidate()) {
    VcEntry& c = v.candidate();
    if (c.head) {
      const Cycle rc_start = std::max(c.arrival, v.next_rc_at);
      if (rc_start > now) return;
      route_candidate(index, v, rc_start, now);
      v.next_rc_at = now + 1;
    } else {
      if (c.arrival > now) return;
      c.routed = true;
      c.min_port = v.min_port;
      v.ready_at = c.arrival;
    }
    c.out_vc = v.out_vc;
    c.tail_leave = v.ready_at;  // the cycle it may bid from, until its grant
    const int voq = inputs_.voq(index, v.out_port);
    InputVc& q = inputs_.vc(voq);
    if (inputs_.move_front(index, voq)) {
      q.out_port = v.out_port;
      take_voq_candidate(q);
      inputs_.count_front(voq, now, InputHooks{*this});
    }
    // The VOQ is looked at this cycle as if due (end_cycle sets when it is due again); a flit ready now
    // bids now, wherever the VOQ's index falls in this cycle's walk over the active queues.
    vc_touched_.push_back(voq);
    if (q.candidate().routed && q.ready_at <= now) bid(voq, q);
  }
}

// The VOQ's front entry became its candidate: the fields SA and the due bookkeeping read take its route.
void Router::take_voq_candidate(InputVc& q) {
  const VcEntry& c = q.candidate();
  q.out_vc = c.out_vc;
  q.min_port = c.min_port;
  q.ready_at = c.tail_leave;
}

// RC and VA of a head start once it is in the buffer and the previous packet's head has left it
// (`rc_start`): under wormhole they overlap the previous packet's body, as in seed-000 Fig. 2-4. The route
// is computed now, with the router state of now.
void Router::route_candidate(int index, InputVc& v, Cycle rc_start, Cycle now) {
  VcEntry& c = v.candidate();
  Packet& pkt = pool_[c.packet];
  const int in_port = inputs_.port_of(index);
  const int in_vc = index - inputs_.vc_index(in_port, 0);  // the routing reads its own VC, not the band's
  RouterView view(*this, id_, contention_.values(), now, in_port, rare_rc_ ? params_.bands.routing_vc(in_vc) : in_vc);
  RoutingContext ctx;
  rc_.gather(view, pkt, ctx);
  if (reroutes_ || recompute_ports_) v.route_before = pkt.route;
  RoutingDecision d;
  ++activity_.events.routing_decisions;
  if (rare_rc_) {
    d = decide_rare(now, ctx, pkt);
  } else {  // the model alone, one VN: most runs
    lfsr_ = lfsr_advance(lfsr_);
    ctx.random = lfsr_;
    d = rc_.route(ctx, pkt);
  }
  if (d.no_slot) throw std::logic_error("routing took a hop its canonical path has no VC slot for");
  if (d.out_port >= ports_.size()) throw std::logic_error("routing chose a port the router does not have");
  if (d.out_vc >= out_vc_limit_[d.out_port])
    throw std::logic_error("routing chose VC " + std::to_string(d.out_vc) + " on port " +
                           std::to_string(d.out_port) + ", which has fewer VCs");
  rc_.decided(d);
  va_.allocated(d.out_vc);
  if (stage_trace_) stage_trace_->routed(now, ctx.in_port, d.out_port);
  c.routed = true;
  c.min_port = d.min_port;
  v.min_port = d.min_port;
  v.out_port = d.out_port;
  v.out_vc = d.out_vc;
  pkt.route.misrouted |= d.misroute;
  v.ready_at = rc_start + static_cast<Cycle>(rc_.latency() + va_.latency());
  if (!voqs_) inputs_.count_front(index, now, InputHooks{*this});  // under VOQs it counts at its VOQ's front
}

// Virtual networks (routing.vns): the routing decided the VC inside the packet's VN, as if it were alone;
// VN v's copy of the output class's VCs starts at v * (its VCs / vns). Band-based queues (router.queues bbq,
// dbbq): that VC is then bands.count VCs, and the packet's band (its destination's; under dbbq in its VN,
// routing.vns's or the routing's own; under voq_net the destination itself) picks one. Ejection (a terminal port) is as without VNs and bands.
// The offset is added here, once for every routing, rather than by a decorator of the routing:
// the router already holds each port's class and VC count (the routing is built before the VC counts are
// resolved, and again by Network from its options alone), and a decorator would forward every virtual of
// RoutingAlgorithm. With one VN it costs nothing: route_candidate's one test of rare_rc_ replaced its test of
// cosim_ (docs/benchmark.md, issue 27).
RoutingDecision Router::decide_rare(Cycle now, RoutingContext& ctx, Packet& pkt) {
  if (qcn_ && pkt.cnm) return route_cnm(pkt, ctx.in_port, now);  // not the routing's, nor the RTL unit's
  RoutingDecision d;
  if (cosim_) {
    d = cosim_->decide(now, ctx, pkt, lfsr_);
  } else {
    lfsr_ = lfsr_advance(lfsr_);
    ctx.random = lfsr_;
    d = rc_.route(ctx, pkt);
  }
  if (d.out_port >= ports_.size() || ports_[d.out_port].link_class == 0) return d;
  const BandMap& bands = params_.bands;
  const int routing_vcs = ports_[d.out_port].out_vcs / bands.count;  // the routing's VCs of the port, every VN's
  if (params_.vns > 1) d.out_vc = static_cast<std::uint8_t>(d.out_vc + pkt.vn * (routing_vcs / params_.vns));
  if (bands.banded()) {
    const int vn = params_.vns > 1 ? pkt.vn : rc_.own_vn(d.out_vc);  // routing.vns, or the routing's own VNs
    const int band = bands.band(pkt.dst, vn);
    const bool rtl_select = cosim_ && !bands.per_destination;  // voq_net's queue is the destination: no select
    d.out_vc = static_cast<std::uint8_t>(bands.vc(d.out_vc, rtl_select ? cosim_->band(now, id_, pkt.dst, vn, band) : band));
  }
  return d;
}

// seed-003 §1.3 [F]: the routing decision of a head that cannot advance is re-evaluated. Its header
// goes back to the state before its RC (hop counts, misroute flags) and RC runs again from the next cycle.
bool Router::route_again(InputVc& v, Cycle now) {
  if (!reroutes_ || !v.candidate().head) return false;
  restart_rc(v, now);
  return true;
}

void Router::restart_rc(InputVc& v, Cycle now) {
  VcEntry& c = v.candidate();
  c.routed = false;
  pool_[c.packet].route = v.route_before;
  v.next_rc_at = now + 1;
}

// ---- SA and ST ----

// With QCN's CNM VCs, SA's step that serves them first is another function, in another file (router_qcn.cpp),
// reached by a jump: this one then holds only the step without them, which compiles as before QCN. (Both
// steps in one function cost 18 instructions a call and registers spilled in the loops, +20.7 M on the
// default run; in one file, GCC's inlining budget left the step without them out of line: docs/benchmark.md.)
void Router::allocate(Cycle now) {
  if (allocator_.urgent()) return allocate_cnms_first(now);
  if (stage_trace_)
    for (std::uint64_t m = allocator_.bid_ports(); m; m &= m - 1)
      stage_trace_->bid(now, __builtin_ctzll(m), allocator_.bids(__builtin_ctzll(m)));
  allocator_.step<false>(
      now, {inputs_, outputs_, crossbar_, params_},
      [this, now](const SwitchGrant& g, std::uint64_t tick) { grant(g, tick, now); }, activity_.events.allocations);
}

// A switch grant: ST books the crossbar, the flit's tail is scheduled to leave its buffer, the output unit
// reserves queue room and credits, and the flow control frees the input buffer space upstream.
void Router::grant(const SwitchGrant& g, std::uint64_t tick, Cycle now) {
  const int index = inputs_.vc_index(g.in_port, g.vc);
  InputVc& v = inputs_.vc(index);
  VcEntry& e = v.candidate();
  const int size = params_.flit_size;
  const Cycle sa = static_cast<Cycle>(params_.sa_latency);
  const Cycle st = static_cast<Cycle>(params_.st_latency);

  e.tail_leave = crossbar_.traverse(g.in_port, g.out_port, tick, size, e.arrival, sa);
  inputs_.granted(index, e.tail_leave);  // in transit until its tail leaves (release_tails)
  // The next head of this VC routes soon, often a cycle after this grant, and reads its packet's line first:
  // a packet that waited behind others here has long left the cache (docs/benchmark.md, "The next head's
  // packet fetched at the grant").
  if (v.has_candidate() && v.candidate().head) __builtin_prefetch(&pool_[v.candidate().packet], 0, 3);
  if (e.head) v.next_rc_at = now + sa;
  if (stage_trace_) stage_trace_->granted(now, g.in_port, g.out_port);
  if (record_flows_ && e.head) record_flows(index, e, g.out_port, now);
  if ((events_ & kInjectionForwarded) && e.head && ports_[g.in_port].link_class == 0)
    state_->injection_forwarded(pool_[e.packet], now);

  if (params_.wormhole) {  // the packet holds the downstream VC from its head to its tail
    if (e.head) outputs_.hold_vc(g.out_port, v.out_vc, e.packet);
    if (e.tail) outputs_.free_vc(g.out_port, v.out_vc);
  }
  const std::uint8_t flags = static_cast<std::uint8_t>((e.head ? kHeadFlit : 0) | (e.tail ? kTailFlit : 0));
  outputs_.enqueue(g.out_port, e.packet, v.out_vc, flags, size, now + sa + st, now);
  // The NIC reads the packet's line when its tail is sent there, sa + st cycles on at the earliest.
  if (e.tail && (terminal_ports_ >> g.out_port & 1)) scheduler_.hint(this, &pool_[e.packet], now + sa + st);
  out_active_ |= 1ull << g.out_port;
  out_touched_ |= 1ull << g.out_port;
  if (qcn_) {
    if (pool_[e.packet].cnm) qcn_->counts().cnm_phits_sent += static_cast<std::uint64_t>(size);
    else if (e.head) {
      if (events_ & kQcnEvents) state_->packet_sent(g.out_port);
      notice(g.out_port, now);
    }
  }
  if (credit_return_)
    credit_return_->freed(inputs_.link(g.in_port), g.in_port, inputs_.flow_class(index), size, e.tail_leave, now);
  else if (!frees_when_left_)  // else it hears of the space when the tail leaves (InputHooks::left)
    flow_in_->freed(inputs_.link(g.in_port), g.in_port, inputs_.flow_class(index), size, e.tail_leave, now);
  ++activity_.grants;
  activity_.events.crossbar_phits += static_cast<std::uint64_t>(size);
  if (voqs_ && v.has_candidate()) take_voq_candidate(v);  // the next flit of the VOQ is its candidate
}

// ---- the co-simulation, the energy events, the routing state's events and broadcast ----

void Router::attach_rc_cosim(RcCoSim* cosim) {
  cosim_ = cosim;
  rare_rc_ = true;
  if (state_) state_->attach_block_events(cosim->state_block_events(id_));
}

EventCounts Router::events() const {
  EventCounts e = activity_.events;
  for (int i = 0; i < inputs_.total_vcs(); ++i) e.phits_in[ports_[inputs_.port_of(i)].link_class] += inputs_.vc(i).phits_in;
  for (int p = 0; p < radix(); ++p) e.phits_out[ports_[p].link_class] += outputs_.port(p).phits_out;
  return e;
}

void Router::reset_events() {
  activity_.events = EventCounts{};
  flow_in_->reset_frames();
  for (int i = 0; i < inputs_.total_vcs(); ++i) inputs_.vc(i).phits_in = 0;
  for (int p = 0; p < radix(); ++p) outputs_.port(p).phits_out = 0;
  if (qcn_) qcn_->reset_counts();
}

void Router::head_arriving(int port, const LinkMessage& msg) {
  if (path_headers_) path_arriving(port, msg);
  if (ports_[port].link_class == 0) {
    if (events_ & kInjectionArrived) state_->injection_arrived(pool_[msg.packet], msg.arrival);
  } else if (qcn_ && qcn_->params().site == QcnCpSite::kInput && !pool_[msg.packet].cnm) {
    qcn_->head_arriving(port, msg.arrival);
  }
}

void Router::fire_broadcast(Cycle now) {
  RouterView view(*this, id_, contention_.values(), now, 0, 0);
  state_->fill_broadcast(view, broadcast_->outgoing());
  broadcast_->fire(now);
  for (std::uint64_t m = broadcast_->pending(); m; m &= m - 1) {  // the ports look at their link this cycle
    const int p = __builtin_ctzll(m);
    out_active_ |= 1ull << p;
    out_due_[p] = now;
  }
}

// ---- wiring and reports ----

void Router::attach_group_view(const GroupLoadView* view) {
  group_view_ = view;
  group_load_.assign(static_cast<std::size_t>(view->links()), 0);
}

void Router::trace(sc_core::sc_trace_file* tf) const {
  inputs_.trace(tf);
  rc_.trace(tf);
  va_.trace(tf);
  allocator_.trace(tf);
  crossbar_.trace(tf);
  outputs_.trace(tf);
}

namespace {
enum class Held : std::uint8_t { kData, kCnm, kAck };
Held kind(const Packet& p) { return p.cnm ? Held::kCnm : p.ack ? Held::kAck : Held::kData; }
// The packets of kind `which` whose tail flit is in `r`'s input buffers or output queues (under VCT the flit
// is the packet).
std::size_t tails_held(const InputUnit& inputs, const OutputUnit& outputs, int radix, const PacketPool& pool, Held which) {
  std::size_t n = 0;
  for (int i = 0; i < inputs.total_vcs(); ++i) {
    const InputVc& v = inputs.vc(i);
    for (std::size_t k = v.in_transit; k < v.fifo.size(); ++k) n += v.fifo[k].tail && kind(pool[v.fifo[k].packet]) == which;
  }
  for (int p = 0; p < radix; ++p)
    for (const Ring<QueuedPacket>* q : {&outputs.port(p).queue, &outputs.urgent(p)})
      for (std::size_t k = 0; k < q->size(); ++k) n += ((*q)[k].flags & kTailFlit) != 0 && kind(pool[(*q)[k].packet]) == which;
  return n;
}
}  // namespace

std::size_t Router::packets_held() const { return tails_held(inputs_, outputs_, radix(), pool_, Held::kData); }

std::size_t Router::cnms_held() const {
  return qcn_ ? tails_held(inputs_, outputs_, radix(), pool_, Held::kCnm) + qcn_->pending().size() : 0;
}

std::size_t Router::acks_held() const { return path_headers_ ? tails_held(inputs_, outputs_, radix(), pool_, Held::kAck) : 0; }

std::vector<Router::Blocked> Router::blocked_candidates(Cycle now) {
  std::vector<Blocked> out;
  for (int i = 0; i < inputs_.total_vcs(); ++i) {
    InputVc& v = inputs_.vc(i);
    if (!v.has_candidate() || !v.candidate().routed) continue;
    if (head_may_take_vc(v) && outputs_.has_credits(v.out_port, v.out_vc, params_.flit_size, now)) continue;
    const int port = inputs_.port_of(i);
    out.push_back({port, i - inputs_.vc_index(port, 0), v.out_port, v.out_vc});
  }
  return out;
}

// ---- RouterView: what a routing decision reads of this router ----

int RouterView::radix() const { return r_.radix(); }
bool RouterView::at_injection() const { return r_.ports_[in_port_].link_class == 0; }
std::uint64_t RouterView::next_random() const { return lfsr_advance(r_.lfsr_); }
bool RouterView::rtl_in_loop() const { return r_.cosim_ != nullptr; }
int RouterView::load(int port) const { return r_.outputs_.load(port, now_); }
RoutingState* RouterView::state() const { return r_.state_.get(); }

namespace {
constexpr int kMaxLoad = (1 << rtl::LOAD_W) - 1;
// A load as the routing unit's LOAD_W-bit field holds it: saturated.
std::uint16_t saturated(int load) { return static_cast<std::uint16_t>(std::min(load, kMaxLoad)); }
}  // namespace

const std::uint16_t* RouterView::port_loads() const {
  for (int p = 0; p < r_.radix(); ++p) r_.port_load_[p] = saturated(r_.outputs_.load(p, now_));
  return r_.port_load_.data();
}

void RouterView::port_loads_as_read(RoutingContext& ctx) const {
  if (rtl_in_loop()) {
    ctx.port_load = port_loads();
    return;
  }
  ctx.port_load = r_.port_load_.data();
  ctx.port_load_view = this;
  ctx.port_load_filled = 0;
}

std::uint16_t RouterView::fill_port_load(const RoutingContext& ctx, int port) const {
  const std::uint16_t load = saturated(r_.outputs_.load(port, now_));
  r_.port_load_[port] = load;
  ctx.port_load_filled |= 1ull << port;
  return load;
}

const std::uint16_t* RouterView::vc_loads() const {
  for (int p = 0; p < r_.radix(); ++p)
    for (int vc = 0; vc < std::min(r_.ports_[p].out_vcs, kStateVcs); ++vc)
      r_.vc_load_[static_cast<std::size_t>(p * kStateVcs + vc)] = saturated(r_.outputs_.vc_load(p, vc, now_));
  return r_.vc_load_.data();
}

const std::uint16_t* RouterView::group_loads() const {
  if (!r_.group_view_) return nullptr;
  r_.group_view_->fill(r_.group_load_.data(), now_, kMaxLoad);
  return r_.group_load_.data();
}

const std::uint32_t* RouterView::ready_masks() const {
  const int size = r_.params_.flit_size;
  for (int p = 0; p < r_.radix(); ++p) {
    std::uint32_t ready = 0;
    if (r_.outputs_.has_space(p, size, now_))
      for (int vc = 0; vc < std::min(r_.ports_[p].out_vcs, rtl::READY_W); ++vc)  // the RTL's field: VCs 0..3
        ready |= static_cast<std::uint32_t>(r_.outputs_.has_credits(p, vc, size, now_)) << vc;
    r_.port_ready_[p] = ready;
  }
  return r_.port_ready_.data();
}

const std::uint32_t* RouterView::flow_ready_masks() const {
  const int size = r_.params_.packet_size;
  for (int p = 0; p < r_.radix(); ++p) {
    std::uint32_t ready = 0;
    for (int vc = 0; vc < std::min(r_.ports_[p].out_vcs, rtl::READY_W); ++vc)
      ready |= static_cast<std::uint32_t>(r_.outputs_.has_credits(p, vc, size, now_)) << vc;
    r_.flow_ready_[p] = ready;
  }
  return r_.flow_ready_.data();
}

// OLM / Hybrid's q (seed-003 §1.4): per output VC, the phits holding its credits (queued here, on the link,
// downstream, or freed and not yet credited back) in integer percent of its downstream depth. The credit
// count is what a real router has per VC; credits are reserved at the switch grant, so the VC's share of
// the output queue is already in it and the capacity is the downstream depth alone. Integer percent keeps
// the C++ and the RTL on the same integers.
const std::uint8_t* RouterView::occupancies() const {
  for (int p = 0; p < r_.radix(); ++p)
    for (int vc = 0; vc < std::min(r_.ports_[p].out_vcs, kStateVcs); ++vc)  // the RTL's field: VCs 0..3
      r_.occupancy_[static_cast<std::size_t>(p * kStateVcs + vc)] =
          static_cast<std::uint8_t>(r_.outputs_.occupancy_percent(p, vc, now_));
  return r_.occupancy_.data();
}

}  // namespace hiradix
