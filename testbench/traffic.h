// Synthetic traffic patterns (seed-000 §4.2, seed-003 §4) over the topology's domains (a Dragonfly's groups):
// UN, ADV+i, ADVL, ADVC and weighted mixes, with
// an optional change of pattern and/or load at a given cycle (transients, seed-000 §4.3).
#pragma once
#include <string>
#include <vector>

#include "router/rng.h"
#include "topology/topology.h"
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

// Picks a destination terminal for a packet of terminal `src`.
int pick_destination(const TrafficPhase& phase, const Topology& topo, int src, Rng& rng);

}  // namespace hiradix
