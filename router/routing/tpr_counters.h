// TPR's traffic counters (seed-000 §3.12, Table 6-1): per router, the packets it forwarded from its
// injection ports towards each destination group during the last `window` cycles (HW = 200), kept as a
// circular queue so that the values are exact every cycle.
//
// The window seen at cycle `now` is the cycles [now - window, now - 1]: the last `window` whole cycles.
// Packets forwarded in `now` itself are not seen yet, so a count does not depend on the order in which the
// router's stages run within a cycle (RC before or after SA), nor on the scheduler (event-driven or
// polled): events are stamped with their cycle and the counts brought up to date lazily when read.
//
// Storage is one fixed ring of (cycle, group) events allocated at construction, no allocation per packet:
// it holds the events of cycles [now - window, now], at most (window + 1) * max_per_cycle.
#pragma once
#include <cstddef>
#include <cstdint>
#include <stdexcept>
#include <string>
#include <vector>

#include "tlm/cycle.h"

namespace hiradix {

class TprCounters {
 public:
  // `max_per_cycle`: the most packets the router can forward from its injection ports in one cycle.
  TprCounters(int groups, Cycle window, int max_per_cycle)
      : window_(window),
        ring_(static_cast<std::size_t>(window + 1) * static_cast<std::size_t>(max_per_cycle)),
        counts_(static_cast<std::size_t>(groups), 0) {}

  Cycle window() const { return window_; }

  // A packet towards `group` was forwarded from an injection port in cycle `now` (calls in cycle order).
  void forwarded(int group, Cycle now) {
    advance(now);
    if (tail_ - head_ == ring_.size())  // cannot happen with a correct max_per_cycle
      throw std::logic_error("TPR counters: more than " + std::to_string(ring_.size()) + " packets in a window");
    ring_[tail_++ % ring_.size()] = {now, group};
  }

  // Packets forwarded towards `group` in cycles [now - window, now - 1].
  std::uint32_t count(int group, Cycle now) {
    advance(now);
    return counts_[static_cast<std::size_t>(group)];
  }

 private:
  struct Event {
    Cycle cycle;
    int group;
  };
  // Events before `now` enter the counts; events before `now - window` leave them. Indices grow without
  // wrapping (64 bits); the slot is the index modulo the ring's size.
  void advance(Cycle now) {
    for (; seen_ < tail_ && ring_[seen_ % ring_.size()].cycle < now; ++seen_) ++counts_[group_at(seen_)];
    for (; head_ < seen_ && ring_[head_ % ring_.size()].cycle + window_ < now; ++head_) --counts_[group_at(head_)];
  }
  std::size_t group_at(std::uint64_t index) const {
    return static_cast<std::size_t>(ring_[index % ring_.size()].group);
  }

  Cycle window_;
  std::vector<Event> ring_;
  std::vector<std::uint32_t> counts_;
  std::uint64_t head_ = 0;  // oldest event still counted (or not yet seen)
  std::uint64_t seen_ = 0;  // first event not yet in counts_
  std::uint64_t tail_ = 0;  // next free slot
};

}  // namespace hiradix
