#include "router/routing/kns_geometry_inputs.h"

#include "router/routing/coordinate_inputs.h"

namespace hiradix {

KnsRouter kns_router(const Kns& topo, int router) {
  const bool at_switch = topo.is_switch(router);
  const int node = at_switch ? topo.node_on(router, 0) : router;
  return {at_switch ? 1 + topo.switch_dimension(router) : 0,
          pack_per_dimension(topo.dims(), 0, [&](int d) { return topo.coordinate(node, d); })};
}

void set_kns_inputs(const Kns& topo, int router, int dst_node, RoutingContext& ctx) {
  const bool at_switch = topo.is_switch(router);
  kns_switch(ctx) = at_switch ? 1 + topo.switch_dimension(router) : 0;
  kns_here(ctx) = at_switch ? 0 : pack_per_dimension(topo.dims(), 0, [&](int d) { return topo.coordinate(router, d); });
  kns_dst(ctx) = pack_per_dimension(topo.dims(), 0, [&](int d) { return topo.coordinate(dst_node, d); });
  kns_size(ctx) = pack_per_dimension(topo.dims(), 1, [&](int) { return topo.k(); });
}

}  // namespace hiradix
