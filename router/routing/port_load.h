// A routing's read of one output port's load (RoutingContext::port_load): filled at its first read when the
// router's view fills the array as read (RouterView::port_loads_as_read), as it is read otherwise.
#pragma once
#include "router/common/router_view.h"
#include "router/routing/routing_context.h"

namespace hiradix {

inline int port_load_of(const RoutingContext& ctx, int port) {
  if (ctx.port_load_view && !(ctx.port_load_filled >> port & 1)) return ctx.port_load_view->fill_port_load(ctx, port);
  return ctx.port_load[port];
}

}  // namespace hiradix
