#include "router/routing/generic_marbp_routing.h"

#include "router/common/router_view.h"
#include "router/routing/flattened_butterfly_geometry_inputs.h"
#include "router/routing/marbp_rtl.h"
#include "router/routing/openflow_table.h"

namespace hiradix {

GenericMarbpRouting::GenericMarbpRouting(const FlattenedButterfly& topo)
    : GenericValiantRouting(topo, MinPaths::kRowLast), fb_(topo) {}

void GenericMarbpRouting::gather_rules(RouterView& view, const Packet& pkt, RoutingContext& ctx) const {
  GenericValiantRouting::gather(view, pkt, ctx);
  if (!view.rtl_in_loop()) return;  // the rest is the RTL's alone
  set_flattened_butterfly_inputs(fb_, ctx.router, dst_router(pkt), ctx);
  marbp_mid(ctx) = view.at_injection() ? host_intermediate(ctx.router, view.in_port()) : 0;
}

void GenericMarbpRouting::gather(RouterView& view, const Packet& pkt, RoutingContext& ctx) const {
  gather_rules(view, pkt, ctx);
  if (view.at_injection()) ctx.flow_ready = view.flow_ready_masks();
}

int GenericMarbpRouting::intermediate(const RouterView& view, const Packet& pkt, int router) const {
  if (!view.at_injection()) return static_cast<int>(pkt.route.intermediate);
  return host_intermediate(router, view.in_port());
}

int GenericMarbpRouting::host_port(int router, int host) const {
  const int first = fb_.first_port(1), leaving = fb_.radix(router) - first;
  return first + host % leaving;
}

int GenericMarbpRouting::host_intermediate(int router, int host) const { return fb_.peer(router, host_port(router, host)).router; }

std::optional<RuleCounts> GenericMarbpRouting::rule_counts(int router) const {
  return OpenFlowTable(fb_, router, [&](int dst_router) { return rule_port(router, dst_router); },
                       [&](int host) { return host_port(router, host); })
      .counts();
}

int GenericMarbpRouting::rule_port(int router, int dst_router) const {
  int port[kMaxRadix];
  min_ports(router, dst_router, port);
  return port[0];
}

bool GenericMarbpRouting::keeps_minimal(const RoutingContext& ctx, const RoutingDecision& minimal) const {
  return minimal.out_vc < rtl::READY_W && (ctx.flow_ready[minimal.out_port] >> minimal.out_vc & 1);
}

void GenericMarbpRouting::inject(const RoutingContext& ctx, int dst_router, Packet& pkt) const {
  RouteState& rs = pkt.route;
  rs.intermediate = static_cast<std::uint32_t>(ctx.router);
  rs.phase = 1;
  rs.flags = 0;
  rs.path_bits = 0;
  if (ctx.router == dst_router || in_group(ctx.router, dst_router)) return;
  Packet probe = pkt;  // the minimal rule's hop, to ask its flow control
  if (keeps_minimal(ctx, hop(ctx.router, rule_port(ctx.router, dst_router), probe))) return;
  const int root = host_intermediate(ctx.router, ctx.in_port);
  rs.intermediate = static_cast<std::uint32_t>(root);
  rs.phase = root == dst_router ? 1 : 0;
  rs.path_bits = rs.phase == 0 ? 1 : 0;
}

// Generic valiant's (one link class, the hops in the header, the forwarding tables): its unit decides.
std::string GenericMarbpRouting::rtl_refusal() const { return GenericValiantRouting::rtl_refusal(); }

}  // namespace hiradix
