// The routing unit's inputs for a KNS's geometry by coordinates (router/routing/rtl_field.h; topology/kns.h,
// issue 27), which rtl/topology/hiradix_kns_geometry.v reads by name. A KNS has two kinds of routers, and the
// unit is told which one it sits in, as a strap of that router: an end node (the NIC that forwards between
// its n dimension ports, radix p + n) knows its own coordinates; a switch (radix k, no terminals) knows its
// dimension. The destination end node's coordinates come from the header, so nothing is divided. A routing
// fills them in its gather() with set_kns_inputs (kns_geometry_inputs.h); router/rtl/kns_unit_geometry.cpp
// rebuilds a recorded decision's network from them. Coordinates and sizes are packed COORD_W bits per
// dimension, dimension 0 lowest, for MESH_DIMS dimensions (a dimension the network lacks reads size 1,
// coordinate 0, so it never differs).
#pragma once
#include "router/routing/rtl_field.h"

namespace hiradix::rtl_decl {
inline constexpr int kKnsBits = rtl::MESH_DIMS * rtl::COORD_W;
inline constexpr Field kns_geometry_fields[] = {
    own_input("kns_switch", 2).on("kns"),       // 0 at an end node; at a switch, 1 + its dimension
    own_input("kns_here", kKnsBits).on("kns"),  // an end node's coordinates (0 at a switch, which reads none)
    own_input("kns_dst", kKnsBits).on("kns"),   // the destination end node's coordinates (from the header)
    // k per dimension: no hop reads it (a switch's ports are numbered by coordinate, an end node's by
    // dimension); a record carries it to name its network (k and n), and OSHA's unit, which serves meshes
    // too, reads only that it is not 0 (never on a KNS) to take the KNS's hop.
    own_input("kns_size", kKnsBits).on("kns"),
};
}  // namespace hiradix::rtl_decl
