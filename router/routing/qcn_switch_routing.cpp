#include "router/routing/qcn_switch_routing.h"

#include "router/common/router_view.h"
#include "router/routing/qcn_switch_state.h"
#include "router/routing/routing_registry.h"

namespace hiradix {

template <class Marbp>
std::unique_ptr<RoutingState> QcnSwitchOn<Marbp>::make_state(int router, const RouterParams&, int, int) const {
  return std::make_unique<QcnSwitchState>(this->topo_, router, params_,
                                          [this](int r, int dst_router) { return this->rule_port(r, dst_router); });
}

template <class Marbp>
void QcnSwitchOn<Marbp>::gather(RouterView& view, const Packet& pkt, RoutingContext& ctx) const {
  Marbp::gather_rules(view, pkt, ctx);
  qcn_p(ctx) = 0;
  if (!view.at_injection()) return;
  const int dst_router = this->router_of_node(pkt.dst);
  if (this->in_group(ctx.router, dst_router)) return;
  const QcnSwitchState& s = *static_cast<const QcnSwitchState*>(view.state());
  qcn_p(ctx) = s.table().probability(this->rule_port(ctx.router, dst_router)) / kQcnOnePercent;
}


template class QcnSwitchOn<MarbpRouting>;
template class QcnSwitchOn<GenericMarbpRouting>;

namespace {
QcnSwitchVariant variant_of(const std::string& text) {
  return text == "base" ? QcnSwitchVariant::kBase : text == "source" ? QcnSwitchVariant::kSource : QcnSwitchVariant::kCompare;
}
}  // namespace

RoutingEntry qcn_switch_routing_entry() {
  RoutingEntry e{"qcn_switch", {"QCN-Switch", 23},
                 "QCN-Switch, seed 002 and seed-000 §4.6: marbp's rules, whose minimal rule for a packet injected towards "
                 "another group is taken with the probability P of its port (a uniform N in 1..100 per packet, minimal iff "
                 "N <= P); each switch lowers P[x] on the CNMs for its nodes that arrive through x and those its own "
                 "congestion point at x makes for them, and raises it by routing.qcn_pi_percent after routing.qcn_pc_l "
                 "packets sent on x with no CNM (routing.qcn_variant); needs qcn.sampling (output or input) and qcn.reaction: off",
                 {},
                 rtl::ALG_QCN_SWITCH,
                 [](const RoutingOptions& o, const Topology& topo) -> std::unique_ptr<RoutingAlgorithm> {
                   QcnSwitchParams p;
                   p.variant = variant_of(o.text("routing.qcn_variant"));
                   p.lf_num = 1;
                   p.lf_den = static_cast<int>(o.integer("routing.qcn_lf_inverse"));
                   p.pc_l = static_cast<int>(o.integer("routing.qcn_pc_l"));
                   p.pi = static_cast<std::int32_t>(o.integer("routing.qcn_pi_percent")) * kQcnOnePercent;
                   p.th1 = static_cast<int>(o.integer("routing.qcn_th1"));
                   p.th2 = static_cast<int>(o.integer("routing.qcn_th2"));
                   if (p.th1 > p.th2)
                     throw KeyError("routing.qcn_th1", "must not exceed routing.qcn_th2 (" + std::to_string(p.th2) +
                                                           "): P rises below avg + Th1 and falls above avg + Th2; got " +
                                                           std::to_string(p.th1));
                   if (const auto* fb = dynamic_cast<const FlattenedButterfly*>(&topo))
                     return std::make_unique<GenericQcnSwitchRouting>(p, *fb);
                   const Dragonfly& t = topology_as<Dragonfly>(topo, "routing.algorithm " + o.algorithm);
                   return std::make_unique<QcnSwitchRouting>(p, t, o.text("routing.vc_scheme") == "hop_count");
                 }};
  e.keys = {
      {{"routing.qcn_variant", KeyType::kString, "compare", 0, 0, {"base", "source", "compare"},
        "qcn_switch: how a switch moves its probabilities (seed 002 §III): base = P[x] times (1 - Fb / "
        "routing.qcn_lf_inverse) on each CNM through x (Eq. 4-3); source = base, and the CNMs its own congestion "
        "points make about packets towards other groups lower the port they leave by (§III-B); compare = the "
        "feedback comparison (§III-C, the thesis' final design): with avg the mean of every transit port's last Fb, "
        "P[x] times (1 - (Fb - avg) / routing.qcn_lf_inverse) if Fb > avg + routing.qcn_th2, + routing.qcn_pi_percent "
        "if Fb <= avg + routing.qcn_th1, else unchanged (Eq. 4-5)."},
       nullptr, nullptr, {"qcn_switch"}, "QCN-Switch variant"},
      {{"routing.qcn_lf_inverse", KeyType::kInt, "64", 1, 1 << 20, {},
        "qcn_switch: 1 / L_f, the reduction limiting factor's inverse (seed 000 Table 4-3: L_f = 1/64; seed 002's "
        "example 1/128). Below 64 one CNM can take P to its floor."},
       nullptr, nullptr, {"qcn_switch"}, "QCN-Switch 1/L_f"},
      {{"routing.qcn_pc_l", KeyType::kInt, "100", 1, 1000000, {},
        "qcn_switch: PC_l, the packets sent on a transit port with no CNM through it after which its P rises by "
        "routing.qcn_pi_percent (seed 000 Table 4-3: 100), in every variant."},
       nullptr, nullptr, {"qcn_switch"}, "QCN-Switch PC_l"},
      {{"routing.qcn_pi_percent", KeyType::kInt, "1", 0, 100, {},
        "qcn_switch: PI, the increase of a port's P in percentage points, capped at 100 (seed 000 Table 4-3: 1)."},
       nullptr, nullptr, {"qcn_switch"}, "QCN-Switch PI"},
      {{"routing.qcn_th1", KeyType::kInt, "0", 0, 63, {},
        "qcn_switch with routing.qcn_variant compare: Th1, P rises on a CNM whose Fb <= avg + Th1 (seed 000 Table "
        "4-3: 0); at most routing.qcn_th2."},
       nullptr, nullptr, {"qcn_switch"}, "QCN-Switch Th1"},
      {{"routing.qcn_th2", KeyType::kInt, "30", 0, 63, {},
        "qcn_switch with routing.qcn_variant compare: Th2, P falls on a CNM whose Fb > avg + Th2 (seed 000 Table "
        "4-3: 30)."},
       nullptr, nullptr, {"qcn_switch"}, "QCN-Switch Th2"},
  };
  e.display_under = [](const RoutingEntry& self, const nlohmann::json& config) -> RoutingDisplay {
    const std::string v = routing_key_value(config, "routing.qcn_variant");
    return v == "base" ? RoutingDisplay{"QCN-Switch base", 24} : v == "source" ? RoutingDisplay{"QCN-Switch +Source", 25} : self.display;
  };
  e.display_variants = {{"QCN-Switch base", 24}, {"QCN-Switch +Source", 25}};
  return e;
}

}  // namespace hiradix
