// A source node's side of DRB and PR-DRB (seed 004 §3.5, §3.8, §4.1.2.2-§4.1.2.3, Tables 3-4;
// docs/papers/seed-004-prdrb.md): per destination a MetaPath of multi-step paths (MSPs) source -> IN1 -> IN2
// -> destination, each with the latency its last ACK brought back, the original path (IN1 = source router,
// IN2 = destination router) always among them.
//  - Selection (Eq. 8): a message takes MSP i with probability (1 / L_i) / sum_j (1 / L_j).
//  - Configuration, on each ACK (Table 3): L(MP) = 1 / sum_i (1 / L_i) (Eq. 6), compared with the same sum
//    over the paths' zero-load latencies, L0(MP) (PathTiming; the thesis gives no threshold values, and one
//    latency threshold for every pair would open paths between far nodes of an idle network, while Eq. 6
//    alone lowers L(MP) with every path opened, improved or not: the ratio removes both). L(MP) above
//    routing.drb_high percent of L0(MP) opens one path -- the next candidate, and none again until that
//    one's first ACK has come back ("one path at a time, evaluating its effect", §5.3); below routing.drb_low
//    percent the slowest path other than the original one closes. A path starts with its zero-load latency
//    times the MetaPath's ratio of the moment it opens (the thesis gives no initial value).
//  - Candidates (the thesis gives no IN-selection function, §3.5.1 [GAP]): IN1 among the routers within
//    routing.drb_supernode hops of the source's router, IN2 within as many of the destination's, a pair whose
//    two routers both lie on the original path skipped (its MSP is the original path), the rest by MSP length
//    (Eq. 1), then IN1, then IN2.
//  - PR-DRB: an ACK carrying contending flows makes them the MetaPath's congestion pattern. Above the high
//    threshold a saved solution for that pattern, if any, is installed whole (once per congestion: if it does
//    not help, opening goes on as DRB's). The first time the MetaPath contracts after growing, its paths and
//    their latencies are saved as that pattern's solution (Table 3: "closing paths triggers saving"). The
//    database of the node holds routing.prdrb_solutions of them. A pattern
//    matches a saved one of the same destination that shares a flow with it (the thesis leaves the matching
//    open, §1.7 [GAP]); of several, the one sharing the most, then the most recently used. A full database
//    replaces the least recently used solution or, under routing.prdrb_replacement fifo, the first saved.
#pragma once
#include <array>
#include <cstdint>
#include <unordered_map>
#include <vector>

#include "router/common/path_header.h"
#include "router/common/rng.h"
#include "router/routing/metapath_params.h"
#include "topology/mesh.h"

namespace hiradix {

class MetaPathSource {
 public:
  static constexpr int kMaxPaths = 8;  // routing.drb_paths' bound

  struct Counts {
    std::uint64_t acks = 0;       // ACKs taken
    // Over them: the waits the routers added to the headers, and the latencies beyond their paths' zero-load
    // latency (the waits are part of it: a packet also queues in output queues); ACKs of a latency below it
    // (none, if PathTiming is the network's).
    std::uint64_t waited = 0, excess = 0, below_zero_load = 0;
    std::uint64_t opened = 0;     // paths opened one by one (DRB's search)
    std::uint64_t closed = 0;     // paths closed
    std::uint64_t installed = 0;  // PR-DRB: saved solutions installed (database hits)
    std::uint64_t misses = 0;     // PR-DRB: congestion with a pattern and no saved solution for it
    std::uint64_t saved = 0;      // PR-DRB: solutions saved
  };

  // `timing`, `packet`: the network's zero-load latency of a path, for packets of `packet` phits.
  MetaPathSource(const MetaPathParams& params, const PathTiming& timing, int packet, const Mesh& topo, int node, std::uint64_t seed);

  // The waypoints (pack_waypoints) of the next message to node `dst`, drawn by Eq. 8; `original` tells
  // whether they are the original path's.
  std::uint32_t choose(std::uint32_t dst, bool& original);
  // An ACK from node `dst` for a message that took waypoints ack.msp, with its latency and flows.
  void acknowledge(std::uint32_t dst, const PathHeader& ack);

  const Counts& counts() const { return counts_; }
  // The paths open to each destination this node has sent to, summed, and those destinations.
  int open_paths() const;
  int destinations() const { return static_cast<int>(paths_.size()); }
  // The MetaPath to `dst` as (waypoints, latency) pairs, the original first (tests).
  std::vector<std::pair<std::uint32_t, double>> paths(std::uint32_t dst) const;

 private:
  struct Msp {
    std::uint32_t waypoints;
    double latency;  // its last ACK's (cycles)
    double zero;     // on an empty network
  };
  struct Flows {
    std::uint8_t n = 0;
    std::array<ContendingFlow, kMaxContendingFlows> flow{};
  };
  struct MetaPath {
    std::array<Msp, kMaxPaths> msp{};
    int n = 1;
    bool waiting = false;    // the newest path has had no ACK yet
    bool installed = false;  // PR-DRB: a solution was installed for the current congestion
    bool grown = false;      // it opened or installed paths since it last saved
    Flows pattern;           // PR-DRB: the flows the last ACK that carried any reported
    std::vector<std::uint32_t> candidates;  // built at the first opening
    bool built = false;
    std::size_t next = 0;
  };
  struct Solution {
    std::uint32_t dst;
    Flows pattern;
    std::array<Msp, kMaxPaths> msp;
    int n;
    std::uint64_t saved;  // when it was saved (first-in-first-out replacement)
    std::uint64_t used;   // last use (saving, upgrading or installing; least-recently-used replacement)
  };

  MetaPath& meta_path(std::uint32_t dst);
  void open_next(MetaPath& mp, std::uint32_t dst);
  void close_slowest(MetaPath& mp);
  bool install(MetaPath& mp, std::uint32_t dst);
  void save(const MetaPath& mp, std::uint32_t dst);
  std::vector<std::uint32_t> candidates(std::uint32_t dst) const;
  static double ratio(const MetaPath& mp);  // L(MP) / L0(MP), both by Eq. 6
  Msp path(std::uint32_t waypoints, std::uint32_t dst) const;  // at its zero-load latency

  MetaPathParams params_;
  PathTiming timing_;
  int packet_;
  const Mesh& topo_;
  int node_, router_;
  Rng rng_;
  std::unordered_map<std::uint32_t, MetaPath> paths_;
  std::vector<Solution> solutions_;
  std::uint64_t clock_ = 0;  // database uses, in order
  Counts counts_;
};

}  // namespace hiradix
