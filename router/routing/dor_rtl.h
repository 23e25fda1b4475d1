// DOR's routing-unit fields (router/routing/rtl_field.h; dor_routing.h, issue 27): its dimension order. The
// mesh's geometry by coordinates, which its submodule reads too, is the mesh's (mesh_geometry_rtl.h); on a
// Flattened Butterfly (flattened_butterfly_dor_routing.h) the same submodule and code read the FB's
// (flattened_butterfly_geometry_rtl.h) and take its hop (rtl/routing/hiradix_fb_dor_step.v).
#pragma once
#include "router/routing/rtl_field.h"

namespace hiradix::rtl_decl {
inline constexpr Field dor_fields[] = {
    // routing.dor_order as the position of its text (rtl/routing/hiradix_route_dor.v decodes the order):
    // '' (a loaded config's text when the key is not set) first, its schema default's YAML text '' last;
    // the digit spellings ("10") have no code and are refused naming the key.
    config("dor_order", 4, "routing.dor_order", FromKey::kChoice, "|x|xy|yx|xyz|xzy|yxz|yzx|zxy|zyx|''"),
};
// Its submodule (rtl/routing/hiradix_route_dor.v) and code.
inline constexpr RoutingCode dor_routings[] = {{"dor", 14}};
inline constexpr Submodule dor_submodule = submodule("dor", dor_routings).on("mesh|torus|flattened_butterfly");
}  // namespace hiradix::rtl_decl
