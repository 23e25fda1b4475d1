// The routing unit's code of `rvlb` on the grid topologies (GridRvlbRouting, grid_rvlb_routing.h;
// router/routing/rtl_field.h, issue 27): a third code of generic valiant's submodule (generic_valiant_rtl.h,
// rtl/routing/hiradix_route_generic_valiant.v), which draws the intermediate router at injection by the grid's
// chain of fractions (rtl/routing/hiradix_grid_draw.v) instead of among all routers; phases, rows, VCs and the
// header are generic valiant's, as GridRvlbRouting inherits GenericValiantRouting. The draw reads the
// coordinates the unit already has: the mesh's and torus's (mesh_here, mesh_dst, mesh_size:
// mesh_geometry_rtl.h) or the Flattened Butterfly's (fb_here, fb_dst, fb_size:
// flattened_butterfly_geometry_rtl.h), each 0 on the other family's networks, so the unit ORs them; the
// model's gather() fills them (with the RTL in the loop). No input of its own.
#pragma once
#include "router/routing/rtl_field.h"

namespace hiradix::rtl_decl {
inline constexpr RoutingCode grid_rvlb_code = {"grid_rvlb", 20, "rvlb"};
}  // namespace hiradix::rtl_decl
