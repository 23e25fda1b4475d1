// Maps link cycles to internal (crossbar) ticks for a rational speed-up num/den >= 1: cycle c holds the
// ticks [floor(c*num/den), floor((c+1)*num/den)), so 1.5x alternates 1 and 2 ticks per cycle.
#pragma once
#include <cstdint>

#include "tlm/cycle.h"

namespace hiradix {

class SpeedupClock {
 public:
  SpeedupClock(int num, int den)
      : num_(static_cast<std::uint64_t>(num)), den_(static_cast<std::uint64_t>(den)), shift_(power_of_two_shift(num, den)) {}
  std::uint64_t first_tick(Cycle c) const { return shift_ >= 0 ? c << shift_ : c * num_ / den_; }
  Cycle cycle_of(std::uint64_t tick) const {
    return shift_ >= 0 ? tick >> shift_ : ((tick + 1) * den_ + num_ - 1) / num_ - 1;
  }

 private:
  // A whole speed-up of 1, 2, 4, ... (the common ones) maps by shifts: a 64-bit division costs 30-90 cycles
  // here, and SA and ST map several times a grant. log2(num) when den is 1 and num a power of two, else -1.
  static int power_of_two_shift(int num, int den) {
    if (den != 1 || num <= 0 || (num & (num - 1)) != 0) return -1;
    return __builtin_ctz(static_cast<unsigned>(num));
  }
  std::uint64_t num_, den_;
  int shift_;
};

}  // namespace hiradix
