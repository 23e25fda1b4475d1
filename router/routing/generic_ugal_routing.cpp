#include "router/routing/generic_ugal_routing.h"

#include <algorithm>

#include "router/common/router_view.h"

namespace hiradix {

void GenericUgalRouting::gather(RouterView& view, const Packet& pkt, RoutingContext& ctx) const {
  GenericValiantRouting::gather(view, pkt, ctx);
  if (view.at_injection()) ctx.port_load = view.port_loads();
  if (!view.rtl_in_loop()) return;
  // The distances of the comparison, as inject() computes them (the RTL's; read at injection only).
  const int here = ctx.router, dst = dst_router(pkt), root = intermediate(view, pkt, here);
  ugal_h_min(ctx) = topo_.distance(here, dst);
  ugal_h_vlb(ctx) = topo_.distance(here, root) + topo_.distance(root, dst);
}

int GenericUgalRouting::least_min_load(const RoutingContext& ctx, int router, int target) const {
  int ports[kMaxRadix];
  const int n = topo_.min_ports(router, target, ports);
  int least = ctx.port_load[ports[0]];
  for (int i = 1; i < n; ++i) least = std::min<int>(least, ctx.port_load[ports[i]]);
  return least;
}

void GenericUgalRouting::inject(const RoutingContext& ctx, int dst_router, Packet& pkt) const {
  GenericValiantRouting::inject(ctx, dst_router, pkt);  // the draw of the intermediate router
  RouteState& rs = pkt.route;
  if (rs.phase == 1) return;  // a degenerate draw (the source or the destination router): minimal anyway
  const int here = ctx.router, root = static_cast<int>(rs.intermediate);
  // Eq. 2-1 (seed-000 §3.5); a destination at this router costs 0 (as in UgalRouting).
  const int h_min = topo_.distance(here, dst_router);
  const int h_vlb = topo_.distance(here, root) + topo_.distance(root, dst_router);
  const int q_min = h_min ? least_min_load(ctx, here, dst_router) : 0, q_vlb = least_min_load(ctx, here, root);
  if (q_min * h_min <= q_vlb * h_vlb + threshold_) {
    rs.phase = 1;  // minimal: phase 1 from the start, as a degenerate draw
    rs.path_bits = 0;
  }
}

}  // namespace hiradix
