#include "router/routing/grid_rvlb_routing.h"

#include <stdexcept>

#include "router/common/lfsr.h"

namespace hiradix {

GridRvlbRouting::GridRvlbRouting(const Topology& topo) : GenericValiantRouting(topo), grid_(topo.grid()) {
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
  std::uint32_t choices = 1;
  for (std::size_t d = 0; d < grid_.size(); ++d)
    if (coordinate(source, d) != coordinate(dst, d)) choices *= static_cast<std::uint32_t>(grid_[d]);
  std::uint32_t draw = lfsr_draw(bits, choices);
  int root = 0;
  for (std::size_t d = 0; d < grid_.size(); ++d) {
    int c = coordinate(source, d);
    if (c != coordinate(dst, d)) {
      c = static_cast<int>(draw % static_cast<std::uint32_t>(grid_[d]));
      draw /= static_cast<std::uint32_t>(grid_[d]);
    }
    root += c * stride_[d];
  }
  return root;
}

void GridRvlbRouting::inject(const RoutingContext& ctx, int dst_router, Packet& pkt) const {
  RouteState& rs = pkt.route;
  const int root = intermediate(ctx.router, dst_router, static_cast<std::uint32_t>(ctx.random));
  rs.intermediate = static_cast<std::uint32_t>(root);
  rs.phase = root == ctx.router || root == dst_router ? 1 : 0;  // a degenerate draw is the minimal path
  rs.flags = 0;
  rs.path_bits = rs.phase == 0 ? 1 : 0;
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
