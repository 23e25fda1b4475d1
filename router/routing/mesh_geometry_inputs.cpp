#include "router/routing/mesh_geometry_inputs.h"

namespace hiradix {

void set_mesh_inputs(const Mesh& topo, int router, int dst_router, RoutingContext& ctx) {
  std::int32_t here = 0, dst = 0, size = 0, rings = 0;
  for (int d = 0; d < rtl::MESH_DIMS; ++d) {
    const bool has = d < topo.dims();
    const int shift = d * rtl::COORD_W;
    here |= (has ? topo.coordinate(router, d) : 0) << shift;
    dst |= (has ? topo.coordinate(dst_router, d) : 0) << shift;
    size |= (has ? topo.size(d) : 1) << shift;
    rings |= (has && topo.ring(d) ? 1 : 0) << d;
  }
  mesh_here(ctx) = here;
  mesh_dst(ctx) = dst;
  mesh_size(ctx) = size;
  mesh_rings(ctx) = rings;
}

}  // namespace hiradix
