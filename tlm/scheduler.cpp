#include "tlm/scheduler.h"

namespace hiradix {

ActivityScheduler::ActivityScheduler(sc_core::sc_module_name name)
    : sc_core::sc_module(name), wheel_(kHorizon) {
  SC_THREAD(run);
}

void ActivityScheduler::file(Wakeable* w, Cycle c) {
  if (c - now_ < kHorizon) {
    if (pending_ == 0) work_arrived_.notify(sc_core::SC_ZERO_TIME);
    wheel_[c % kHorizon].push_back(w);
    ++pending_;
  } else {
    far_.push({c, far_order_++, w});
  }
}

Cycle ActivityScheduler::next_busy_cycle() {
  while (!far_.empty() && far_.top().cycle - now_ < kHorizon) {  // bring near wake-ups onto the wheel
    const Far f = far_.top();
    far_.pop();
    wheel_[f.cycle % kHorizon].push_back(f.w);
    ++pending_;
  }
  if (pending_ == 0) return far_.empty() ? kNever : far_.top().cycle;
  for (Cycle c = now_;; ++c)
    if (!wheel_[c % kHorizon].empty()) return c;
}

void ActivityScheduler::run() {
  for (;;) {
    const Cycle c = next_busy_cycle();
    if (c == kNever) {
      if (external_mode_) sc_core::wait(work_arrived_ | external_);
      else sc_core::wait(work_arrived_);
      now_ = now_cycle();
      continue;
    }
    if (c > now_) {
      if (external_mode_) sc_core::wait(cycles_to_time(c - now_), external_);  // or until a platform's request
      else sc_core::wait(cycles_to_time(c - now_));
      now_ = now_cycle();
      continue;  // far wake-ups may have come within the horizon
    }
    std::vector<Wakeable*>& bucket = wheel_[c % kHorizon];
    for (std::size_t i = 0; i < bucket.size(); ++i) {  // may grow while it runs
      Wakeable* w = bucket[i];
      --pending_;
      if (w->scheduled_ != c) continue;  // superseded by an earlier wake-up that already ran
      w->scheduled_ = kNever;
      w->tick(c);
    }
    bucket.clear();
  }
}

}  // namespace hiradix
