// The routing unit's inputs for a Flattened Butterfly's / HyperX's geometry by coordinates
// (router/routing/rtl_field.h; topology/flattened_butterfly.h, issue 27), which
// rtl/topology/hiradix_flattened_butterfly_geometry.v reads by name: as the mesh's (mesh_geometry_rtl.h), the
// unit knows its router's coordinates and takes the destination router's from the header, so it divides
// nothing. A routing fills them in its gather() with set_flattened_butterfly_inputs
// (flattened_butterfly_geometry_inputs.h); router/rtl/flattened_butterfly_unit_geometry.cpp rebuilds a
// recorded decision's network from them. Packed COORD_W bits per dimension, dimension 0 lowest, for
// MESH_DIMS dimensions (a dimension the network lacks reads size 1, coordinate 0), so fb_size is never 0 on a
// Flattened Butterfly, and 0 on every other network (hiradix_route_dor.v tells the families apart by it).
#pragma once
#include "router/routing/rtl_field.h"

namespace hiradix::rtl_decl {
inline constexpr int kFbBits = rtl::MESH_DIMS * rtl::COORD_W;
inline constexpr Field flattened_butterfly_geometry_fields[] = {
    own_input("fb_here", kFbBits).on("flattened_butterfly"),  // this router's coordinates
    own_input("fb_dst", kFbBits).on("flattened_butterfly"),   // the destination router's coordinates (from the header)
    own_input("fb_size", kFbBits).on("flattened_butterfly"),  // the routers per dimension, S_d
};
}  // namespace hiradix::rtl_decl
