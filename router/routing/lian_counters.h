// LIAN's counters (seed-000 §3.13, Eq. 6-1 and 6-2; docs/papers/seed-000-thesis.md "§3.13 LIAN"), per
// router and per remote group, in hundredths of a packet so that every comparison is exact in integers:
//   extended_g = 100 * inj_g + w_percent * stor_g                                  (Eq. 6-1, w = 0.1 -> 10)
//   inj_g  packets this router forwarded from its injection ports towards group g in the last HW cycles
//          (TPR's windowed counter, router/routing/tpr_counters.h);
//   stor_g packets in this router's injection buffers whose destination is in group g.
// As for inj, the value seen at cycle `now` counts the events of cycles before `now` only: packets whose
// head arrived in an injection buffer, or was forwarded from one, at `now - 1` or earlier. So a count does
// not depend on the order of the router's stages within a cycle, nor on the scheduler (event-driven or
// polled).
#pragma once
#include <cstddef>
#include <cstdint>
#include <vector>

#include "router/routing/tpr_counters.h"
#include "tlm/cycle.h"

namespace hiradix {

class LianCounters {
 public:
  LianCounters(int groups, Cycle window, int max_per_cycle, int w_percent)
      : inj_(groups, window, max_per_cycle), stor_(static_cast<std::size_t>(groups), 0), w_percent_(w_percent) {
    pending_.reserve(64);
  }

  // A packet towards `group` entered an injection buffer (its head) at cycle `at` (may be ahead of the
  // caller's cycle: the link delivers it early, stamped with its arrival).
  void arrived(int group, Cycle at) { pending_.push_back({at, group, +1}); }
  // ... and was forwarded from it at cycle `now` (calls in cycle order).
  void forwarded(int group, Cycle now) {
    settle(now);
    inj_.forwarded(group, now);
    pending_.push_back({now, group, -1});
  }

  std::uint32_t stored(int group, Cycle now) {
    settle(now);
    return stor_[static_cast<std::size_t>(group)];
  }
  std::uint32_t injected(int group, Cycle now) { return inj_.count(group, now); }
  // Eq. 6-1, hundredths of a packet.
  std::uint64_t extended(int group, Cycle now) {
    return 100u * std::uint64_t{injected(group, now)} + static_cast<std::uint64_t>(w_percent_) * stored(group, now);
  }

 private:
  struct Event {
    Cycle cycle;
    int group;
    int delta;
  };
  // Applies the stor events of cycles before `now`. Few are pending (packets on the injection links and
  // this cycle's forwards), so a scan is cheaper than keeping them ordered.
  void settle(Cycle now) {
    std::size_t kept = 0;
    for (const Event& e : pending_) {
      if (e.cycle < now)
        stor_[static_cast<std::size_t>(e.group)] = static_cast<std::uint32_t>(static_cast<std::int64_t>(stor_[static_cast<std::size_t>(e.group)]) + e.delta);
      else
        pending_[kept++] = e;
    }
    pending_.resize(kept);
  }

  TprCounters inj_;
  std::vector<std::uint32_t> stor_;
  std::vector<Event> pending_;
  int w_percent_;
};

// Eq. 6-2 times 100 h: the intermediate-local counter IL_{signed_k} (k = 1..h) as the integer
//   sum over j = -(h-1) .. h-1 of (h - |j|) * G(offset)   with offset = -sign(signed_k) * (|k| h + j),
// where G(offset) is the extended counter (hundredths) of the group at that signed offset from this
// router's group: IL_{-k} reads the groups at offsets +(kh + j), IL_{+k} their mirror at -(kh + j).
template <class ExtendedAtOffset>
std::uint64_t lian_il_scaled(int h, int signed_k, ExtendedAtOffset&& extended_at_offset) {
  const int k = signed_k < 0 ? -signed_k : signed_k;
  const int sign = signed_k < 0 ? +1 : -1;
  std::uint64_t sum = 0;
  for (int j = -(h - 1); j <= h - 1; ++j)
    sum += static_cast<std::uint64_t>(h - (j < 0 ? -j : j)) * extended_at_offset(sign * (k * h + j));
  return sum;
}

// The IL counters that a destination at signed group offset `d` (0 < |d| <= h^2) depends on (§3.13, "second
// local hop"): with |d| = k h + m, 0 <= m < h and s = sign(d), IL_{-s k} if k >= 1 and IL_{-s (k+1)} if
// m > 0. Writes their signed indices into `out` and returns how many (1 or 2).
inline int lian_relevant_il(int h, int d, int out[2]) {
  const int s = d < 0 ? -1 : 1;
  const int k = (d * s) / h, m = (d * s) % h;
  int n = 0;
  if (k >= 1) out[n++] = -s * k;
  if (m > 0) out[n++] = -s * (k + 1);
  return n;
}

}  // namespace hiradix
