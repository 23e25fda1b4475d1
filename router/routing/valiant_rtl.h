// Valiant's routing-unit fields (router/routing/rtl_field.h): the phase-A policy, which every routing that
// draws a Valiant intermediate reads (UGAL's, PB's, ACOR's paths too), and where R_ROOT is drawn for a
// destination in the source group (routing.valiant_in_group).
#pragma once
#include "router/routing/rtl_field.h"

namespace hiradix::rtl_decl {
inline constexpr Field valiant_fields[] = {
    config("phase_a", 2, "routing.phase_a", FromKey::kChoice, "lgl|lg-|-gl|-g-"),  // rtl PHASE_A_*
    // FOGSim's Valiant for a destination in the source group: R_ROOT among the group's routers, path minimal.
    config("valiant_in_group", 1, "routing.valiant_in_group", FromKey::kChoice, "phase_a|source_group"),
};
// The submodule of Valiant and RVLB (rtl/routing/hiradix_route_valiant.v) and their codes.
inline constexpr RoutingCode valiant_routings[] = {{"valiant", 1}, {"rvlb", 8}};
inline constexpr Submodule valiant_submodule = submodule("valiant", valiant_routings);
}  // namespace hiradix::rtl_decl
