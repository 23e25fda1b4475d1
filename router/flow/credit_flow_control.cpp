#include "router/flow/credit_flow_control.h"

#include <memory>
#include <stdexcept>
#include <string>

namespace hiradix {

CreditSender::CreditSender(const std::vector<FlowPort>& ports, int flit_size) {
  ports_.resize(ports.size());
  for (std::size_t i = 0; i < ports.size(); ++i) {
    Port& o = ports_[i];
    const auto vcs = static_cast<std::size_t>(ports[i].classes);
    // A port's counters, then its pending credits (one slot per flit the downstream buffers can hold, plus
    // one), one after the other in the arena (a bump allocator): a credit's arrival and the bids that ask
    // for credits read the counters and the first slots on one or two cache lines (rings start again at
    // their first slot when emptied), not on three arrays apart.
    auto* counters = static_cast<std::int32_t*>(arena_allocate(2 * vcs * sizeof(std::int32_t), alignof(LinkMessage)));
    const std::size_t cap = vcs * static_cast<std::size_t>(ports[i].depth / flit_size) + 1;
    auto* slots = static_cast<LinkMessage*>(arena_allocate(cap * sizeof(LinkMessage), alignof(LinkMessage)));
    std::uninitialized_value_construct_n(slots, cap);
    o.pending.attach(slots, cap);
    o.sink = ports[i].depth == 0;
    o.vcs = static_cast<std::uint8_t>(vcs);
    o.credits = counters;
    o.depth = counters + vcs;
    for (std::size_t k = 0; k < vcs; ++k) o.credits[k] = o.depth[k] = ports[i].depth;
  }
}

void CreditSender::apply_arrived(int port, Cycle now) {
  Port& o = ports_[port];
  do {
    const LinkMessage& m = o.pending.front();
    o.credits[m.vc] += m.phits;
    o.outstanding -= m.phits;
    if (o.credits[m.vc] > o.depth[m.vc])
      throw std::logic_error("credit bound violated: more credits than buffer space on output " + std::to_string(port));
    o.pending.pop();
  } while (!o.pending.empty() && o.pending.front().arrival <= now);
  o.next_arrival = o.pending.empty() ? kNever : o.pending.front().arrival;
}

int CreditSender::outstanding_all_at(int port, Cycle now) const {
  const Port& o = ports_[port];
  if (o.sink) return 0;
  int q = o.outstanding;
  for (std::size_t i = 0; i < o.pending.size() && o.pending[i].arrival <= now; ++i)
    q -= o.pending[i].phits;  // arrived, not yet applied
  return q;
}

void CreditSender::trace(sc_core::sc_trace_file* tf, const std::string& prefix) const {
  for (std::size_t p = 0; p < ports_.size(); ++p)
    for (int vc = 0; vc < (ports_[p].sink ? 0 : ports_[p].vcs); ++vc)
      sc_core::sc_trace(tf, ports_[p].credits[vc], prefix + ".credits_" + std::to_string(p) + "_" + std::to_string(vc));
}

}  // namespace hiradix
