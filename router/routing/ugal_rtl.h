// UGAL's routing-unit fields (router/routing/rtl_field.h), read by UGAL-L / UGAL-G and the routings built
// on it (PB, RPB, PB-ACOR, TPR, LIAN): the threshold T, where Q comes from, and the loads Q reads.
#pragma once
#include "router/routing/rtl_field.h"

namespace hiradix::rtl_decl {
inline constexpr Field ugal_fields[] = {
    config("ugal_t", rtl::THRESH_W, "routing.ugal_threshold", FromKey::kPhits).named_in_json("ugal_threshold"),
    // UGAL-G: Q adds the path's first global channel (group_load).
    config("ugal_group", 1, "routing.ugal_info", FromKey::kChoice, "local|group"),
    // UGAL's Q read per VC (vc_load, not port_load); its logic is built only with the unit's VC_LOAD.
    config("vc_load", 1, "routing.ugal_load", FromKey::kChoice, "port|vc").named_in_json("vc_load_on").sets_param("VC_LOAD"),
    // A decision taken again at injection keeps the header's R_ROOT when its flags bit 7 is set (FOGSim).
    config("valiant_draw", 1, "routing.valiant_draw", FromKey::kChoice, "per_attempt|per_packet"),
    // UGAL's minimal path (phase 1, no phase-A hop) on MIN's VC slots L0 G0 L1 instead of phase B's (FOGSim).
    config("ugal_min_slots", 1, "routing.ugal_min_slots", FromKey::kChoice, "phase_b|min"),
    // Per output port: phits queued plus sent and not yet credited (saturated by the router).
    input<&RoutingContext::port_load>("port_load", rtl::LOAD_W, Entries::kPerPort),
    // UGAL-G: per global link of the group, the load of its output port at its owner router.
    input<&RoutingContext::group_load>("group_load", rtl::LOAD_W, Entries::kPerGroupLink).only_when("ugal_group"),
    // Per output port and VC: the phits holding that VC's downstream credits.
    input<&RoutingContext::vc_load>("vc_load", rtl::LOAD_W, Entries::kPerPortVc).only_when("vc_load"),
};
// The submodule of UGAL and the routings built on it (rtl/routing/hiradix_route_ugal.v), their codes, and
// the unit's parameter VC_LOAD it takes; two stages (the loads read and both paths built, then the comparison).
inline constexpr RoutingCode ugal_routings[] = {{"ugal", 2}, {"pb", 5}, {"rpb", 9}, {"pb_acor", 11}, {"tpr", 12}, {"lian", 13}};
inline constexpr Submodule ugal_submodule = submodule("ugal", ugal_routings, "VC_LOAD").in_stages(2);
}  // namespace hiradix::rtl_decl
