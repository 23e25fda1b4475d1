// The routing unit's fields of `min` on the topologies other than the Dragonfly (GenericMinRouting,
// generic_min_routing.h; router/routing/rtl_field.h, issue 27): the row of the router's forwarding table for
// the packet's destination router, which a table lookup in the RC stage returns (the table itself is a memory
// block of its own, rtl/hiradix_forwarding_table.v, filled at start as a fabric manager fills a switch's
// table; the model's copy is router/routing/forwarding_table.h). The loads it compares are UGAL's
// `port_load` (ugal_rtl.h), the same member of the routing context.
#pragma once
#include "router/routing/rtl_field.h"

namespace hiradix::rtl_decl {
inline constexpr Field generic_min_fields[] = {
    // Per output port: 1 when the port is on a minimal path towards the destination router (Topology::min_ports).
    own_array_input("fwd_row", 1, Entries::kPerPort).on("mesh|torus|flattened_butterfly|kns|fully_connected"),
};
// Its submodule (rtl/routing/hiradix_route_generic_min.v) and code: `min` where the topology has no Dragonfly
// geometry (the Dragonfly's `min` keeps code 0 and hiradix_route_min.v).
inline constexpr RoutingCode generic_min_routings[] = {{"generic_min", 17, "min"}};
inline constexpr Submodule generic_min_submodule =
    submodule("generic_min", generic_min_routings).on("mesh|torus|flattened_butterfly|kns|fully_connected");
}  // namespace hiradix::rtl_decl
