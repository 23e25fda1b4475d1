// The mesh geometry's inputs of the routing unit (mesh_geometry_rtl.h) in a decision's context, and how a
// mesh routing's gather() fills them.
#pragma once
#include <cstdint>

#include "router/routing/mesh_geometry_rtl.h"
#include "router/routing/routing_context.h"
#include "rtl_own_slots.h"
#include "topology/mesh.h"

namespace hiradix {

HIRADIX_OWN_SCALAR(mesh_here)
HIRADIX_OWN_SCALAR(mesh_dst)
HIRADIX_OWN_SCALAR(mesh_size)
HIRADIX_OWN_SCALAR(mesh_rings)

// The inputs for a decision at `router` towards `dst_router` (the coordinates a header carries), packed as
// mesh_geometry_rtl.h says. Dimensions beyond rtl::MESH_DIMS are not packed (the unit's mesh geometry
// refuses such a network in the RTL: router/rtl/mesh_unit_geometry.cpp).
void set_mesh_inputs(const Mesh& topo, int router, int dst_router, RoutingContext& ctx);
// Router `router`'s coordinates, packed as those inputs (ugal's intermediate: generic_ugal_rtl.h).
std::int32_t mesh_coordinates(const Mesh& topo, int router);

}  // namespace hiradix
