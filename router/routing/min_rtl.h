// MIN's routing unit (router/routing/rtl_field.h): no fields of its own, the unit's geometry gives its
// minimal hop; its submodule (rtl/routing/hiradix_route_min.v) and code.
#pragma once
#include "router/routing/rtl_field.h"

namespace hiradix::rtl_decl {
inline constexpr RoutingCode min_routings[] = {{"min", 0}};
inline constexpr Submodule min_submodule = submodule("min", min_routings);
}  // namespace hiradix::rtl_decl
