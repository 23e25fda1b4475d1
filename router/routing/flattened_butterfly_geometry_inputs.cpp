#include "router/routing/flattened_butterfly_geometry_inputs.h"

namespace hiradix {

void set_flattened_butterfly_inputs(const FlattenedButterfly& topo, int router, int dst_router, RoutingContext& ctx) {
  std::int32_t here = 0, dst = 0, size = 0;
  for (int d = 0; d < rtl::MESH_DIMS; ++d) {
    const bool has = d < topo.dims();
    const int shift = d * rtl::COORD_W;
    here |= (has ? topo.coordinate(router, d) : 0) << shift;
    dst |= (has ? topo.coordinate(dst_router, d) : 0) << shift;
    size |= (has ? topo.size(d) : 1) << shift;
  }
  fb_here(ctx) = here;
  fb_dst(ctx) = dst;
  fb_size(ctx) = size;
}

}  // namespace hiradix
