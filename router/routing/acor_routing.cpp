#include "router/routing/acor_routing.h"

#include <stdexcept>

#include "router/router_view.h"
#include "router/routing/routing_registry.h"

namespace hiradix {

AcorSequence parse_acor_sequence(const std::string& name) {
  if (name == "2l-a") return AcorSequence::k2LA;
  if (name == "2l-b") return AcorSequence::k2LB;
  if (name == "3l") return AcorSequence::k3L;
  throw std::invalid_argument("routing.acor_sequence: unknown sequence '" + name + "'");
}

PhaseA AcorRouting::policy_at(AcorSequence sequence, int level) {
  static constexpr PhaseA kSequences[3][3] = {
      {PhaseA::kG, PhaseA::kLgl, PhaseA::kLgl},   // 2L-A: -g- lgl
      {PhaseA::kGl, PhaseA::kLgl, PhaseA::kLgl},  // 2L-B: -gl lgl
      {PhaseA::kG, PhaseA::kGl, PhaseA::kLgl},    // 3L: -g- -gl lgl
  };
  return kSequences[static_cast<int>(sequence)][level];
}

std::vector<PhaseA> AcorRouting::draw_policies() const {
  std::vector<PhaseA> policies;
  for (int level = 0; level < levels(); ++level) policies.push_back(policy_at(sequence_, level));
  return policies;
}

std::unique_ptr<RoutingState> AcorRouting::make_state(int, const RouterParams&, int, int) const {
  if (!per_switch_) return nullptr;
  return std::make_unique<AcorState>(levels(), th_);
}

void AcorRouting::gather(RouterView& view, const Packet& pkt, RoutingContext& ctx) const {
  RoutingAlgorithm::gather(view, pkt, ctx);
  if (!view.at_injection()) return;
  ctx.acor_level = per_switch_ ? static_cast<AcorState*>(view.state())->level().level(view.now())
                               : pkt.route.flags & kLevelMask;
}

RoutingDecision AcorRouting::route(const RoutingContext& ctx, Packet& pkt) const {
  if (topo_.port_class(ctx.in_port) != PortClass::kTerminal) return follow(ctx.router, pkt);
  const int dst_router = topo_.router_of_terminal(pkt.dst);
  const PhaseA policy = policy_at(sequence_, std::min(ctx.acor_level, levels() - 1));
  return start_path(ctx, pkt, dst_router, choose_intermediate(ctx.router, ctx.random, dst_router, policy));
}

void AcorRouting::recomputing(const RouteState&, RouteState& header, RoutingState* state, Cycle now) const {
  if (per_switch_) {
    static_cast<AcorState*>(state)->level().blocked(now);
  } else {  // the packet's level rises by one, up to the top, before it is decided again
    const int level = header.flags & kLevelMask;
    if (level < levels() - 1) header.flags = static_cast<std::uint8_t>((header.flags & ~kLevelMask) | (level + 1));
  }
}

RoutingEntry acor_routing_entry() {
  RoutingEntry e{
      "acor",
      "ACOR, seed-000 §3.10: Valiant with RVLB's restriction and recomputation whose phase-A policy is the level of "
      "routing.acor_sequence, raised by heads blocked at injection, per packet or per router (routing.acor_mode)",
      {{{"routing.acor_mode", KeyType::kString, "switch", 0, 0, {"switch", "packet"}, "ACOR's level (seed-000 §3.10): switch = ACOR-Switch, one level per router used by every packet injected there, moved with hysteresis by the heads blocked at its injection ports; packet = ACOR-Packet, each packet starts at the lowest level and rises by one each time its head is blocked at its injection port."}},
       {{"routing.acor_sequence", KeyType::kString, "3l", 0, 0, {"3l", "2l-a", "2l-b"}, "ACOR's phase-A policies from the lowest level up (seed-000 Table 5-2): 3l = -g- -gl lgl, 2l-a = -g- lgl, 2l-b = -gl lgl."}},
       {{"routing.acor_interval", KeyType::kInt, "500", 1, 1e9, {}, "ACOR-Switch's hysteresis interval HI in cycles (seed-000 Table 5-3: 500 ns, 500 cycles at one phit per ns)."}},
       {{"routing.acor_increase_1", KeyType::kInt, "15", 0, 1000000, {}, "ACOR-Switch's IT_1: the level rises from 1 to 2 as soon as more than IT_1 heads were blocked at injection in the current interval (seed-000 Table 5-3: 15; §5.5.4.3.3: 20 for 1,056 hosts, 10 for 16,512)."}},
       {{"routing.acor_increase_2", KeyType::kInt, "500", 0, 1000000, {}, "ACOR-Switch's IT_2, from level 2 to 3 (3l only; seed-000 Table 5-3: 500)."}},
       {{"routing.acor_decrease_1", KeyType::kInt, "5", 0, 1000000, {}, "ACOR-Switch's DT_1: at the end of an interval in which fewer than DT_1 heads were blocked, the level falls from 2 to 1 (seed-000 Table 5-3: 5; §5.5.4.3.3: 8 for 1,056 hosts, 3 for 16,512)."}},
       {{"routing.acor_decrease_2", KeyType::kInt, "15", 0, 1000000, {}, "ACOR-Switch's DT_2, from level 3 to 2 (3l only; seed-000 Table 5-3: 15)."}}},
      rtl::ALG_ACOR,
      [](const RoutingOptions& o, const Topology& topo) -> std::unique_ptr<RoutingAlgorithm> {
        const Dragonfly& t = topology_as<Dragonfly>(topo, "routing.algorithm " + o.algorithm);
        const auto integer = [&](const char* key) { return static_cast<int>(o.integer(key)); };
        const AcorThresholds th{{integer("routing.acor_increase_1"), integer("routing.acor_increase_2")},
                                {integer("routing.acor_decrease_1"), integer("routing.acor_decrease_2")},
                                static_cast<Cycle>(o.integer("routing.acor_interval"))};
        return std::make_unique<AcorRouting>(t, parse_acor_sequence(o.text("routing.acor_sequence")),
                                             o.text("routing.acor_mode") == "switch", th,
                                             o.text("routing.vc_scheme") == "hop_count");
      }};
  for (RoutingKey& k : e.keys) k.used_by = {"acor"};
  return e;
}

}  // namespace hiradix
