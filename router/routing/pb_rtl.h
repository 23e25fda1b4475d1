// PB's routing-unit input (router/routing/rtl_field.h, seed-000 §3.6): the saturation flag of the minimal
// path's global link.
#pragma once
#include "router/routing/rtl_field.h"

namespace hiradix::rtl_decl {
inline constexpr Field pb_fields[] = {
    own_input("pb_flag", 1),
};
}  // namespace hiradix::rtl_decl
