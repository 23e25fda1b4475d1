// SASHA's XmitWait-like counter (routing.sasha_metric: xmit_wait; seed 001 §4, docs/papers/seed-001-sasha-osha.md):
// InfiniBand's PortVLXmitWait counts, per VL, the cycles in which the port had data to send on that VL and
// could not for lack of credits; SASHA's connection manager reads it over a short interval and sends the
// next packet in the VN of the lowest count. Here, per VN of one source NIC: the cycles in which the NIC's
// packet (head or a later flit) was to go on that VN and no injection VC of the VN had room for its flit.
//
// Intervals are the fixed windows [m * I, (m + 1) * I) of the run's cycles (I = routing.sasha_interval); the
// value read in window m is the count of window m - 1, the last complete one (as a CM polling and clearing
// the counter every I cycles sees it), 0 in window 0. The NIC does not run in cycles where nothing changes,
// so the counter is told when a wait starts (blocked) and when it ends (sent), and splits the span over the
// windows it covers when it is read or rolls over: no work per waiting cycle.
#pragma once
#include <array>
#include <cstdint>

#include "tlm/cycle.h"
#include "tlm/packet.h"

namespace hiradix {

class XmitWaitCounter {
 public:
  explicit XmitWaitCounter(Cycle interval) : interval_(interval) {}

  // In cycle `now` the NIC's flit of VN `vn` could not go for lack of credits (a wait of `vn` starts, or
  // goes on; one of another VN ends). Calls in cycle order.
  void blocked(int vn, Cycle now) {
    roll(now);
    if (open_ == vn) return;
    end_open(now);
    open_ = vn;
    open_from_ = now;
  }
  // In cycle `now` a flit left: a wait ends (it counted the cycles before `now`).
  void sent(Cycle now) {
    roll(now);
    end_open(now);
  }
  // The count of VN `vn` over the last complete interval before `now`'s.
  std::uint32_t value(int vn, Cycle now) {
    roll(now);
    return last_[static_cast<std::size_t>(vn)];
  }
  // The count of VN `vn` so far in `now`'s interval (tests, traces).
  std::uint32_t current(int vn, Cycle now) {
    roll(now);
    std::uint32_t c = cur_[static_cast<std::size_t>(vn)];
    if (open_ == vn) c += static_cast<std::uint32_t>(now - open_from_);
    return c;
  }
  Cycle interval() const { return interval_; }

 private:
  void end_open(Cycle now) {
    if (open_ < 0) return;
    cur_[static_cast<std::size_t>(open_)] += static_cast<std::uint32_t>(now - open_from_);
    open_ = -1;
  }
  // Moves to `now`'s window: an open wait's part in the closing window is counted there, the closing
  // window's counts become the last complete ones (or, if whole windows passed, the last of those: full
  // for a wait open across it, else 0). Invariant: an open wait's uncounted part starts in window_.
  void roll(Cycle now) {
    const Cycle m = now / interval_;
    if (m == window_) return;
    const Cycle end = (window_ + 1) * interval_;
    if (open_ >= 0) cur_[static_cast<std::size_t>(open_)] += static_cast<std::uint32_t>(end - open_from_);
    if (m == window_ + 1) {
      last_ = cur_;
    } else {
      last_.fill(0);
      if (open_ >= 0) last_[static_cast<std::size_t>(open_)] = static_cast<std::uint32_t>(interval_);
    }
    cur_.fill(0);
    window_ = m;
    open_from_ = m * interval_;
  }

  Cycle interval_;
  Cycle window_ = 0;     // the window cur_ counts
  int open_ = -1;        // the VN of the wait going on, -1 none
  Cycle open_from_ = 0;  // its first cycle not yet in cur_
  std::array<std::uint32_t, kMaxVirtualNetworks> cur_{};
  std::array<std::uint32_t, kMaxVirtualNetworks> last_{};
};

}  // namespace hiradix
