// What the traffic keys describe (seed-000 §4.2, §4.3): the pattern of each phase (UN, ADV+i, ADVL, ADVC, a
// permutation, hotspot or zipf (seed-001 §4, config/skewed_patterns.h) or a weighted mix), its offered load,
// and an optional change of pattern and/or load at a given cycle. The testbench draws destinations from it
// (testbench/traffic.h).
#pragma once
#include <memory>
#include <string>
#include <vector>

#include "config/trace_file.h"

#include "tlm/cycle.h"

namespace hiradix {

// The permutations (transpose .. random_permutation) send every packet of a node to one node, the same for
// the whole run (config/permutation_patterns.h has their definitions and where each is defined).
enum class PatternKind {
  kUniform, kAdversarial, kAdvLocal, kAdvConsecutive,
  kTranspose, kBitReverse, kBitComplement, kShuffle, kTornado, kNeighbor, kRandomPermutation,
  kHotspot, kZipf,  // seed-001 §4.2, §4.1 (config/skewed_patterns.h)
  kTrace            // replay of traffic.trace_file (config/trace_file.h)
};
inline constexpr int kPermutationPatterns = 7;  // kTranspose .. kRandomPermutation
inline bool is_permutation(PatternKind k) { return k >= PatternKind::kTranspose && k <= PatternKind::kRandomPermutation; }
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
  bool uses(PatternKind kind) const {
    for (const PatternComponent& c : components)
      if (c.kind == kind) return true;
    return false;
  }
  // A pattern that draws from the run's tables (testbench/traffic.h): a permutation, hotspot or zipf.
  bool needs_tables() const { return has_permutation() || uses(PatternKind::kHotspot) || uses(PatternKind::kZipf); }
};

struct TrafficSchedule {
  TrafficPhase initial;
  bool has_change = false;
  Cycle change_at = 0;  // absolute cycle (warm-up + traffic.change.at)
  TrafficPhase after;
  // Bursty repetitive traffic (seed-004 §3.7; traffic.change.period, traffic.change.burst): from change_at on,
  // every `period` cycles the `after` phase for `burst` cycles, then `initial` again for the rest of the
  // period (0 < burst < period). period 0: one change for good.
  Cycle period = 0;
  Cycle burst = 0;
  // With a period, bursts whose pattern varies (seed-004 §3.7 Fig. 17b; traffic.change.patterns): burst i
  // (from 0) is bursts[i % size], the pattern changing at burst boundaries only. Empty: every burst is
  // `after`, so the default costs one test of a bool in a burst and nothing else; given, `after` is
  // bursts[0] (its load is every burst's).
  std::vector<TrafficPhase> bursts;
  const TrafficPhase& at(Cycle c) const {
    if (!has_change || c < change_at) return initial;
    if (period == 0) return after;
    const Cycle since = c - change_at;
    if (since % period >= burst) return initial;
    return bursts.empty() ? after : bursts[static_cast<std::size_t>(since / period % bursts.size())];
  }
  // The first cycle after `from` at which the phase changes; kNever if it never does again.
  Cycle next_change(Cycle from) const {
    if (!has_change) return kNever;
    if (from < change_at) return change_at;
    if (period == 0) return kNever;
    const Cycle into = (from - change_at) % period;
    return from - into + (into < burst ? burst : period);
  }
  bool uses(PatternKind kind) const {
    if (initial.uses(kind) || (has_change && after.uses(kind))) return true;
    for (const TrafficPhase& b : bursts)
      if (b.uses(kind)) return true;
    return false;
  }
  // hotspot (seed-001 §4.2; traffic.hotspot_fraction, traffic.hotspot_nodes): the share of each source's
  // packets that go to the hot nodes (sorted, distinct), the rest uniform over the other nodes.
  double hotspot_fraction = 0.25;
  std::vector<int> hotspot_nodes{0};
  // traffic.hotspot_mode sources (seed-001 §4.2's scenario, config/skewed_patterns.h): the fraction picks
  // whole sources, which send every packet to the hot nodes, instead of a share of every source's packets.
  bool hotspot_by_source = false;
  // zipf (seed-001 §4.1; traffic.zipf_exponent): the exponent s of P(rank i) ∝ i^-s.
  double zipf_exponent = 1.0;
  // traffic.process on_off: each NIC alternates ON and OFF periods of geometric lengths, means on_cycles and
  // off_cycles, and generates only while ON, at a phase's load times on_scale(), so that the average offered
  // load is the phase's (testbench/nic.h). Otherwise (bernoulli) it generates at the load every cycle.
  bool on_off = false;
  double on_cycles = 100;
  double off_cycles = 100;
  double on_scale() const { return (on_cycles + off_cycles) / on_cycles; }
  // traffic.pattern: trace: the messages of traffic.trace_file, which set every packet's creation cycle and
  // destination instead of a load and a pattern (shared: a Config is copied).
  std::shared_ptr<const std::vector<TraceMessage>> trace;
};

// The names of the patterns in the config (traffic.pattern without mix), in PatternKind's order: un, adv,
// advl, advc, transpose, bit_reverse, bit_complement, shuffle, tornado, neighbor, random_permutation,
// hotspot, zipf, trace.
const std::vector<std::string>& pattern_names();
PatternKind parse_pattern(const std::string& name);  // one of pattern_names()
std::string to_string(PatternKind k);

}  // namespace hiradix
