#include "router/routing/generic_routing.h"

#include <algorithm>
#include <numeric>
#include <set>
#include <stdexcept>
#include <utility>
#include <vector>

#include "router/common/lfsr.h"
#include "router/routing/port_load.h"
#include "router/routing/channel_dependencies.h"
#include "topology/flattened_butterfly.h"
#include "topology/mesh.h"

namespace hiradix {

MinPaths read_min_paths(const RoutingOptions& o, const Topology& topo) {
  const std::string text = o.text("routing.min_paths");
  if (text == "adaptive") return MinPaths::kAdaptive;
  if (text != "dimension_order") throw KeyError("routing.min_paths", "'" + text + "' is not adaptive or dimension_order");
  if (dynamic_cast<const Mesh*>(&topo) == nullptr && dynamic_cast<const FlattenedButterfly*>(&topo) == nullptr)
    throw KeyError("routing.min_paths", "dimension_order needs a router grid whose ports each belong to one dimension (mesh, torus, "
                                        "flattened_butterfly); a " + topo.name() + " topology has none");
  return MinPaths::kDimensionOrder;
}

GenericRouting::GenericRouting(const Topology& topo, MinPaths paths)
    : topo_(topo), paths_(paths), mesh_(dynamic_cast<const Mesh*>(&topo)), fb_(dynamic_cast<const FlattenedButterfly*>(&topo)) {
  if (topo.max_radix() > kMaxRadix) throw std::invalid_argument("routing.algorithm: radix above " + std::to_string(kMaxRadix));
  if (paths_ == MinPaths::kDimensionOrder && mesh_ == nullptr && fb_ == nullptr)
    throw KeyError("routing.min_paths", "dimension_order needs a mesh, torus or flattened_butterfly; a " + topo.name() + " topology has no dimensions");
  compute_max_hops();
}

// Both topologies list their minimal ports dimension by dimension, lowest first (Mesh::min_ports,
// FlattenedButterfly::min_ports): the lowest differing dimension's port is the first, and on a mesh or torus
// the second too when an even ring's tie gives both directions (minus, then plus); on a trunked FB the
// lowest differing dimension's T ports come first, all towards the same neighbour, and all are kept.
int GenericRouting::min_ports(int router, int target, int* out) const {
  const int n = topo_.min_ports(router, target, out);
  if (paths_ == MinPaths::kAdaptive || n <= 1) return n;
  if (fb_ != nullptr) {
    const int t = fb_->trunk();  // out: per differing dimension in order, its trunk's ports
    if (paths_ == MinPaths::kRowLast && n > t && fb_->port_dimension(out[0]) == 0)
      for (int i = 0; i < t; ++i) out[i] = out[t + i];
    return std::min(n, t);
  }
  if (mesh_ != nullptr) {
    const int d = mesh_->port_dimension(router, out[0]);
    if (mesh_->port_dimension(router, out[1]) == d) {  // a tie: dor's rule (dor_step.cpp), plus from an even coordinate
      const int dir = mesh_->coordinate(router, d) % 2 == 0 ? Mesh::kPlus : Mesh::kMinus;
      if (mesh_->port_direction(router, out[0]) != dir) out[0] = out[1];
    }
  }
  return 1;
}

// H_c by dynamic programming per target router t: the most class-c hops from r to t over every minimal port
// is the most over its minimal ports p of [p is of class c] + that of p's peer, which is one hop closer to t,
// so the routers are taken in order of their distance to t.
void GenericRouting::compute_max_hops() {
  const int routers = topo_.routers();
  const std::size_t classes = topo_.link_classes().size();
  std::vector<int> order(static_cast<std::size_t>(routers));
  std::vector<std::array<int, kMaxLinkClasses>> most(static_cast<std::size_t>(routers));
  std::vector<int> distance(static_cast<std::size_t>(routers));
  int ports[kMaxRadix];
  for (int t = 0; t < routers; ++t) {
    for (int r = 0; r < routers; ++r) distance[static_cast<std::size_t>(r)] = topo_.distance(r, t);
    std::iota(order.begin(), order.end(), 0);
    std::sort(order.begin(), order.end(), [&](int a, int b) { return distance[static_cast<std::size_t>(a)] < distance[static_cast<std::size_t>(b)]; });
    for (const int r : order) {
      std::array<int, kMaxLinkClasses>& m = most[static_cast<std::size_t>(r)];
      m.fill(0);
      const int n = min_ports(r, t, ports);
      if (n > 1) several_min_ports_ = true;
      for (int i = 0; i < n; ++i) {
        const int next = topo_.peer(r, ports[i]).router;
        if (distance[static_cast<std::size_t>(next)] != distance[static_cast<std::size_t>(r)] - 1)
          throw std::logic_error("topology " + topo_.name() + ": a minimal port of router " + std::to_string(r) +
                                 " towards router " + std::to_string(t) + " does not lead one hop closer");
        const int cls = topo_.port_class(r, ports[i]);
        for (std::size_t c = 0; c < classes; ++c)
          m[c] = std::max(m[c], most[static_cast<std::size_t>(next)][c] + (static_cast<int>(c) == cls ? 1 : 0));
      }
      for (std::size_t c = 0; c < classes; ++c) max_hops_[c] = std::max(max_hops_[c], m[c]);
    }
  }
}

void GenericRouting::gather(RouterView& view, const Packet& pkt, RoutingContext& ctx) const {
  RoutingAlgorithm::gather(view, pkt, ctx);
  if (several_min_ports_) view.port_loads_as_read(ctx);
}

RoutingDecision GenericRouting::route(const RoutingContext& ctx, Packet& pkt) const {
  const int here = ctx.router;
  if (topo_.port_class(here, ctx.in_port) == 0) inject(ctx, dst_router(pkt), pkt);
  const int towards = target(here, pkt);
  if (towards == here) return eject(here, pkt);
  int ports[kMaxRadix];
  const int n = min_ports(here, towards, ports);
  int port = ports[0];
  if (n > 1) {
    // The least loaded minimal port; among several, the LFSR's high word draws one.
    int least = port_load_of(ctx, ports[0]), ties = 0;
    for (int i = 0; i < n; ++i) {
      const int load = port_load_of(ctx, ports[i]);
      if (load < least) {
        least = load;
        ties = 0;
      }
      if (load == least) ports[ties++] = ports[i];
    }
    port = ports[lfsr_draw(static_cast<std::uint32_t>(ctx.random >> 32), static_cast<std::uint32_t>(ties))];
  }
  return hop(here, port, pkt);
}

RoutingDecision GenericRouting::hop(int router, int port, Packet& pkt) const {
  RoutingDecision d;
  const int dst = dst_router(pkt);
  bool on_row = false;  // `port` is one of min_ports() towards the destination (the RTL's fwd_row[port])
  if (router == dst) {
    d.min_port = static_cast<std::uint16_t>(topo_.nic_port(static_cast<int>(pkt.dst), pkt.dst_nic).port);
  } else {
    int ports[kMaxRadix];
    const int n = min_ports(router, dst, ports);
    d.min_port = static_cast<std::uint16_t>(ports[0]);
    on_row = paths_ != MinPaths::kAdaptive && std::find(ports, ports + n, port) != ports + n;  // read under those only
  }
  d.out_port = static_cast<std::uint16_t>(port);
  RouteState& rs = pkt.route;
  const int cls = topo_.port_class(router, port);
  const int vc = vc_of(rs, cls);
  ++rs.hops[static_cast<std::size_t>(cls)];
  rs.phase_classes |= static_cast<std::uint8_t>(1u << cls);
  d.out_vc = static_cast<std::uint8_t>(vc);
  // A hop that does not bring the packet one hop closer to its destination leaves its minimal path; under
  // dimension_order (and kRowLast, MAR-bP's), a hop off the ordered port(s) towards the destination does (as
  // the RTL reads it: the port is not on the destination's row).
  d.misroute = paths_ == MinPaths::kAdaptive ? topo_.distance(topo_.peer(router, port).router, dst) != topo_.distance(router, dst) - 1
                                             : !on_row;
  return d;
}

RoutingDecision GenericRouting::eject(int router, const Packet& pkt) const {
  (void)router;
  RoutingDecision d;
  d.out_port = static_cast<std::uint16_t>(topo_.nic_port(static_cast<int>(pkt.dst), pkt.dst_nic).port);
  d.min_port = d.out_port;
  d.out_vc = 0;
  return d;
}

void GenericRouting::injection_headers(int, int, std::vector<RouteState>& out) const { out.emplace_back(); }

namespace {

std::uint64_t header_key(const RouteState& s) {
  std::uint64_t hops = 0;
  for (int c = 0; c < kMaxLinkClasses; ++c) hops |= std::uint64_t{s.hops[static_cast<std::size_t>(c)]} << 8 * c;
  return std::uint64_t{s.phase & 1u} | std::uint64_t{s.flags} << 1 | hops << 9 | std::uint64_t{s.intermediate} << 41;
}
constexpr int kMaxWalk = 64;  // hops; a longer walk is a routing loop

}  // namespace

std::vector<std::pair<int, int>> GenericRouting::delivered_at() const {
  std::vector<std::pair<int, int>> delivered(static_cast<std::size_t>(topo_.routers()), {-1, -1});
  for (int n = 0; n < topo_.nodes(); ++n)
    for (int k = 0; k < topo_.nics_per_node(); ++k) {
      std::pair<int, int>& d = delivered[static_cast<std::size_t>(topo_.nic_port(n, k).router)];
      if (d.first < 0) d = {n, k};
    }
  return delivered;
}

void GenericRouting::walk_paths(ChannelGraph& g, int source, std::pair<int, int> dst, const RouteState& rs, Expanded& expanded,
                                const std::function<void(long)>& ejected) const {
  // What a path's future hops depend on: the channel it holds and its header (the destination is fixed).
  const auto walk = [&](auto& self, int r, long prev, const Packet& pkt, int depth) -> void {
    if (depth > kMaxWalk)
      throw std::logic_error("routing " + name() + ": a path towards router " + std::to_string(dst_router(pkt)) +
                             " does not end within " + std::to_string(kMaxWalk) + " hops");
    Packet here = pkt;
    const int towards = target(r, here);
    if (towards == r) {  // ejected
      if (ejected) ejected(prev);
      return;
    }
    int ports[kMaxRadix];
    const int n = min_ports(r, towards, ports);
    for (int i = 0; i < n; ++i) {
      Packet after = here;
      const RoutingDecision d = hop(r, ports[i], after);
      const int cls = topo_.port_class(r, d.out_port);
      if (d.out_vc >= g.vcs(cls))
        throw std::logic_error("routing " + name() + ": a hop at router " + std::to_string(r) + " takes VC " +
                               std::to_string(d.out_vc) + " of port " + std::to_string(d.out_port) + " (" +
                               topo_.link_classes()[static_cast<std::size_t>(cls)] + "), which has " + std::to_string(g.vcs(cls)) + " VCs");
      if (prev >= 0) g.add(prev, d.out_port, d.out_vc);
      const long c = g.id(r, d.out_port, d.out_vc);
      if (!expanded.insert({c, header_key(after.route)}).second) continue;
      self(self, g.peer(r, d.out_port).router, c, after, depth + 1);
    }
  };
  Packet pkt;
  pkt.dst = static_cast<std::uint32_t>(dst.first);
  pkt.dst_nic = static_cast<std::uint8_t>(dst.second);
  pkt.route = rs;
  walk(walk, source, -1, pkt, 0);
}

bool GenericRouting::enumerate_dependencies(ChannelGraph& g, CdgMethod) const {
  const int routers = topo_.routers();
  const std::vector<std::pair<int, int>> delivered = delivered_at();
  // Every path from every router with a NIC towards every router with a NIC, each (channel, header) expanded
  // once per destination.
  Expanded expanded;
  std::vector<RouteState> headers;
  for (int t = 0; t < routers; ++t) {
    const std::pair<int, int> dst = delivered[static_cast<std::size_t>(t)];
    if (dst.first < 0) continue;
    expanded.clear();
    for (int s = 0; s < routers; ++s) {
      if (delivered[static_cast<std::size_t>(s)].first < 0) continue;
      headers.clear();
      injection_headers(s, t, headers);
      for (const RouteState& rs : headers) walk_paths(g, s, dst, rs, expanded);
    }
  }
  return true;
}

}  // namespace hiradix
