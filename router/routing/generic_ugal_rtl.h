// The routing unit's fields of `ugal` on the topologies other than the Dragonfly (GenericUgalRouting,
// generic_ugal_routing.h; router/routing/rtl_field.h, issue 27): the two distances of its comparison
// (seed-000 §3.5, Eq. 2-1), looked up as the forwarding table's rows are (generic_valiant_rtl.h): a distance
// table by router pair, which the model reads as Topology::distance. Its decision is made by valiant's
// submodule (rtl/routing/hiradix_route_generic_valiant.v, code 19); T and the loads are UGAL's (ugal_rtl.h).
#pragma once
#include "router/routing/rtl_field.h"

namespace hiradix::rtl_decl {
inline constexpr Field generic_ugal_fields[] = {
    // H_min: the distance from this router to the destination router.
    own_input("ugal_h_min", 2 * rtl::HOPS_W).on("mesh|torus|flattened_butterfly|kns|fully_connected"),
    // H_vlb: the distance to the intermediate router plus the distance from it to the destination router.
    own_input("ugal_h_vlb", 2 * rtl::HOPS_W).on("mesh|torus|flattened_butterfly|kns|fully_connected"),
};
}  // namespace hiradix::rtl_decl
