#include "router/flow/credit_flow_control.h"

#include <stdexcept>
#include <string>

namespace hiradix {

CreditSender::CreditSender(const std::vector<FlowPort>& ports, int flit_size) {
  // One pending-credit slot per flit the downstream buffers can hold, plus one.
  std::size_t pending_total = 0, vc_total = 0;
  for (const FlowPort& p : ports) {
    pending_total += static_cast<std::size_t>(p.classes * (p.depth / flit_size)) + 1;
    vc_total += static_cast<std::size_t>(p.classes);
  }
  pending_slots_.resize(pending_total);
  credits_.resize(vc_total);
  depths_.resize(vc_total);
  ports_.resize(ports.size());
  std::size_t c = 0, v = 0;
  for (std::size_t i = 0; i < ports.size(); ++i) {
    Port& o = ports_[i];
    const std::size_t cap = static_cast<std::size_t>(ports[i].classes * (ports[i].depth / flit_size)) + 1;
    o.pending.attach(pending_slots_.data() + c, cap);
    o.sink = ports[i].depth == 0;
    o.vcs = static_cast<std::uint8_t>(ports[i].classes);
    o.credits = credits_.data() + v;
    o.depth = depths_.data() + v;
    for (int k = 0; k < ports[i].classes; ++k) o.credits[k] = o.depth[k] = ports[i].depth;
    c += cap;
    v += static_cast<std::size_t>(ports[i].classes);
  }
}

void CreditSender::apply_arrived(int port, Cycle now) {
  Port& o = ports_[port];
  o.caught_up = now;  // nothing can arrive later within the same cycle
  while (!o.pending.empty() && o.pending.front().arrival <= now) {
    const LinkMessage& m = o.pending.front();
    o.credits[m.vc] += m.phits;
    if (o.credits[m.vc] > o.depth[m.vc])
      throw std::logic_error("credit bound violated: more credits than buffer space on output " + std::to_string(port));
    o.pending.pop();
  }
}

int CreditSender::outstanding_all_at(int port, Cycle now) const {
  const Port& o = ports_[port];
  if (o.sink) return 0;
  int q = 0;
  for (int vc = 0; vc < o.vcs; ++vc) q += o.depth[vc] - o.credits[vc];
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
