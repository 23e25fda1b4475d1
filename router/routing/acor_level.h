// ACOR-Switch's level (seed-000 §3.10, docs/papers/seed-000-thesis.md "ACOR"): one level per router, used by
// every packet injected there, moved by the router's blocked injection heads (recomputations) with
// hysteresis. Levels are numbered 0 .. levels-1 here (the thesis' 1 .. L).
//
//   every `interval` cycles (HI) is one interval, the first starting at cycle 0
//   on each recomputation at this router:   blocked += 1
//                                           if level < top and blocked > IT[level]: level += 1  (at once)
//   at the end of each interval:            if level > 0 and blocked < DT[level - 1]: level -= 1
//                                           blocked = 0
//
// Choices where the thesis is silent (docs/decisions.md "ACOR"): `blocked` is not reset when the level
// rises mid-interval; a two-level sequence uses IT_1 and DT_1 only; the comparisons are strict, as written.
// The interval ends are applied lazily, when the level is next read or moved, so an idle router costs
// nothing; an interval without recomputations ends with blocked = 0, which lowers the level by one if
// DT > 0.
#pragma once
#include <algorithm>
#include <cstdint>

#include "tlm/cycle.h"

namespace hiradix {

struct AcorThresholds {
  int increase[2];  // IT_1 (level 1 -> 2), IT_2 (2 -> 3): blocked events in an interval above which it rises
  int decrease[2];  // DT_1 (2 -> 1), DT_2 (3 -> 2): blocked events in an interval below which it falls
  Cycle interval;   // HI, cycles
};

class AcorSwitchLevel {
 public:
  AcorSwitchLevel(int levels, const AcorThresholds& th) : top_(levels - 1), th_(th) {}

  // The level at cycle `now` (interval ends up to and including `now` applied).
  int level(Cycle now) {
    catch_up(now);
    return level_;
  }
  // A head blocked at one of the router's injection ports is recomputed at cycle `now`.
  void blocked(Cycle now) {
    catch_up(now);
    ++blocked_;
    if (level_ < top_ && blocked_ > th_.increase[level_]) ++level_;
  }
  int blocked_in_interval() const { return blocked_; }

 private:
  void catch_up(Cycle now) {
    const Cycle ends = now / th_.interval;  // interval ends at cycles interval, 2 * interval, ... <= now
    if (ends == intervals_done_) return;
    // After the first end every further interval saw no event: at most `top_` more ends can move the level.
    const Cycle steps = std::min<Cycle>(ends - intervals_done_, static_cast<Cycle>(top_) + 1);
    for (Cycle i = 0; i < steps; ++i) {
      if (level_ > 0 && blocked_ < th_.decrease[level_ - 1]) --level_;
      blocked_ = 0;
    }
    intervals_done_ = ends;
  }
  int top_;
  AcorThresholds th_;
  int level_ = 0;
  int blocked_ = 0;
  Cycle intervals_done_ = 0;
};

}  // namespace hiradix
