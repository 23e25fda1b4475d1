// ACOR's routing-unit fields (router/routing/rtl_field.h, seed-000 §3.10): its sequence of phase-A policies
// and the level of this decision (the router's, or the packet's).
#pragma once
#include "router/routing/rtl_field.h"

namespace hiradix::rtl_decl {
inline constexpr Field acor_fields[] = {
    config("acor_sequence", 2, "routing.acor_sequence", FromKey::kChoice, "2l-a|2l-b|3l"),  // rtl ACOR_SEQ_*
    own_input("acor_level", 2),
};
// Its submodule (rtl/routing/hiradix_route_acor.v) and code.
inline constexpr RoutingCode acor_routings[] = {{"acor", 10}};
inline constexpr Submodule acor_submodule = submodule("acor", acor_routings);
}  // namespace hiradix::rtl_decl
