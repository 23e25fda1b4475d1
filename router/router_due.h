// The router's due-cycle bookkeeping around the stages of a cycle (router/router.cpp includes this file;
// the rest of the bookkeeping is in router_due.cpp): what is caught up before the stages look at anything,
// and when the router is due again after them. Inline, so that Router::tick costs no more than one
// function (measured: out of line, the split cost 4% of MIN's instructions, docs/benchmark.md).
#pragma once
#include <algorithm>

#include "router/router.h"

namespace hiradix {

// Catches up what happened since the router last ran, before the stages look at anything.
inline void Router::begin_cycle(Cycle now) {
  if (inputs_.tails_due(now)) release_tails(now);
  if (credit_waiters_) wake_credit_waiters(now);
  if (broadcast_ && broadcast_->due(now)) fire_broadcast(now);
  out_touched_ = 0;
  vc_touched_.clear();
}

// When the VCs looked at this cycle are due again, and the router's next wake-up. GCC left this one out of
// line with a plain `inline` (+27 instructions per router-cycle for MIN against the unsplit tick).
[[gnu::always_inline]] inline void Router::end_cycle(Cycle now, Cycle next) {
  for (int index : vc_touched_) {
    const Cycle due = vc_due_after(index, now);
    vc_due_[index] = due;
    next = std::min(next, due);
  }
  // Credits already on their way to a port that candidates wait on (their wake-up may have been merged
  // into an earlier one of this router).
  for (std::uint64_t m = credit_waiters_; m; m &= m - 1) next = std::min(next, outputs_.next_credit(__builtin_ctzll(m)));
  if (broadcast_) next = std::min(next, broadcast_->next_due(now));
  // Pause flow control hears of space when a tail leaves (the XON may be due then).
  if (frees_when_left_ && inputs_.has_tails()) next = std::min(next, inputs_.next_tail());
  if (params_.poll && (next != kNever || credit_waiters_)) next = now + 1;
  if (next != kNever) wake_at(std::max(next, now + 1));
}

}  // namespace hiradix
