// The router's QCN side (router/congestion_notifier.h, router/flow/qcn_params.h): a data packet entering an
// output queue (output sampling), or a data head arriving at a router-to-router input (input sampling), may
// be a sample and make a CNM; a CNM waits until its first hop's urgent queue (the output port's queue of
// CNMs, sent ahead of data: OutputUnit::urgent) has room and its VC credits, and is routed by min on the CNM
// VCs at every hop.
#include "router/router.h"
#include "router/stage_trace.h"

#include <algorithm>

namespace hiradix {

void Router::attach_qcn(const QcnParams& params, const RoutingAlgorithm& cnm_routing, std::uint64_t seed) {
  qcn_ = std::make_unique<CongestionNotifier>(params, std::vector<PortSpec>(ports_.begin(), ports_.end()), seed, id_);
  cnm_routing_ = &cnm_routing;
  rare_rc_ = true;  // decide_rare routes the CNMs
  if (params.site == QcnCpSite::kInput) head_hooks_ = true;  // head_arriving counts the samples
  // On router-to-router ports the CNM VCs (from cnm_vc_base up) take the urgent output queue, and SA serves
  // them first; on ejection ports CNMs share the data queue.
  std::vector<int> urgent_vc(static_cast<std::size_t>(radix()), 0xFF);
  for (int p = 0; p < radix(); ++p) {
    const int cls = ports_[p].link_class;
    if (cls == 0) continue;
    const int first = params.cnm_vc_base[static_cast<std::size_t>(cls)];
    urgent_vc[static_cast<std::size_t>(p)] = first;
    std::uint64_t vcs = 0;
    for (int vc = first; vc < ports_[p].in_vcs; ++vc) vcs |= 1ull << vc;
    allocator_.set_urgent_vcs(p, vcs);
  }
  outputs_.enable_urgent(urgent_vc, QcnParams::kCnmQueueFlits);
}

// Router::allocate with CNM VCs: SA's step that serves them first (see allocate).
void Router::allocate_cnms_first(Cycle now) {
  if (stage_trace_)
    for (std::uint64_t m = allocator_.bid_ports(); m; m &= m - 1)
      stage_trace_->bid(now, __builtin_ctzll(m), allocator_.bids(__builtin_ctzll(m)));
  allocator_.step<true>(
      now, {inputs_, outputs_, crossbar_, params_},
      [this, now](const SwitchGrant& g, std::uint64_t tick) { grant(g, tick, now); }, activity_.events.allocations);
}

void Router::notice(int port, Cycle now) {
  if (qcn_->params().site != QcnCpSite::kOutput) return;
  const OutputPort& o = outputs_.port(port);
  const std::optional<CongestionNotifier::Notice> n = qcn_->entered(port, o.queue, o.occupancy);
  if (n) make_cnm(n->victim, n->fb, port, now);
}

// The samples taken at a head's arrival cycle, of the buffer as it is in that cycle: the data packets of the
// port's queues that have arrived and whose tail has not left. Counted from the entries' own cycles, not
// from which were popped yet, and the victim drawn in arrival order (a port's link delivers one packet per
// cycle at most), not in queue order, which VOQ moves change: so polled and event-driven runs agree.
void Router::sample_inputs(Cycle now) {
  std::vector<std::pair<Cycle, PacketId>>& present = qcn_->scratch();
  for (const CongestionNotifier::InputSample& s : qcn_->take_due_samples(now)) {
    present.clear();
    for (int q = inputs_.vc_index(s.port, 0); q < inputs_.vc_index(s.port, 0) + inputs_.vcs(s.port); ++q) {
      const InputVc& v = inputs_.vc(q);
      for (std::size_t i = 0; i < v.fifo.size(); ++i) {
        const VcEntry& e = v.fifo[i];
        const bool here = i < v.in_transit ? e.tail_leave > now : e.arrival <= now;
        if (here && !pool_[e.packet].cnm) present.emplace_back(e.arrival, e.packet);
      }
    }
    const int packets = static_cast<int>(present.size());
    const std::optional<CongestionNotifier::Sampled> n = qcn_->sample(s.port, packets * params_.flit_size, packets);
    if (!n) continue;
    std::nth_element(present.begin(), present.begin() + n->victim_index, present.end());
    make_cnm(present[static_cast<std::size_t>(n->victim_index)].second, n->fb, s.port, now);
  }
}

void Router::make_cnm(PacketId victim_id, int fb, int port, Cycle now) {
  const Packet& victim = pool_[victim_id];
  if (victim.cnm) return;  // occupancy sampling drew a CNM: no notification about a notification
  if (qcn_->pending().size() >= CongestionNotifier::kMaxPending) {
    ++qcn_->counts().cnms_dropped;
    return;
  }
  const std::uint32_t src = victim.src, dst = victim.dst;  // read before allocate: the pool may grow
  const PacketId id = pool_.allocate(partition());
  Packet& cnm = pool_[id];
  cnm.cnm = static_cast<std::uint8_t>(fb);
  cnm.src = dst;  // the flow's destination, for the source to know which flow (QCN's flow id)
  cnm.dst = src;
  cnm.size = static_cast<std::uint16_t>(params_.flit_size);  // a CNM is one flit
  cnm.generated = cnm.injected = now;
  qcn_->pending().push({id});
  qcn_->made();
  if (events_ & kQcnEvents) state_->cnm_made(port, qcn_->params().site, fb, src, dst);
}

// The router runs at each sample's cycle: the head's arrival wakes it only when the head is its VC's
// candidate (a head behind others is not looked at), so the next sample is a due cycle of its own.
Cycle Router::qcn_step(Cycle now) {
  if (qcn_->next_input_sample() <= now) sample_inputs(now);
  const Cycle emit = qcn_->pending().empty() ? kNever : emit_cnms(now);
  return std::min(emit, qcn_->next_input_sample());
}

Cycle Router::emit_cnms(Cycle now) {
  const int size = params_.flit_size;
  Ring<CongestionNotifier::Pending>& pending = qcn_->pending();
  while (!pending.empty()) {
    CongestionNotifier::Pending& c = pending.front();
    if (c.out_port < 0) {  // its first hop, decided once: min from here (min's hop does not read its input port)
      const RoutingDecision d = route_cnm(pool_[c.packet], 0, now);
      c.out_port = d.out_port;
      c.out_vc = d.out_vc;
    }
    if (!outputs_.has_space_for(c.out_port, c.out_vc, size, now) || !outputs_.has_credits(c.out_port, c.out_vc, size, now))
      return now + 1;  // rare: try again next cycle
    outputs_.enqueue(c.out_port, c.packet, static_cast<std::uint8_t>(c.out_vc), kHeadFlit | kTailFlit, size, now + 1, now);
    out_active_ |= 1ull << c.out_port;
    out_touched_ |= 1ull << c.out_port;
    qcn_->counts().cnm_phits_sent += static_cast<std::uint64_t>(size);
    pending.pop();
  }
  return kNever;
}

RoutingDecision Router::route_cnm(Packet& pkt, int in_port, Cycle now) {
  RouterView view(*this, id_, contention_.values(), now, in_port, 0);
  RoutingContext ctx;
  cnm_routing_->gather(view, pkt, ctx);
  ctx.random = qcn_->next_random();
  RoutingDecision d = cnm_routing_->route(ctx, pkt);
  const int cls = ports_[d.out_port].link_class;
  if (cls != 0) d.out_vc = static_cast<std::uint8_t>(d.out_vc + qcn_->params().cnm_vc_base[static_cast<std::size_t>(cls)]);
  else if ((events_ & kQcnEvents) && ports_[in_port].link_class != 0) state_->cnm_passing(in_port, pkt.cnm);
  return d;
}

}  // namespace hiradix
