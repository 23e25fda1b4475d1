#include "router/routing/grid_rvlb_routing.h"

#include <stdexcept>

#include "router/common/router_view.h"
#include "router/routing/flattened_butterfly_geometry_inputs.h"
#include "router/routing/mesh_geometry_inputs.h"

namespace hiradix {

GridRvlbRouting::GridRvlbRouting(const Topology& topo, MinPaths paths) : GenericValiantRouting(topo, paths),
      grid_(topo.grid()),
      mesh_(dynamic_cast<const Mesh*>(&topo)),
      fb_(dynamic_cast<const FlattenedButterfly*>(&topo)) {
  long routers = 1;
  for (const int k : grid_) {
    stride_.push_back(static_cast<int>(routers));
    routers *= k;
  }
  if (grid_.empty() || routers != topo.routers())
    throw std::invalid_argument("routing.algorithm rvlb: " + topo.name() +
                                " has no grid of its routers (rvlb runs on the dragonfly and on grid topologies: mesh, torus, "
                                "flattened_butterfly)");
}

int GridRvlbRouting::intermediate(int source, int dst, std::uint32_t bits) const {
  std::uint32_t frac = bits;  // a fraction of 1
  int root = 0;
  for (std::size_t d = 0; d < grid_.size(); ++d) {
    int c = coordinate(source, d);
    if (c != coordinate(dst, d)) {  // the fraction times k_d: the coordinate, then the next fraction
      const std::uint64_t product = std::uint64_t{frac} * static_cast<std::uint32_t>(grid_[d]);
      c = static_cast<int>(product >> 32);
      frac = static_cast<std::uint32_t>(product);
    }
    root += c * stride_[d];
  }
  return root;
}

void GridRvlbRouting::gather(RouterView& view, const Packet& pkt, RoutingContext& ctx) const {
  GenericValiantRouting::gather(view, pkt, ctx);
  if (!view.rtl_in_loop()) return;  // the coordinates are the RTL's alone
  if (mesh_) set_mesh_inputs(*mesh_, ctx.router, dst_router(pkt), ctx);
  if (fb_) set_flattened_butterfly_inputs(*fb_, ctx.router, dst_router(pkt), ctx);
}

void GridRvlbRouting::injection_headers(int source, int dst, std::vector<RouteState>& out) const {
  RouteState minimal;
  minimal.phase = 1;
  out.push_back(minimal);
  for (int root = 0; root < topo_.routers(); ++root) {
    if (root == source || root == dst) continue;
    bool allowed = true;
    for (std::size_t d = 0; d < grid_.size(); ++d)
      allowed = allowed && (coordinate(source, d) != coordinate(dst, d) || coordinate(root, d) == coordinate(source, d));
    if (!allowed) continue;
    RouteState rs;
    rs.intermediate = static_cast<std::uint32_t>(root);
    rs.phase = 0;
    rs.path_bits = 1;
    out.push_back(rs);
  }
}

}  // namespace hiradix
