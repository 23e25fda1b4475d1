#include "router/routing/routing_algorithm.h"

namespace hiradix {

void RoutingAlgorithm::gather(RouterView& view, const Packet&, RoutingContext& ctx) const {
  ctx.router = view.router();
  ctx.in_port = view.in_port();
  ctx.contention = view.contention();
}

}  // namespace hiradix
