// Contention counters, one per output port (seed-003 §1.3, Base): a packet counts on its *minimal* output
// from the moment its header is at the head of an input VC until its tail leaves that buffer, whatever
// port it finally takes. Every VC head counts, so a counter never exceeds the number of input VCs.
#pragma once
#include "tlm/arena.h"
#include <cstdint>
#include <vector>

#include <systemc>

namespace hiradix {

class ContentionCounters : public sc_core::sc_module {
 public:
  ContentionCounters(sc_core::sc_module_name name, int ports)
      : sc_core::sc_module(name), count_(static_cast<std::size_t>(ports), 0) {}

  void increment(int port) {
    const std::int32_t v = ++count_[port];
    ++observations_;
    sum_observed_ += static_cast<std::uint64_t>(v);
    if (v > max_) max_ = v;
  }
  void decrement(int port) { --count_[port]; }

  const std::int32_t* values() const { return count_.data(); }
  std::int32_t value(int port) const { return count_[port]; }
  // Statistics: counter value seen by each header on arrival at the head of its VC, and the peak.
  std::uint64_t observations() const { return observations_; }
  std::uint64_t sum_observed() const { return sum_observed_; }
  std::int32_t max() const { return max_; }
  void reset_statistics() { observations_ = sum_observed_ = 0; max_ = 0; }

 private:
  HotVector<std::int32_t> count_;
  // increment adds to the two with one 16-byte vector add, which takes them from memory only when they are
  // 16-byte aligned: else a load more per header (+0.7 M on the default run when other members moved them).
  alignas(16) std::uint64_t observations_ = 0;
  std::uint64_t sum_observed_ = 0;
  std::int32_t max_ = 0;
};

}  // namespace hiradix
