#include "router/routing/generic_ugal_routing.h"

#include <algorithm>

#include "router/common/router_view.h"
#include "router/routing/flattened_butterfly_geometry_inputs.h"
#include "router/routing/port_load.h"
#include "router/routing/kns_geometry_inputs.h"
#include "router/routing/mesh_geometry_inputs.h"

namespace hiradix {

void GenericUgalRouting::gather(RouterView& view, const Packet& pkt, RoutingContext& ctx) const {
  GenericValiantRouting::gather(view, pkt, ctx);
  if (view.at_injection()) view.port_loads_as_read(ctx);
  if (!view.rtl_in_loop()) return;
  // The coordinates the RTL computes the comparison's distances from (read at injection only); a KNS's
  // own are GenericValiantRouting's.
  const int here = ctx.router, dst = dst_router(pkt), root = intermediate(view, pkt, here);
  if (mesh_) {
    set_mesh_inputs(*mesh_, here, dst, ctx);
    mesh_mid(ctx) = mesh_coordinates(*mesh_, root);
  }
  if (fb_) {
    set_flattened_butterfly_inputs(*fb_, here, dst, ctx);
    fb_mid(ctx) = flattened_butterfly_coordinates(*fb_, root);
  }
  if (kns_) {
    const KnsRouter mid = kns_router(*kns_, root);
    kns_mid_switch(ctx) = mid.kind;
    kns_mid(ctx) = mid.coordinates;
  }
}

namespace {
int bits_for_values(int n) {  // the bits that hold 0 .. n - 1
  int bits = 0;
  while ((1 << bits) < n) ++bits;
  return bits;
}
}  // namespace

int GenericUgalRouting::rtl_table_extra_bits() const {
  int bits = 0;
  if (mesh_)
    for (int d = 0; d < mesh_->dims(); ++d) bits += bits_for_values(mesh_->size(d));
  if (fb_)
    for (int d = 0; d < fb_->dims(); ++d) bits += bits_for_values(fb_->size(d));
  if (kns_) bits = kns_->dims() * bits_for_values(kns_->k()) + bits_for_values(kns_->dims() + 1);
  return bits;
}

int GenericUgalRouting::least_min_load(const RoutingContext& ctx, int router, int target) const {
  int ports[kMaxRadix];
  const int n = min_ports(router, target, ports);
  int least = port_load_of(ctx, ports[0]);
  for (int i = 1; i < n; ++i) least = std::min(least, port_load_of(ctx, ports[i]));
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
