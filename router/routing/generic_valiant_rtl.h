// The routing unit's fields of `valiant` and `ugal` on the topologies other than the Dragonfly
// (GenericValiantRouting, GenericUgalRouting: generic_valiant_routing.h, generic_ugal_routing.h;
// router/routing/rtl_field.h, issue 27). Besides `min`'s row of the forwarding table for the destination
// (fwd_row, generic_min_rtl.h) the unit reads the row for the intermediate router, a second read of the same
// table (rtl/hiradix_forwarding_table.v): in transit the header's intermediate, at injection the one the
// unit draws from this decision's random state (the model's gather() draws it from the same state, the
// router's LFSR one step on, RouterView::next_random). Two straps of the network: its router count (the
// draw's range) and phase 1's first VC. UGAL's distances are generic_ugal_rtl.h's; its threshold and the
// loads are UGAL's (ugal_rtl.h: ugal_t, port_load).
#pragma once
#include "router/routing/grid_rvlb_rtl.h"
#include "router/routing/rtl_field.h"

namespace hiradix::rtl_decl {
inline constexpr Field generic_valiant_fields[] = {
    // Per output port: 1 when the port is on a minimal path towards the intermediate router.
    own_array_input("fwd_row_mid", 1, Entries::kPerPort).on("mesh|torus|flattened_butterfly|kns|fully_connected"),
    // The network's routers (Topology::routers): the intermediate router is drawn among them.
    own_input("vlb_routers", rtl::ROUTER_W + 1).on("mesh|torus|flattened_butterfly|kns|fully_connected"),
    // max(1, H), H the most network hops of a minimal path: phase 1's first VC.
    own_input("vlb_h", rtl::HOPS_W + 1).on("mesh|torus|flattened_butterfly|kns|fully_connected"),
    // MAR-bP and QCN-Switch on the Flattened Butterfly (generic_marbp_routing.h): at injection the far end of
    // the host port's alternative rule (its OpenFlow entry, read by the input port), the intermediate router.
    own_input("marbp_mid", rtl::ROUTER_W).on("flattened_butterfly"),
};
// Its submodule (rtl/routing/hiradix_route_generic_valiant.v) and codes: `valiant` and `ugal` where the
// topology has no Dragonfly geometry (the Dragonfly's keep codes 1 and 2), `rvlb` on the grids
// (grid_rvlb_rtl.h; the Dragonfly's keeps code 8), and `marbp` and `qcn_switch` on the Flattened Butterfly
// (the Dragonfly's keep codes 21 and 23, marbp_rtl.h, whose flow_ready and qcn_p these read too).
inline constexpr RoutingCode generic_valiant_routings[] = {
    {"generic_valiant", 18, "valiant"}, {"generic_ugal", 19, "ugal"}, grid_rvlb_code,
    {"generic_marbp", 24, "marbp"}, {"generic_qcn_switch", 25, "qcn_switch"}};
inline constexpr Submodule generic_valiant_submodule =
    submodule("generic_valiant", generic_valiant_routings).on("mesh|torus|flattened_butterfly|kns|fully_connected");
}  // namespace hiradix::rtl_decl
