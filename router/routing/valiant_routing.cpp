#include "router/routing/valiant_routing.h"

#include <stdexcept>

#include "router/lfsr.h"

namespace hiradix {

PhaseA parse_phase_a(const std::string& name) {
  if (name == "lgl") return PhaseA::kLgl;
  if (name == "lg-") return PhaseA::kLg;
  if (name == "-gl") return PhaseA::kGl;
  if (name == "-g-") return PhaseA::kG;
  throw std::invalid_argument("routing.phase_a: unknown policy '" + name + "'");
}

std::string to_string(PhaseA p) {
  switch (p) {
    case PhaseA::kLgl: return "lgl";
    case PhaseA::kLg: return "lg-";
    case PhaseA::kGl: return "-gl";
    case PhaseA::kG: return "-g-";
  }
  return "?";
}

namespace {
// Slots of phase A and phase B per policy (see PhaseSlots): lgl is l1 g1 l2 - l3 g2 l4.
constexpr PhaseSlots kSlots[4][2] = {
    {{0, 0, 1}, {2, 1, 3}},    // lgl: L0 < G0 < L1 < L2 < G1 < L3
    {{0, 0, -1}, {1, 1, 2}},   // lg-: L0 < G0 < L1 < G1 < L2
    {{-1, 0, 0}, {1, 1, 2}},   // -gl: G0 < L0 < L1 < G1 < L2
    {{-1, 0, -1}, {0, 1, 1}},  // -g-: G0 < L0 < G1 < L1
};
}  // namespace

VcRequirement ValiantRouting::vcs_needed() const {
  const PhaseSlots& b = kSlots[static_cast<int>(policy_)][1];
  return {b.local_after + 1, b.global + 1};
}

int ValiantRouting::choose_intermediate(int router, std::uint64_t random) const {
  const Dragonfly& t = topo_;
  const int g = t.group_of(router);
  const auto first = [&](int n) { return static_cast<int>(lfsr_draw(static_cast<std::uint32_t>(random), static_cast<std::uint32_t>(n))); };
  const auto second = [&](int n) { return static_cast<int>(lfsr_draw(static_cast<std::uint32_t>(random >> 32), static_cast<std::uint32_t>(n))); };
  switch (policy_) {
    case PhaseA::kLgl:  // any router of the network
      return first(t.routers());
    case PhaseA::kG:  // far end of one of the source router's own h global links
      return t.peer(router, t.global_port(first(t.h()))).router;
    case PhaseA::kGl: {  // any router of the h groups reached by the source router's global links
      const int group = t.group_of(t.peer(router, t.global_port(first(t.h()))).router);
      return t.router_at(group, second(t.a()));
    }
    case PhaseA::kLg: {  // far end R_C of any of the source group's a*h global links
      const int link = first(t.a() * t.h());
      return t.peer(t.router_at(g, link / t.h()), t.global_port(link % t.h())).router;
    }
  }
  return router;
}

RoutingDecision ValiantRouting::route(const RoutingContext& ctx, Packet& pkt) const {
  RouteState& rs = pkt.route;
  const int dst_router = topo_.router_of_terminal(pkt.dst);
  if (topo_.port_class(ctx.in_port) == PortClass::kTerminal) {  // injection: draw R_ROOT
    const int root = choose_intermediate(ctx.router, ctx.random);
    rs.intermediate = static_cast<std::uint32_t>(root);
    rs.phase = (root == ctx.router || root == dst_router) ? 1 : 0;  // degenerate draws are MIN
    if (rs.phase == 0 && prefer_minimal(ctx, dst_router, root)) rs.phase = 1;
  }
  if (rs.phase == 0 && ctx.router == static_cast<int>(rs.intermediate)) {
    rs.phase = 1;
    rs.phase_global = 0;
  }
  const PhaseSlots* slots = kSlots[static_cast<int>(policy_)];
  if (rs.phase == 1) return minimal_hop(ctx.router, dst_router, pkt, slots[1]);

  RoutingDecision d = minimal_hop(ctx.router, static_cast<int>(rs.intermediate), pkt, slots[0]);
  const bool global = topo_.port_class(d.out_port) == PortClass::kGlobal;
  rs.path_bits |= global ? 2 : ((rs.path_bits & 2) ? 4 : 1);
  return d;
}

UgalInfo parse_ugal_info(const std::string& name) {
  if (name == "local") return UgalInfo::kLocal;
  if (name == "group") return UgalInfo::kGroup;
  throw std::invalid_argument("routing.ugal_info: unknown value '" + name + "'");
}

int UgalRouting::group_link(int group, int to_group) const {
  if (group == to_group) return -1;
  int index = 0, k = 0;
  topo_.global_owner(group, to_group, index, k);
  return index * topo_.h() + k;
}

int UgalRouting::path_load(const RoutingContext& ctx, int first_port, int link) const {
  int q = ctx.port_load[first_port];
  // A first hop on a global port is the path's first global channel itself: counted once.
  if (info_ == UgalInfo::kGroup && link >= 0 && topo_.port_class(first_port) != PortClass::kGlobal)
    q += ctx.group_load[link];
  return q;
}

bool UgalRouting::prefer_minimal(const RoutingContext& ctx, int dst_router, int root) const {
  const int here = ctx.router;
  const int g = topo_.group_of(here), dst_g = topo_.group_of(dst_router), root_g = topo_.group_of(root);
  const int h_min = topo_.min_hops(here, dst_router);
  // A destination at this router costs 0.
  const int q_min = h_min ? path_load(ctx, topo_.min_port(here, dst_router), group_link(g, dst_g)) : 0;
  const int q_vlb = path_load(ctx, topo_.min_port(here, root), group_link(g, root_g != g ? root_g : dst_g));
  const int h_vlb = topo_.min_hops(here, root) + topo_.min_hops(root, dst_router);
  return q_min * h_min <= q_vlb * h_vlb + threshold_;
}

}  // namespace hiradix
