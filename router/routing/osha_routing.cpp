#include "router/routing/osha_routing.h"

#include <functional>
#include <utility>

#include "router/common/router_view.h"
#include "router/routing/channel_dependencies.h"
#include "router/routing/kns_osha_routing.h"
#include "router/routing/routing_registry.h"
#include "rtl_routing_codes.h"

namespace hiradix {

OshaRouting::OshaRouting(const Mesh& topo, const std::vector<int>& order, bool nic_picks) : topo_(topo), nic_picks_(nic_picks) {
  order_[0] = dimension_order(order);
  order_[1] = order_[0];
  std::swap(order_[1][0], order_[1][1]);  // the paper's pair: XY and YX, XYZ and YXZ (§1.3)
  bool rings = false;
  for (int d = 0; d < topo.dims(); ++d) rings = rings || topo.ring(d);
  vcs_per_vn_ = rings ? 2 : 1;  // DOR's: the dateline pair where a dimension is a ring
}

// SASHA: an injection VC per VN, which the NIC fills by its choice.
VcRequirement OshaRouting::vcs_needed() const { return {{nic_picks_ ? 2 : 1, 2 * vcs_per_vn_}}; }

std::unique_ptr<RoutingState> OshaRouting::make_state(int, const RouterParams&, int, int) const {
  if (nic_picks_) return nullptr;  // SASHA: the NIC chose; no toggles
  return std::make_unique<OshaState>(topo_, topo_.p());
}

void OshaRouting::gather(RouterView& view, const Packet& pkt, RoutingContext& ctx) const {
  RoutingAlgorithm::gather(view, pkt, ctx);
  set_mesh_inputs(topo_, ctx.router, topo_.nic_port(static_cast<int>(pkt.dst), pkt.dst_nic).router, ctx);
  // Only an injection decision reads it (route(), and the RTL under `injection`); 0 elsewhere.
  // SASHA: the source NIC's choice, which the packet carries.
  osha_vn(ctx) = !view.at_injection() ? 0 : nic_picks_ ? (pkt.vn & 1) : static_cast<OshaState*>(view.state())->vn(pkt, view.now());
}

RoutingDecision OshaRouting::route(const RoutingContext& ctx, Packet& pkt) const {
  const int here = ctx.router;
  const PortEnd dst = topo_.nic_port(static_cast<int>(pkt.dst), pkt.dst_nic);
  RoutingDecision d;
  if (dst.router == here) {  // eject; the header as it came (as DOR)
    d.out_port = d.min_port = static_cast<std::uint16_t>(dst.port);
    return d;
  }
  RouteState& rs = pkt.route;
  // At an injection (terminal) port -- the RTL's `injection`, in_port < p -- the source's toggle; after
  // that the header's, so the VN never changes in flight.
  const int vn = ctx.in_port < topo_.p() ? (osha_vn(ctx) & 1) : (rs.flags & kVnBit) ? 1 : 0;
  const DorHop hop = dor_step(topo_, order_[vn], here, dst.router, rs);
  rs.flags = static_cast<std::uint8_t>(vn ? rs.flags | kVnBit : rs.flags & ~kVnBit);  // the step rewrites bits 3-6
  d.out_vc = static_cast<std::uint8_t>(vn * vcs_per_vn_ + hop.vc);
  d.out_port = d.min_port = static_cast<std::uint16_t>(hop.port);
  return d;
}

std::unique_ptr<RoutingAlgorithm> OshaRouting::on_vn(int vn) const { return std::make_unique<OshaOnVn<OshaRouting>>(*this, vn); }

// Each VN is DOR in its order on its own VCs: its paths from every injection (kFull: every pair of routers;
// kReduced: DOR's pairs, dor_dependency_pairs, which make the same graph in any order).
bool OshaRouting::enumerate_dependencies(ChannelGraph& g, CdgMethod method) const {
  for (const int vn : {0, 1}) {
    const std::unique_ptr<RoutingAlgorithm> walk = on_vn(vn);
    if (method == CdgMethod::kFull)
      enumerate_route_paths(*walk, g, CdgMethod::kFull);
    else
      enumerate_route_pairs(*walk, g, [this](const std::function<void(int, int)>& w) { dor_dependency_pairs(topo_, w); });
  }
  return true;
}

RoutingEntry osha_routing_entry() {
  RoutingEntry e{"osha", {"OSHA", 15},
                 "OSHA, seed 001 §1.3-§1.4, on mesh, torus and kns (2 or more dimensions): two virtual networks on disjoint VC "
                 "sets, dimension order in routing.osha_order and in that order with its first two dimensions swapped "
                 "(on kns each Hybrid-DOR); each source alternates its packets between them (round robin); one VC per VN "
                 "on a mesh and a kns, dateline VCs (2 per VN) on a torus",
                 {}, rtl::ALG_OSHA,
                 [](const RoutingOptions& o, const Topology& topo) -> std::unique_ptr<RoutingAlgorithm> {
                   // Its two VNs are its own (the VN choice is its routing decision, the toggle, and both
                   // share one VC numbering): the general ones would be a second, orthogonal split.
                   if (o.integer("routing.vns") != 1)
                     throw KeyError("routing.vns", "osha has its own two virtual networks (seed 001 §1.3, "
                                                   "routing.osha_order); routing.vns must be 1, got " +
                                                       std::to_string(o.integer("routing.vns")));
                   if (const auto* kns = dynamic_cast<const Kns*>(&topo)) return make_kns_osha(*kns, o, false);
                   const Mesh& t = topology_as<Mesh>(topo, "routing.algorithm osha");
                   if (t.dims() < 2)
                     throw KeyError("topology.dims", "osha needs at least 2 dimensions (its two virtual networks correct "
                                                     "them in two orders, seed 001 §1.3); this network has 1");
                   std::string order = o.text("routing.osha_order");
                   if (order == "''") order.clear();  // the schema default's YAML text, when the key was not set
                   return std::make_unique<OshaRouting>(t, parse_dimension_order(order, t.dims(), "routing.osha_order"));
                 }};
  e.keys = {{{"routing.osha_order", KeyType::kString, "''", 0, 0, {},
              "osha and sasha: the order in which VN 0 corrects the dimensions, with dor_order's syntax (x, y, z or 0-5, one per "
              "dimension of topology.dims, each once; '' = ascending, xy or xyz); VN 1 uses it with its first two "
              "dimensions swapped (xy -> yx, xyz -> yxz, seed 001 §1.3)."},
             nullptr, nullptr, {"osha", "sasha"}, "VN 0 order"}};
  return e;
}

}  // namespace hiradix
