#include "router/routing/in_transit_routing.h"

#include <algorithm>

#include "router/common/lfsr.h"
#include "router/routing/channel_dependencies.h"
#include "router/routing/group_state.h"
#include "router/routing/routing_registry.h"

namespace hiradix {

// The RTL carries RouteState::flags whole and names bits 0 and 1 after MM+L's flags (rtl/hiradix_fields.vh
// RS_LMIS_BIT, RS_MANDG_BIT; router/rtl/rc_interface.cpp packs bit for bit).
static_assert(InTransitRouting::kLocalMisrouted == 1 && InTransitRouting::kMandatoryGlobal == 2,
              "MM+L's flags are bits 0 and 1 of RouteState::flags, at RS_LMIS_BIT and RS_MANDG_BIT");

bool InTransitRouting::enumerate_dependencies(ChannelGraph& g, CdgMethod method) const {
  enumerate_escape_channels(*this, g, method);
  return true;
}

void InTransitRouting::gather(RouterView& view, const Packet& pkt, RoutingContext& ctx) const {
  RoutingAlgorithm::gather(view, pkt, ctx);
  ctx.in_vc = view.in_vc();
  ctx.port_ready = view.ready_masks();
}

std::unique_ptr<RoutingState> EctnRouting::make_state(int router, const RouterParams& params, int input_vcs,
                                                      int ports) const {
  return std::make_unique<EctnState>(topo_, router, params.broadcast, input_vcs, ports);
}

void EctnRouting::connect_routers(const std::vector<WiredRouter*>& routers) { connect_group_broadcasts(topo_, routers); }

void EctnRouting::gather(RouterView& view, const Packet& pkt, RoutingContext& ctx) const {
  InTransitRouting::gather(view, pkt, ctx);
  view.state()->gather(view, pkt, ctx);
}

int InTransitRouting::next_vc(int in_port, int in_vc, int out_port, bool misroute) const {
  const PortClass in = topo_.port_class(in_port), out = topo_.port_class(out_port);
  if (out == PortClass::kTerminal || in == PortClass::kTerminal) return 0;
  if (out == PortClass::kLocal && misroute) return in_vc;
  if (in == PortClass::kLocal && out == PortClass::kGlobal) return in_vc;
  return in_vc + 1;
}

std::string InTransitRouting::path_type_name(int bits, const Topology&) const {
  switch (bits & (kLocalMisroutePath | kGlobalMisroutePath)) {
    case kLocalMisroutePath: return "misroute_l";
    case kGlobalMisroutePath: return "misroute_g";
    case kLocalMisroutePath | kGlobalMisroutePath: return "misroute_gl";
    default: return "min";
  }
}

namespace {
// MM+L (seed-003 §1.7): which kind of misroute the packet may take at this hop.
enum class Misroute { kNone, kGlobal, kGlobalMandatory, kLocalMm, kLocal };
}  // namespace

RoutingDecision InTransitRouting::route(const RoutingContext& ctx, Packet& pkt) const {
  RouteState& rs = pkt.route;
  const Dragonfly& t = topo_;
  const int here = ctx.router, dst_router = t.router_of_terminal(pkt.dst);
  const PortClass in_class = t.port_class(ctx.in_port);
  if (in_class == PortClass::kGlobal) rs.flags &= static_cast<std::uint8_t>(~(kLocalMisrouted | kMandatoryGlobal));  // a new group
  const bool mandatory = rs.flags & kMandatoryGlobal;
  const bool local_misrouted = rs.flags & kLocalMisrouted;
  rs.flags &= static_cast<std::uint8_t>(~kMandatoryGlobal);  // it binds only the router right after the local misroute

  RoutingDecision d;
  if (here == dst_router) {  // eject; never misrouted
    d.out_port = d.min_port = static_cast<std::uint16_t>(t.port_of_terminal(static_cast<int>(pkt.dst)));
    return d;
  }
  const int min_port = t.min_port(here, dst_router);
  d.min_port = static_cast<std::uint16_t>(min_port);
  d.min_vc = static_cast<std::uint8_t>(next_vc(ctx.in_port, ctx.in_vc, min_port, false));

  Misroute type = Misroute::kNone;
  const bool source_group = rs.hops[kGlobalClass] == 0;
  if (source_group && t.group_of(dst_router) != t.group_of(here)) {
    if (mandatory) type = Misroute::kGlobalMandatory;                               // NRG, second half
    else if (in_class == PortClass::kTerminal) type = Misroute::kGlobal;            // CRG at injection
    else if (in_class == PortClass::kLocal && !local_misrouted) type = Misroute::kLocalMm;  // NRG, first half
  } else if (!local_misrouted && t.port_class(min_port) != PortClass::kGlobal) {
    type = Misroute::kLocal;  // "+L": one local misroute per group
  }

  int out = min_port;
  const Trigger fired = type == Misroute::kNone          ? Trigger::kNone
                        : type == Misroute::kGlobalMandatory ? Trigger::kAny  // no trigger, no filter [F]
                                                             : trigger(ctx, min_port, d.min_vc);
  if (fired != Trigger::kNone) {
    const bool global = type == Misroute::kGlobal || type == Misroute::kGlobalMandatory;
    const int first = global ? t.global_port(0) : t.p();
    const int last = global ? t.global_port(t.h()) : t.p() + t.a() - 1;
    std::uint64_t valid = 0;
    int count = 0;
    for (int c = first; c < last; ++c) {
      // A mandatory global exit may be the minimal port itself (this router owns the link).
      if (c == min_port && type != Misroute::kGlobalMandatory) continue;
      const int vc = next_vc(ctx.in_port, ctx.in_vc, c, c != min_port);
      if (!ready(ctx, c, vc)) continue;  // only where the whole packet fits now
      if (fired == Trigger::kFiltered && !candidate_ok(ctx, min_port, d.min_vc, c, vc)) continue;
      valid |= 1ull << c;
      ++count;
    }
    if (count) {  // uniform among the valid candidates; none: stay minimal (and be routed again if blocked)
      int k = static_cast<int>(lfsr_draw(static_cast<std::uint32_t>(ctx.random), static_cast<std::uint32_t>(count)));
      for (; k; --k) valid &= valid - 1;
      out = __builtin_ctzll(valid);
    }
  }

  const bool misroute = out != min_port;
  const int vc = next_vc(ctx.in_port, ctx.in_vc, out, misroute);
  ++rs.hops[static_cast<int>(t.port_class(out))];
  if (misroute) rs.path_bits |= t.port_class(out) == PortClass::kGlobal ? kGlobalMisroutePath : kLocalMisroutePath;
  if (misroute && t.port_class(out) == PortClass::kLocal)
    rs.flags |= type == Misroute::kLocalMm ? kLocalMisrouted | kMandatoryGlobal : kLocalMisrouted;
  d.out_port = static_cast<std::uint16_t>(out);
  d.out_vc = static_cast<std::uint8_t>(vc);
  d.misroute = misroute;
  d.no_slot = vc >= (t.port_class(out) == PortClass::kGlobal ? kGlobalVcs : kLocalVcs);
  return d;
}

RoutingDecision EctnRouting::route(const RoutingContext& ctx, Packet& pkt) const {
  const Dragonfly& t = topo_;
  if (t.port_class(ctx.in_port) != PortClass::kTerminal ||
      t.group_of(t.router_of_terminal(static_cast<int>(pkt.dst))) == t.group_of(ctx.router))
    return InTransitRouting::route(ctx, pkt);
  RoutingContext c = ctx;  // the source decision: the combined counters apply (seed-003 §1.5)
  c.scratch = 1;  // the source decision (trigger, candidate_ok)
  return InTransitRouting::route(c, pkt);
}

RoutingEntry base_routing_entry() {
  RoutingEntry e{"base", {"Base", 6},
                 "seed-003 §1.3: in-transit MM+L misrouting when the minimal port's contention counter reaches "
                 "routing.contention_threshold",
                 {{{"routing.contention_threshold", KeyType::kInt, "0", 0, 1000, {}, "Base and ECtN (its in-transit hops): misroute when the contention counter of the minimal output is >= th (FOGSim's >=; the paper says 'exceeds'); candidates must be below it. 0 = min(6, p): seed-003 Table I's 6, capped by §VI-A's bound th <= p (under ADV the p injection ports of a router all count on one minimal output, so a larger th never misroutes at injection)."}}},
                 rtl::ALG_BASE,
                 [](const RoutingOptions& o, const Topology& topo) -> std::unique_ptr<RoutingAlgorithm> {
            const Dragonfly& t = topology_as<Dragonfly>(topo, "routing.algorithm " + o.algorithm);
                   return std::make_unique<BaseRouting>(t, static_cast<int>(o.integer("routing.contention_threshold")));
                 }};
  e.keys[0].resolve = [](long long th, const Topology& t) -> long long { return th ? th : std::min(6, t.nodes_per_router()); };
  key_of(e, "routing.contention_threshold").label = "th";
  return e;
}

RoutingEntry ectn_routing_entry() {
  RoutingEntry e{"ectn", {"ECtN", 8},
          "seed-003 §1.5: Base plus, at injection, the group's combined counters broadcast every routing.ectn_period cycles",
          {{{"routing.ectn_threshold", KeyType::kInt, "10", 1, 255, {}, "ECtN: at injection towards another group, misroute globally when the combined counter of the destination's global link is >= this (seed-003 Table I: 10; FOGSim's >=), and take only global ports whose link's combined counter is below it (the paper's filter; FOGSim uses the Base counter). At most 255 (the RTL's 8-bit field)."}},
          {{"routing.ectn_period", KeyType::kInt, "100", 1, kUnbounded, {}, "ECtN: a router broadcasts its partial array (a*h counters of 4 bits) to its group when cycle mod period = 0 (seed-003 Table I: 100)."}}},
          rtl::ALG_ECTN,
          [](const RoutingOptions& o, const Topology& topo) -> std::unique_ptr<RoutingAlgorithm> {
            const Dragonfly& t = topology_as<Dragonfly>(topo, "routing.algorithm " + o.algorithm);
            return std::make_unique<EctnRouting>(t, static_cast<int>(o.integer("routing.contention_threshold")),
                                                 static_cast<int>(o.integer("routing.ectn_threshold")),
                                                 static_cast<Cycle>(o.integer("routing.ectn_period")));
          }};
  key_of(e, "routing.ectn_threshold").label = "ECtN th";
  key_of(e, "routing.ectn_period").label = "ECtN period";
  return e;
}

}  // namespace hiradix
