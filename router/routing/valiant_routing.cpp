#include "router/routing/valiant_routing.h"

#include <stdexcept>

#include "router/common/lfsr.h"
#include "router/routing/port_load.h"
#include "router/common/wired_router.h"
#include "router/routing/channel_dependencies.h"
#include "router/routing/generic_ugal_routing.h"
#include "router/routing/generic_valiant_routing.h"
#include "router/routing/grid_rvlb_routing.h"
#include "router/routing/group_state.h"
#include "router/routing/min_routing.h"
#include "router/routing/routing_registry.h"

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
// RVLB's intra-group path l - l (seed-000 §3.3; docs/papers/seed-000-thesis.md "RVLB and RPB"): phase A's
// local hop on L0, phase B's on L1, and no global hop. L0 < L1 in every policy's order above, and both
// are within the local VCs each policy needs, so the routing stays deadlock-free with the same VCs.
constexpr PhaseSlots kIntraGroupSlots[2] = {{0, -1, -1}, {1, -1, -1}};
}  // namespace

VcRequirement ValiantRouting::vcs_needed() const {
  const PhaseSlots& b = kSlots[static_cast<int>(policy_)][1];
  return vcs(b.local_after + 1, b.global + 1);
}

int ValiantRouting::choose_intermediate(int router, std::uint64_t random, int dst_router, PhaseA policy) const {
  const Dragonfly& t = topo_;
  const int g = t.group_of(router);
  const auto first = [&](int n) { return static_cast<int>(lfsr_draw(static_cast<std::uint32_t>(random), static_cast<std::uint32_t>(n))); };
  const auto second = [&](int n) { return static_cast<int>(lfsr_draw(static_cast<std::uint32_t>(random >> 32), static_cast<std::uint32_t>(n))); };
  // RVLB (seed-000 §3.3): a destination in the source group keeps R_ROOT in the group, any of its a routers;
  // so does routing.valiant_in_group: source_group (FOGSim).
  if ((restricted_ || in_group_minimal_) && dst_router >= 0 && t.group_of(dst_router) == g) return t.router_at(g, first(t.a()));
  switch (policy) {
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

std::vector<std::pair<int, std::uint64_t>> ValiantRouting::intermediate_draws(int router, int dst_router) const {
  // The draws of choose_intermediate under each policy: n1 values from the low 32 bits, n2 from the high
  // 32 bits (-gl only).
  const Dragonfly& t = topo_;
  // lfsr_draw(bits, n) = k for bits = ceil(k * 2^32 / n), the smallest value of k's interval.
  const auto bits_for = [](std::uint64_t k, std::uint64_t n) { return ((k << 32) + n - 1) / n; };
  std::vector<std::pair<int, std::uint64_t>> draws;
  for (const PhaseA policy : draw_policies()) {
    std::uint32_t n1 = 1, n2 = 1;
    if (dst_router >= 0 && draws_in_group(router, dst_router)) n1 = static_cast<std::uint32_t>(t.a());  // RVLB
    else switch (policy) {
      case PhaseA::kLgl: n1 = static_cast<std::uint32_t>(t.routers()); break;
      case PhaseA::kG: n1 = static_cast<std::uint32_t>(t.h()); break;
      case PhaseA::kGl: n1 = static_cast<std::uint32_t>(t.h()), n2 = static_cast<std::uint32_t>(t.a()); break;
      case PhaseA::kLg: n1 = static_cast<std::uint32_t>(t.a() * t.h()); break;
    }
    for (std::uint32_t k1 = 0; k1 < n1; ++k1)
      for (std::uint32_t k2 = 0; k2 < n2; ++k2) {
        const std::uint64_t random = bits_for(k1, n1) | bits_for(k2, n2) << 32;
        draws.emplace_back(choose_intermediate(router, random, dst_router, policy), random);
      }
  }
  return draws;
}

RoutingDecision ValiantRouting::route(const RoutingContext& ctx, Packet& pkt) const {
  return route_drawn_under(ctx, pkt, policy_);
}

RoutingDecision ValiantRouting::route_drawn_under(const RoutingContext& ctx, Packet& pkt, PhaseA draw) const {
  if (topo_.port_class(ctx.in_port) == PortClass::kTerminal) {  // injection: draw R_ROOT
    RouteState& rs = pkt.route;
    const int dst_router = topo_.router_of_terminal(pkt.dst);
    // routing.valiant_draw: per_packet: a decision taken again keeps the first decision's R_ROOT.
    const bool kept = keep_draw_ && (rs.flags & kDrawKept);
    const int root = kept ? static_cast<int>(rs.intermediate) : choose_intermediate(ctx.router, ctx.random, dst_router, draw);
    rs.intermediate = static_cast<std::uint32_t>(root);
    rs.phase = (root == ctx.router || root == dst_router) ? 1 : 0;  // degenerate draws are MIN
    // routing.valiant_in_group: source_group: R_ROOT in the source group is reached at once (FOGSim's
    // Valiant target is a group), so a destination in the source group is routed minimally.
    if (in_group_minimal_ && topo_.group_of(dst_router) == topo_.group_of(ctx.router)) rs.phase = 1;
    if (rs.phase == 0 && prefer_minimal(ctx, dst_router, root)) rs.phase = 1;
  }
  return follow(ctx.router, pkt);
}

void ValiantRouting::recomputing(const RouteState& decided, RouteState& header, RoutingState*, Cycle) const {
  if (!keep_draw_) return;
  header.intermediate = decided.intermediate;
  header.flags |= kDrawKept;
}

bool ValiantRouting::enumerate_dependencies(ChannelGraph& g, CdgMethod method) const {
  enumerate_valiant_paths(*this, g, method);
  return true;
}

RoutingDecision ValiantRouting::follow(int router, Packet& pkt) const {
  RouteState& rs = pkt.route;
  if (rs.phase == 0 && router == static_cast<int>(rs.intermediate)) {
    rs.phase = 1;
    rs.phase_classes = 0;
  }
  const int dst_router = topo_.router_of_terminal(pkt.dst);
  // routing.ugal_min_slots: min: minimal from the source (no phase-A hop) on MIN's slots.
  if (min_slots_ && rs.phase == 1 && rs.path_bits == 0) return minimal_hop(router, dst_router, pkt, MinRouting::kSlots);
  const PhaseSlots* slots = intra_group_path(router, dst_router, rs) ? kIntraGroupSlots : kSlots[static_cast<int>(policy_)];
  if (rs.phase == 1) return minimal_hop(router, dst_router, pkt, slots[1]);

  RoutingDecision d = minimal_hop(router, static_cast<int>(rs.intermediate), pkt, slots[0]);
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

void UgalRouting::gather(RouterView& view, const Packet& pkt, RoutingContext& ctx) const {
  RoutingAlgorithm::gather(view, pkt, ctx);
  if (!view.at_injection()) return;
  if (vc_load_) ctx.vc_load = view.vc_loads();
  else view.port_loads_as_read(ctx);
  if (info_ == UgalInfo::kGroup) ctx.group_load = view.group_loads();
}

void UgalRouting::connect_routers(const std::vector<WiredRouter*>& routers) {
  if (info_ != UgalInfo::kGroup) return;
  views_.reserve(static_cast<std::size_t>(topo_.groups()));  // never reallocated: routers point into it
  for (int g = 0; g < topo_.groups(); ++g) {
    std::vector<const OutputUnit*> units;
    for (int x = 0; x < topo_.a(); ++x) units.push_back(&routers[static_cast<std::size_t>(topo_.router_at(g, x))]->output_unit());
    views_.emplace_back(std::move(units), topo_.global_port(0), topo_.h());
  }
  for (int r = 0; r < topo_.routers(); ++r)
    routers[static_cast<std::size_t>(r)]->attach_group_view(&views_[static_cast<std::size_t>(topo_.group_of(r))]);
}

void PbRouting::connect_routers(const std::vector<WiredRouter*>& routers) { connect_group_broadcasts(topo_, routers); }

std::unique_ptr<RoutingState> PbRouting::make_state(int router, const RouterParams& params, int, int ports) const {
  // Eq. 2-2's T is given in flits (seed-000 Table 3-1: 5 flits; FOGSim multiplies it by the flit size).
  return std::make_unique<PbState>(topo_, router, params.broadcast, ports, factor_pct_, flag_threshold_ * params.flit_size,
                                   mean_over_all_);
}

void PbRouting::gather(RouterView& view, const Packet& pkt, RoutingContext& ctx) const {
  UgalRouting::gather(view, pkt, ctx);
  view.state()->gather(view, pkt, ctx);
}

int UgalRouting::path_load(const RoutingContext& ctx, int first_port, int first_vc, int link) const {
  int q = vc_load_ ? ctx.vc_load[first_port * kStateVcs + first_vc] : port_load_of(ctx, first_port);
  // A first hop on a global port is the path's first global channel itself: counted once.
  if (info_ == UgalInfo::kGroup && link >= 0 && topo_.port_class(first_port) != PortClass::kGlobal)
    q += ctx.group_load[link];
  return q;
}

int UgalRouting::first_hop_vc(int here, int dst_router, int root, bool minimal) const {
  Packet pkt;  // a fresh header at injection, as the decision's own packet has it
  pkt.dst = static_cast<std::uint32_t>(dst_router * topo_.p());
  pkt.route.intermediate = static_cast<std::uint32_t>(root);
  pkt.route.phase = minimal ? 1 : 0;
  const int vc = follow(here, pkt).out_vc;
  if (vc >= kStateVcs) throw std::logic_error("routing.ugal_load: vc reads VCs 0.." + std::to_string(kStateVcs - 1) + " only");
  return vc;
}

bool UgalRouting::eq_2_1(const RoutingContext& ctx, int dst_router, int root, int threshold) const {
  const int here = ctx.router;
  const int g = topo_.group_of(here), dst_g = topo_.group_of(dst_router), root_g = topo_.group_of(root);
  const int h_min = topo_.min_hops(here, dst_router);
  // A destination at this router costs 0.
  const int vc_min = vc_load_ && h_min ? first_hop_vc(here, dst_router, root, true) : 0;
  const int vc_vlb = vc_load_ ? first_hop_vc(here, dst_router, root, false) : 0;
  const int q_min = h_min ? path_load(ctx, topo_.min_port(here, dst_router), vc_min, group_link(g, dst_g)) : 0;
  const int q_vlb = path_load(ctx, topo_.min_port(here, root), vc_vlb, group_link(g, root_g != g ? root_g : dst_g));
  const int h_vlb = topo_.min_hops(here, root) + topo_.min_hops(root, dst_router);
  return q_min * h_min <= q_vlb * h_vlb + threshold;
}

namespace {
bool hop_count(const RoutingOptions& o) { return o.text("routing.vc_scheme") == "hop_count"; }
int integer(const RoutingOptions& o, const char* key) { return static_cast<int>(o.integer(key)); }
// The routing with `routing.recomp` applied (valiant, rvlb, pb, rpb) ...
template <typename R>
std::unique_ptr<R> with_recomp(std::unique_ptr<R> r, const RoutingOptions& o) {
  r->set_recomp(o.text("routing.recomp") == "true");
  return r;
}
// ... `routing.pb_mean` (pb, rpb) ...
template <typename R>
std::unique_ptr<R> with_pb_mean(std::unique_ptr<R> r, const RoutingOptions& o) {
  r->set_mean_over_all(o.text("routing.pb_mean") == "all");
  return r;
}
// ... and `routing.source_decision` and `routing.ugal_load` (ugal, pb, rpb).
template <typename R>
std::unique_ptr<R> with_source_decision(std::unique_ptr<R> r, const RoutingOptions& o) {
  read_ugal_options(*r, o);
  return r;
}
}  // namespace

void read_ugal_options(UgalRouting& r, const RoutingOptions& o) {
  r.set_every_attempt(o.text("routing.source_decision") == "every_attempt");
  r.set_vc_load(o.text("routing.ugal_load") == "vc");
  r.set_keep_draw(o.text("routing.valiant_draw") == "per_packet");
  r.set_in_group_minimal(o.text("routing.valiant_in_group") == "source_group");
  read_min_slots(r, o);
}

void read_min_slots(ValiantRouting& r, const RoutingOptions& o) {
  if (o.text("routing.ugal_min_slots") != "min") return;
  if (o.text("routing.vc_scheme") == "hop_count")
    throw KeyError("routing.ugal_min_slots", "min chooses among routing.vc_scheme slot's slots; under hop_count every hop's VC is its hop count already");
  if (r.slot_policy() == PhaseA::kGl || r.slot_policy() == PhaseA::kG)
    throw KeyError("routing.ugal_min_slots", "min needs routing.phase_a lgl or lg-: under " + to_string(r.slot_policy()) +
                                                 " Valiant's phase A takes G0 before L0, and MIN's L0 G0 L1 then closes a cycle L0 -> G0 -> L0");
  r.set_min_slots(true);
}

namespace {
// "VAL -g-": a phase-A policy other than lgl names a Valiant curve (seed-000 Table 5-1).
RoutingDisplay named_by_phase_a(const RoutingEntry& self, const nlohmann::json& config) {
  const std::string policy = routing_key_value(config, "routing.phase_a");
  if (policy.empty() || policy == "lgl") return self.display;
  return {self.display.name + " " + policy, self.display.style};
}
}  // namespace

RoutingEntry valiant_routing_entry() {
  RoutingEntry e{"valiant", {"VAL", 2}, "§3.2, phase A per routing.phase_a; on a topology other than the Dragonfly, an intermediate router drawn among all, minimal in each phase, one VC set per phase",
                 {{{"routing.phase_a", KeyType::kString, "lgl", 0, 0, {"lgl", "lg-", "-gl", "-g-"}, "Valiant phase-A policy (seed-000 Table 5-1); also the non-minimal candidate of UGAL and PB, and of RVLB and RPB for destinations in another group."}},
                  {{"routing.recomp", KeyType::kString, "false", 0, 0, {"false", "true"}, "Recomputation, VLB-Recomp / PB-Recomp (seed-000 §3.4): while a head at its injection port is blocked (it could bid for the switch and was not granted: no credits, no output-queue space or arbitration lost), it goes through RC again after every such cycle with its header as injected: a new intermediate router (inside the group for RVLB/RPB's intra-group packets) and, for PB and RPB, a new minimal / non-minimal choice. Each recomputation passes RC and VA again (router.latency.rc + router.latency.va cycles) before the next bid. Once the packet leaves its source router its path is fixed. Only with valiant, rvlb, pb and rpb."}},
                  {{"routing.valiant_in_group", KeyType::kString, "phase_a", 0, 0, {"phase_a", "source_group"}, "Where Valiant draws the intermediate router for a destination in the source group (valiant, ugal, pb, tpr; the Dragonfly): phase_a = under routing.phase_a, as for any destination (hiradix's reading of seed-000 §3.2: under lg-, -g- and -gl the packet leaves its group and comes back); source_group = among the source group's a routers, and the packet then goes minimally (one local hop), as the seeds' simulator FOGSim does (its Valiant target is the intermediate group, reached at once; docs/fogsim-differences.md). rvlb and rpb keep their l - l path. The RTL routing unit implements both (cfg_valiant_in_group)."}}},
                 rtl::ALG_VALIANT,
                 [](const RoutingOptions& o, const Topology& topo) -> std::unique_ptr<RoutingAlgorithm> {
                   const MinPaths paths = read_min_paths(o, topo);  // refuses dimension_order on a Dragonfly
                   if (const auto* t = dynamic_cast<const Dragonfly*>(&topo)) {
                     auto r = with_recomp(std::make_unique<ValiantRouting>(*t, parse_phase_a(o.text("routing.phase_a")), hop_count(o)), o);
                     r->set_in_group_minimal(o.text("routing.valiant_in_group") == "source_group");
                     return r;
                   }
                   if (o.text("routing.valiant_in_group") != "phase_a")
                     throw KeyError("routing.valiant_in_group", "is the Dragonfly's; valiant on a " + topo.name() + " topology has no groups");
                   // On any other topology: the one written against the Topology interface, which has no
                   // phase-A policy nor recomputation.
                   if (o.text("routing.phase_a") != "lgl")
                     throw std::invalid_argument("routing.phase_a is the Dragonfly's; valiant on a " + topo.name() + " topology has no phase-A policy");
                   if (o.text("routing.recomp") == "true")
                     throw std::invalid_argument("routing.recomp: valiant on a " + topo.name() + " topology does not recompute");
                   return std::make_unique<GenericValiantRouting>(topo, paths);
                 }};
  e.keys[1].used_by = {"valiant", "rvlb", "pb", "rpb"};
  key_of(e, "routing.valiant_in_group").used_by = {"valiant", "ugal", "pb", "tpr"};
  key_of(e, "routing.phase_a").label = "phase A";
  e.display_under = named_by_phase_a;
  return e;
}

RoutingEntry rvlb_routing_entry() {
  RoutingEntry e{"rvlb", {"RVLB", 10},
          "RVLB, restricted Valiant, seed-000 §3.3: a destination in the source group draws the intermediate router inside "
          "that group, path l - l; other destinations as valiant with routing.phase_a; on a flattened_butterfly, mesh or torus "
          "(§5.2) the intermediate router differs from the source only in the dimensions where the destination does",
          {},
          rtl::ALG_RVLB,
          [](const RoutingOptions& o, const Topology& topo) -> std::unique_ptr<RoutingAlgorithm> {
            const MinPaths paths = read_min_paths(o, topo);  // refuses dimension_order on a Dragonfly
            if (const auto* t = dynamic_cast<const Dragonfly*>(&topo))
              return with_recomp(std::make_unique<RvlbRouting>(*t, parse_phase_a(o.text("routing.phase_a")), hop_count(o)), o);
            if (o.text("routing.phase_a") != "lgl")
              throw KeyError("routing.phase_a", "is the Dragonfly's; rvlb on a " + topo.name() + " topology has no phase-A policy");
            if (o.text("routing.recomp") == "true")
              throw KeyError("routing.recomp", "rvlb on a " + topo.name() + " topology does not recompute");
            return std::make_unique<GridRvlbRouting>(topo, paths);
          }};
  e.display_under = named_by_phase_a;
  return e;
}

namespace {
// ugal on any topology other than the Dragonfly: UGAL-L written against the Topology interface, with the
// threshold and routing.source_decision; the Dragonfly's other UGAL keys have no meaning there.
std::unique_ptr<RoutingAlgorithm> generic_ugal(const RoutingOptions& o, const Topology& topo) {
  const std::string on = " on a " + topo.name() + " topology";
  if (o.text("routing.phase_a") != "lgl")
    throw KeyError("routing.phase_a", "is the Dragonfly's; ugal" + on + " draws its intermediate router among all");
  if (o.text("routing.ugal_info") != "local")
    throw KeyError("routing.ugal_info", "ugal" + on + " is UGAL-L only (local)");
  if (o.text("routing.ugal_load") != "port")
    throw KeyError("routing.ugal_load", "ugal" + on + " reads the output ports' loads only (port)");
  if (o.text("routing.valiant_draw") != "per_attempt")
    throw KeyError("routing.valiant_draw", "ugal" + on + " draws its intermediate router at every decision (per_attempt)");
  if (o.text("routing.valiant_in_group") != "phase_a")
    throw KeyError("routing.valiant_in_group", "is the Dragonfly's; ugal" + on + " has no groups");
  if (o.text("routing.ugal_min_slots") != "phase_b")
    throw KeyError("routing.ugal_min_slots", "is the Dragonfly's; ugal" + on + " puts its minimal path on valiant's phase-1 VCs (phase_b)");
  return std::make_unique<GenericUgalRouting>(topo, static_cast<int>(o.threshold_phits("routing.ugal_threshold")),
                                              o.text("routing.source_decision") == "every_attempt", read_min_paths(o, topo));
}
}  // namespace

RoutingEntry ugal_routing_entry() {
  RoutingEntry e{"ugal", {"UGAL-L", 3},
                 "UGAL-L, §3.5 Eq. 2-1: at injection, Valiant's draw unless the minimal path's first output port is no "
                 "more loaded, weighted by hops, + routing.ugal_threshold; UGAL-G with routing.ugal_info: group; on a topology "
                 "other than the Dragonfly, UGAL-L between the least loaded minimal ports towards the destination and towards an "
                 "intermediate router drawn among all, then valiant's or min's path",
                 {{{"routing.ugal_threshold", KeyType::kInt, "0", -32768, 32767, {}, "UGAL's T in flits (seed-000 Table 3-1: 0 flits), used as T * the flit's phits (the whole packet under vct, packet.flit under wormhole), as FOGSim and routing.pb_threshold do: minimal iff Q_min*H_min <= Q_vlb*H_vlb + T; positive favours MIN. Until 2026-11-24 hiradix read it as phits."}},
                  {{"routing.source_decision", KeyType::kString, "every_attempt", 0, 0, {"every_attempt", "once"}, "When UGAL, PB, RPB, TPR and LIAN take their source decision: once, when the head reaches RC at its source router; or every_attempt, as the seeds' simulator (FOGSim) does: while the head waits at its injection port (it could bid for the switch and was not granted), it is decided again after every such cycle with a new draw of the intermediate router, UGAL, TPR and LIAN only while their choice is minimal (a non-minimal choice is kept), PB and RPB both ways (PB-Recomp, seed-000 §3.4, so routing.recomp adds nothing to them). Each new decision passes RC and VA again (router.latency.rc + router.latency.va cycles). Only with ugal, pb, rpb, tpr and lian."}},
          {{"routing.ugal_load", KeyType::kString, "port", 0, 0, {"port", "vc"}, "UGAL's Q of a path's first hop (ugal, pb, rpb, pb_acor, tpr, lian): port = the phits holding the downstream credits of all the output port's VCs (hiradix's reading); vc = those of the one VC the hop would take, as the seeds' simulator reads it (FOGSim: the credit occupancy of the next channel), with hiradix's VC slots (under lgl the minimal path's first local hop takes VC 2, Valiant's VC 0; FOGSim's VCs follow the hop count, so both read VC 0: routing.ugal_min_slots: min). The RTL routing unit reads either (cfg_vc_load, with a per-VC load array)."}},
          {{"routing.ugal_min_slots", KeyType::kString, "phase_b", 0, 0, {"phase_b", "min"}, "The VC slots of UGAL's minimal path (ugal, pb, rpb, pb_acor, tpr, lian; the Dragonfly, routing.vc_scheme slot): phase_b = Valiant's phase-B slots, as a Valiant path whose intermediate router is the source (hiradix's reading; under lgl L2 G1 L3); min = MIN's slots L0 G0 L1, so a packet's first hop takes VC 0 on either candidate, as the seeds' simulator FOGSim's hop-count VCs give (with routing.ugal_load: vc both candidates then read VC 0; docs/fogsim-differences.md). Still deadlock-free under phase_a lgl and lg- (MIN's slots ascend in their order), refused under -gl and -g-. The RTL routing unit implements both (cfg_ugal_min_slots)."}},
          {{"routing.ugal_info", KeyType::kString, "local", 0, 0, {"local", "group"}, "UGAL's information (seed-000 §3.5): local = UGAL-L, Q of each path's first output port of the source router; group = UGAL-G (Kim et al.), Q also adds the load of the path's first global channel wherever in the source group it is (an idealised, instantaneous view of the group's routers' output ports). Only with routing.algorithm ugal."}},
          {{"routing.valiant_draw", KeyType::kString, "per_attempt", 0, 0, {"per_attempt", "per_packet"}, "Which intermediate router a head decided again at its injection port (routing.source_decision: every_attempt, routing.recomp) is compared with (ugal, pb, rpb, tpr, lian; the Dragonfly): per_attempt = a new draw at every decision (hiradix's reading: seed-000 §3.4 redraws R_ROOT while the head is blocked); per_packet = the one drawn at the packet's first decision, kept in its header (RouteState::flags bit 7) for every later one, as the seeds' simulator FOGSim does (it draws the Valiant node once, when the packet is generated; docs/fogsim-differences.md). The RTL routing unit implements both (cfg_valiant_draw)."}}},
                 rtl::ALG_UGAL,
                 [](const RoutingOptions& o, const Topology& topo) -> std::unique_ptr<RoutingAlgorithm> {
                   if (dynamic_cast<const Dragonfly*>(&topo) == nullptr) return generic_ugal(o, topo);
                   read_min_paths(o, topo);  // refuses dimension_order on a Dragonfly
                   const Dragonfly& t = topology_as<Dragonfly>(topo, "routing.algorithm " + o.algorithm);
                   return with_source_decision(std::make_unique<UgalRouting>(t, parse_phase_a(o.text("routing.phase_a")),
                                                                             static_cast<int>(o.threshold_phits("routing.ugal_threshold")), hop_count(o),
                                                                             parse_ugal_info(o.text("routing.ugal_info"))), o);
                 }};
  e.keys[1].used_by = {"ugal", "pb", "rpb", "tpr", "lian"};
  e.keys[2].used_by = {"ugal", "pb", "rpb", "pb_acor", "tpr", "lian"};
  key_of(e, "routing.ugal_info").used_by = {"ugal"};
  key_of(e, "routing.valiant_draw").used_by = {"ugal", "pb", "rpb", "tpr", "lian"};
  key_of(e, "routing.ugal_min_slots").used_by = {"ugal", "pb", "rpb", "pb_acor", "tpr", "lian"};
  key_of(e, "routing.ugal_threshold").label = "UGAL T";
  key_of(e, "routing.ugal_info").value_label = [](const std::string& v) -> std::string { return v == "group" ? "UGAL-G" : "UGAL-L"; };
  // Kim et al.'s UGAL-G has a style of its own in the seeds' figures.
  e.display_under = [](const RoutingEntry& self, const nlohmann::json& config) -> RoutingDisplay {
    return routing_key_value(config, "routing.ugal_info") == "group" ? RoutingDisplay{"UGAL-G", 9} : self.display;
  };
  e.display_variants = {{"UGAL-G", 9}};
  return e;
}

RoutingEntry pb_routing_entry() {
  RoutingEntry e{"pb", {"PB", 4},
          "Piggyback, seed-000 §3.6: UGAL-L that also routes non-minimally when the minimal global link is flagged "
          "saturated, Eq. 2-2, flags broadcast every routing.pb_period cycles",
          {{{"routing.pb_factor", KeyType::kInt, "120", 0, 100000, {}, "PB: F of Eq. 2-2 in percent: a global channel is saturated when Q > F*Qbar + T, Qbar per routing.pb_mean (seed-000 Table 3-1: 120%; the original PB: 200%)."}},
          {{"routing.pb_threshold", KeyType::kInt, "5", 0, 1000000, {}, "PB: T of Eq. 2-2 in flits, used as T * packet.flit phits (seed-000 Table 3-1: 5 flits; FOGSim multiplies T by the flit size too; seed-003 Table I gives T = 3 without saying which T). Until 2026-11-24 hiradix read it as phits."}},
          {{"routing.pb_mean", KeyType::kString, "others", 0, 0, {"others", "all"}, "PB: Qbar of Eq. 2-2, the mean load of the router's other global channels (the thesis' text, seed-000 §3.6) or of all of them, the tested one included (as FOGSim computes it)."}},
          {{"routing.pb_period", KeyType::kInt, "10", 1, kUnbounded, {}, "PB: a router broadcasts its h saturation bits (one phit) to its group when cycle mod period = 0. Default 10 = the local latency: the flags are that old anyway on arrival, and a shorter period only adds messages (FOGSim sends every cycle; the seeds give no period)."}}},
          rtl::ALG_PB,
          [](const RoutingOptions& o, const Topology& topo) -> std::unique_ptr<RoutingAlgorithm> {
            const Dragonfly& t = topology_as<Dragonfly>(topo, "routing.algorithm " + o.algorithm);
            return with_pb_mean(with_source_decision(with_recomp(std::make_unique<PbRouting>(t, parse_phase_a(o.text("routing.phase_a")), static_cast<int>(o.threshold_phits("routing.ugal_threshold")),
                                                           integer(o, "routing.pb_factor"), integer(o, "routing.pb_threshold"), hop_count(o),
                                                           static_cast<Cycle>(o.integer("routing.pb_period"))), o), o), o);
          }};
  key_of(e, "routing.pb_period").label = "PB period";
  return e;
}

RoutingEntry rpb_routing_entry() {
  return {"rpb", {"RPB", 11},
          "RPB, seed-000 §3.3: pb whose non-minimal candidate has rvlb's restriction: a destination in the source group "
          "draws the intermediate router inside that group",
          {},
          rtl::ALG_RPB,
          [](const RoutingOptions& o, const Topology& topo) -> std::unique_ptr<RoutingAlgorithm> {
            const Dragonfly& t = topology_as<Dragonfly>(topo, "routing.algorithm " + o.algorithm);
            return with_pb_mean(with_source_decision(with_recomp(std::make_unique<RpbRouting>(t, parse_phase_a(o.text("routing.phase_a")), static_cast<int>(o.threshold_phits("routing.ugal_threshold")),
                                                            integer(o, "routing.pb_factor"), integer(o, "routing.pb_threshold"), hop_count(o),
                                                            static_cast<Cycle>(o.integer("routing.pb_period"))), o), o), o);
          }};
}

}  // namespace hiradix
