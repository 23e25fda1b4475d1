// The routing's state blocks in the RTL, one per router, for the network's co-simulation
// (router/rtl/rtl_state_block.h): which routing has one, and the setup its drivers are built from.
#pragma once
#include <memory>
#include <vector>

#include "router/common/router_params.h"
#include "router/routing/routing_algorithm.h"
#include "router/routing/routing_options.h"
#include "router/rtl/rtl_state_block.h"
#include "topology/topology.h"

namespace hiradix {

// The routing's co-simulated state block of each of the first `routers` routers (all: -1), or none if
// the routing has none (RoutingAlgorithm::rtl_state_blocks; base_state, ectn_state and pb_state have no
// co-simulation: their routings read the C++ state's values). A ConfigError names the key when the network
// or the configuration exceeds the model's sizes.
std::vector<std::unique_ptr<RtlStateBlock>> make_rtl_state_blocks(const RoutingAlgorithm& routing,
                                                                  const RoutingOptions& options, const Topology& topo,
                                                                  const RouterParams& params, int injection_vcs,
                                                                  int routers = -1);

}  // namespace hiradix
