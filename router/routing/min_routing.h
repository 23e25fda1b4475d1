// MIN: the single minimal path l1 g1 l2 of a canonical Dragonfly (seed-000 §3.1). VCs: 2 local, 1 global.
#pragma once
#include "router/routing/dragonfly_routing.h"

namespace hiradix {

class MinRouting : public DragonflyRouting {
 public:
  using DragonflyRouting::DragonflyRouting;
  std::string name() const override { return "min"; }
  VcRequirement vcs_needed() const override { return vcs(2, 1); }
  static constexpr PhaseSlots kSlots{0, 0, 1};  // l1 g1 l2
  RoutingDecision route(const RoutingContext& ctx, Packet& pkt) const override {
    return minimal_hop(ctx.router, topo_.router_of_terminal(pkt.dst), pkt, kSlots);
  }
  // Every path route() takes (router/routing/channel_dependencies.h).
  bool enumerate_dependencies(ChannelGraph& g, CdgMethod method) const override;
};

}  // namespace hiradix
