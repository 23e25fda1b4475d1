// The memory of one partition of a partitioned run (its components' arena spans, ArenaRecording), and its
// prefetch into the cache while the partition before it runs. A thread runs its partitions one after the
// other for a whole window each: in a large network each window evicts the others' state, and a partition
// reloading its own by demand misses (a line at a time, as its components touch them) waited on memory
// more than it computed. Streamed in ahead, spread over the previous partition's window so that the
// loads overlap its work, the same lines cost a fraction of that (docs/benchmark.md, "Prefetching a
// partition"). Prefetching reads nothing the simulation sees: results are the same with it or without.
#pragma once
#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <vector>

#include "tlm/arena.h"
#include "tlm/cycle.h"

namespace hiradix {

class PartitionMemory {
 public:
  static constexpr std::ptrdiff_t kLine = 64;
  // Adds spans (in allocation order), widened to whole cache lines; one that meets or overlaps the last joins it.
  void add(const std::vector<ArenaSpan>& spans) {
    for (const ArenaSpan& s : spans) {
      const ArenaSpan lines{round(s.begin, 0), round(s.end, kLine - 1)};
      if (!spans_.empty() && lines.begin >= spans_.back().begin && lines.begin <= spans_.back().end)
        spans_.back().end = std::max(spans_.back().end, lines.end);
      else
        spans_.push_back(lines);
    }
    lines_ = 0;
    for (const ArenaSpan& s : spans_) lines_ += static_cast<std::size_t>(s.end - s.begin) / kLine;
  }
  const std::vector<ArenaSpan>& spans() const { return spans_; }  // line-aligned
  std::size_t lines() const { return lines_; }

 private:
  // `p` + `up` rounded down to a line.
  static const std::uint8_t* round(const std::uint8_t* p, std::ptrdiff_t up) {
    return reinterpret_cast<const std::uint8_t*>((reinterpret_cast<std::uintptr_t>(p) + static_cast<std::uintptr_t>(up)) &
                                                 ~static_cast<std::uintptr_t>(kLine - 1));
  }
  std::vector<ArenaSpan> spans_;
  std::size_t lines_ = 0;
};

// Prefetches a partition's memory over the cycles of a window, the same share each cycle.
class PacedPrefetch {
 public:
  // Windows shorter than this do not prefetch: a partition then touches a small part of its memory between
  // two of its windows, and streaming all of it cost more than the misses it saved (measured: 4-cycle windows
  // at h = 6 1.5x slower, a 32 x 32 mesh's 10-cycle windows 6 % slower, 16-cycle windows at h = 6 1.26x
  // faster; docs/benchmark.md).
  static constexpr Cycle kMinWindow = 16;
  // Starts on `memory` for a window of `cycles` cycles (nothing if it is too short).
  void start(const PartitionMemory& memory, Cycle cycles) {
    span_ = memory.spans().data();
    last_ = span_ + memory.spans().size();
    at_ = span_ != last_ ? span_->begin : nullptr;
    per_cycle_ = cycles >= kMinWindow ? memory.lines() / cycles + 1 : 0;
    if (!per_cycle_) at_ = nullptr;
  }
  // One cycle's share, into L2.
  void step() {
    step_with([](const std::uint8_t* line) { __builtin_prefetch(line, 0, 2); });
  }
  // The same, calling `touch(address)` for each line (tests/test_partition_memory.cpp).
  template <typename Touch>
  void step_with(Touch touch) {
    for (std::size_t n = per_cycle_; at_ && n;) {
      for (; at_ < span_->end && n; at_ += PartitionMemory::kLine, --n) touch(at_);
      if (at_ >= span_->end) at_ = ++span_ != last_ ? span_->begin : nullptr;
    }
  }

 private:
  const ArenaSpan* span_ = nullptr;
  const ArenaSpan* last_ = nullptr;
  const std::uint8_t* at_ = nullptr;
  std::size_t per_cycle_ = 0;
};

}  // namespace hiradix
