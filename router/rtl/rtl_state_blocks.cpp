#include "router/rtl/rtl_state_blocks.h"

#include <algorithm>

#include "router/routing/routing_registry.h"
#include "topology/dragonfly.h"

namespace hiradix {

std::unique_ptr<RtlStateBlock> make_rtl_acor_state(const StateBlockSetup& setup, int router);
std::unique_ptr<RtlStateBlock> make_rtl_tpr_state(const StateBlockSetup& setup, int router);
std::unique_ptr<RtlStateBlock> make_rtl_lian_state(const StateBlockSetup& setup, int router);
std::unique_ptr<RtlStateBlock> make_rtl_qcn_switch_table(const StateBlockSetup& setup, int router);

namespace {
struct CoSimulated {
  const char* name;  // as RoutingAlgorithm::rtl_state_blocks names it
  std::unique_ptr<RtlStateBlock> (*make)(const StateBlockSetup&, int);
};
// One line per co-simulated block (its driver: router/rtl/rtl_NAME.cpp).
constexpr CoSimulated kBlocks[] = {
    {"acor_state", &make_rtl_acor_state},
    {"tpr_state", &make_rtl_tpr_state},
    {"lian_state", &make_rtl_lian_state},
    {"qcn_switch_table", &make_rtl_qcn_switch_table},
};
}  // namespace

StateBlockNetwork::StateBlockNetwork(const RoutingOptions& options, const Topology& network,
                                     const RouterParams& params, const std::vector<int>& vcs, const std::string& who)
    : options_(options) {
  const Dragonfly& topo = topology_as<Dragonfly>(network, who);
  resolve_routing_options(options_, topo);
  // The crossbar grants each input at most once per internal tick: ceil(speed-up) heads per terminal port.
  const int ticks = std::max((params.speedup_num + params.speedup_den - 1) / params.speedup_den, 1);
  StateBlockSetup& s = setup_;
  s.integer = [this](const char* key) { return options_.integer(key); };
  s.text = [this](const char* key) { return options_.text(key); };
  s.groups = topo.groups();
  s.h = topo.h();
  s.p = topo.p();
  s.a = topo.a();
  s.palmtree = topo.arrangement() == Arrangement::kPalmtree;
  s.network = topo.describe();
  s.vcs_injection = vcs.at(0);
  s.vcs_local = vcs.at(1);
  s.vcs_global = vcs.at(2);
  s.group_of = [&topo](int router) { return topo.group_of(router); };
  s.global_group = [&topo](int router, int k) { return topo.group_of(topo.peer(router, topo.global_port(k)).router); };
  s.min_port = [&topo](int router, int dst_router) { return topo.min_port(router, dst_router); };
  s.injection_grants = topo.p() * ticks;
}

std::vector<std::unique_ptr<RtlStateBlock>> make_rtl_state_blocks(const RoutingAlgorithm& routing,
                                                                  const RoutingOptions& options, const Topology& topo,
                                                                  const RouterParams& params, const std::vector<int>& vcs,
                                                                  int routers) {
  std::vector<std::unique_ptr<RtlStateBlock>> blocks;
  const CoSimulated* block = nullptr;
  for (const std::string& name : routing.rtl_state_blocks())
    for (const CoSimulated& b : kBlocks)
      if (name == b.name) block = &b;  // a routing has at most one (PB-ACOR: pb_state has none)
  if (!block) return blocks;
  const StateBlockNetwork network(options, topo, params, vcs, "the co-simulated " + std::string(block->name));
  const int n = routers < 0 ? topo.routers() : std::min(routers, topo.routers());
  for (int r = 0; r < n; ++r) blocks.push_back(block->make(network.setup(), r));
  return blocks;
}

}  // namespace hiradix
