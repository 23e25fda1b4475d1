// OSHA's routing-unit fields (router/routing/rtl_field.h; osha_routing.h, seed 001 §1.3-§1.4): its dimension
// order and the source's round-robin bit. The mesh's geometry by coordinates, which its submodule reads too,
// is the mesh family's (mesh_geometry_rtl.h); on a KNS (kns_osha_routing.h) it reads the KNS's instead
// (kns_geometry_rtl.h) and takes Hybrid-DOR's hop in each VN's order.
#pragma once
#include "router/routing/rtl_field.h"

namespace hiradix::rtl_decl {
inline constexpr Field osha_fields[] = {
    // routing.osha_order as the position of its text among dor_order's choices (dor_rtl.h), so that
    // rtl/routing/hiradix_dor_step.v decodes both alike; VN 1's order is VN 0's with its first two swapped.
    config("osha_order", 4, "routing.osha_order", FromKey::kChoice, "|x|xy|yx|xyz|xzy|yxz|yzx|zxy|zyx|''"),
    // The VN of a decision at an injection port: the source terminal's toggle (OshaState; SASHA: the packet's
    // VN, chosen by its NIC), read only there;
    // elsewhere the VN is the header's (RouteState::flags bit 6).
    own_input("osha_vn", 1),
};
// Its submodule (rtl/routing/hiradix_route_osha.v) and code (the last free one of ALG_W = 4); SASHA
// (sasha_routing.cpp) is the same decision with osha_vn = the VN its source NIC chose, code 22.
inline constexpr RoutingCode osha_routings[] = {{"osha", 15}, {"sasha", 22}};
inline constexpr Submodule osha_submodule = submodule("osha", osha_routings).on("mesh|torus|kns");
}  // namespace hiradix::rtl_decl
