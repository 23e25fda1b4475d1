// OSHA's round-robin state (seed 001 §1.4: "the CM has to keep track of the VN selected for the last packet
// injected from a given source, then selecting the other VN"): one toggle bit per source terminal of a
// router, flipped each time a packet of that source leaves its injection port.
//
// The value seen at cycle `now` counts the packets that left in cycles before `now` only, as TPR's counters
// do (tpr_counters.h): a decision and a departure in the same cycle then do not depend on the order in
// which the router's stages run within the cycle, nor on the scheduler. (With one injection VC the next
// packet of a source is decided only after the previous one has left, so consecutive packets alternate.)
#pragma once
#include <cstddef>
#include <cstdint>
#include <vector>

#include "tlm/cycle.h"

namespace hiradix {

class OshaToggles {
 public:
  explicit OshaToggles(int terminals) : t_(static_cast<std::size_t>(terminals)) {}

  int terminals() const { return static_cast<int>(t_.size()); }

  // A packet of terminal `terminal` left its injection port in cycle `now` (calls in cycle order).
  void flip(int terminal, Cycle now) {
    Toggle& t = t_[static_cast<std::size_t>(terminal)];
    settle(t, now);
    t.pending ^= 1;
    t.at = now;
  }

  // The VN (0 or 1) for terminal `terminal`'s next packet, decided at cycle `now`.
  int vn(int terminal, Cycle now) {
    Toggle& t = t_[static_cast<std::size_t>(terminal)];
    settle(t, now);
    return t.settled;
  }

 private:
  struct Toggle {
    std::uint8_t settled = 0;  // the bit after the departures of cycles before `at`
    std::uint8_t pending = 0;  // the flips of cycle `at` (an odd count flips)
    Cycle at = 0;
  };
  // Departures of a cycle before `now` become visible.
  static void settle(Toggle& t, Cycle now) {
    if (t.at < now) {
      t.settled ^= t.pending;
      t.pending = 0;
    }
  }
  std::vector<Toggle> t_;
};

}  // namespace hiradix
