#include "router/routing/generic_valiant_routing.h"

#include <stdexcept>

#include "router/common/lfsr.h"
#include "router/common/router_view.h"
#include "router/routing/channel_dependencies.h"
#include "router/routing/kns_geometry_inputs.h"
#include "rtl_fields.h"

namespace hiradix {

GenericValiantRouting::GenericValiantRouting(const Topology& topo, MinPaths paths)
    : GenericRouting(topo, paths), bits_(8 / std::max<int>(1, static_cast<int>(topo.link_classes().size()) - 1)),
      table_(topo, [this](int r, int t, int* out) { return min_ports(r, t, out); }), kns_(dynamic_cast<const Kns*>(&topo)) {
  for (std::size_t c = 1; c < topo.link_classes().size(); ++c)
    if (max_hops(static_cast<int>(c)) >= 1 << bits_)
      throw std::invalid_argument("routing.algorithm valiant: a minimal path of " + topo.describe() + " takes up to " +
                                  std::to_string(max_hops(static_cast<int>(c))) + " hops on link class " + topo.link_classes()[c] +
                                  ", more than the header's " + std::to_string(bits_) + " bits per class count");
}

VcRequirement GenericValiantRouting::vcs_needed() const {
  VcRequirement r{{1}};
  for (std::size_t c = 1; c < topo_.link_classes().size(); ++c) r.per_class.push_back(2 * std::max(1, max_hops(static_cast<int>(c))));
  return r;
}

int GenericValiantRouting::draw_intermediate(int /*source*/, int /*dst*/, std::uint32_t bits) const {
  return static_cast<int>(lfsr_draw(bits, static_cast<std::uint32_t>(topo_.routers())));
}

int GenericValiantRouting::intermediate(const RouterView& view, const Packet& pkt, int router) const {
  if (!view.at_injection()) return static_cast<int>(pkt.route.intermediate);
  return draw_intermediate(router, dst_router(pkt), static_cast<std::uint32_t>(view.next_random()));
}

void GenericValiantRouting::gather(RouterView& view, const Packet& pkt, RoutingContext& ctx) const {
  GenericRouting::gather(view, pkt, ctx);
  if (!view.rtl_in_loop()) return;  // the rest is the RTL's alone
  fwd_row(ctx) = table_.row(ctx.router, dst_router(pkt));
  fwd_row_mid(ctx) = table_.row(ctx.router, intermediate(view, pkt, ctx.router));
  vlb_routers(ctx) = topo_.routers();
  vlb_h(ctx) = std::max(1, max_hops(1));
  // The unit's `injection` is in_port < p, which a KNS switch's first ports are not: it reads kns_switch too.
  if (kns_) set_kns_inputs(*kns_, ctx.router, dst_router(pkt), ctx);
}

// The RTL's header counts every network hop of the path in HOPS_W bits (its local counter, rc_interface.cpp's
// pack_route_state), and the per-packet hop statistics read it: the longest path, two minimal paths of H
// hops, must fit. Its VCs, up to 2 H - 1, then fit VC_W.
std::string GenericValiantRouting::rtl_refusal() const {
  constexpr int kMaxHops = (1 << rtl::HOPS_W) - 1;
  if (topo_.link_classes().size() > 2)
    return "topology.type: " + name() + "'s RTL counts one router-to-router link class; " + topo_.describe() + " has " +
           std::to_string(topo_.link_classes().size() - 1);
  const int h = std::max(1, max_hops(1));
  if (2 * h > kMaxHops)
    return "topology.dims: " + name() + "'s longest path on " + topo_.describe() + " takes 2 x " + std::to_string(h) + " = " +
           std::to_string(2 * h) + " " + topo_.link_classes()[1] + " hops; the RTL's header counts at most " + std::to_string(kMaxHops) +
           " (rtl/hiradix_fields.vh HOPS_W)";
  if (!table_.built())
    return "topology.dims: the forwarding tables of " + std::to_string(topo_.routers()) + " routers (" +
           std::to_string(table_.bytes()) + " entries) exceed the model's " + std::to_string(ForwardingTable::kMaxBytes) +
           " (router/routing/forwarding_table.h)";
  return "";
}

void GenericValiantRouting::inject(const RoutingContext& ctx, int dst_router, Packet& pkt) const {
  RouteState& rs = pkt.route;
  const int root = draw_intermediate(ctx.router, dst_router, static_cast<std::uint32_t>(ctx.random));
  rs.intermediate = static_cast<std::uint32_t>(root);
  rs.phase = root == ctx.router || root == dst_router ? 1 : 0;  // a degenerate draw is the minimal path
  rs.flags = 0;
  rs.path_bits = rs.phase == 0 ? 1 : 0;                          // counted as "shape1" (non-minimal) or "min"
}

int GenericValiantRouting::target(int router, Packet& pkt) const {
  RouteState& rs = pkt.route;
  if (rs.phase == 0 && router == static_cast<int>(rs.intermediate)) {  // phase 1 begins: keep phase 0's hops
    rs.phase = 1;
    rs.phase_classes = 0;
    rs.flags = 0;
    for (std::size_t c = 1; c < topo_.link_classes().size(); ++c)
      rs.flags = static_cast<std::uint8_t>(rs.flags | rs.hops[c] << bits_ * (static_cast<int>(c) - 1));
  }
  return rs.phase == 0 ? static_cast<int>(rs.intermediate) : dst_router(pkt);
}

int GenericValiantRouting::vc_of(const RouteState& rs, int cls) const {
  const int taken = rs.hops[static_cast<std::size_t>(cls)];
  if (cls == 0) return 0;
  return rs.phase == 0 ? taken : std::max(1, max_hops(cls)) + taken - phase0_hops(rs, cls);
}

void GenericValiantRouting::injection_headers(int source, int dst, std::vector<RouteState>& out) const {
  RouteState minimal;  // the degenerate draws
  minimal.phase = 1;
  out.push_back(minimal);
  for (int root = 0; root < topo_.routers(); ++root) {
    if (root == source || root == dst) continue;
    RouteState rs;
    rs.intermediate = static_cast<std::uint32_t>(root);
    rs.phase = 0;
    rs.path_bits = 1;
    out.push_back(rs);
  }
}

bool GenericValiantRouting::enumerate_dependencies(ChannelGraph& g, CdgMethod method) const {
  const std::vector<std::pair<int, int>> delivered = delivered_at();
  const auto has_nic = [&delivered](int r) { return delivered[static_cast<std::size_t>(r)].first >= 0; };
  const int routers = topo_.routers();
  bool every_router_has_nic = true;
  for (int r = 0; r < routers; ++r) every_router_has_nic = every_router_has_nic && has_nic(r);
  // The phase-0 walks end at the intermediate router as a destination: it needs a NIC.
  if (method == CdgMethod::kFull || !every_router_has_nic) return GenericRouting::enumerate_dependencies(g, method);
  Expanded expanded;
  RouteState minimal;  // phase 1 from the start (RouteState's default): also every phase 1 after an intermediate router
  minimal.phase = 1;
  for (int t = 0; t < routers; ++t) {
    expanded.clear();
    for (int s = 0; s < routers; ++s) walk_paths(g, s, delivered[static_cast<std::size_t>(t)], minimal, expanded);
  }
  std::set<long> arrivals;
  std::set<std::pair<int, int>> departures;  // (port, VC) of the first phase-1 hops out of m
  int ports[kMaxRadix];
  for (int m = 0; m < routers; ++m) {
    // Phase 0 towards m: a walk whose destination is m itself ends there, where phase 1 would begin.
    expanded.clear();
    arrivals.clear();
    RouteState towards_m;
    towards_m.intermediate = static_cast<std::uint32_t>(m);
    towards_m.phase = 0;
    towards_m.path_bits = 1;
    for (int s = 0; s < routers; ++s)
      if (s != m) walk_paths(g, s, delivered[static_cast<std::size_t>(m)], towards_m, expanded, [&arrivals](long last) { arrivals.insert(last); });
    // Phase 1's first hops out of m, towards every other router.
    departures.clear();
    for (int t = 0; t < routers; ++t) {
      if (t == m) continue;
      const int n = min_ports(m, t, ports);
      for (int i = 0; i < n; ++i) {
        Packet pkt;
        pkt.dst = static_cast<std::uint32_t>(delivered[static_cast<std::size_t>(t)].first);
        pkt.dst_nic = static_cast<std::uint8_t>(delivered[static_cast<std::size_t>(t)].second);
        pkt.route = minimal;
        const RoutingDecision d = hop(m, ports[i], pkt);
        departures.insert({d.out_port, d.out_vc});
      }
    }
    for (const long a : arrivals)
      if (a >= 0)
        for (const auto& [port, vc] : departures) g.add(a, port, vc);
  }
  return true;
}

}  // namespace hiradix
