// Hybrid-DOR's routing-unit declarations (router/routing/rtl_field.h; hybrid_dor_routing.h, issue 27). It
// reads dor's configuration field, cfg_dor_order (dor_rtl.h: the same key, routing.dor_order, and code), and
// the KNS's geometry by coordinates (kns_geometry_rtl.h); it declares no field of its own.
#pragma once
#include "router/routing/rtl_field.h"

namespace hiradix::rtl_decl {
// Its submodule (rtl/routing/hiradix_route_hybrid_dor.v) and code: the first of ALG_W = 5 (codes 0-15, the
// whole of ALG_W = 4, were all given).
inline constexpr RoutingCode hybrid_dor_routings[] = {{"hybrid_dor", 16}};
inline constexpr Submodule hybrid_dor_submodule = submodule("hybrid_dor", hybrid_dor_routings).on("kns");
}  // namespace hiradix::rtl_decl
