// The Flattened Butterfly's geometry inputs of the routing unit (flattened_butterfly_geometry_rtl.h) in a
// decision's context, and how a routing of the Flattened Butterfly fills them in its gather().
#pragma once
#include <cstdint>

#include "router/routing/flattened_butterfly_geometry_rtl.h"
#include "router/routing/routing_context.h"
#include "rtl_own_slots.h"
#include "topology/flattened_butterfly.h"

namespace hiradix {

HIRADIX_OWN_SCALAR(fb_here)
HIRADIX_OWN_SCALAR(fb_dst)
HIRADIX_OWN_SCALAR(fb_size)

// The inputs for a decision at `router` towards `dst_router`, packed as flattened_butterfly_geometry_rtl.h
// says. Dimensions beyond rtl::MESH_DIMS are not packed (the unit's geometry refuses such a network in the
// RTL: router/rtl/flattened_butterfly_unit_geometry.cpp).
void set_flattened_butterfly_inputs(const FlattenedButterfly& topo, int router, int dst_router, RoutingContext& ctx);
// Router `router`'s coordinates, packed as those inputs (ugal's intermediate: generic_ugal_rtl.h).
std::int32_t flattened_butterfly_coordinates(const FlattenedButterfly& topo, int router);

}  // namespace hiradix
