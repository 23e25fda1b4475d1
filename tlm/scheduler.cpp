#include "tlm/scheduler.h"

#include <algorithm>
#include <stdexcept>
#include <string>

#include "tlm/ranks.h"

namespace hiradix {

namespace {
constexpr std::uint32_t kNoPartition = ~0u;
// The partition whose window this thread runs (kNoPartition outside windows).
thread_local std::uint32_t running = kNoPartition;
}  // namespace

bool WakeWheel::file(Wakeable* w, Cycle c) {
  w->scheduled_ = c;
  if (w->bucket_ != Wakeable::kOffWheel) unlink(w);  // a later wake-up, superseded by this one
  if (c - at_ < kHorizon) {
    const bool was_empty = pending_ == 0;
    link(w, c);
    return was_empty;
  }
  far_.push({c, far_order_++, w});
  return false;
}

void WakeWheel::link(Wakeable* w, Cycle c) {
  Bucket& b = wheel_[c % kHorizon];
  w->bucket_ = static_cast<std::uint32_t>(c % kHorizon);
  w->next_ = nullptr;
  w->prev_ = b.tail;
  if (b.tail) b.tail->next_ = w;
  else b.head = w;
  b.tail = w;
  ++pending_;
}

void WakeWheel::unlink(Wakeable* w) {
  Bucket& b = wheel_[w->bucket_];
  (w->prev_ ? w->prev_->next_ : b.head) = w->next_;
  (w->next_ ? w->next_->prev_ : b.tail) = w->prev_;
  w->bucket_ = Wakeable::kOffWheel;
  --pending_;
}

void WakeWheel::bring_before(Cycle end) {
  while (!far_.empty() && far_.top().cycle < end) {
    const Far f = far_.top();
    far_.pop();
    if (f.w->scheduled_ == f.cycle && f.w->bucket_ == Wakeable::kOffWheel) link(f.w, f.cycle);  // else superseded
  }
}

Cycle WakeWheel::next_busy() {
  bring_before(at_ + kHorizon);
  if (pending_ == 0) return far_.empty() ? kNever : far_.top().cycle;
  for (Cycle c = at_;; ++c)
    if (wheel_[c % kHorizon].head) return c;
}

void WakeWheel::run(Cycle c) {
  Bucket& b = wheel_[c % kHorizon];
  while (Wakeable* w = b.head) {  // the bucket may grow while it runs
    unlink(w);
    w->scheduled_ = kNever;
    w->tick(c);
  }
}

std::vector<Wakeable*> WakeWheel::take_all() {
  std::vector<Wakeable*> all;
  for (Cycle c = at_; c < at_ + kHorizon; ++c)
    while (Wakeable* w = wheel_[c % kHorizon].head) {
      all.push_back(w);
      unlink(w);
    }
  for (; !far_.empty(); far_.pop()) all.push_back(far_.top().w);
  return all;
}

ActivityScheduler::ActivityScheduler(sc_core::sc_module_name name) : sc_core::sc_module(name), wheels_(1) {
  SC_THREAD(run);
}

void ActivityScheduler::file(Wakeable* w, Cycle c) {
  // Inside a window a partition may wake only its own components: another's may have run past `c` already.
  if (running != kNoPartition && w->partition_ != running && c < window_end_)
    throw std::logic_error("a component woke another partition's for cycle " + std::to_string(c) +
                           ", inside the window (its wake-up must cross a link between partitions)");
  if (wheels_[w->partition_].file(w, c) && (wheels_.size() == 1 || waiting_)) work_arrived_.notify(sc_core::SC_ZERO_TIME);
}

void ActivityScheduler::partition(int partitions, Cycle lookahead, WindowExchange* exchange) {
  if (partitions < 1 || lookahead < 1) throw std::logic_error("a partitioned run needs partitions and a lookahead >= 1");
  std::vector<Wakeable*> filed = wheels_[0].take_all();
  wheels_.assign(static_cast<std::size_t>(partitions), WakeWheel{});
  memory_.assign(static_cast<std::size_t>(partitions), PartitionMemory{});
  for (WakeWheel& w : wheels_) w.set_at(now_);
  lookahead_ = std::min(lookahead, WakeWheel::kHorizon);
  exchange_ = exchange;
  for (Wakeable* w : filed) {
    if (w->partition_ >= wheels_.size()) throw std::logic_error("a component was assigned a partition the run does not have");
    if (w->scheduled_ != kNever) wheels_[w->partition_].file(w, w->scheduled_);
  }
}

void ActivityScheduler::wait_for(Cycle c) {
  if (c == kNever) {
    if (external_mode_) sc_core::wait(work_arrived_ | external_);
    else sc_core::wait(work_arrived_);
  } else if (external_mode_) {
    sc_core::wait(cycles_to_time(c - now_), external_);  // or until a platform's request
  } else {
    sc_core::wait(cycles_to_time(c - now_));
  }
  now_ = now_cycle();
}

void ActivityScheduler::run() {
  if (wheels_.size() > 1) return run_partitioned();
  WakeWheel& wheel = wheels_[0];
  for (;;) {
    wheel.set_at(now_);
    const Cycle c = wheel.next_busy();
    if (c > now_) {  // far wake-ups may have come within the horizon meanwhile
      wait_for(c);
      continue;
    }
    wheel.prefetch_hints(c);
    wheel.prefetch_hints(c + 1);
    wheel.run(c);
  }
}

// The window starting at `c` (a cycle with work): up to the lookahead, not past the driver's limit nor the
// next activity of another SystemC process (the watchdog, a sample), which must see every partition at the
// same cycle.
Cycle ActivityScheduler::window_end(Cycle c) const {
  // Another process runs at this cycle too, or has stopped the simulation (the watchdog's deadlock report):
  // as without partitions, only this cycle runs before it looks or the run ends.
  if (sc_core::sc_pending_activity_at_current_time() || sc_core::sc_get_curr_simcontext()->sim_status() != sc_core::SC_SIM_OK)
    return c + 1;
  Cycle end = std::min(c + lookahead_, std::max(window_limit_, c + 1));
  if (sc_core::sc_pending_activity_at_future_time()) {
    const Cycle other = now_ + sc_core::sc_time_to_pending_activity().value() / cycle_period().value();
    end = std::min(end, std::max(other, c + 1));
  }
  return end;
}

void ActivityScheduler::set_threads(int threads) {
  if (last_owned_ < 0) last_owned_ = partitions();
  threads = std::min(threads, last_owned_ - first_owned_);
  threads_ = threads > 1 ? std::make_unique<WindowThreads>(threads) : nullptr;
}

void ActivityScheduler::run_window(int partition, Cycle c, Cycle end, int next) {
  WakeWheel& w = wheels_[static_cast<std::size_t>(partition)];
  PacedPrefetch prefetch;
  prefetch.start(memory_[static_cast<std::size_t>(next)], end - c);
  running = static_cast<std::uint32_t>(partition);
  w.set_at(c);
  w.bring_before(end);
  for (Cycle x = c; x < end; ++x) {
    prefetch.step();
    // The lines hinted for x + 1 load while x runs; those for x came after x - 1 had taken its own (a
    // 1-cycle link) or at the window's start. The window's last cycle leaves the next one's for its start.
    w.prefetch_hints(x);
    if (x + 1 < end) w.prefetch_hints(x + 1);
    if (w.bucket_empty(x)) continue;
    w.set_at(x);
    w.run(x);
  }
  running = kNoPartition;
}

void ActivityScheduler::run_partitioned() {
  Cycle from = now_;  // the first cycle no partition has run
  Cycle c = 0, end = 0;
  if (last_owned_ < 0) last_owned_ = partitions();
  Ranks& world = ranks();
  // Thread t's partitions: a contiguous block of this process's, the same for every window.
  const auto first_of = [this](int t) { return first_owned_ + t * (last_owned_ - first_owned_) / threads(); };
  const auto for_block = [&](int t, auto&& f) {
    for (int p = first_of(t); p < first_of(t + 1); ++p) f(p);
  };
  // Each partition's window prefetches the next one of its thread, the last the first (for the next window).
  const std::function<void(int)> block = [&](int t) {
    for_block(t, [&](int p) { run_window(p, c, end, p + 1 < first_of(t + 1) ? p + 1 : first_of(t)); });
  };
  // Then what crossed into them (every partition has finished the window: its outboxes are complete).
  const std::function<void(int)> deliver = [&](int t) {
    for_block(t, [&](int p) {
      wheels_[static_cast<std::size_t>(p)].set_at(end);
      exchange_->deliver(p);  // for their arrival (>= end)
    });
  };
  for (;;) {
    c = kNever;
    for (int p = first_owned_; p < last_owned_; ++p) {
      WakeWheel& w = wheels_[static_cast<std::size_t>(p)];
      w.set_at(std::max(from, now_));
      c = std::min(c, w.next_busy());
    }
    if (world.size() > 1) c = world.min(c);
    if (c > now_) {
      waiting_ = true;
      wait_for(c);
      waiting_ = false;
      continue;
    }
    end = window_end(c);
    window_end_ = end;
    if (threads_) threads_->run(block);
    else block(0);  // one partition after the other over the window
    if (world.size() > 1) exchange_->between_ranks();
    if (threads_) threads_->run(deliver);
    else deliver(0);
    ++windows_;
    exchange_->exchange();
    from = end;
  }
}

}  // namespace hiradix
