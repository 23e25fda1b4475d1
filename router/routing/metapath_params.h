// DRB's and PR-DRB's parameters (routing.algorithm drb, prdrb; seed 004 §3.8, §4.1; docs/papers/seed-004-prdrb.md):
// what the source NICs' MetaPath controllers (testbench/metapath.h), the routers' monitoring
// (Router::attach_path_monitor) and the destinations' ACKs read. The routing holds them
// (RoutingAlgorithm::metapath), from its keys.
#pragma once
#include "tlm/cycle.h"

namespace hiradix {

struct MetaPathParams {
  // L(MP) (Eq. 6) above `high` percent of the MetaPath's zero-load latency L0(MP) (Eq. 6 over its paths'
  // latencies on an empty network) opens a path (or, under PR-DRB, installs a saved solution); below `low`
  // percent of it closes one (routing.drb_high, routing.drb_low).
  int high = 0;
  int low = 0;
  int max_paths = 4;    // routing.drb_paths: MSPs per source-destination pair, the original path included
  int supernode = 1;    // routing.drb_supernode: the supernodes' radius in hops around source and destination
  bool free_acks = false;  // routing.drb_acks free: ACKs reach the source after the zero-load latency, carried by no link
  // PR-DRB: the contending flows (routing.prdrb_record_wait, routing.prdrb_flows) and the solutions database
  // of each source (routing.prdrb_solutions; routing.prdrb_replacement: the least recently used solution
  // replaced, or the oldest saved).
  bool predictive = false;
  Cycle record_wait = 0;
  int flows = 0;
  int solutions = 0;
  bool replace_least_recently_used = true;
};

// The latency of a packet of `phits` phits over `hops` router-to-router hops on an empty network: the
// injection link, the pipeline (RC, VA, SA, ST) of each of the hops + 1 routers, the hops' links, the
// ejection link, and the phits after the head (tests/test_drb.cpp checks it against idle runs).
struct PathTiming {
  Cycle router = 0, terminal_link = 0, network_link = 0;
  Cycle latency(int hops, int phits) const {
    const Cycle h = static_cast<Cycle>(hops);
    return 2 * terminal_link + (h + 1) * router + h * network_link + static_cast<Cycle>(phits - 1);
  }
};

}  // namespace hiradix
