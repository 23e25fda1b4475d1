// The KNS's geometry inputs of the routing unit (kns_geometry_rtl.h) in a decision's context, and how a
// routing of the KNS fills them in its gather().
#pragma once
#include <cstdint>

#include "router/routing/kns_geometry_rtl.h"
#include "router/routing/routing_context.h"
#include "rtl_own_slots.h"
#include "topology/kns.h"

namespace hiradix {

HIRADIX_OWN_SCALAR(kns_switch)
HIRADIX_OWN_SCALAR(kns_here)
HIRADIX_OWN_SCALAR(kns_dst)
HIRADIX_OWN_SCALAR(kns_size)

// The inputs for a decision at `router` (an end node or a switch) towards end node `dst_node`, packed as
// kns_geometry_rtl.h says. Dimensions beyond rtl::MESH_DIMS are not packed (the unit's KNS geometry refuses
// such a network in the RTL: router/rtl/kns_unit_geometry.cpp).
void set_kns_inputs(const Kns& topo, int router, int dst_node, RoutingContext& ctx);
// Router `router` as the unit names any router of a KNS (ugal's intermediate: generic_ugal_rtl.h): kind, 0 for
// an end node and 1 + d for a switch of dimension d, and the coordinates of the end node, or of the switch's
// line's end node of coordinate d = 0.
struct KnsRouter {
  std::int32_t kind, coordinates;
};
KnsRouter kns_router(const Kns& topo, int router);

}  // namespace hiradix
