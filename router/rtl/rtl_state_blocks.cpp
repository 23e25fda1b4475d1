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

StateBlockNetwork::StateBlockNetwork(const RoutingOptions& options, const Topology& network, const RouterParams& params,
                                     const std::vector<int>& vcs, const std::string& block, const std::string& who)
    : options_(options) {
  const auto* dragonfly = dynamic_cast<const Dragonfly*>(&network);
  if (!dragonfly && block != "qcn_switch_table") topology_as<Dragonfly>(network, who);  // throws, naming `who`
  resolve_routing_options(options_, network);
  StateBlockSetup& s = setup_;
  s.integer = [this](const char* key) { return options_.integer(key); };
  s.text = [this](const char* key) { return options_.text(key); };
  // Terminal ports come first (Topology: link class 0), router-to-router ports after them.
  while (s.p < network.radix(0) && network.port_class(0, s.p) == 0) ++s.p;
  s.transit = network.max_radix() - s.p;
  s.domains = network.domains();
  s.domain_of = [&network](int router) { return network.domain_of(router); };
  if (dragonfly) {
    // Towards the first router of the group: the minimal hop is the same towards each of its routers.
    s.rule_port = [dragonfly](int router, int g) { return dragonfly->min_port(router, g * dragonfly->a()); };
  } else {
    // Towards the router of the domain at the same index (a Flattened Butterfly's row-mate of the
    // destination with the source's coordinate in dimension 0): its first minimal hop leaves the domain
    // by the lowest differing dimension, MAR-bP's row-last minimal rule.
    s.rule_port = [&network](int router, int d) {
      int ports[kMaxRadix];
      network.min_ports(router, network.router_in_domain(d, network.index_in_domain(router)), ports);
      return ports[0];
    };
  }
  // The crossbar grants each input at most once per internal tick: ceil(speed-up) heads per terminal port.
  const int ticks = std::max((params.speedup_num + params.speedup_den - 1) / params.speedup_den, 1);
  s.injection_grants = s.p * ticks;
  s.network = network.describe();
  if (!dragonfly) return;
  const Dragonfly& topo = *dragonfly;
  s.dragonfly = true;
  s.vcs_injection = vcs.at(0);
  s.vcs_local = vcs.at(1);
  s.vcs_global = vcs.at(2);
  s.groups = topo.groups();
  s.h = topo.h();
  s.a = topo.a();
  s.palmtree = topo.arrangement() == Arrangement::kPalmtree;
  s.group_of = [&topo](int router) { return topo.group_of(router); };
  s.global_group = [&topo](int router, int k) { return topo.group_of(topo.peer(router, topo.global_port(k)).router); };
  s.min_port = [&topo](int router, int dst_router) { return topo.min_port(router, dst_router); };
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
  const StateBlockNetwork network(options, topo, params, vcs, block->name, "the co-simulated " + std::string(block->name));
  const int n = routers < 0 ? topo.routers() : std::min(routers, topo.routers());
  for (int r = 0; r < n; ++r) blocks.push_back(block->make(network.setup(), r));
  return blocks;
}

}  // namespace hiradix
