#include "router/routing/dor_routing.h"

#include <functional>

#include "router/routing/channel_dependencies.h"
#include "router/routing/flattened_butterfly_dor_routing.h"
#include "router/routing/routing_registry.h"
#include "rtl_routing_codes.h"

namespace hiradix {

DorRouting::DorRouting(const Mesh& topo, const std::vector<int>& order) : topo_(topo) {
  for (int i = 0; i < topo.dims(); ++i) order_[static_cast<std::size_t>(i)] = order[static_cast<std::size_t>(i)];
}

std::vector<int> DorRouting::parse_order(const std::string& text, int dims) {
  const std::string key = "routing.dor_order";
  std::vector<int> order;
  if (text.empty()) {
    for (int d = 0; d < dims; ++d) order.push_back(d);
    return order;
  }
  if (static_cast<int>(text.size()) != dims)
    throw KeyError(key, "'" + text + "' names " + std::to_string(text.size()) + " dimensions; the network has " + std::to_string(dims) +
                            " (one letter x, y, z or digit 0-5 per dimension, each once, e.g. yx)");
  std::vector<bool> seen(static_cast<std::size_t>(dims), false);
  for (const char ch : text) {
    const int d = ch >= 'x' && ch <= 'z' ? ch - 'x' : ch >= '0' && ch <= '9' ? ch - '0' : -1;
    if (d < 0 || d >= dims)
      throw KeyError(key, "'" + text + "': '" + std::string(1, ch) + "' is not a dimension of this " + std::to_string(dims) +
                              "-dimensional network (x, y, z or 0.." + std::to_string(dims - 1) + ")");
    if (seen[static_cast<std::size_t>(d)])
      throw KeyError(key, "'" + text + "' names dimension " + std::to_string(d) + " twice; it must be a permutation of the dimensions");
    seen[static_cast<std::size_t>(d)] = true;
    order.push_back(d);
  }
  return order;
}

VcRequirement DorRouting::vcs_needed() const {
  bool rings = false;
  for (int d = 0; d < topo_.dims(); ++d) rings = rings || topo_.ring(d);
  return {{1, rings ? 2 : 1}};
}

void DorRouting::gather(RouterView& view, const Packet& pkt, RoutingContext& ctx) const {
  RoutingAlgorithm::gather(view, pkt, ctx);
  set_mesh_inputs(topo_, ctx.router, topo_.nic_port(static_cast<int>(pkt.dst), pkt.dst_nic).router, ctx);
}

RoutingDecision DorRouting::route(const RoutingContext& ctx, Packet& pkt) const {
  const int here = ctx.router;
  const PortEnd dst = topo_.nic_port(static_cast<int>(pkt.dst), pkt.dst_nic);
  RoutingDecision d;
  if (dst.router == here) {  // eject
    d.out_port = d.min_port = static_cast<std::uint16_t>(dst.port);
    return d;
  }
  int dim = 0, dir = Mesh::kPlus;
  for (int i = 0; i < topo_.dims(); ++i) {
    dim = order_[static_cast<std::size_t>(i)];
    const int c = topo_.coordinate(here, dim), t = topo_.coordinate(dst.router, dim);
    if (c == t) continue;
    if (topo_.ring(dim)) {
      const int k = topo_.size(dim), up = (t - c + k) % k;
      // The shorter way; on a tie (k/2 apart) plus from an even coordinate, minus from an odd one, so that
      // both directions carry half of those packets (seed-free choice, documented in dor_routing.h).
      dir = up < k - up || (up == k - up && c % 2 == 0) ? Mesh::kPlus : Mesh::kMinus;
    } else {
      dir = t > c ? Mesh::kPlus : Mesh::kMinus;
    }
    break;
  }
  const int port = topo_.port(here, dim, dir);
  RouteState& rs = pkt.route;
  // Dateline: VC 1 once this dimension's wrap-around link is behind the packet.
  std::uint8_t flags = rs.flags;
  if ((flags & kDimMask) != dim + 1) flags = static_cast<std::uint8_t>(dim + 1);  // a new dimension: VC 0 again
  d.out_vc = (flags & kWrapped) ? 1 : 0;
  if (topo_.wraps(here, port)) flags |= kWrapped;
  rs.flags = flags;
  ++rs.hops[1];
  rs.phase_classes |= 1u << 1;
  d.out_port = d.min_port = static_cast<std::uint16_t>(port);
  return d;
}

// kFull: every pair of routers. kReduced: the pairs whose end points differ in one dimension (every start and
// end on every line: each run of hops within a dimension, whose VCs start afresh there) or in two, d and e,
// the coordinate in e one step from the source's either way (every turn from d into e: the arrival hop in d
// for every start on the line, the departure in e either way, always on VC 0). Every dependency of a path is
// two consecutive hops, within a dimension or at a turn, so the two graphs are equal (tests/test_mesh.cpp
// compares them); the reduced walk is O(routers x (sum k + 2 n^2 k)) hops instead of O(routers^2 x diameter).
bool DorRouting::enumerate_dependencies(ChannelGraph& g, CdgMethod method) const {
  const Mesh& t = topo_;
  if (method == CdgMethod::kFull) {
    enumerate_route_paths(*this, g, CdgMethod::kFull);
    return true;
  }
  const auto moved = [&t](int router, int d, int to) { return router + (to - t.coordinate(router, d)) * t.stride(d); };
  enumerate_route_pairs(*this, g, [&](const std::function<void(int, int)>& walk) {
    for (int s = 0; s < t.routers(); ++s)
      for (int d = 0; d < t.dims(); ++d)
        for (int x = 0; x < t.size(d); ++x) {
          const int along = moved(s, d, x);
          walk(s, along);
          for (int e = 0; e < t.dims(); ++e) {
            if (e == d) continue;
            const int c = t.coordinate(s, e), k = t.size(e);
            for (const int y : {c + 1, c - 1})
              if (t.ring(e) || (y >= 0 && y < k)) walk(s, moved(along, e, (y + k) % k));
          }
        }
  });
  return true;
}

RoutingEntry dor_routing_entry() {
  RoutingEntry e{"dor", {"DOR", 14},
                 "dimension-order routing on mesh, torus and flattened_butterfly, in routing.dor_order; one VC on a mesh and a flattened_butterfly, dateline VCs (2) on a torus", {}, rtl::ALG_DOR,
                 [](const RoutingOptions& o, const Topology& topo) -> std::unique_ptr<RoutingAlgorithm> {
                   std::string order = o.text("routing.dor_order");
                   if (order == "''") order.clear();  // the schema default's YAML text, when the key was not set
                   if (const auto* fb = dynamic_cast<const FlattenedButterfly*>(&topo))
                     return std::make_unique<FlattenedButterflyDorRouting>(*fb, DorRouting::parse_order(order, fb->dims()));
                   const Mesh& t = topology_as<Mesh>(topo, "routing.algorithm dor");
                   return std::make_unique<DorRouting>(t, DorRouting::parse_order(order, t.dims()));
                 }};
  e.keys = {{{"routing.dor_order", KeyType::kString, "''", 0, 0, {},
              "dor, hybrid_dor: the order in which a packet corrects its dimensions, one character per dimension of topology.dims, each "
              "once: x, y, z (or the digits 0-5, for any dimension), e.g. xy (X first) or yx in 2D, zyx or 210 in 3D; '' = "
              "ascending, dimension 0 first."},
             nullptr, nullptr, {"dor", "hybrid_dor"}, "order"}};
  return e;
}

}  // namespace hiradix
