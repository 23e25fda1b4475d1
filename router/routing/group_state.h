// The per-router state of the two routings that share information over their Dragonfly group, with the
// group broadcast that carries it (router/common/group_broadcast.h):
//  - ECtN (seed-003 §1.5): the router's partial counters, one per global link of the group, counted while a
//    head bound for another group is at the front of an injection or global input VC; broadcast as 4-bit
//    values (§6.3, R16); at injection the routing reads the combined counters (own + last received).
//  - PB (seed-000 §3.6): the saturation flags of the router's h global channels (Eq. 2-2, router/routing/pb_flags.h),
//    broadcast as h bits; at injection the routing reads the flag of the minimal path's global link, the
//    router's own (fresh) or the one its owner last broadcast.
#pragma once
#include <memory>
#include <vector>

#include "router/routing/ectn_partial.h"
#include "router/common/group_broadcast.h"
#include "topology/dragonfly.h"
#include "router/routing/routing_state.h"
#include "tlm/arena.h"

namespace hiradix {

class WiredRouter;

// Wires every router's group broadcast to those of its group, over its local links (after the links
// themselves are wired: a message takes the link's latency).
void connect_group_broadcasts(const Dragonfly& topo, const std::vector<WiredRouter*>& routers);

class EctnState : public RoutingState {
 public:
  EctnState(const Dragonfly& topo, int router, BroadcastParams params, int input_vcs, int ports);
  GroupBroadcast* broadcast() override { return &broadcast_; }
  void fill_broadcast(RouterView& view, std::uint8_t* payload) override;
  std::uint8_t events() const override { return kHeadCounted | kTailLeft; }
  void head_counted(int vc_index, int in_port, const Packet& pkt) override;
  void tail_left(int vc_index) override;
  void gather(RouterView& view, const Packet& pkt, RoutingContext& ctx) override;
  const EctnPartial& partial() const { return partial_; }

 private:
  const Dragonfly& topo_;
  int router_;
  GroupBroadcast broadcast_;
  EctnPartial partial_;
  HotVector<int> partial_link_;        // per input VC, the partial counter its head counts on (-1: none)
  HotVector<std::uint8_t> comb_;       // per output port, the combined counter of its link (global ports)
};

class PbState : public RoutingState {
 public:
  // `threshold_phits`: Eq. 2-2's T in phits; `mean_over_all`: Q̄ over all the router's global channels
  // (FOGSim) instead of the other ones (the thesis).
  PbState(const Dragonfly& topo, int router, BroadcastParams params, int ports, int factor_pct, int threshold_phits,
          bool mean_over_all);
  std::uint8_t events() const override { return 0; }  // its flags are computed when a broadcast is due
  GroupBroadcast* broadcast() override { return &broadcast_; }
  void fill_broadcast(RouterView& view, std::uint8_t* payload) override { own_flags(view, payload); }
  void gather(RouterView& view, const Packet& pkt, RoutingContext& ctx) override;

 private:
  void own_flags(RouterView& view, std::uint8_t* flags);
  const Dragonfly& topo_;
  int router_;
  GroupBroadcast broadcast_;
  int factor_pct_, flag_threshold_;
  bool mean_over_all_;
  HotVector<int> load_;          // loads of the global ports
  HotVector<std::uint8_t> own_;  // own flags
};

}  // namespace hiradix
