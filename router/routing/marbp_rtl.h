// MAR-bP's routing-unit fields (router/routing/rtl_field.h, seed-000 §4.5): per output port the VCs whose
// flow control lets a packet go (not paused; credits for a packet), read at injection.
#pragma once
#include "router/routing/rtl_field.h"

namespace hiradix::rtl_decl {
inline constexpr Field marbp_fields[] = {
    input<&RoutingContext::flow_ready>("flow_ready", rtl::READY_W, Entries::kPerPort),
};
// Its submodule (rtl/routing/hiradix_route_marbp.v) and code.
inline constexpr RoutingCode marbp_routings[] = {{"marbp", 21}};
inline constexpr Submodule marbp_submodule = submodule("marbp", marbp_routings);
}  // namespace hiradix::rtl_decl
