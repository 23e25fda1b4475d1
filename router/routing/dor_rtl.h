// DOR's routing-unit fields (router/routing/rtl_field.h; dor_routing.h, issue 27): its dimension order, and
// the mesh's geometry by coordinates as a mesh router knows it. The router's own coordinates are straps of
// that router; the destination router's coordinates are what the packet's header carries (x, y, z), so the
// unit divides nothing to find them (the terminal port at the destination router is dst mod p, which the
// unit's shared geometry gives). dor's gather() fills them (dor_routing.cpp); the mesh geometry module
// (rtl/topology/hiradix_mesh_geometry.v) reads them by name, so any routing of a mesh may. Coordinates and
// sizes are packed COORD_W bits per dimension, dimension 0 lowest, for MESH_DIMS dimensions (a dimension the
// network lacks reads size 1, coordinate 0).
#pragma once
#include "router/routing/rtl_field.h"

namespace hiradix::rtl_decl {
inline constexpr int kMeshBits = rtl::MESH_DIMS * rtl::COORD_W;
inline constexpr Field dor_fields[] = {
    // routing.dor_order as the position of its text (rtl/routing/hiradix_route_dor.v decodes the order):
    // '' (a loaded config's text when the key is not set) first, its schema default's YAML text '' last;
    // the digit spellings ("10") have no code and are refused naming the key.
    config("dor_order", 4, "routing.dor_order", FromKey::kChoice, "|x|xy|yx|xyz|xzy|yxz|yzx|zxy|zyx|''"),
    own_input("mesh_here", kMeshBits),   // this router's coordinates
    own_input("mesh_dst", kMeshBits),    // the destination router's coordinates (from the header)
    own_input("mesh_size", kMeshBits),   // the routers per dimension, k
    own_input("mesh_rings", rtl::MESH_DIMS),  // per dimension: a ring with a wrap-around link (Mesh::ring)
};
// Its submodule (rtl/routing/hiradix_route_dor.v) and code.
inline constexpr RoutingCode dor_routings[] = {{"dor", 14}};
inline constexpr Submodule dor_submodule = submodule("dor", dor_routings).on("mesh|torus");
}  // namespace hiradix::rtl_decl
