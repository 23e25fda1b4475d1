// The routing unit's buses as the C++ bridge sees them: the layout of the routings' declared fields
// (router/routing/rtl_bus_layout.h), made once.
#pragma once
#include "router/routing/rtl_bus_layout.h"

namespace hiradix {

const rtl_decl::BusLayout& rtl_bus();

}  // namespace hiradix
