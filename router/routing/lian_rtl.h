// LIAN's routing-unit fields (router/routing/rtl_field.h, seed-000 §3.13): SGCth and ILCth, the global
// links to saturated groups and the larger relevant intermediate-local counter.
#pragma once
#include "router/routing/rtl_field.h"

namespace hiradix::rtl_decl {
inline constexpr Field lian_fields[] = {
    config("lian_sgc", rtl::PORT_W, "routing.lian_sgc"),
    config("lian_ilc", rtl::TPR_W, "routing.lian_ilc"),
    own_input("lian_saturated", rtl::PORT_W),
    own_input("lian_il", rtl::TPR_W),
};
}  // namespace hiradix::rtl_decl
