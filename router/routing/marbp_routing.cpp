#include "router/routing/marbp_routing.h"

#include "router/routing/generic_marbp_routing.h"
#include "router/routing/openflow_table.h"
#include "router/routing/routing_registry.h"

namespace hiradix {

void MarbpRouting::gather(RouterView& view, const Packet& pkt, RoutingContext& ctx) const {
  RoutingAlgorithm::gather(view, pkt, ctx);
  if (view.at_injection()) ctx.flow_ready = view.flow_ready_masks();
}

RoutingDecision MarbpRouting::route(const RoutingContext& ctx, Packet& pkt) const {
  if (topo_.port_class(ctx.in_port) != PortClass::kTerminal) return follow(ctx.router, pkt);
  const int dst_router = topo_.router_of_terminal(pkt.dst);
  RouteState& rs = pkt.route;
  rs.intermediate = static_cast<std::uint32_t>(ctx.router);
  rs.phase = 1;
  if (topo_.group_of(dst_router) == topo_.group_of(ctx.router)) return follow(ctx.router, pkt);
  const RouteState injected = rs;
  const RoutingDecision minimal = follow(ctx.router, pkt);
  if (keeps_minimal(ctx, minimal)) return minimal;
  // The host port's alternative rule, Valiant -g- through its fixed intermediate.
  rs = injected;
  const int root = host_intermediate(ctx.router, ctx.in_port);
  rs.intermediate = static_cast<std::uint32_t>(root);
  rs.phase = root == dst_router ? 1 : 0;
  return follow(ctx.router, pkt);
}

bool MarbpRouting::keeps_minimal(const RoutingContext& ctx, const RoutingDecision& minimal) const {
  return minimal.out_vc < rtl::READY_W && (ctx.flow_ready[minimal.out_port] >> minimal.out_vc & 1);
}

std::optional<RuleCounts> MarbpRouting::rule_counts(int router) const { return OpenFlowTable(topo_, router).counts(); }

std::string MarbpRouting::rtl_refusal() const {
  if (topo_.p() > 2 * topo_.h())
    return "routing.algorithm: marbp's RTL unit gives host j global port j or j - h (no divider): p at most 2h";
  return "";
}

RoutingEntry marbp_routing_entry() {
  RoutingEntry e{"marbp", {"MAR-bP", 21},
                 "MAR-bP, seed-000 §4.5 (seed 002's Conditional OpenFlow): at the source switch, a destination in another "
                 "group goes minimally unless the minimal output's class is paused (under credits: has fewer credits than a "
                 "packet), then out of global port (host mod h) and minimally from its far end (Valiant -g- with a fixed "
                 "intermediate per host; routing.phase_a does not apply); in-group and in-transit packets minimally; 2 local and 2 global VCs. "
                 "On a flattened_butterfly the groups are its rows: the minimal rule leaves the row first, the alternative out "
                 "of the (host mod M)-th of the M ports leaving the row, then minimally (valiant's VCs)",
                 {},
                 rtl::ALG_MARBP,
                 [](const RoutingOptions& o, const Topology& topo) -> std::unique_ptr<RoutingAlgorithm> {
                   // routing.phase_a does not apply: the non-minimal path is -g- (a global port of the source switch).
                   if (const auto* fb = dynamic_cast<const FlattenedButterfly*>(&topo)) return std::make_unique<GenericMarbpRouting>(*fb);
                   const Dragonfly& t = topology_as<Dragonfly>(topo, "routing.algorithm " + o.algorithm);
                   return std::make_unique<MarbpRouting>(t, o.text("routing.vc_scheme") == "hop_count");
                 }};
  return e;
}

}  // namespace hiradix
