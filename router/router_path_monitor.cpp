// DRB's monitoring in the routers (seed 004 §3.8 "monitoring", §4.1.2.1 and Table 2;
// docs/papers/seed-004-prdrb.md): each router adds to a packet's header the time the packet waited in its
// buffers to be accepted for the next router, and under PR-DRB the first router where that wait exceeds the
// threshold writes the flows it collided with there. Out of the hot path: it runs only under drb and prdrb.
#include "router/router.h"

#include <algorithm>

namespace hiradix {

void Router::attach_path_monitor(PathHeaders* headers, const PathTiming& timing, Cycle record_wait, int flows) {
  path_headers_ = headers;
  hop_cycles_ = timing.router + timing.network_link;
  record_wait_ = record_wait;
  record_flows_ = flows;
  head_hooks_ = true;  // path_arriving
}

// The wait at the previous router is known when the head reaches this one: the cycles between its arrivals
// beyond a router's pipeline and the link, which is what it spent queued there (in the input buffer for the
// switch, in the output queue for the link). A head from a NIC starts the count (its wait in the NIC's queue
// is the injection latency, not the network's); the destination NIC adds the last router's (Nic::acknowledge).
void Router::path_arriving(int port, const LinkMessage& msg) {
  const Packet& pkt = pool_[msg.packet];
  if (pkt.cnm || pkt.ack) return;  // an ACK's header is what it carries back
  PathHeader& h = (*path_headers_)[msg.packet];
  if (ports_[port].link_class != 0) {
    const auto wait = static_cast<std::uint32_t>(msg.arrival - h.arrived - hop_cycles_);
    h.waited += wait;
    path_headers_->add_wait(h.router, wait);
  }
  h.arrived = msg.arrival;
  h.router = id_;
}

// PR-DRB at a grant: the head's wait here will be what it has waited for the switch (from when it could have
// been granted, its arrival plus RC and VA) plus the phits queued ahead of it at its output. If that exceeds
// the threshold and no router has written yet, this one writes the contending flows (the thesis leaves
// "colliding in the router" open; ours, the spec's (b) and (c)): the packets queued ahead at the same output,
// then those at the front of the other input queues routed to it, each flow once.
void Router::record_flows(int index, const VcEntry& head, int out_port, Cycle now) {
  const Packet& pkt = pool_[head.packet];
  if (pkt.cnm || pkt.ack) return;
  PathHeader& h = (*path_headers_)[head.packet];
  if (h.recorded) return;
  const Cycle earliest = head.arrival + static_cast<Cycle>(rc_.latency() + va_.latency());
  const OutputPort& o = outputs_.port(out_port);
  const Cycle wait = (now > earliest ? now - earliest : 0) + static_cast<Cycle>(std::max(0, o.occupancy));
  if (wait <= record_wait_) return;
  h.recorded = 1;  // once per message, at the first router past the threshold (Table 2's `predictive`)
  const auto add = [this, &h](PacketId id) {
    const Packet& other = pool_[id];
    if (other.cnm || other.ack || h.flows == record_flows_) return;
    const ContendingFlow f{other.src, other.dst};
    const auto end = h.flow.begin() + h.flows;
    if (std::find(h.flow.begin(), end, f) == end) h.flow[h.flows++] = f;
  };
  for (std::size_t k = 0; k < o.queue.size(); ++k)
    if (o.queue[k].flags & kHeadFlit) add(o.queue[k].packet);
  for (int q = 0; q < inputs_.total_vcs(); ++q) {
    const InputVc& v = inputs_.vc(q);
    if (q != index && v.has_candidate() && v.candidate().routed && v.out_port == out_port) add(v.candidate().packet);
  }
}

}  // namespace hiradix
