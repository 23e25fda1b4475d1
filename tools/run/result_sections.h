// The sections of result.json that report what the network's parts counted over a run: contention,
// group broadcasts, conservation, recomputations, the network's size, OpenFlow rules, the routings' port
// readings, QCN and DRB. tools/run/simulation.cpp assembles them into the result.
#pragma once
#include <nlohmann/json.hpp>

#include "testbench/network.h"

namespace hiradix {

// DRB: every source's MetaPath counts summed, the paths open and the source-destination pairs with a MetaPath.
struct MetaPathTotals {
  MetaPathSource::Counts counts;
  long long open_paths = 0, metapaths = 0;
};

MetaPathTotals metapath_totals(Network& net);

// The contention counters seen by headers over the run (after the bookkeeping still pending at the end).
nlohmann::json contention_json(Network& net, Cycle simulated);

// Group broadcasts (ECtN, PB) in the measurement window: their cost as a fraction of the capacity of the
// links they use (one phit per cycle per link).
nlohmann::json broadcast_json(Network& net, Cycle measured);

// Conservation (DESIGN §3.5): every created packet is either delivered or still somewhere in the network.
nlohmann::json conservation_json(Network& net, Cycle simulated);

// routing.recomp: the recomputations over the whole run, warm-up included.
nlohmann::json recomputation_json(Network& net);

// The network's size: routers, nodes, the least and most ports of a router, the links of each class.
nlohmann::json network_size_json(const Topology& t);

// The flow rules of the switches (routings of commodity OpenFlow switches): per kind, the fewest and the
// most any switch holds, and their total over the network.
nlohmann::json openflow_json(Network& net);

// The value per port a routing's state reports (RoutingAlgorithm::port_reading), at the end of the run, over
// the ports that have one: mean, least, most, and how many ports.
nlohmann::json port_readings_json(Network& net);

// QCN's notifications in the measurement window: samples, CNMs made, dropped and delivered, the sampled
// queues' mean length, and the share of the router-to-router and ejection links' capacity CNMs took (a CNM
// counts as a flit: an upper bound); and their conservation over the whole run.
nlohmann::json qcn_json(Network& net, Cycle measured);

// DRB and PR-DRB over the whole run: the ACKs (made at destinations, taken by the sources' controllers, in
// between, conserved) and, per ACK taken, the routers' waits in its header and its packet's latency beyond
// the path's zero-load latency; what the MetaPaths did (paths opened one by one and closed; PR-DRB: solutions saved,
// installed from the database, and congestions with no saved solution) and the MSPs per flow at the end.
nlohmann::json drb_json(Network& net);

}  // namespace hiradix
