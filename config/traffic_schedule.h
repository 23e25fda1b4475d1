// What the traffic keys describe (seed-000 §4.2, §4.3): the pattern of each phase (UN, ADV+i, ADVL, ADVC or
// a weighted mix), its offered load, and an optional change of pattern and/or load at a given cycle. The
// testbench draws destinations from it (testbench/traffic.h).
#pragma once
#include <string>
#include <vector>

#include "tlm/cycle.h"

namespace hiradix {

enum class PatternKind { kUniform, kAdversarial, kAdvLocal, kAdvConsecutive };

struct PatternComponent {
  PatternKind kind = PatternKind::kUniform;
  int offset = 1;       // ADV+i group offset (signed)
  double weight = 1.0;  // share of the terminal's load (MIX)
};

// What every terminal does during one traffic phase.
struct TrafficPhase {
  std::vector<PatternComponent> components;  // one entry unless MIX
  double load = 0.0;                         // offered load, phits/node/cycle
  std::string describe() const;
};

struct TrafficSchedule {
  TrafficPhase initial;
  bool has_change = false;
  Cycle change_at = 0;  // absolute cycle (warm-up + traffic.change.at)
  TrafficPhase after;
  const TrafficPhase& at(Cycle c) const { return has_change && c >= change_at ? after : initial; }
};

PatternKind parse_pattern(const std::string& name);  // un | adv | advl | advc
std::string to_string(PatternKind k);

}  // namespace hiradix
