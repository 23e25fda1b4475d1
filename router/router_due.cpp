// The router's due-cycle bookkeeping, apart from the stage semantics of router.cpp: which VCs and ports a
// cycle must look at, when each is due again, and when the router must run next. A VC or output port is
// looked at only in the cycles it has something to do, so a busy router does not pay for its idle ports;
// credits, queue space and tails leaving are caught up lazily when read. Every change here must keep
// result.json identical to `sim.scheduling: poll` (tests EventVsPoll.*, the golden set).
#include <algorithm>

#include "router/router.h"

namespace hiradix {

Cycle Router::vc_due_after(int index, Cycle now) {
  InputVc& v = inputs_.vc(index);
  if (v.fifo.empty()) {
    inputs_.deactivate(index);
    return kNever;
  }
  Cycle due = vc_next_event(v, now);
  if (!(v.has_candidate() && v.candidate().routed && v.ready_at <= now)) return due;
  // The candidate bid and was not served. At an injection port under recomputation (seed-000 §3.4), the
  // routing decides again; otherwise find when trying again can succeed.
  if ((recompute_ports_ >> inputs_.port_of(index) & 1) && v.candidate().head &&
      rc_.recomputes(pool_[v.candidate().packet].route)) {
    ++activity_.recomputations;
    rc_.recomputing(pool_[v.candidate().packet].route, v.route_before, state_.get(), now);
    restart_rc(v, now);
    return now + 1;
  }
  const int size = params_.flit_size;
  if (!head_may_take_vc(v)) {  // wormhole: the downstream VC is held by another packet
    route_again(v, now);
    return now + 1;
  }
  if (!outputs_.has_credits(v.out_port, v.out_vc, size, now)) {
    if (route_again(v, now)) return now + 1;
    // Woken by the next credit of that port: one already on its way, or the next to be sent.
    credit_wait_[index >> 6] |= 1ull << (index & 63);
    credit_waiters_ |= 1ull << v.out_port;
    return std::min(due, outputs_.next_credit(v.out_port));
  }
  if (!outputs_.has_space_for(v.out_port, v.out_vc, size, now)) {  // queue space frees when the link does
    if (route_again(v, now)) return now + 1;
    if (!outputs_.has_space_for(v.out_port, v.out_vc, size, now))  // asked once when there is room
      return std::min(due, std::max(now + 1, outputs_.link_free(v.out_port)));
  }
  // In-transit routings check every cycle whether the chosen output can still take the packet (another
  // VC may take its credits while this one waits for the crossbar) and route it again if not.
  if (reroutes_) return now + 1;
  // The crossbar input or output is busy until a known tick; otherwise arbitration was lost.
  return std::min(due, crossbar_.free_again(inputs_.port_of(index), v.out_port, now));
}

void Router::wake_credit_waiters(Cycle now) {
  // Waiters whose port has received credits look again this cycle; a waiter still short of credits for
  // its own VC files itself again.
  std::uint64_t arrived = 0;
  for (std::uint64_t m = credit_waiters_; m; m &= m - 1) {
    const int p = __builtin_ctzll(m);
    if (outputs_.next_credit(p) <= now) arrived |= 1ull << p;
  }
  if (!arrived) return;
  credit_waiters_ &= ~arrived;
  for (std::size_t w = 0; w < credit_wait_.size(); ++w) {
    for (std::uint64_t m = credit_wait_[w]; m; m &= m - 1) {
      const int index = static_cast<int>(w * 64 + __builtin_ctzll(m));
      if (!(arrived >> inputs_.vc(index).out_port & 1)) continue;
      vc_due_[index] = now;
      credit_wait_[w] &= ~(1ull << (index & 63));
    }
  }
}

Cycle Router::vc_next_event(const InputVc& v, Cycle now) const {
  Cycle t = kNever;
  if (v.fifo.size() > v.in_transit) {
    const VcEntry& c = v.candidate();
    if (!c.routed)
      t = std::min(t, std::max({c.arrival, v.next_rc_at, now + 1}));
    else if (v.ready_at > now)
      t = std::min(t, v.ready_at);
  }
  return t;
}

}  // namespace hiradix
