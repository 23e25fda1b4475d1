// What the traffic keys describe (seed-000 §4.2, §4.3): the pattern of each phase (UN, ADV+i, ADVL, ADVC, a
// permutation or a weighted mix), its offered load, and an optional change of pattern and/or load at a given
// cycle. The testbench draws destinations from it (testbench/traffic.h).
#pragma once
#include <string>
#include <vector>

#include "tlm/cycle.h"

namespace hiradix {

// The permutations (transpose .. random_permutation) send every packet of a node to one node, the same for
// the whole run (config/permutation_patterns.h has their definitions and where each is defined).
enum class PatternKind {
  kUniform, kAdversarial, kAdvLocal, kAdvConsecutive,
  kTranspose, kBitReverse, kBitComplement, kShuffle, kTornado, kNeighbor, kRandomPermutation
};
inline constexpr int kPermutationPatterns = 7;  // kTranspose .. kRandomPermutation
inline bool is_permutation(PatternKind k) { return k >= PatternKind::kTranspose; }
// A permutation's index in [0, kPermutationPatterns), for per-permutation arrays.
inline int permutation_index(PatternKind k) { return static_cast<int>(k) - static_cast<int>(PatternKind::kTranspose); }

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
  bool has_permutation() const {
    for (const PatternComponent& c : components)
      if (is_permutation(c.kind)) return true;
    return false;
  }
};

struct TrafficSchedule {
  TrafficPhase initial;
  bool has_change = false;
  Cycle change_at = 0;  // absolute cycle (warm-up + traffic.change.at)
  TrafficPhase after;
  const TrafficPhase& at(Cycle c) const { return has_change && c >= change_at ? after : initial; }
};

// The names of the patterns in the config (traffic.pattern without mix), in PatternKind's order: un, adv,
// advl, advc, transpose, bit_reverse, bit_complement, shuffle, tornado, neighbor, random_permutation.
const std::vector<std::string>& pattern_names();
PatternKind parse_pattern(const std::string& name);  // one of pattern_names()
std::string to_string(PatternKind k);

}  // namespace hiradix
