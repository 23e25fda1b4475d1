#include "router/routing/group_state.h"

#include <algorithm>

#include "router/routing/pb_flags.h"
#include "router/common/wired_router.h"
#include "router/common/router_view.h"
#include "router/routing/routing_algorithm.h"
#include "rtl_fields.h"
#include "router/routing/in_transit_routing.h"
#include "router/routing/valiant_routing.h"

namespace hiradix {

void connect_group_broadcasts(const Dragonfly& topo, const std::vector<WiredRouter*>& routers) {
  for (int r = 0; r < topo.routers(); ++r) {
    WiredRouter& router = *routers[static_cast<std::size_t>(r)];
    for (int port = topo.p(); port < topo.p() + topo.a() - 1; ++port)  // the local ports
      router.broadcast()->connect(port, routers[static_cast<std::size_t>(topo.peer(r, port).router)]->broadcast(),
                                  router.link_latency(port));
  }
}

// ---- ECtN ----

EctnState::EctnState(const Dragonfly& topo, int router, BroadcastParams params, int input_vcs, int ports)
    : topo_(topo),
      router_(router),
      broadcast_(params, topo.a(), topo.index_of(router), ports),
      partial_(topo, router),
      partial_link_(static_cast<std::size_t>(input_vcs), -1),
      comb_(static_cast<std::size_t>(ports), 0) {}

void EctnState::fill_broadcast(RouterView&, std::uint8_t* payload) { partial_.snapshot(payload, (1 << kEctnWireBits) - 1); }

// Heads of injection and global inputs bound for another group count on the link their minimal path leaves
// the group by; local inputs never do, so a packet counts once per group.
void EctnState::head_counted(int vc_index, int in_port, const Packet& pkt) {
  if (topo_.port_class(in_port) == PortClass::kLocal) return;
  const int dest_group = topo_.group_of(topo_.router_of_terminal(static_cast<int>(pkt.dst)));
  if (dest_group == topo_.group_of(router_)) return;
  partial_link_[static_cast<std::size_t>(vc_index)] = partial_.link_to(dest_group);
  partial_.increment(partial_link_[static_cast<std::size_t>(vc_index)]);
}

void EctnState::tail_left(int vc_index) {
  int& link = partial_link_[static_cast<std::size_t>(vc_index)];
  if (link < 0) return;
  partial_.decrement(link);
  link = -1;
}

void EctnState::gather(RouterView& view, const Packet& pkt, RoutingContext& ctx) {
  const int dest_group = topo_.group_of(topo_.router_of_terminal(static_cast<int>(pkt.dst)));
  if (!view.at_injection() || dest_group == topo_.group_of(router_)) return;  // no global link to judge
  constexpr int kMax = (1 << rtl::COMB_W) - 1;  // the RTL's field saturates
  const std::int32_t* received = broadcast_.received_sum(view.now());
  auto combined = [&](int link) { return std::min(partial_.value(link) + received[link], kMax); };
  ectn_dest(ctx) = combined(partial_.link_to(dest_group));
  for (int k = 0; k < topo_.h(); ++k)
    comb_[static_cast<std::size_t>(topo_.global_port(k))] =
        static_cast<std::uint8_t>(combined(partial_.link_of(topo_.index_of(router_), k)));
  ectn_comb(ctx) = comb_.data();
}

// ---- PB ----

PbState::PbState(const Dragonfly& topo, int router, BroadcastParams params, int ports, int factor_pct, int threshold_phits,
                 bool mean_over_all)
    : topo_(topo),
      router_(router),
      broadcast_(params, topo.a(), topo.index_of(router), ports),
      factor_pct_(factor_pct),
      flag_threshold_(threshold_phits),
      mean_over_all_(mean_over_all),
      load_(static_cast<std::size_t>(topo.h()), 0),
      own_(static_cast<std::size_t>(topo.h()), 0) {}

void PbState::own_flags(RouterView& view, std::uint8_t* flags) {
  for (int k = 0; k < topo_.h(); ++k) load_[static_cast<std::size_t>(k)] = view.load(topo_.global_port(k));
  pb_flags(load_.data(), topo_.h(), factor_pct_, flag_threshold_, mean_over_all_, flags);
}

void PbState::gather(RouterView& view, const Packet& pkt, RoutingContext& ctx) {
  const int group = topo_.group_of(router_), dest_group = topo_.group_of(topo_.router_of_terminal(static_cast<int>(pkt.dst)));
  if (!view.at_injection() || dest_group == group) return;  // no global link on the minimal path: flag 0
  int owner, k;
  topo_.global_owner(group, dest_group, owner, k);
  if (owner == topo_.index_of(router_)) {  // own link: its flag now
    own_flags(view, own_.data());
    pb_flag(ctx) = own_[static_cast<std::size_t>(k)] != 0;
  } else {  // the flag its owner last broadcast
    pb_flag(ctx) = broadcast_.latest(owner, view.now())[k] != 0;
  }
}

}  // namespace hiradix
