// Synthetic traffic patterns (seed-000 §4.2, seed-003 §4) over the topology's domains (a Dragonfly's groups),
// the permutations (config/permutation_patterns.h) and the skewed patterns hotspot and zipf (seed-001 §4,
// config/skewed_patterns.h): the destination of each packet, drawn from the phase the schedule
// (config/traffic_schedule.h) is in.
#pragma once
#include <array>
#include <cstdint>
#include <vector>

#include <nlohmann/json.hpp>

#include "config/skewed_patterns.h"
#include "config/traffic_schedule.h"
#include "router/common/rng.h"
#include "topology/topology.h"
#include "tlm/cycle.h"

namespace hiradix {

// The destination tables of the permutation patterns a schedule uses (either phase, mixes included),
// computed once per run: random_permutation's drawn from the seed; and those of hotspot (the hot and the
// cold nodes) and zipf (the rank CDF and every source's ranking) when the schedule uses them.
class PermutationTables {
 public:
  PermutationTables() = default;  // no permutation
  PermutationTables(const TrafficSchedule& schedule, const Topology& topo, std::uint64_t seed);
  // The destination of every node under `kind`; empty unless the schedule uses it.
  const std::vector<int>& table(PatternKind kind) const { return tables_[static_cast<std::size_t>(permutation_index(kind))]; }
  bool empty() const;
  // Per pattern used, the nodes that are their own destination and so send none of its packets:
  // {"transpose": 8} (result.json's permutation_fixed_points).
  nlohmann::json fixed_points_json() const;
  // hotspot: the hot nodes and the others, each sorted; the share of a source's packets to the hot ones.
  const std::vector<int>& hot_nodes() const { return hot_; }
  const std::vector<int>& cold_nodes() const { return cold_; }
  double hot_fraction() const { return hot_fraction_; }
  // traffic.hotspot_mode sources: whole sources go to the hot nodes (hotspot_sources, ascending) rather
  // than a share of every source's packets.
  bool hot_by_source() const { return hot_by_source_; }
  const std::vector<int>& hot_sources() const { return hot_sources_; }
  // zipf: P(rank <= r + 1) for r = 0 .. N − 2, and the rankings (empty unless the schedule uses zipf).
  const std::vector<double>& zipf_cdf() const { return zipf_cdf_; }
  const ZipfRanking& zipf_ranking() const { return zipf_ranking_; }
  // trace: node n's messages, by cycle (file order among equal cycles), are [trace_begin(n), trace_begin(n + 1)).
  const TraceMessage* trace_begin(int node) const { return trace_.data() + trace_start_[static_cast<std::size_t>(node)]; }

 private:
  std::array<std::vector<int>, kPermutationPatterns> tables_;
  std::vector<int> hot_, cold_;
  double hot_fraction_ = 0;
  bool hot_by_source_ = false;
  std::vector<int> hot_sources_;
  std::vector<double> zipf_cdf_;
  ZipfRanking zipf_ranking_;
  std::vector<TraceMessage> trace_;      // sorted by source, then cycle
  std::vector<std::size_t> trace_start_;  // per node, and one past the last
};

// What the patterns need to know of a source node and of the topology's domains, looked up once (a NIC
// keeps it) rather than per packet: each is a virtual call of the topology.
struct TrafficSource {
  TrafficSource(const Topology& topo, int node, const PermutationTables* permutations = nullptr);
  int node;
  int router;            // of the node's NIC 0
  int domain;            // that router's
  int nodes;
  int domains;
  int nodes_per_domain;
  // Per permutation (permutation_index): this node's destination; kNoPacket where it is its own (a fixed
  // point, which sends nothing) or the tables have no such pattern.
  std::array<int, kPermutationPatterns> partner;
  // hotspot: where this node is in the hot and cold lists (-1: not there), so that a draw skips it.
  int hot_self = -1;
  int cold_self = -1;
  // hotspot under traffic.hotspot_mode sources: this node sends every packet to the hot nodes.
  bool hot_source = false;
  // The run's tables (hotspot, zipf); null without them.
  const PermutationTables* tables = nullptr;
};

// What pick_destination returns for a packet that is not sent: a permutation maps its source to itself.
inline constexpr int kNoPacket = -1;

// Picks a destination terminal for a packet of terminal `src` (kNoPacket: none, see above).
int pick_destination(const TrafficPhase& phase, const Topology& topo, const TrafficSource& src, Rng& rng);
// The same without the run's tables: throws std::invalid_argument for a phase that needs them (a
// permutation, hotspot or zipf).
int pick_destination(const TrafficPhase& phase, const Topology& topo, int src, Rng& rng);

}  // namespace hiradix
