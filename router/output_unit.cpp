#include "router/output_unit.h"

#include <algorithm>
#include <stdexcept>
#include <string>

namespace hiradix {

OutputUnit::OutputUnit(sc_core::sc_module_name name, const std::vector<PortSpec>& ports, int flit_size,
                       int queue_phits, CreditSink* owner)
    : sc_core::sc_module(name), queue_phits_(queue_phits) {
  // One queue slot per flit that fits, plus the one being serialised; one pending-credit slot per flit
  // the downstream buffers can hold.
  std::size_t queue_total = 0, credit_total = 0, vc_total = 0;
  for (const PortSpec& spec : ports) {
    queue_total += static_cast<std::size_t>(queue_phits / flit_size) + 1;
    credit_total += static_cast<std::size_t>(spec.out_vcs * (spec.out_depth / flit_size)) + 1;
    vc_total += static_cast<std::size_t>(spec.out_vcs);
  }
  queue_slots_.resize(queue_total);
  credit_slots_.resize(credit_total);
  credits_.resize(vc_total);
  depths_.resize(vc_total);
  owners_.assign(vc_total, 0);
  ports_.resize(ports.size());
  std::size_t q = 0, c = 0, v = 0;
  for (std::size_t p = 0; p < ports.size(); ++p) {
    OutputPort& o = ports_[p];
    const std::size_t queue_cap = static_cast<std::size_t>(queue_phits / flit_size) + 1;
    const std::size_t credit_cap = static_cast<std::size_t>(ports[p].out_vcs * (ports[p].out_depth / flit_size)) + 1;
    o.queue.attach(queue_slots_.data() + q, queue_cap);
    o.pending_credits.attach(credit_slots_.data() + c, credit_cap);
    o.sink = ports[p].out_depth == 0;
    o.vcs = static_cast<std::uint8_t>(ports[p].out_vcs);
    o.credits = credits_.data() + v;
    o.depth = depths_.data() + v;
    o.owner = owners_.data() + v;
    for (int i = 0; i < ports[p].out_vcs; ++i) o.credits[i] = o.depth[i] = ports[p].out_depth;
    q += queue_cap;
    c += credit_cap;
    v += static_cast<std::size_t>(ports[p].out_vcs);
    links_.push_back(new (arena_allocate(sizeof(LinkOut), alignof(LinkOut)))
                         LinkOut(("out_" + std::to_string(p)).c_str(), owner, static_cast<int>(p)));
  }
}

void OutputUnit::enqueue(int p, PacketId packet, std::uint8_t vc, std::uint8_t flags, int size, Cycle head_ready,
                         Cycle now) {
  OutputPort& o = ports_[p];  // has_space / has_credits were asked this cycle: o is up to date
  o.occupancy += size;
  if (!o.sink) o.credits[vc] -= size;
  o.queue.push({packet, head_ready, vc, flags});
  if (o.reserved_cycle != now) {
    o.reserved_cycle = now;
    o.reserved_load = 0;
  }
  o.reserved_load += o.sink ? size : 2 * size;  // load() counts it in the queue and as uncredited
}

int OutputUnit::load_at_cycle_start(int p, Cycle now) const {
  const OutputPort& o = ports_[p];
  int q = o.occupancy;
  if (o.on_wire && o.link_free <= now) q -= o.on_wire;  // freed by the next catch_up
  if (!o.sink) {
    for (int vc = 0; vc < o.vcs; ++vc) q += o.depth[vc] - o.credits[vc];
    for (std::size_t i = 0; i < o.pending_credits.size() && o.pending_credits[i].arrival <= now; ++i)
      q -= o.pending_credits[i].phits;  // arrived, not yet applied
  }
  if (o.reserved_cycle == now) q -= o.reserved_load;
  return q;
}

void OutputUnit::catch_up(int p, Cycle now) {
  OutputPort& o = ports_[p];
  if (o.caught_up == now) return;  // nothing can arrive later within the same cycle
  o.caught_up = now;
  if (o.on_wire && o.link_free <= now) {
    o.occupancy -= o.on_wire;
    o.on_wire = 0;
  }
  while (!o.pending_credits.empty() && o.pending_credits.front().arrival <= now) {
    const LinkMessage& m = o.pending_credits.front();
    o.credits[m.vc] += m.phits;
    if (o.credits[m.vc] > o.depth[m.vc])
      throw std::logic_error("credit bound violated: more credits than buffer space on output " + std::to_string(p));
    o.pending_credits.pop();
  }
}

bool OutputUnit::send(int p, Cycle now, int size) {
  OutputPort& o = ports_[p];
  if (o.queue.empty() || o.link_free > now || o.queue.front().head_ready > now) return false;
  catch_up(p, now);
  const QueuedPacket q = o.queue.front();
  o.queue.pop();
  o.link_free = now + static_cast<Cycle>(size);
  o.on_wire = size;
  links_[p]->send(q.packet, static_cast<std::uint16_t>(size), q.vc, q.flags, now);
  return true;
}

Cycle OutputUnit::next_event(int p, Cycle now) const {
  const OutputPort& o = ports_[p];
  return o.queue.empty() ? kNever : std::max({o.link_free, o.queue.front().head_ready, now + 1});
}

void OutputUnit::file_credit(int port, const LinkMessage& msg) {
  ports_[port].pending_credits.push(msg);  // applied by catch_up once it has arrived
}

}  // namespace hiradix
