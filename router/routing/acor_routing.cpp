#include "router/routing/acor_routing.h"

#include <cctype>
#include <stdexcept>

#include "router/common/router_view.h"
#include "router/routing/routing_registry.h"

namespace hiradix {

AcorSequence parse_acor_sequence(const std::string& name) {
  if (name == "2l-a") return AcorSequence::k2LA;
  if (name == "2l-b") return AcorSequence::k2LB;
  if (name == "3l") return AcorSequence::k3L;
  throw std::invalid_argument("routing.acor_sequence: unknown sequence '" + name + "'");
}

PhaseA AcorRouting::policy_at(AcorSequence sequence, int level) {
  // Levels above the top (the RTL's 2-bit input can say 3) are the top: lgl in every sequence.
  static constexpr PhaseA kSequences[3][4] = {
      {PhaseA::kG, PhaseA::kLgl, PhaseA::kLgl, PhaseA::kLgl},   // 2L-A: -g- lgl
      {PhaseA::kGl, PhaseA::kLgl, PhaseA::kLgl, PhaseA::kLgl},  // 2L-B: -gl lgl
      {PhaseA::kG, PhaseA::kGl, PhaseA::kLgl, PhaseA::kLgl},    // 3L: -g- -gl lgl
  };
  return kSequences[static_cast<int>(sequence)][level & 3];
}

std::vector<PhaseA> acor_policies(AcorSequence sequence) {
  std::vector<PhaseA> policies;
  for (int level = 0; level < acor_levels(sequence); ++level) policies.push_back(AcorRouting::policy_at(sequence, level));
  return policies;
}

std::unique_ptr<RoutingState> PbAcorRouting::make_state(int router, const RouterParams& params, int input_vcs,
                                                       int ports) const {
  return std::make_unique<AcorState>(acor_levels(sequence_), th_, PbRouting::make_state(router, params, input_vcs, ports));
}

void PbAcorRouting::gather(RouterView& view, const Packet& pkt, RoutingContext& ctx) const {
  PbRouting::gather(view, pkt, ctx);
  if (view.at_injection()) acor_level(ctx) = static_cast<AcorState*>(view.state())->level().level(view.now());
}

void PbAcorRouting::recomputing(const RouteState& decided, RouteState&, RoutingState* state, Cycle now) const {
  if (decided.phase == 0) static_cast<AcorState*>(state)->blocked(now);
}

std::unique_ptr<RoutingState> AcorRouting::make_state(int, const RouterParams&, int, int) const {
  if (!per_switch_) return nullptr;
  return std::make_unique<AcorState>(levels(), th_);
}

void AcorRouting::gather(RouterView& view, const Packet& pkt, RoutingContext& ctx) const {
  RoutingAlgorithm::gather(view, pkt, ctx);
  if (!view.at_injection()) return;
  acor_level(ctx) = per_switch_ ? static_cast<AcorState*>(view.state())->level().level(view.now())
                               : pkt.route.flags & kLevelMask;
}

RoutingDecision AcorRouting::route(const RoutingContext& ctx, Packet& pkt) const {
  return route_drawn_under(ctx, pkt, policy_at(sequence_, acor_level(ctx)));
}

void AcorRouting::recomputing(const RouteState&, RouteState& header, RoutingState* state, Cycle now) const {
  if (per_switch_) {
    static_cast<AcorState*>(state)->blocked(now);
  } else {  // the packet's level rises by one, up to the top, before it is decided again
    const int level = header.flags & kLevelMask;
    if (level < levels() - 1) header.flags = static_cast<std::uint8_t>((header.flags & ~kLevelMask) | (level + 1));
  }
}

namespace {
AcorThresholds thresholds(const RoutingOptions& o) {
  const auto integer = [&](const char* key) { return static_cast<int>(o.integer(key)); };
  return {{integer("routing.acor_increase_1"), integer("routing.acor_increase_2")},
          {integer("routing.acor_decrease_1"), integer("routing.acor_decrease_2")},
          static_cast<Cycle>(o.integer("routing.acor_interval"))};
}
bool hop_count(const RoutingOptions& o) { return o.text("routing.vc_scheme") == "hop_count"; }
}  // namespace

namespace {
// The routers' ACOR-Switch levels (and PB-ACOR's) through a traffic change (seed-000 §5.4.3).
RoutingFigure acor_levels_figure() {
  return {RoutingFigure::Kind::kLevels, "acor_levels", "ACOR-Switch levels around the traffic change:", "ACOR level",
          "0 = the lowest policy"};
}
}  // namespace

RoutingEntry acor_routing_entry() {
  RoutingEntry e{
      "acor", {"ACOR", 12},
      "ACOR, seed-000 §3.10: Valiant with RVLB's restriction and recomputation whose phase-A policy is the level of "
      "routing.acor_sequence, raised by heads blocked at injection, per packet or per router (routing.acor_mode)",
      {{{"routing.acor_mode", KeyType::kString, "switch", 0, 0, {"switch", "packet"}, "ACOR's level (seed-000 §3.10): switch = ACOR-Switch, one level per router used by every packet injected there, moved with hysteresis by the heads blocked at its injection ports; packet = ACOR-Packet, each packet starts at the lowest level and rises by one each time its head is blocked at its injection port. Only with acor (pb_acor is per router)."}},
       {{"routing.acor_sequence", KeyType::kString, "3l", 0, 0, {"3l", "2l-a", "2l-b"}, "ACOR's and PB-ACOR's phase-A policies from the lowest level up (seed-000 Table 5-2): 3l = -g- -gl lgl, 2l-a = -g- lgl, 2l-b = -gl lgl."}},
       {{"routing.acor_interval", KeyType::kInt, "500", 1, 1e9, {}, "ACOR-Switch's hysteresis interval HI in cycles (seed-000 Table 5-3: 500 ns, 500 cycles at one phit per ns)."}},
       {{"routing.acor_increase_1", KeyType::kInt, "15", 0, 1000000, {}, "ACOR-Switch's IT_1: the level rises from 1 to 2 as soon as more than IT_1 heads were blocked at injection in the current interval (seed-000 Table 5-3: 15; §5.5.4.3.3: 20 for 1,056 hosts, 10 for 16,512)."}},
       {{"routing.acor_increase_2", KeyType::kInt, "-1", -1, 1000000, {}, "ACOR-Switch's IT_2, from level 2 to 3 (3l only); -1 = the routing's value in seed-000 Table 5-3: 500 for acor, 50 for pb_acor."}},
       {{"routing.acor_decrease_1", KeyType::kInt, "5", 0, 1000000, {}, "ACOR-Switch's DT_1: at the end of an interval in which fewer than DT_1 heads were blocked, the level falls from 2 to 1 (seed-000 Table 5-3: 5; §5.5.4.3.3: 8 for 1,056 hosts, 3 for 16,512)."}},
       {{"routing.acor_decrease_2", KeyType::kInt, "15", 0, 1000000, {}, "ACOR-Switch's DT_2, from level 3 to 2 (3l only; seed-000 Table 5-3: 15)."}}},
      rtl::ALG_ACOR,
      [](const RoutingOptions& o, const Topology& topo) -> std::unique_ptr<RoutingAlgorithm> {
        const Dragonfly& t = topology_as<Dragonfly>(topo, "routing.algorithm " + o.algorithm);
        return std::make_unique<AcorRouting>(t, parse_acor_sequence(o.text("routing.acor_sequence")),
                                             o.text("routing.acor_mode") == "switch", thresholds(o), hop_count(o));
      }};
  for (RoutingKey& k : e.keys) k.used_by = {"acor", "pb_acor"};
  e.keys[0].used_by = {"acor"};
  e.keys[4].resolve_for_routing = [](long long it2, const std::string& algorithm) -> long long {
    if (it2 >= 0) return it2;
    return algorithm == "pb_acor" ? 50 : algorithm == "acor" ? 500 : it2;  // others do not read it
  };
  // ACOR's variants as the thesis names them (seed-000 Table 5-2, §5.4): "Switch, 3L".
  key_of(e, "routing.acor_mode").value_label = [](const std::string& v) -> std::string { return v == "packet" ? "Packet" : "Switch"; };
  key_of(e, "routing.acor_sequence").value_label = [](const std::string& v) {
    std::string upper = v;
    for (char& c : upper) c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
    return upper;
  };
  e.figures = {acor_levels_figure()};
  return e;
}

RoutingEntry pb_acor_routing_entry() {
  RoutingEntry e{"pb_acor", {"PB-ACOR", 13},
        "PB-ACOR, seed-000 §3.11: rpb with recomputation whose non-minimal candidate is drawn under the router's "
        "ACOR level (routing.acor_*); heads blocked on a minimal decision do not move the level",
        {},
        rtl::ALG_PB_ACOR,
        [](const RoutingOptions& o, const Topology& topo) -> std::unique_ptr<RoutingAlgorithm> {
          const Dragonfly& t = topology_as<Dragonfly>(topo, "routing.algorithm " + o.algorithm);
          auto r = std::make_unique<PbAcorRouting>(t, parse_acor_sequence(o.text("routing.acor_sequence")), thresholds(o),
                                                   static_cast<int>(o.threshold_phits("routing.ugal_threshold")),
                                                   static_cast<int>(o.integer("routing.pb_factor")),
                                                   static_cast<int>(o.integer("routing.pb_threshold")), hop_count(o),
                                                   static_cast<Cycle>(o.integer("routing.pb_period")));
          r->set_mean_over_all(o.text("routing.pb_mean") == "all");
          r->set_vc_load(o.text("routing.ugal_load") == "vc");
          read_min_slots(*r, o);
          return r;
        }};
  e.figures = {acor_levels_figure()};
  return e;
}

}  // namespace hiradix
