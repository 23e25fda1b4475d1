// The activity scheduler: one SystemC thread that advances the clock to the next cycle in which some
// router or NIC has work, and runs exactly those. A component asks to be woken at a cycle; an idle one is
// never run, so a router costs nothing in a cycle where it has no work (DESIGN §3.1).
//
// Wake-ups within the next kHorizon cycles go to a timing wheel (one bucket per cycle, O(1)); later ones
// wait in a heap until they come within the horizon. Components run in the order their wake-ups were
// filed, which is deterministic; the model does not depend on that order because every interaction between
// components crosses a link of latency >= 1.
//
// A partitioned run (sim.partitions) gives each partition a wheel of its own and runs them one after the
// other over windows of cycles no longer than the smallest latency of a link between partitions: what a
// partition sends to another in a window arrives after the window, so the partitions need not meet inside
// it. At each window's end the messages that crossed are delivered (tlm/cut_links.h). This is the
// conservative parallel kernel's structure. With sim.threads the partitions of a window run on several
// threads (contiguous blocks of partitions, tlm/window_threads.h): a partition touches only its own
// components inside a window, so the results are those of one thread.
#pragma once
#include <cstdint>
#include <memory>
#include <queue>
#include <vector>

#include <systemc>

#include "tlm/cycle.h"
#include "tlm/partition_memory.h"
#include "tlm/window_threads.h"

namespace hiradix {

class Wakeable {
 public:
  virtual ~Wakeable() = default;
  virtual void tick(Cycle now) = 0;
  // The partition that runs it (sim.partitions; 0 without): the packet pool's free list it uses.
  int partition() const { return static_cast<int>(partition_); }
  Cycle scheduled() const { return scheduled_; }  // its pending wake-up (kNever: none)

 private:
  friend class ActivityScheduler;
  friend class WakeWheel;
  Cycle scheduled_ = kNever;   // the earliest pending wake-up
  std::uint32_t partition_ = 0;  // the wheel that runs it (a partitioned run's partition, else 0)
  // Its place on the wheel (WakeWheel): the bucket it is in (kOffWheel: none) and its neighbours there. On the
  // line of scheduled_, which a wake-up writes anyway.
  static constexpr std::uint32_t kOffWheel = ~std::uint32_t{0};
  std::uint32_t bucket_ = kOffWheel;
  Wakeable* next_ = nullptr;
  Wakeable* prev_ = nullptr;
};

// One wheel of wake-ups: the next kHorizon cycles counted from at(), one bucket per cycle, and a heap of
// later ones. 256 cycles hold the longest link of the reference configs (100) with a packet's
// serialization. A bucket is a list threaded through the components themselves (Wakeable's next_, prev_):
// filing a wake-up writes the component's own line, which the wake-up writes anyway, and a bucket's two
// pointers; as vectors, a bucket's storage was a cold line at each window of a large network, a miss at
// nearly every filing (docs/benchmark.md). A component is in at most one bucket: an earlier wake-up moves
// it.
class WakeWheel {
 public:
  static constexpr Cycle kHorizon = 256;
  WakeWheel() : wheel_(kHorizon), hints_(kHorizon) {}

  Cycle at() const { return at_; }
  void set_at(Cycle c) { at_ = c; }  // the cycle running, or the first that may run (<= every wake-up)
  // Files `w` for cycle `c` (>= at(), earlier than a wake-up of `w` already filed: see ActivityScheduler::wake);
  // true when it is the only wake-up within the horizon (the wheel was empty).
  bool file(Wakeable* w, Cycle c);
  // The first cycle >= at() with a wake-up (kNever: none), after bringing the heap's near ones onto the wheel.
  Cycle next_busy();
  // Runs the components woken for cycle `c` (== at()), in the order they were filed.
  void run(Cycle c);
  // Brings onto the wheel the heap's wake-ups before `end` (<= at() + kHorizon).
  void bring_before(Cycle end);
  bool bucket_empty(Cycle c) const { return wheel_[c % kHorizon].head == nullptr; }
  // A line a component will read first thing at cycle `c` (a head's packet, told when the head is sent to
  // it): prefetched while the cycle before runs, so that the miss overlaps other work (docs/benchmark.md,
  // "A head's packet fetched the cycle before it arrives"). Only a hint: one beyond the horizon, or past
  // kHints for its cycle, is dropped, and a prefetch reads nothing the simulation sees.
  void hint(const void* line, Cycle c) {
    if (c - at_ >= kHorizon) return;
    Hints& h = hints_[c % kHorizon];
    if (h.n < kHints) h.line[h.n++] = line;
  }
  // Prefetches the lines hinted for cycle `c` and forgets them.
  void prefetch_hints(Cycle c) {
    Hints& h = hints_[c % kHorizon];
    for (std::uint32_t i = 0; i < h.n; ++i) __builtin_prefetch(h.line[i], 0, 3);
    h.n = 0;
  }
  // Every pending wake-up, in filing order within each cycle, taken off the wheel (to file elsewhere).
  std::vector<Wakeable*> take_all();

 private:
  struct Bucket {
    Wakeable* head = nullptr;
    Wakeable* tail = nullptr;
  };
  void link(Wakeable* w, Cycle c);  // at the end of c's bucket
  void unlink(Wakeable* w);
  struct Far {
    Cycle cycle;
    std::uint64_t order;
    Wakeable* w;
    bool operator>(const Far& o) const { return cycle != o.cycle ? cycle > o.cycle : order > o.order; }
  };
  std::vector<Bucket> wheel_;
  // Per cycle of the horizon, the hinted lines: two cache lines a cycle.
  static constexpr std::uint32_t kHints = 15;
  struct alignas(64) Hints {
    const void* line[kHints] = {};
    std::uint32_t n = 0;
  };
  std::vector<Hints> hints_;
  // Wake-ups beyond the horizon; an entry whose component has been filed again since (its scheduled_ is
  // another cycle, or it is on the wheel already) is dropped when it comes near.
  std::priority_queue<Far, std::vector<Far>, std::greater<Far>> far_;
  std::uint64_t far_order_ = 0;
  std::size_t pending_ = 0;  // components on the wheel
  Cycle at_ = 0;
};

// What a partitioned run exchanges at the end of each window: the messages of the links between
// partitions (tlm/cut_links.h), each partition's on the thread that runs it, then what one thread does
// for all.
class WindowExchange {
 public:
  virtual ~WindowExchange() = default;
  virtual void deliver(int partition) = 0;
  virtual void exchange() = 0;
  // Under MPI ranks, on one thread once every partition of this rank has run the window and before any
  // delivery: the messages between this rank's partitions and the others' (tlm/ranks.h).
  virtual void between_ranks() {}
};

class ActivityScheduler : public sc_core::sc_module {
 public:
  SC_HAS_PROCESS(ActivityScheduler);
  explicit ActivityScheduler(sc_core::sc_module_name name);

  // Runs `w` at cycle `c` (> the current cycle, or == it before the simulation starts). A later request
  // than one already pending is dropped: the component reconsiders everything each time it runs.
  void wake(Wakeable* w, Cycle c) {
    if (c >= w->scheduled_) return;
    file(w, c);
  }
  // `line` will be read by `w` first thing at cycle `c` (WakeWheel::hint), in `w`'s partition.
  void hint(const Wakeable* w, const void* line, Cycle c) { wheels_[w->partition_].hint(line, c); }
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

  // A partitioned run, set before the simulation starts: `w` runs in partition `p`; then the run is cut into
  // `partitions` with windows of at most `lookahead` cycles and `exchange` at each window's end. The
  // wake-ups already filed move to their partition's wheel.
  void assign(Wakeable* w, int p) { w->partition_ = static_cast<std::uint32_t>(p); }
  void partition(int partitions, Cycle lookahead, WindowExchange* exchange);
  // Memory partition `p`'s components use (their arena spans): prefetched during the window of the partition
  // its thread runs before it (tlm/partition_memory.h). After partition().
  void add_memory(int p, const std::vector<ArenaSpan>& spans) { memory_[static_cast<std::size_t>(p)].add(spans); }
  int partitions() const { return static_cast<int>(wheels_.size()); }
  Cycle lookahead() const { return lookahead_; }
  // A partitioned window never reaches cycle `c` unless it starts there: the driver sets the end of each
  // sc_start (tools/run/simulation.cpp), so that what it does between two of them (the end of warm-up, a
  // sample) sees every partition at the same cycle. Unset (0), every window is one cycle.
  void set_window_limit(Cycle c) { window_limit_ = c; }
  std::uint64_t windows() const { return windows_; }  // windows run by a partitioned run
  // Under MPI ranks (tlm/ranks.h) this process runs partitions [first, last) only, and the windows start
  // at the earliest busy cycle of every rank's; before set_threads and the run.
  void set_owned(int first, int last) {
    first_owned_ = first;
    last_owned_ = last;
  }
  // Runs each window's partitions on `threads` threads (at most one per partition it runs); before the run.
  void set_threads(int threads);
  int threads() const { return threads_ ? threads_->threads() : 1; }

 private:
  void file(Wakeable* w, Cycle c);
  void run();
  void run_partitioned();
  // Partition's wheel over [c, end), prefetching partition `next`'s memory meanwhile.
  void run_window(int partition, Cycle c, Cycle end, int next);
  void wait_for(Cycle c);  // SystemC time to cycle c (kNever: until work or a platform's request arrives)
  Cycle window_end(Cycle c) const;

  std::vector<WakeWheel> wheels_;  // one per partition (one without partitions)
  std::vector<PartitionMemory> memory_;  // per partition (add_memory)
  Cycle now_ = 0;
  sc_core::sc_event work_arrived_;
  sc_core::sc_event external_;
  bool external_mode_ = false;
  // Partitioned runs.
  WindowExchange* exchange_ = nullptr;
  Cycle lookahead_ = 1;
  Cycle window_limit_ = 0;
  bool waiting_ = false;  // the partitioned loop waits for work (only then does a filing notify it)
  Cycle window_end_ = 0;
  std::unique_ptr<WindowThreads> threads_;  // sim.threads > 1
  std::uint64_t windows_ = 0;
  int first_owned_ = 0, last_owned_ = -1;   // the partitions this process runs (-1: all)
};

}  // namespace hiradix
