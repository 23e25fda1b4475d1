// The router's QCN side (router/congestion_notifier.h, router/flow/qcn_params.h): a data packet entering an
// output queue may make a CNM; a CNM waits until its first hop's urgent queue (the output port's queue of
// CNMs, sent ahead of data: OutputUnit::urgent) has room and its VC credits, and is routed by min on the CNM
// VCs at every hop.
#include "router/router.h"
#include "router/stage_trace.h"

namespace hiradix {

void Router::attach_qcn(const QcnParams& params, const RoutingAlgorithm& cnm_routing, std::uint64_t seed) {
  qcn_ = std::make_unique<CongestionNotifier>(params, radix(), seed, id_);
  cnm_routing_ = &cnm_routing;
  rare_rc_ = true;  // decide_rare routes the CNMs
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
    for (int port : allocator_.bid_ports()) stage_trace_->bid(now, port, allocator_.bids(port));
  allocator_.step<true>(
      now, {inputs_, outputs_, crossbar_, params_},
      [this, now](const SwitchGrant& g, std::uint64_t tick) { grant(g, tick, now); }, activity_.events.allocations);
}

void Router::notice(int port, Cycle now) {
  const OutputPort& o = outputs_.port(port);
  const std::optional<CongestionNotifier::Notice> n = qcn_->entered(port, o.queue, o.occupancy);
  if (!n) return;
  const Packet& victim = pool_[n->victim];
  if (victim.cnm) return;  // occupancy sampling drew a CNM: no notification about a notification
  if (qcn_->pending().size() >= CongestionNotifier::kMaxPending) {
    ++qcn_->counts().cnms_dropped;
    return;
  }
  const std::uint32_t src = victim.src, dst = victim.dst;  // read before allocate: the pool may grow
  const PacketId id = pool_.allocate();
  Packet& cnm = pool_[id];
  cnm.cnm = static_cast<std::uint8_t>(n->fb);
  cnm.src = dst;  // the flow's destination, for the source to know which flow (QCN's flow id)
  cnm.dst = src;
  cnm.size = static_cast<std::uint16_t>(params_.flit_size);  // a CNM is one flit
  cnm.generated = cnm.injected = now;
  qcn_->pending().push({id});
  qcn_->made();
  if (events_ & kQcnEvents) state_->cnm_made(port, n->fb, src, dst);
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
