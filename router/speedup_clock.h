// Maps link cycles to internal (crossbar) ticks for a rational speed-up num/den >= 1: cycle c holds the
// ticks [floor(c*num/den), floor((c+1)*num/den)), so 1.5x alternates 1 and 2 ticks per cycle.
#pragma once
#include <cstdint>

#include "tlm/cycle.h"

namespace hiradix {

class SpeedupClock {
 public:
  SpeedupClock(int num, int den) : num_(static_cast<std::uint64_t>(num)), den_(static_cast<std::uint64_t>(den)) {}
  std::uint64_t first_tick(Cycle c) const { return c * num_ / den_; }
  Cycle cycle_of(std::uint64_t tick) const { return ((tick + 1) * den_ + num_ - 1) / num_ - 1; }

 private:
  std::uint64_t num_, den_;
};

}  // namespace hiradix
