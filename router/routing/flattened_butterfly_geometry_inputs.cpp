#include "router/routing/flattened_butterfly_geometry_inputs.h"

#include "router/routing/coordinate_inputs.h"

namespace hiradix {

void set_flattened_butterfly_inputs(const FlattenedButterfly& topo, int router, int dst_router, RoutingContext& ctx) {
  fb_here(ctx) = pack_per_dimension(topo.dims(), 0, [&](int d) { return topo.coordinate(router, d); });
  fb_dst(ctx) = pack_per_dimension(topo.dims(), 0, [&](int d) { return topo.coordinate(dst_router, d); });
  fb_size(ctx) = pack_per_dimension(topo.dims(), 1, [&](int d) { return topo.size(d); });
}

}  // namespace hiradix
