// One Verilated state block of one router, clocked once per simulated cycle with that cycle's events
// (router/rtl/rtl_state_block.h). The simulation is event-driven: a router may sleep for many cycles, so
// the block is brought up to date only when an event or a decision reaches it, clocking every cycle in
// between with no events; a block whose registers stop changing `settles` cycles after its last event
// (a window that has emptied) skips the rest of a quiet stretch.
// Only the Verilated drivers include it (library hiradix_rtl).
#pragma once
#include <cstdint>
#include <stdexcept>
#include <string>

#include "config/schema/config_error.h"
#include "router/rtl/verilated_bits.h"
#include "tlm/cycle.h"
#include "verilated.h"

namespace hiradix {

template <class Model>
class ClockedBlock {
 public:
  // `settles`: clocks without events after which the registers no longer change (0: never skip).
  explicit ClockedBlock(Cycle settles) : settles_(settles) {}

  Model& model() { return m_; }
  Cycle cycle() const { return cycle_; }
  // Clocks the cycles before `now`. drive(c) puts cycle c's events on the inputs, forgets them and says
  // whether there were any; next_event() is the first cycle at or after cycle() that holds events (a skip
  // stops there).
  template <class NextEvent, class Drive>
  void advance(Cycle now, NextEvent&& next_event, Drive&& drive) {
    while (cycle_ < now) {
      if (settles_ && quiet_ >= settles_) {
        const Cycle next = next_event();
        if (next > cycle_) {
          cycle_ = next < now ? next : now;
          continue;
        }
      }
      quiet_ = drive(cycle_) ? 0 : quiet_ + 1;
      verilated::clock(m_);
      ++cycle_;
    }
  }

 private:
  // A context of its own: a model built on Verilator's default one would use whichever context was made
  // last in the thread (a routing unit's, perhaps since destroyed).
  VerilatedContext context_;
  Model m_{&context_, "state_block"};
  Cycle settles_;
  Cycle cycle_ = 0;  // the cycle whose events are being gathered: not clocked yet
  Cycle quiet_ = 0;  // clocks since the last one with events
};

// A network or a configuration beyond a co-simulated block's size (CMakeLists.txt, COSIM_SIZES): a config
// error naming the key.
inline void refuse_above(const char* key, const char* block, long long value, long long most, const char* what) {
  if (value > most)
    config_fail(key, std::string("the co-simulated ") + block + " takes at most " + std::to_string(most) + " " + what +
                         "; got " + std::to_string(value));
}

// One cycle's events of a kind in a block's numbered slots (`fwd` and `fwd_group`, `arr` and `arr_group`):
// slot k valid with the group of its event.
template <int Slots, int GroupBits>
class EventSlots {
 public:
  void add(int group, const char* block) {
    if (n_ == Slots) throw std::logic_error(std::string(block) + " co-simulation: more events in a cycle than its slots");
    verilated::set_bits(groups_, n_ * GroupBits, GroupBits, static_cast<std::uint64_t>(group));
    ++n_;
  }
  bool any() const { return n_ > 0; }
  std::uint64_t valid() const { return n_ ? (std::uint64_t{1} << n_) - 1 : 0; }
  std::uint64_t groups() const { return groups_; }
  void clear() { n_ = 0, groups_ = 0; }

 private:
  int n_ = 0;
  std::uint64_t groups_ = 0;
};

}  // namespace hiradix
