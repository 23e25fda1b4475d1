#include "testbench/nic.h"

#include <algorithm>
#include <cmath>
#include <stdexcept>
#include <string>

#include "router/rtl/rc_cosim.h"

namespace hiradix {

namespace {

// Gaps at or beyond 2^62 cycles never come (no run is that long) and stay clear of overflow.
constexpr double kGapNever = 4611686018427387904.0;  // 2^62

// from + gap - 1, saturating at kNever (a gap of kNever, or a sum that would wrap, means never).
Cycle instant_after(Cycle from, Cycle gap) { return gap == kNever || gap - 1 > kNever - 1 - from ? kNever : from + gap - 1; }

Cycle saturating_add(Cycle a, Cycle b) { return b > kNever - a ? kNever : a + b; }

}  // namespace

Nic::Link::Link(Nic* nic, int k, const NicParams& params)
    : flow(make_flow_sender(params.flow_control, {{params.injection_vcs, params.injection_depth}}, params.flit_size)),
      vn_choice(params.vns, params.vn_select, params.vn_tie),
      head_vn(vn_choice.next(nic->rng_)),
      xmit_wait(params.vn_select == VnSelect::kAdaptive && params.vn_metric == VnMetric::kXmitWait
                    ? arena_new<XmitWaitCounter>(params.xmit_wait_interval)
                    : ArenaPtr<XmitWaitCounter>()),
      out(k == 0 ? "inject" : ("inject_" + std::to_string(k)).c_str(), nic, k),
      in(k == 0 ? "eject" : ("eject_" + std::to_string(k)).c_str(), nic, k) {
  queue.reset_growing(16, static_cast<std::size_t>(params.queue_phits / params.packet_size));
}

Nic::Nic(sc_core::sc_module_name name, int node, const NicParams& params, const Topology& topo,
         const TrafficSchedule& traffic, Stats& stats, PacketPool& pool, ActivityScheduler& scheduler,
         std::uint64_t seed, const PermutationTables* permutations)
    : sc_core::sc_module(name),
      id_(node),
      injection_vcs_(params.injection_vcs),
      vcs_per_vn_(params.injection_vcs / params.vns / params.bands.count),
      packet_size_(params.packet_size),
      flit_size_(params.flit_size),
      one_link_(topo.nics_per_node() == 1),
      one_link_one_vn_(one_link_ && params.vns == 1 && !params.bands.banded() && !params.qcn && !params.metapath),
      vc_by_destination_(params.vc_by_destination),
      traffic_(traffic),
      topo_(topo),
      pool_(pool),
      scheduler_(scheduler),
      stats_(stats),
      rng_(seed, static_cast<std::uint64_t>(node)),
      source_(topo, node, permutations),
      first_(this, 0, params),
      params_(params) {
  if (params.qcn && params.qcn->reaction) {
    rp_ = std::make_unique<QcnReactionPoint>(params.qcn->rp);
    cycle_seconds_ = params.qcn->phit_bytes * 8.0 / params.qcn->rp.line_rate;
    cnm_inbox_.reset_growing(4, static_cast<std::size_t>(1) << 20);
  }
  if (params.metapath) {  // DRB's networks are meshes and tori (DrbRouting)
    metapath_ = std::make_unique<MetaPathSource>(*params.metapath, params.path_timing, params.packet_size, dynamic_cast<const Mesh&>(topo), node, seed);
    acks_out_.reset_growing(4, static_cast<std::size_t>(1) << 24);
  }
  links_.push_back(&first_);
  for (int k = 1; k < topo.nics_per_node(); ++k) {
    more_links_.push_back(arena_new<Link>(this, k, params));
    links_.push_back(more_links_.back().get());
  }
  submitted_.reset_growing(4, static_cast<std::size_t>(1) << 30);
  if (traffic.on_off) {  // cycle 0 is ON with the stationary probability on / (on + off); periods are memoryless
    on_log_q_ = std::log1p(-1.0 / traffic.on_cycles);
    off_log_q_ = std::log1p(-1.0 / traffic.off_cycles);
    const bool on = rng_.uniform() * (traffic.on_cycles + traffic.off_cycles) < traffic.on_cycles;
    on_start_ = on ? 0 : period(off_log_q_);
    on_end_ = saturating_add(on_start_, period(on_log_q_));
  }
  if (traffic.trace && permutations) {  // a trace: its messages' cycles, not a load
    trace_next_ = permutations->trace_begin(node);
    trace_end_ = permutations->trace_begin(node + 1);
    next_generation_ = trace_next_ != trace_end_ ? trace_next_->time : kNever;
  } else {
    next_generation_ = first_instant(0);
  }
  if (next_generation_ != kNever) wake_at(next_generation_);
}

std::size_t Nic::queued() const {
  std::size_t n = 0;
  for (const Link* l : links_) n += l->queue.size();
  return n;
}

void Nic::pick_nics(int dst, int& from, int& to) const {
  from = to = 0;
  if (one_link_) return;
  int best = -1;
  for (int a = 0; a < topo_.nics_per_node(); ++a)
    for (int b = 0; b < topo_.nics_per_node(); ++b) {
      const int d = topo_.distance(topo_.nic_port(id_, a).router, topo_.nic_port(dst, b).router);
      if (best < 0 || d < best) {
        best = d;
        from = a;
        to = b;
      }
    }
}

void Nic::set_gap_law(double load) {
  gap_load_ = load;
  gap_p_ = std::min(1.0, load / packet_size_);  // packets per cycle
  gap_log_q_ = std::log1p(-gap_p_);
}

Cycle Nic::gap(double load) {
  if (!(load == gap_load_)) set_gap_law(load);  // a NIC sees one load per phase: computed once per phase
  const double p = gap_p_;
  if (p >= 1.0) return 1;
  const double u = 1.0 - rng_.uniform();  // (0, 1]
  const double g = std::floor(std::log(u) / gap_log_q_);
  // A tiny load gives a gap beyond any run (or inf, or NaN when p underflows to 0): never. Casting such a
  // double to an integer is undefined (it used to come out as 0: maximum load).
  if (!(g < kGapNever)) return kNever;
  return 1 + static_cast<Cycle>(g);
}

Cycle Nic::period(double log_q) {
  const double u = 1.0 - rng_.uniform();  // (0, 1]
  const double g = std::floor(std::log(u) / log_q);  // a mean of 1 cycle: log_q = -inf, g = 0
  return g < kGapNever ? 1 + static_cast<Cycle>(g) : kNever;
}

// Bernoulli at the phase's load times (on + off) / on inside ON periods, nothing in OFF ones: the average
// offered load is the phase's (on / (on + off) of the cycles are ON). The draw restarts, memoryless, at an ON
// period's start and at the change of traffic.change.at.
Cycle Nic::first_on_off_instant(Cycle from) {
  for (;;) {
    while (on_end_ <= from && on_end_ != kNever) {  // that ON period is over: an OFF period, then the next ON
      on_start_ = saturating_add(on_end_, period(off_log_q_));
      on_end_ = saturating_add(on_start_, period(on_log_q_));
    }
    if (on_start_ == kNever) return kNever;
    from = std::max(from, on_start_);
    const Cycle change = traffic_.next_change(from);
    const double load = traffic_.at(from).load;
    const Cycle t = load > 0 ? instant_after(from, gap(load * traffic_.on_scale())) : kNever;
    if (load > 0 && t == kNever) return kNever;  // a load whose gap is never
    if (change != kNever && t >= change) {
      if (traffic_.period && !(traffic_.initial.load > 0) && !(traffic_.after.load > 0)) return kNever;
      from = change;
      continue;
    }
    if (t < on_end_ || t == kNever) return t;
    from = on_end_;
  }
}

Cycle Nic::first_instant(Cycle from) {
  if (traffic_.on_off) return first_on_off_instant(from);
  const double load = traffic_.at(from).load;
  Cycle t = load > 0 ? instant_after(from, gap(load)) : kNever;
  // A change of load restarts the (memoryless) process at the change (at each, when they repeat: seed-004
  // §3.7); a load so small that its gap is never ends the search.
  for (Cycle change = traffic_.next_change(from); change != kNever && t >= change; change = traffic_.next_change(change)) {
    const double next = traffic_.at(change).load;
    t = next > 0 ? instant_after(change, gap(next)) : kNever;
    // Repeating: a load whose gap is never, or no load in either phase, sends nothing more.
    if (traffic_.period && (next > 0 ? t == kNever : !(traffic_.initial.load > 0 || traffic_.after.load > 0))) return kNever;
  }
  return t;
}

void Nic::generate_trace(Cycle now) {
  for (; trace_next_ != trace_end_ && trace_next_->time <= now; ++trace_next_) {
    for (int k = 0; k < trace_next_->packets; ++k) {
      int from, to;
      pick_nics(trace_next_->destination, from, to);
      Ring<Waiting>& queue = link(from).queue;
      const bool accepted = !queue.full();
      stats_.on_generate(id_, now, packet_size_, accepted);
      if (accepted) queue.push({now, static_cast<std::uint32_t>(trace_next_->destination), 0, static_cast<std::uint8_t>(to)});
    }
  }
  next_generation_ = trace_next_ != trace_end_ ? trace_next_->time : kNever;
}

void Nic::generate(Cycle now) {
  if (trace_end_) return generate_trace(now);
  const TrafficPhase& phase = traffic_.at(now);
  if (one_link_ && !phase.has_permutation()) {  // the destination is drawn for an accepted packet only
    Ring<Waiting>& queue = first_.queue;
    const bool accepted = !queue.full();
    stats_.on_generate(id_, now, packet_size_, accepted);
    if (accepted) queue.push({now, static_cast<std::uint32_t>(pick_destination(phase, topo_, source_, rng_)), 0, 0});
  } else {  // the destination first: it decides which NIC's queue takes the packet, or that there is none
    const int dst = pick_destination(phase, topo_, source_, rng_);
    // A node that a permutation maps to itself sends nothing (config/permutation_patterns.h): no packet,
    // offered or accepted.
    if (dst == kNoPacket) {
      next_generation_ = first_instant(now + 1);
      return;
    }
    int from, to;
    pick_nics(dst, from, to);
    Ring<Waiting>& queue = link(from).queue;
    const bool accepted = !queue.full();
    stats_.on_generate(id_, now, packet_size_, accepted);
    if (accepted) queue.push({now, static_cast<std::uint32_t>(dst), 0, static_cast<std::uint8_t>(to)});
  }
  next_generation_ = first_instant(now + 1);
}

void Nic::submit(int dst, std::uint32_t tag, Cycle now) {
  if (tag >= kMaxTag) throw std::length_error("NIC " + std::to_string(id_) + ": more than 2^24 transactions in flight");
  submitted_.push({now + 1, static_cast<std::uint32_t>(dst), tag, 0});
  scheduler_.wake_external(this, now + 1);
}

void Nic::take_submitted(Cycle now) {
  while (!submitted_.empty() && submitted_.front().generated <= now) {
    Waiting w = submitted_.front();
    submitted_.pop();
    int from, to;
    pick_nics(static_cast<int>(w.dst), from, to);
    w.dst_nic = static_cast<std::uint8_t>(to);
    Ring<Waiting>& queue = link(from).queue;
    const bool accepted = !queue.full();
    stats_.on_generate(id_, now, packet_size_, accepted);
    if (accepted) queue.push(w);
    else listener_->refused(w.tag);
  }
}

// Sends the next flit of the packet at the head of the link's queue on a free link, into an injection VC
// with room for the flit; a packet's flits all go to the VC its head took. With VNs (routing.vns) the head's
// VC is one of its VN's set, by the same policy inside it; with one VN the set is every VC (base 0), so the
// choice is as before VNs. With bands (router.queues bbq, dbbq) the policy picks among the routing's VCs and
// the packet takes its band's VC of the one picked. Under per-destination queues (router.queues voq_net) the
// waiting packets are the destinations' admittance queues: if the front one's queue is full, the first
// packet behind it whose queue has room goes instead (pass_full_queue).
// Inlined into both ticks below.
template <bool kVns>
[[gnu::always_inline]] inline Cycle Nic::send(Link& l, Cycle now) {
  bool waiting_credits = false;
  const Cycle rate_free = kVns && rp_ ? rate_allowed(now) : 0;
  // DRB: an ACK waiting here goes ahead of the next data packet (kVns: a run with DRB takes this tick).
  const bool ack = kVns && l.next_flit == 0 && !acks_out_.empty() && acks_out_.front().ready <= now;
  if ((ack || !l.queue.empty()) && l.link_free <= now && rate_free <= now) {
    const int flit = flit_size_;
    const int vcs = kVns ? vcs_per_vn_ : injection_vcs_;
    if (kVns && l.next_flit == 0 && l.vn_choice.adaptive()) l.head_vn = adaptive_vn(l, now);  // SASHA
    const int base = kVns ? l.head_vn * vcs : 0;  // the first VC of the front packet's VN
    // The injection VC of the routing's VC c: c itself, or with bands the band's VC of c.
    const BandMap& bands = params_.bands;
    const int band = kVns && bands.banded() && l.next_flit == 0 && !ack ? bands.band(l.queue.front().dst, l.head_vn) : 0;
    const auto injection_vc = [&](int c) { return kVns && bands.banded() ? bands.vc(c, band) : c; };
    int vc = -1;
    int chosen = 0;  // the routing's VC of vc (the round robin's)
    if (l.next_flit > 0) {
      if (l.flow->may_send(0, l.packet_vc, flit, now)) vc = l.packet_vc;
    } else if (vc_by_destination_ && !ack) {  // FOGSim's policy: the destination's VC, or wait for it
      chosen = base + destination_vc(l.queue.front().dst, vcs, topo_.nodes());
      if (l.flow->may_send(0, injection_vc(chosen), flit, now)) vc = injection_vc(chosen);
    } else {
      for (int i = 0; i < vcs; ++i) {
        const int c = base + (l.next_vc + i) % vcs;
        if (l.flow->may_send(0, injection_vc(c), flit, now)) {
          vc = injection_vc(c);
          chosen = c;
          break;
        }
      }
      if (kVns && vc < 0 && bands.per_destination && !ack) vc = pass_full_queue(l, base, vcs, now, chosen);
    }
    if (vc < 0) {
      waiting_credits = true;
      if (kVns && l.xmit_wait) l.xmit_wait->blocked(l.head_vn, now);
    } else {
      const bool head = l.next_flit == 0, tail = ack || l.next_flit == packet_size_ / flit - 1;
      if (kVns && l.xmit_wait) l.xmit_wait->sent(now);
      if (ack) {  // one flit, its own packet
        l.packet_vc = vc;
        send_ack(l, now);
      } else if (head) {  // the packet comes into being as its head leaves
        if (kVns && l.vn_choice.adaptive()) {
          l.vn_choice.taken(l.head_vn);
          if (params_.rtl_vn_select) params_.rtl_vn_select->vn_taken(rtl_vn_unit(l), l.head_vn);
        }
        l.next_vc = (chosen - base + 1) % vcs;
        l.packet_vc = vc;
        const Waiting& w = l.queue.front();
        l.sending = pool_.allocate(partition());
        Packet& pkt = pool_[l.sending];
        pkt.serial = stats_.on_inject(id_, now, packet_size_);
        pkt.src = static_cast<std::uint32_t>(id_);
        pkt.dst = w.dst;
        pkt.dst_nic = w.dst_nic;
        if (kVns) pkt.vn = static_cast<std::uint8_t>(l.head_vn);  // else 0, as the pool gave it
        pkt.size = static_cast<std::uint16_t>(packet_size_);
        pkt.generated = w.generated;
        pkt.injected = now;
        if (listener_) listener_->injected(l.sending, w.tag);
        if (kVns && metapath_) {  // DRB: the source picks the path (Eq. 8)
          bool original = true;
          pkt.route.intermediate = metapath_->choose(w.dst, original);
          pkt.route.phase = 0;
          pkt.route.path_bits = original ? 0 : 1;
          params_.path_headers->reset(l.sending);
        }
        if (kVns && rp_) {  // QCN's reaction point counts the bytes sent
          last_start_ = now;
          rp_->sent(static_cast<std::int64_t>(packet_size_) * params_.qcn->phit_bytes);
        }
      }
      const PacketId id = l.sending;
      l.flow->committed(0, vc, flit);
      l.link_free = now + static_cast<Cycle>(flit);
      l.out.send(id, static_cast<std::uint16_t>(flit), static_cast<std::uint8_t>(vc),
                 static_cast<std::uint8_t>((head ? kHeadFlit : 0) | (tail ? kTailFlit : 0)), now);
      if (ack) {
        acks_out_.pop();
      } else if (tail) {
        l.queue.pop();
        l.next_flit = 0;
        if (kVns) l.head_vn = l.vn_choice.next(rng_);  // the next packet's VN
      } else {
        ++l.next_flit;
      }
    }
  }
  // Credits (and pause frames) coming back matter only to a flit waiting to leave: an idle link's are applied
  // when it next has one (the flow control applies them lazily), without a wake-up for each.
  Cycle next = has_flit_to_send(l) ? l.flow->next_message(0) : kNever;
  if (!l.queue.empty() && !waiting_credits) next = std::min(next, std::max({l.link_free, rate_free, now + 1}));
  if (kVns && !acks_out_.empty() && !waiting_credits) next = std::min(next, std::max({l.link_free, acks_out_.front().ready, now + 1}));
  if (kVns && rp_ && !l.queue.empty() && rate_free > now) next = std::min(next, rate_timer_due(now));
  return next;
}

// SASHA (seed 001 §1.4): each VN's load at the source, for the front packet, and the least loaded VN. The
// candidate queue of VN v is the injection VC(s) the packet would take in v: VN v's VCs of the injection link,
// under bands (router.queues bbq, dbbq) the band of the packet's destination in v (dbbq: rows in VN 0,
// columns in VN 1, as the paper's DBBQ candidates). Occupancy: their phits not yet credited back, i.e. the
// source router's injection buffer of those VCs as the NIC's credits see it; xmit_wait: the counter's last
// interval. Read when the head is offered, so a head that waits may change its VN until it leaves.
int Nic::adaptive_vn(Link& l, Cycle now) {
  std::uint32_t load[kMaxVirtualNetworks];
  const int vns = params_.vns;
  if (l.xmit_wait) {
    for (int v = 0; v < vns; ++v) load[v] = l.xmit_wait->value(v, now);
  } else {
    const BandMap& bands = params_.bands;
    const std::uint32_t dst = l.queue.front().dst;
    for (int v = 0; v < vns; ++v) {
      const int band = bands.banded() ? bands.band(dst, v) : 0;
      int phits = 0;
      for (int c = v * vcs_per_vn_; c < (v + 1) * vcs_per_vn_; ++c)
        phits += l.flow->outstanding(0, bands.banded() ? bands.vc(c, band) : c, now);
      load[v] = static_cast<std::uint32_t>(phits);
    }
  }
  const int vn = l.vn_choice.least_loaded(load);
  return params_.rtl_vn_select ? params_.rtl_vn_select->vn_select(now, rtl_vn_unit(l), load, vn) : vn;
}

int Nic::rtl_vn_unit(const Link& l) const {
  return id_ * links() + static_cast<int>(std::find(links_.begin(), links_.end(), &l) - links_.begin());
}

// voq_net: the first waiting packet behind the front whose destination's queue, in one of the routing's VCs
// tried round-robin from l.next_vc, has room. It moves to the front (the packets it passes keep their order,
// so each destination's packets leave in the order they were made) and its VC is returned, the routing's
// VC in `chosen`; -1 if none has room.
int Nic::pass_full_queue(Link& l, int base, int vcs, Cycle now, int& chosen) {
  const BandMap& bands = params_.bands;
  for (std::size_t k = 1; k < l.queue.size(); ++k) {
    const int band = bands.band(l.queue[k].dst, l.head_vn);
    for (int i = 0; i < vcs; ++i) {
      const int c = base + (l.next_vc + i) % vcs;
      if (!l.flow->may_send(0, bands.vc(c, band), flit_size_, now)) continue;
      const Waiting passing = l.queue[k];
      for (std::size_t j = k; j > 0; --j) l.queue[j] = l.queue[j - 1];
      l.queue[0] = passing;
      chosen = c;
      return bands.vc(c, band);
    }
  }
  return -1;
}

// A node with one NIC, most nodes: the same steps with no loop (its own copy of send, inlined).
template <bool kVns>
[[gnu::always_inline]] inline void Nic::tick_one(Cycle now) {
  Link& l = first_;
  l.flow->catch_up(0, now);
  if (!submitted_.empty()) take_submitted(now);
  if (next_generation_ <= now) generate(now);
  Cycle next = std::min(next_generation_, send<kVns>(l, now));
  if (!submitted_.empty()) next = std::min(next, submitted_.front().generated);
  if (next != kNever) wake_at(next);
}

void Nic::tick(Cycle now) {
  if (one_link_one_vn_) return tick_one<false>(now);
  if (!cnm_inbox_.empty()) take_cnms(now);
  if (!acks_in_.empty()) take_acks(now);
  if (one_link_) return tick_one<true>(now);
  for (Link* l : links_) l->flow->catch_up(0, now);
  if (!submitted_.empty()) take_submitted(now);
  if (next_generation_ <= now) generate(now);
  Cycle next = next_generation_;
  for (Link* l : links_) next = std::min(next, send<true>(*l, now));  // with one VN head_vn stays 0
  if (!submitted_.empty()) next = std::min(next, submitted_.front().generated);
  if (next != kNever) wake_at(next);
}

void Nic::receive_packet(int nic, const LinkMessage& msg, Cycle) {
  // The ejection link delivers one phit per cycle and the NIC consumes one per cycle, so it never
  // backs up: the packet is consumed when the last phit of its tail flit is.
  if (!(msg.flags & kTailFlit)) return;
  if (pool_[msg.packet].cnm) return receive_cnm(msg);
  if (pool_[msg.packet].ack) return receive_ack(msg);
  stats_.on_eject(pool_[msg.packet], id_, msg.arrival + msg.phits - 1, nic);
  if (metapath_) acknowledge(pool_[msg.packet], msg.packet, msg.arrival, msg.arrival + msg.phits - 1);
  if (listener_) listener_->delivered(msg.packet, msg.arrival + msg.phits - 1);
  pool_.release(msg.packet, partition());
}

// A QCN notification for this node: counted, and handed to the reaction point when its tail has arrived.
void Nic::receive_cnm(const LinkMessage& msg) {
  const Cycle tail = msg.arrival + msg.phits - 1;
  stats_.on_cnm(pool_[msg.packet], id_, tail);
  if (rp_) {
    cnm_inbox_.push({tail, pool_[msg.packet].cnm});
    wake_at(tail);
  }
  pool_.release(msg.packet, partition());
}

// At rate CR a packet of `size` phits takes size x line / CR cycles of the link: the next one starts that long
// after the last one did (a rate that rose since counts at once).
Cycle Nic::rate_allowed(Cycle now) {
  rp_->elapse(static_cast<double>(now - rp_clock_) * cycle_seconds_);
  rp_clock_ = now;
  if (!rp_->limited() || last_start_ == kNever) return 0;
  return last_start_ + static_cast<Cycle>(std::ceil(packet_size_ / params_.qcn->phits_per_cycle(rp_->rate())));
}

Cycle Nic::rate_timer_due(Cycle now) const {
  const double left = rp_->timer_left() / cycle_seconds_;
  return left > 1e15 ? kNever : now + std::max<Cycle>(1, static_cast<Cycle>(std::ceil(left)));
}

void Nic::take_cnms(Cycle now) {
  while (!cnm_inbox_.empty() && cnm_inbox_.front().tail <= now) {
    rp_->cnm(cnm_inbox_.front().fb);
    cnm_inbox_.pop();
  }
  if (!cnm_inbox_.empty()) wake_at(cnm_inbox_.front().tail);
}

void Nic::receive_credit(int nic, const LinkMessage& msg) {
  Link& l = link(nic);
  l.flow->receive(0, msg);
  if (has_flit_to_send(l)) wake_at(msg.arrival);  // else it is applied when a flit next asks (send)
}

}  // namespace hiradix
