#include "router/routing/mesh_geometry_inputs.h"

#include "router/routing/coordinate_inputs.h"

namespace hiradix {

std::int32_t mesh_coordinates(const Mesh& topo, int router) {
  return pack_per_dimension(topo.dims(), 0, [&](int d) { return topo.coordinate(router, d); });
}

void set_mesh_inputs(const Mesh& topo, int router, int dst_router, RoutingContext& ctx) {
  mesh_here(ctx) = mesh_coordinates(topo, router);
  mesh_dst(ctx) = mesh_coordinates(topo, dst_router);
  mesh_size(ctx) = pack_per_dimension(topo.dims(), 1, [&](int d) { return topo.size(d); });
  std::int32_t rings = 0;
  for (int d = 0; d < rtl::MESH_DIMS && d < topo.dims(); ++d) rings |= (topo.ring(d) ? 1 : 0) << d;
  mesh_rings(ctx) = rings;
}

}  // namespace hiradix
