// The activity scheduler: one SystemC thread that advances the clock to the next cycle in which some
// router or NIC has work, and runs exactly those. A component asks to be woken at a cycle; an idle one is
// never run, so a router costs nothing in a cycle where it has no work (DESIGN §3.1).
//
// Wake-ups within the next kHorizon cycles go to a timing wheel (one bucket per cycle, O(1)); later ones
// wait in a heap until they come within the horizon. Components run in the order their wake-ups were
// filed, which is deterministic; the model does not depend on that order because every interaction between
// components crosses a link of latency >= 1.
#pragma once
#include <cstdint>
#include <queue>
#include <vector>

#include <systemc>

#include "tlm/cycle.h"

namespace hiradix {

class Wakeable {
 public:
  virtual ~Wakeable() = default;
  virtual void tick(Cycle now) = 0;

 private:
  friend class ActivityScheduler;
  Cycle scheduled_ = kNever;  // the earliest pending wake-up
};

class ActivityScheduler : public sc_core::sc_module {
 public:
  SC_HAS_PROCESS(ActivityScheduler);
  explicit ActivityScheduler(sc_core::sc_module_name name);

  // Runs `w` at cycle `c` (> the current cycle, or == it before the simulation starts). A later request
  // than one already pending is dropped: the component reconsiders everything each time it runs.
  void wake(Wakeable* w, Cycle c) {
    if (c >= w->scheduled_) return;
    w->scheduled_ = c;
    file(w, c);
  }
  Cycle now() const { return now_; }
  // A wake-up requested from outside the scheduled components (a process of a SystemC platform, at any
  // time during cycle now_cycle()): for a cycle after the current one. The first call switches the
  // scheduler to interruptible waits, so a platform's request is seen even while it waits for a later cycle;
  // runs that never call it keep the plain waits.
  void wake_external(Wakeable* w, Cycle c) {
    external_mode_ = true;
    wake(w, c);
    external_.notify(sc_core::SC_ZERO_TIME);
  }

 private:
  static constexpr Cycle kHorizon = 1024;
  struct Far {
    Cycle cycle;
    std::uint64_t order;
    Wakeable* w;
    bool operator>(const Far& o) const { return cycle != o.cycle ? cycle > o.cycle : order > o.order; }
  };
  void file(Wakeable* w, Cycle c);
  void run();
  Cycle next_busy_cycle();

  std::vector<std::vector<Wakeable*>> wheel_;
  std::priority_queue<Far, std::vector<Far>, std::greater<Far>> far_;
  std::uint64_t far_order_ = 0;
  std::size_t pending_ = 0;  // entries in the wheel
  Cycle now_ = 0;
  sc_core::sc_event work_arrived_;
  sc_core::sc_event external_;
  bool external_mode_ = false;
};

}  // namespace hiradix
