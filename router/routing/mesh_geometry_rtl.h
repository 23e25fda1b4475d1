// The routing unit's inputs for a mesh's or torus's geometry by coordinates (router/routing/rtl_field.h;
// topology/mesh.h, issue 27), which rtl/topology/hiradix_mesh_geometry.v reads by name, so any routing of a
// mesh may: as a real mesh router, the unit knows its own coordinates (straps of that router) and takes the
// destination router's from the packet's header (x, y, z), so it divides nothing to find them (the terminal
// port at the destination router is dst mod p, which the unit's shared geometry gives). A routing fills them
// in its gather() with set_mesh_inputs (mesh_geometry_inputs.h); router/rtl/mesh_unit_geometry.cpp rebuilds
// a recorded decision's network from them. Coordinates and sizes are packed COORD_W bits per dimension,
// dimension 0 lowest, for MESH_DIMS dimensions (a dimension the network lacks reads size 1, coordinate 0).
#pragma once
#include "router/routing/rtl_field.h"

namespace hiradix::rtl_decl {
inline constexpr int kMeshBits = rtl::MESH_DIMS * rtl::COORD_W;
inline constexpr Field mesh_geometry_fields[] = {
    own_input("mesh_here", kMeshBits).on("mesh|torus"),        // this router's coordinates
    own_input("mesh_dst", kMeshBits).on("mesh|torus"),         // the destination router's coordinates (from the header)
    own_input("mesh_size", kMeshBits).on("mesh|torus"),        // the routers per dimension, k
    own_input("mesh_rings", rtl::MESH_DIMS).on("mesh|torus"),  // per dimension: a ring with a wrap-around link (Mesh::ring)
};
}  // namespace hiradix::rtl_decl
