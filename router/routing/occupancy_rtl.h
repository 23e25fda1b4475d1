// OLM's and Hybrid's routing-unit fields (router/routing/rtl_field.h, seed-003 §1.4): the relative
// candidate threshold and ThMin in percent, and the occupancy per output port and VC. Hybrid feeds the
// threshold from its own key, and the contention threshold it shares with Base from its own too.
#pragma once
#include "router/routing/rtl_field.h"

namespace hiradix::rtl_decl {
inline constexpr Field occupancy_fields[] = {
    config("occupancy_th", rtl::OCC_W, "routing.olm_threshold").named_in_json("occupancy_threshold"),
    config("min_occupancy", rtl::OCC_W, "routing.olm_min_occupancy"),
    source("occupancy_th", "hybrid", "routing.hybrid_threshold"),
    source("contention_th", "hybrid", "routing.hybrid_contention_threshold"),
    input<&RoutingContext::occupancy>("occupancy", rtl::OCC_W, Entries::kPerPortVc),
};
// Their submodule (rtl/routing/hiradix_route_occupancy.v) and codes.
inline constexpr RoutingCode occupancy_routings[] = {{"olm", 6}, {"hybrid", 7}};
inline constexpr Submodule occupancy_submodule = submodule("occupancy", occupancy_routings);
}  // namespace hiradix::rtl_decl
