// Synthetic traffic patterns (seed-000 §4.2, seed-003 §4) over the topology's domains (a Dragonfly's groups):
// the destination of each packet, drawn from the phase the schedule (config/traffic_schedule.h) is in.
#pragma once
#include "config/traffic_schedule.h"
#include "router/common/rng.h"
#include "topology/topology.h"
#include "tlm/cycle.h"

namespace hiradix {

// Picks a destination terminal for a packet of terminal `src`.
int pick_destination(const TrafficPhase& phase, const Topology& topo, int src, Rng& rng);

}  // namespace hiradix
