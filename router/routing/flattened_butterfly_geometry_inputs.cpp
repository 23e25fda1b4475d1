#include "router/routing/flattened_butterfly_geometry_inputs.h"

#include "router/routing/coordinate_inputs.h"

namespace hiradix {

std::int32_t flattened_butterfly_coordinates(const FlattenedButterfly& topo, int router) {
  return pack_per_dimension(topo.dims(), 0, [&](int d) { return topo.coordinate(router, d); });
}

void set_flattened_butterfly_inputs(const FlattenedButterfly& topo, int router, int dst_router, RoutingContext& ctx) {
  fb_here(ctx) = flattened_butterfly_coordinates(topo, router);
  fb_dst(ctx) = flattened_butterfly_coordinates(topo, dst_router);
  fb_size(ctx) = pack_per_dimension(topo.dims(), 1, [&](int d) { return topo.size(d); });
}

}  // namespace hiradix
