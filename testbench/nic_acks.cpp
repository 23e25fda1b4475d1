// A NIC's side of DRB's notification (seed 004 §3.8, §4.1.2.1; docs/papers/seed-004-prdrb.md): the
// destination acknowledges every data packet with an ACK carrying the latency of its path and what the
// routers wrote in its header; the source's MetaPath controller takes the ACK when its tail arrives.
// (The thesis' ACKs are small and high-priority: here an ACK is one flit, which leaves the destination NIC
// ahead of its waiting data and crosses the routers as data does, on the last segment's VCs.)
#include "router/routing/drb_routing.h"
#include "testbench/nic.h"

namespace hiradix {

// `head`: the cycle the packet's head reached this NIC, which ends the last router's wait (Router::path_arriving).
void Nic::acknowledge(const Packet& pkt, PacketId id, Cycle head, Cycle tail) {
  PathHeader ack = (*params_.path_headers)[id];
  const auto wait = static_cast<std::uint32_t>(head - ack.arrived - params_.path_timing.router - params_.path_timing.terminal_link);
  ack.waited += wait;
  params_.path_headers->add_wait(ack.router, wait);
  ack.latency = static_cast<std::uint32_t>(tail - pkt.injected);  // Eq. 2: transmission plus the waits
  ack.msp = pkt.route.intermediate;
  ++acks_made_;
  if (params_.free_acks) {
    params_.free_acks->carry(static_cast<std::uint32_t>(id_), pkt.src, ack, tail);
    return;
  }
  acks_out_.push({tail + 1, pkt.src, ack});  // made as the tail is taken, sent from the next cycle
  wake_at(tail + 1);
}

void Nic::send_ack(Link& l, Cycle now) {
  const OutgoingAck& a = acks_out_.front();
  l.sending = pool_.allocate(partition());
  Packet& pkt = pool_[l.sending];
  pkt.src = static_cast<std::uint32_t>(id_);
  pkt.dst = a.to;
  pkt.ack = 1;
  pkt.size = static_cast<std::uint16_t>(params_.flit_size);
  pkt.generated = a.ready;
  pkt.injected = now;
  const int router = topo_.nic_port(static_cast<int>(a.to), 0).router;
  pkt.route.intermediate = pack_waypoints(router, router);
  pkt.route.phase = 2;  // straight back, on the last segment's VCs
  params_.path_headers->reset(l.sending);
  (*params_.path_headers)[l.sending] = a.header;
}

void Nic::receive_ack(const LinkMessage& msg) {
  const Cycle tail = msg.arrival + msg.phits - 1;
  ack_arrives(pool_[msg.packet].src, (*params_.path_headers)[msg.packet], tail);
  pool_.release(msg.packet, partition());
}

void Nic::ack_arrives(std::uint32_t from, const PathHeader& ack, Cycle at) {
  acks_in_.push({at, acks_ordered_++, from, ack});
  wake_at(at);
}

void Nic::take_acks(Cycle now) {
  while (!acks_in_.empty() && acks_in_.top().at <= now) {
    metapath_->acknowledge(acks_in_.top().from, acks_in_.top().header);
    ++acks_taken_;
    acks_in_.pop();
  }
  if (!acks_in_.empty()) wake_at(acks_in_.top().at);
}

}  // namespace hiradix
