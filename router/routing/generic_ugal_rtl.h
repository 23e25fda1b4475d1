// The routing unit's fields of `ugal` on the topologies other than the Dragonfly (GenericUgalRouting,
// generic_ugal_routing.h; router/routing/rtl_field.h, issue 27). Its comparison (seed-000 §3.5, Eq. 2-1)
// weighs the loads by the distances to the destination and through the intermediate router, which the unit
// computes from coordinates (rtl/topology/hiradix_router_distance.v): this router's and the destination's
// are the family's geometry inputs (mesh_geometry_rtl.h, flattened_butterfly_geometry_rtl.h,
// kns_geometry_rtl.h; a fully connected network needs none, one hop between any two routers). The
// intermediate's are a column of the forwarding table (rtl/hiradix_forwarding_table.v): the read of its row
// (fwd_row_mid, generic_valiant_rtl.h) gives its coordinates too, as the fabric manager wrote them. Its
// decision is made by valiant's submodule (rtl/routing/hiradix_route_generic_valiant.v, code 19); T and the
// loads are UGAL's (ugal_rtl.h). Packed as the geometry inputs are: COORD_W bits per dimension, dimension 0
// lowest, for MESH_DIMS dimensions.
#pragma once
#include "router/routing/rtl_field.h"

namespace hiradix::rtl_decl {
inline constexpr int kMidBits = rtl::MESH_DIMS * rtl::COORD_W;
inline constexpr Field generic_ugal_fields[] = {
    own_input("mesh_mid", kMidBits).on("mesh|torus"),        // the intermediate router's coordinates
    own_input("fb_mid", kMidBits).on("flattened_butterfly"),  // the intermediate router's coordinates
    // The intermediate's, as kns_geometry_rtl.h gives a router: an end node by its coordinates; a switch of
    // dimension d by 1 + d and the coordinates of its line's end node of coordinate d = 0.
    own_input("kns_mid", kMidBits).on("kns"),
    own_input("kns_mid_switch", 2).on("kns"),
};
}  // namespace hiradix::rtl_decl
