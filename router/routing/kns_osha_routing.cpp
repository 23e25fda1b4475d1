#include "router/routing/kns_osha_routing.h"

#include <functional>
#include <utility>

#include "config/schema/option_values.h"
#include "router/common/router_view.h"
#include "router/routing/channel_dependencies.h"
#include "router/routing/dor_step.h"
#include "router/routing/osha_routing.h"

namespace hiradix {

KnsOshaRouting::KnsOshaRouting(const Kns& topo, const std::vector<int>& order, bool nic_picks)
    : topo_(topo), nic_picks_(nic_picks) {
  order_[0] = kns_order(order);
  order_[1] = order_[0];
  std::swap(order_[1][0], order_[1][1]);  // the paper's pair: XY and YX, XYZ and YXZ (§1.3)
}

std::unique_ptr<RoutingState> KnsOshaRouting::make_state(int, const RouterParams&, int, int) const {
  if (nic_picks_) return nullptr;  // sasha: the NIC chose; no toggles
  return std::make_unique<OshaState>(topo_, topo_.p());  // a switch has no terminals and never asks
}

void KnsOshaRouting::gather(RouterView& view, const Packet& pkt, RoutingContext& ctx) const {
  RoutingAlgorithm::gather(view, pkt, ctx);
  set_kns_inputs(topo_, ctx.router, topo_.nic_port(static_cast<int>(pkt.dst), pkt.dst_nic).router, ctx);
  // Read only by an injection decision (route(), and the RTL under `injection` at an end node); 0 elsewhere.
  osha_vn(ctx) = !view.at_injection() ? 0 : nic_picks_ ? (pkt.vn & 1) : static_cast<OshaState*>(view.state())->vn(pkt, view.now());
}

RoutingDecision KnsOshaRouting::route(const RoutingContext& ctx, Packet& pkt) const {
  const int here = ctx.router;
  const PortEnd dst = topo_.nic_port(static_cast<int>(pkt.dst), pkt.dst_nic);
  RoutingDecision d;
  if (dst.router == here) {  // eject: VC 0, the header as it came (as hybrid_dor)
    d.out_port = d.min_port = static_cast<std::uint16_t>(dst.port);
    return d;
  }
  RouteState& rs = pkt.route;
  // At an end node's terminal port the VN is chosen (the toggle, or the NIC's); anywhere else it is the
  // header's, so it never changes in flight. A switch's ports below p are network ports.
  const bool injection = !topo_.is_switch(here) && ctx.in_port < topo_.p();
  const int vn = injection ? (osha_vn(ctx) & 1) : (rs.flags & kVnBit) ? 1 : 0;
  const int port = kns_dor_port(topo_, order_[vn], here, dst.router);
  ++rs.hops[1];
  rs.phase_classes |= 1u << 1;
  rs.flags = static_cast<std::uint8_t>(vn ? rs.flags | kVnBit : rs.flags & ~kVnBit);
  d.out_port = d.min_port = static_cast<std::uint16_t>(port);
  d.out_vc = static_cast<std::uint8_t>(vn);
  return d;
}

std::unique_ptr<RoutingAlgorithm> KnsOshaRouting::on_vn(int vn) const { return std::make_unique<OshaOnVn<KnsOshaRouting>>(*this, vn); }

// Each VN is Hybrid-DOR in its order on its own VC, walked from end nodes only (switches have no
// terminals): kFull every pair of end nodes, kReduced the pairs that make every dependency in any order.
bool KnsOshaRouting::enumerate_dependencies(ChannelGraph& g, CdgMethod method) const {
  const Kns& t = topo_;
  for (const int vn : {0, 1}) {
    const std::unique_ptr<RoutingAlgorithm> walk = on_vn(vn);
    if (method == CdgMethod::kFull)
      enumerate_route_pairs(*walk, g, [&t](const std::function<void(int, int)>& w) {
        for (int s = 0; s < t.end_nodes(); ++s)
          for (int d = 0; d < t.end_nodes(); ++d) w(s, d);
      });
    else
      enumerate_route_pairs(*walk, g, [&t](const std::function<void(int, int)>& w) { kns_dependency_pairs(t, w); });
  }
  return true;
}

std::unique_ptr<RoutingAlgorithm> make_kns_osha(const Kns& topo, const RoutingOptions& o, bool nic_picks) {
  if (topo.dims() < 2)
    throw KeyError("topology.dims", o.algorithm + " needs at least 2 dimensions (its two virtual networks correct them "
                                                  "in two orders, seed 001 §1.3); this network has 1");
  std::string order = o.text("routing.osha_order");
  if (order == "''") order.clear();  // the schema default's YAML text, when the key was not set
  return std::make_unique<KnsOshaRouting>(topo, parse_dimension_order(order, topo.dims(), "routing.osha_order"), nic_picks);
}

}  // namespace hiradix
