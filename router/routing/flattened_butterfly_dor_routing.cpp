#include "router/routing/flattened_butterfly_dor_routing.h"

#include <functional>

#include "router/routing/channel_dependencies.h"

namespace hiradix {

FlattenedButterflyDorRouting::FlattenedButterflyDorRouting(const FlattenedButterfly& topo, const std::vector<int>& order) : topo_(topo) {
  for (int i = 0; i < topo.dims(); ++i) order_[static_cast<std::size_t>(i)] = order[static_cast<std::size_t>(i)];
}

void FlattenedButterflyDorRouting::gather(RouterView& view, const Packet& pkt, RoutingContext& ctx) const {
  RoutingAlgorithm::gather(view, pkt, ctx);
  set_flattened_butterfly_inputs(topo_, ctx.router, topo_.nic_port(static_cast<int>(pkt.dst), pkt.dst_nic).router, ctx);
}

RoutingDecision FlattenedButterflyDorRouting::route(const RoutingContext& ctx, Packet& pkt) const {
  const int here = ctx.router;
  const PortEnd dst = topo_.nic_port(static_cast<int>(pkt.dst), pkt.dst_nic);
  RoutingDecision d;
  if (dst.router == here) {  // eject
    d.out_port = d.min_port = static_cast<std::uint16_t>(dst.port);
    return d;
  }
  int port = -1;
  for (int i = 0; i < topo_.dims() && port < 0; ++i) {
    const int dim = order_[static_cast<std::size_t>(i)], t = topo_.coordinate(dst.router, dim);
    if (topo_.coordinate(here, dim) != t) port = topo_.port_towards(here, dim, t);
  }
  RouteState& rs = pkt.route;
  ++rs.hops[1];
  rs.phase_classes |= 1u << 1;
  d.out_port = d.min_port = static_cast<std::uint16_t>(port);
  d.out_vc = 0;
  return d;
}

bool FlattenedButterflyDorRouting::enumerate_dependencies(ChannelGraph& g, CdgMethod method) const {
  const FlattenedButterfly& t = topo_;
  if (method == CdgMethod::kFull) {
    enumerate_route_paths(*this, g, CdgMethod::kFull);
    return true;
  }
  // Every pair that differs in one dimension d or in two, d and e: every two consecutive hops of any path.
  const auto moved = [&t](int router, int d, int to) { return router + (to - t.coordinate(router, d)) * t.stride(d); };
  enumerate_route_pairs(*this, g, [&](const std::function<void(int, int)>& walk) {
    for (int s = 0; s < t.routers(); ++s)
      for (int d = 0; d < t.dims(); ++d)
        for (int x = 0; x < t.size(d); ++x) {
          const int along = moved(s, d, x);
          walk(s, along);
          for (int e = d + 1; e < t.dims(); ++e)
            for (int y = 0; y < t.size(e); ++y) walk(s, moved(along, e, y));
        }
  });
  return true;
}

}  // namespace hiradix
