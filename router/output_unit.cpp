#include "router/output_unit.h"

#include <algorithm>
#include <string>

namespace hiradix {

namespace {
std::vector<FlowPort> flow_ports(const std::vector<PortSpec>& ports) {
  std::vector<FlowPort> out;
  for (const PortSpec& spec : ports) out.push_back({spec.out_vcs, spec.out_depth});
  return out;
}
}  // namespace

OutputUnit::OutputUnit(sc_core::sc_module_name name, const std::vector<PortSpec>& ports, int flit_size,
                       int queue_phits, FlowControlKind flow, CreditSink* owner)
    : sc_core::sc_module(name),
      flow_(make_flow_sender(flow, flow_ports(ports), flit_size)),
      credits_(dynamic_cast<CreditSender*>(flow_.get())),
      queue_phits_(queue_phits) {
  // One queue slot per flit that fits, plus the one being serialised.
  const std::size_t queue_cap = static_cast<std::size_t>(queue_phits / flit_size) + 1;
  std::size_t vc_total = 0;
  for (const PortSpec& spec : ports) vc_total += static_cast<std::size_t>(spec.out_vcs);
  queue_slots_.resize(queue_cap * ports.size());
  owners_.assign(vc_total, 0);
  ports_.resize(ports.size());
  urgent_.resize(ports.size());
  std::size_t q = 0, v = 0;
  for (std::size_t p = 0; p < ports.size(); ++p) {
    OutputPort& o = ports_[p];
    o.queue.attach(queue_slots_.data() + q, queue_cap);
    sinks_ |= static_cast<std::uint64_t>(ports[p].out_depth == 0) << p;
    o.owner = owners_.data() + v;
    q += queue_cap;
    v += static_cast<std::size_t>(ports[p].out_vcs);
    links_.push_back(new (arena_allocate(sizeof(LinkOut), alignof(LinkOut), kLinkEndHotBytes))
                         LinkOut(("out_" + std::to_string(p)).c_str(), owner, static_cast<int>(p)));
  }
}

void OutputUnit::enable_urgent(const std::vector<int>& urgent_vc, int flits) {
  urgent_slots_.resize(static_cast<std::size_t>(flits) * ports_.size());
  for (std::size_t p = 0; p < ports_.size(); ++p) {
    urgent_[p].attach(urgent_slots_.data() + p * static_cast<std::size_t>(flits), static_cast<std::size_t>(flits));
    ports_[p].urgent_vc = static_cast<std::uint8_t>(urgent_vc[p]);
  }
}

void OutputUnit::enqueue(int p, PacketId packet, std::uint8_t vc, std::uint8_t flags, int size, Cycle head_ready,
                         Cycle now) {
  OutputPort& o = ports_[p];  // has_space / has_credits were asked this cycle: o is up to date
  if (vc >= o.urgent_vc) return enqueue_urgent(p, packet, vc, flags, size, head_ready, now);  // a CNM (QCN)
  with_flow([&](auto& f) { f.committed(p, vc, size); });
  o.occupancy += size;
  o.queue.push({head_ready, packet, vc, flags});
  reserved(o, size, now);
}

void OutputUnit::enqueue_urgent(int p, PacketId packet, std::uint8_t vc, std::uint8_t flags, int size,
                                Cycle head_ready, Cycle now) {
  OutputPort& o = ports_[p];
  with_flow([&](auto& f) { f.committed(p, vc, size); });
  urgent_[p].push({head_ready, packet, vc, flags});  // its room is its slot, not the data queue's
  ++o.urgent_queued;
  reserved(o, size, now);
}

int OutputUnit::load_at_cycle_start(int p, Cycle now) const {
  const OutputPort& o = ports_[p];
  int q;
  if (is_sink(p)) {
    q = o.occupancy;
    if (o.on_wire && o.link_free <= now) q -= o.on_wire;  // freed by the next catch_up
  } else {
    q = with_flow([&](const auto& f) { return f.outstanding_all_at(p, now); });
  }
  if (o.reserved_cycle == now) q -= o.reserved_load;
  return q;
}

inline void OutputUnit::start(int p, Ring<QueuedPacket>& from, Cycle now, int size, int held) {
  OutputPort& o = ports_[p];
  catch_up(p, now);  // the previous packet has left: its queue space is free
  const QueuedPacket q = from.front();
  from.pop();
  o.link_free = now + static_cast<Cycle>(size);
  o.on_wire = held;
  o.phits_out += static_cast<std::uint64_t>(size);
  links_[p]->send(q.packet, static_cast<std::uint16_t>(size), q.vc, q.flags, now);
}

Cycle OutputUnit::next_event(int p, Cycle now) const {
  const OutputPort& o = ports_[p];
  if (!o.urgent_queued) return o.queue.empty() ? kNever : std::max({o.link_free, o.queue.front().head_ready, now + 1});
  const Ring<QueuedPacket>& urgent = urgent_[p];
  const Cycle ready = o.queue.empty() ? urgent.front().head_ready : std::min(urgent.front().head_ready, o.queue.front().head_ready);
  return std::max({o.link_free, ready, now + 1});
}

bool OutputUnit::send(int p, Cycle now, int size) {
  OutputPort& o = ports_[p];
  if (o.urgent_queued && urgent_[p].front().head_ready <= now) return send_urgent(p, now, size);  // QCN's CNMs first
  if (o.queue.empty() || o.link_free > now || o.queue.front().head_ready > now) return false;
  start(p, o.queue, now, size, size);
  return true;
}

bool OutputUnit::send_urgent(int p, Cycle now, int size) {
  if (ports_[p].link_free > now) return false;
  start(p, urgent_[p], now, size, 0);  // the urgent queue's room is its slot, free once popped
  --ports_[p].urgent_queued;
  return true;
}

}  // namespace hiradix
