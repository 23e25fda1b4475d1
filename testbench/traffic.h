// Synthetic traffic patterns (seed-000 §4.2, seed-003 §4) over the topology's domains (a Dragonfly's groups):
// the destination of each packet, drawn from the phase the schedule (config/traffic_schedule.h) is in.
#pragma once
#include "config/traffic_schedule.h"
#include "router/common/rng.h"
#include "topology/topology.h"
#include "tlm/cycle.h"

namespace hiradix {

// What the patterns need to know of a source node and of the topology's domains, looked up once (a NIC
// keeps it) rather than per packet: each is a virtual call of the topology.
struct TrafficSource {
  TrafficSource(const Topology& topo, int node);
  int node;
  int router;            // of the node's NIC 0
  int domain;            // that router's
  int nodes;
  int domains;
  int nodes_per_domain;
};

// Picks a destination terminal for a packet of terminal `src`.
int pick_destination(const TrafficPhase& phase, const Topology& topo, const TrafficSource& src, Rng& rng);
int pick_destination(const TrafficPhase& phase, const Topology& topo, int src, Rng& rng);

}  // namespace hiradix
