#include "router/routing/hybrid_dor_routing.h"

#include <functional>

#include "router/routing/channel_dependencies.h"
#include "router/routing/dor_routing.h"
#include "router/routing/kns_dor_step.h"
#include "router/routing/routing_registry.h"
#include "rtl_routing_codes.h"

namespace hiradix {

HybridDorRouting::HybridDorRouting(const Kns& topo, const std::vector<int>& order) : topo_(topo), order_(kns_order(order)) {}

void HybridDorRouting::gather(RouterView& view, const Packet& pkt, RoutingContext& ctx) const {
  RoutingAlgorithm::gather(view, pkt, ctx);
  set_kns_inputs(topo_, ctx.router, topo_.nic_port(static_cast<int>(pkt.dst), pkt.dst_nic).router, ctx);
}

RoutingDecision HybridDorRouting::route(const RoutingContext& ctx, Packet& pkt) const {
  const int here = ctx.router;
  const PortEnd dst = topo_.nic_port(static_cast<int>(pkt.dst), pkt.dst_nic);
  RoutingDecision d;
  if (dst.router == here) {  // eject
    d.out_port = d.min_port = static_cast<std::uint16_t>(dst.port);
    return d;
  }
  const int port = kns_dor_port(topo_, order_, here, dst.router);
  RouteState& rs = pkt.route;
  ++rs.hops[1];
  rs.phase_classes |= 1u << 1;
  d.out_port = d.min_port = static_cast<std::uint16_t>(port);
  d.out_vc = 0;
  return d;
}

bool HybridDorRouting::enumerate_dependencies(ChannelGraph& g, CdgMethod method) const {
  const Kns& t = topo_;
  const int n = t.end_nodes();
  // Paths start and end at end nodes only (switches have no terminals): enumerate_route_paths would walk
  // from every router.
  if (method == CdgMethod::kFull) {
    enumerate_route_pairs(*this, g, [n](const std::function<void(int, int)>& walk) {
      for (int s = 0; s < n; ++s)
        for (int d = 0; d < n; ++d) walk(s, d);
    });
    return true;
  }
  // Every pair that differs in one dimension or in two (see hybrid_dor_routing.h).
  enumerate_route_pairs(*this, g, [&t](const std::function<void(int, int)>& walk) { kns_dependency_pairs(t, walk); });
  return true;
}

RoutingEntry hybrid_dor_routing_entry() {
  RoutingEntry e{"hybrid_dor", {"Hybrid-DOR", 15},
                 "Hybrid-DOR on kns (seed-001 §2.1): dimension order in routing.dor_order, one node -> switch -> node hop pair per "
                 "differing coordinate; one VC",
                 {}, rtl::ALG_HYBRID_DOR,
                 [](const RoutingOptions& o, const Topology& topo) -> std::unique_ptr<RoutingAlgorithm> {
                   std::string order = o.text("routing.dor_order");  // dor's key (registered before this entry)
                   if (order == "''") order.clear();  // the schema default's YAML text, when the key was not set
                   const Kns& t = topology_as<Kns>(topo, "routing.algorithm hybrid_dor");
                   return std::make_unique<HybridDorRouting>(t, DorRouting::parse_order(order, t.dims()));
                 }};
  return e;
}

}  // namespace hiradix
