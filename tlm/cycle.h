// Simulated time in link cycles. One cycle is the time a link needs to carry one phit; SystemC time is
// kept at 1 ns per cycle (the seeds' 1 GHz link/phit clock, seed 000 Table 3-1).
#pragma once
#include <cstdint>
#include <limits>

#include <systemc>

namespace hiradix {

using Cycle = std::uint64_t;
inline constexpr Cycle kNever = std::numeric_limits<Cycle>::max();

inline const sc_core::sc_time& cycle_period() {
  static const sc_core::sc_time period(1, sc_core::SC_NS);
  return period;
}

// The current cycle, read from the SystemC kernel's clock.
inline Cycle now_cycle() {
  static const std::uint64_t units_per_cycle = cycle_period().value();
  return sc_core::sc_time_stamp().value() / units_per_cycle;
}

inline sc_core::sc_time cycles_to_time(Cycle n) {
  static const std::uint64_t units_per_cycle = cycle_period().value();
  return sc_core::sc_time::from_value(n * units_per_cycle);
}

}  // namespace hiradix
