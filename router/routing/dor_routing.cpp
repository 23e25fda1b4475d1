#include "router/routing/dor_routing.h"

#include <functional>

#include "router/routing/channel_dependencies.h"
#include "router/routing/flattened_butterfly_dor_routing.h"
#include "router/routing/routing_registry.h"
#include "rtl_routing_codes.h"

namespace hiradix {

DorRouting::DorRouting(const Mesh& topo, const std::vector<int>& order) : topo_(topo), order_(dimension_order(order)) {}

std::vector<int> DorRouting::parse_order(const std::string& text, int dims) {
  return parse_dimension_order(text, dims, "routing.dor_order");
}

VcRequirement DorRouting::vcs_needed() const {
  bool rings = false;
  for (int d = 0; d < topo_.dims(); ++d) rings = rings || topo_.ring(d);
  return {{1, rings ? 2 : 1}};
}

void DorRouting::gather(RouterView& view, const Packet& pkt, RoutingContext& ctx) const {
  RoutingAlgorithm::gather(view, pkt, ctx);
  set_mesh_inputs(topo_, ctx.router, topo_.nic_port(static_cast<int>(pkt.dst), pkt.dst_nic).router, ctx);
}

RoutingDecision DorRouting::route(const RoutingContext& ctx, Packet& pkt) const {
  const int here = ctx.router;
  const PortEnd dst = topo_.nic_port(static_cast<int>(pkt.dst), pkt.dst_nic);
  RoutingDecision d;
  if (dst.router == here) {  // eject
    d.out_port = d.min_port = static_cast<std::uint16_t>(dst.port);
    return d;
  }
  const DorHop hop = dor_step(topo_, order_, here, dst.router, pkt.route);
  d.out_vc = static_cast<std::uint8_t>(hop.vc);
  d.out_port = d.min_port = static_cast<std::uint16_t>(hop.port);
  return d;
}

// kFull: every pair of routers. kReduced: the pairs of dor_dependency_pairs (dor_step.cpp), which make the same
// graph (tests/test_mesh.cpp compares them).
bool DorRouting::enumerate_dependencies(ChannelGraph& g, CdgMethod method) const {
  if (method == CdgMethod::kFull) {
    enumerate_route_paths(*this, g, CdgMethod::kFull);
    return true;
  }
  enumerate_route_pairs(*this, g, [this](const std::function<void(int, int)>& walk) { dor_dependency_pairs(topo_, walk); });
  return true;
}

RoutingEntry dor_routing_entry() {
  RoutingEntry e{"dor", {"DOR", 14},
                 "dimension-order routing on mesh, torus and flattened_butterfly, in routing.dor_order; one VC on a mesh and a flattened_butterfly, dateline VCs (2) on a torus", {}, rtl::ALG_DOR,
                 [](const RoutingOptions& o, const Topology& topo) -> std::unique_ptr<RoutingAlgorithm> {
                   std::string order = o.text("routing.dor_order");
                   if (order == "''") order.clear();  // the schema default's YAML text, when the key was not set
                   if (const auto* fb = dynamic_cast<const FlattenedButterfly*>(&topo)) {
                     if (fb->trunk() > 1)
                       throw KeyError("topology.trunk", "dor takes one port per neighbour; on a trunk of " + std::to_string(fb->trunk()) +
                                                            " links use min with routing.min_paths: dimension_order, which spreads over them");
                     return std::make_unique<FlattenedButterflyDorRouting>(*fb, DorRouting::parse_order(order, fb->dims()));
                   }
                   const Mesh& t = topology_as<Mesh>(topo, "routing.algorithm dor");
                   return std::make_unique<DorRouting>(t, DorRouting::parse_order(order, t.dims()));
                 }};
  e.keys = {{{"routing.dor_order", KeyType::kString, "''", 0, 0, {},
              "dor, hybrid_dor: the order in which a packet corrects its dimensions, one character per dimension of topology.dims, each "
              "once: x, y, z (or the digits 0-5, for any dimension), e.g. xy (X first) or yx in 2D, zyx or 210 in 3D; '' = "
              "ascending, dimension 0 first."},
             nullptr, nullptr, {"dor", "hybrid_dor"}, "order"}};
  return e;
}

}  // namespace hiradix
