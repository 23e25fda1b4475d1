// The routing's state blocks in the RTL, one per router, for the network's co-simulation
// (router/rtl/rtl_state_block.h): which routing has one, and the setup its drivers are built from.
#pragma once
#include <memory>
#include <string>
#include <vector>

#include "router/common/router_params.h"
#include "router/routing/routing_algorithm.h"
#include "router/routing/routing_options.h"
#include "router/rtl/rtl_state_block.h"
#include "topology/topology.h"

namespace hiradix {

// A network's StateBlockSetup for state block `block` with what its functions read (the resolved routing
// keys and the topology), for the co-simulated blocks below and the synthesis wrappers
// (router/rtl/state_block_wrapper.h). Holds `topo`, which must outlive it. `vcs`: VCs per input port of
// each link class (terminal, local, global). Throws, naming `who`, when the network is not a Dragonfly and
// the block is not QCN-Switch's table (the only one on other topologies: the Flattened Butterfly's).
class StateBlockNetwork {
 public:
  StateBlockNetwork(const RoutingOptions& options, const Topology& topo, const RouterParams& params,
                    const std::vector<int>& vcs, const std::string& block, const std::string& who);
  StateBlockNetwork(const StateBlockNetwork&) = delete;  // setup()'s functions point into this object
  StateBlockNetwork& operator=(const StateBlockNetwork&) = delete;
  const StateBlockSetup& setup() const { return setup_; }

 private:
  RoutingOptions options_;
  StateBlockSetup setup_;
};

// The routing's co-simulated state block of each of the first `routers` routers (all: -1), or none if
// the routing has none (RoutingAlgorithm::rtl_state_blocks; base_state, ectn_state and pb_state have no
// co-simulation: their routings read the C++ state's values). A ConfigError names the key when the network
// or the configuration exceeds the model's sizes. `vcs` as StateBlockNetwork's.
std::vector<std::unique_ptr<RtlStateBlock>> make_rtl_state_blocks(const RoutingAlgorithm& routing,
                                                                  const RoutingOptions& options, const Topology& topo,
                                                                  const RouterParams& params, const std::vector<int>& vcs,
                                                                  int routers = -1);

}  // namespace hiradix
