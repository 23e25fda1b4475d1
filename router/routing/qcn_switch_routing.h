// QCN-Switch (seed 002, seed-000 §4.6; docs/papers/seed-002-qcn-openflow.md): MAR-bP's rules (the minimal
// rule, and the host port's alternative rule: out of global port host mod h, minimally from its far end),
// with the minimal rule of a packet injected towards another group taken with a probability instead of
// while its class is not paused: a uniform N in 1..100 is drawn per decision and the minimal rule is taken
// iff N <= P[minimal port]. The probabilities are the switch's (router/routing/qcn_switch_state.h), moved
// by the CNMs QCN's congestion points send (qcn.sampling: output) and intercepted at the source switch
// (qcn.reaction: off), in one of three variants (routing.qcn_variant):
//  - base: P[x] <- P[x] (1 - L_f Fb) on a CNM through x; +PI after PC_l packets sent on x with no CNM;
//  - source: base, and the switch also applies the CNMs its own congestion points make (seed-002 §1.6);
//  - compare: the feedback comparison (seed-002 §1.7, the thesis' final design): only a CNM whose Fb stands
//    out from the average of the last Fb of every transit port lowers P, one near it raises P.
// In-group and in-transit packets go minimally. VCs and deadlock freedom: MAR-bP's. On the Dragonfly
// (MarbpRouting) and on the Flattened Butterfly (GenericMarbpRouting, whose groups are the rows): one class
// over both, as OSHA's OshaOnVn.
//
// The routing unit reads P[minimal port] in whole percent (own input qcn_p) and N from the decision's
// random bits 0..31: 1 + floor(bits * 100 / 2^32), the Dragonfly's (hiradix_route_marbp.v) and the
// Flattened Butterfly's (generic valiant's submodule, code generic_qcn_switch: generic_marbp_routing.h).
#pragma once
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "router/routing/generic_marbp_routing.h"
#include "router/routing/marbp_routing.h"
#include "router/routing/qcn_switch_probabilities.h"
#include "rtl_own_slots.h"

namespace hiradix {

HIRADIX_OWN_SCALAR(qcn_p)

template <class Marbp>
class QcnSwitchOn : public Marbp {
 public:
  // `args`: Marbp's.
  template <class... Args>
  explicit QcnSwitchOn(const QcnSwitchParams& params, Args&&... args) : Marbp(std::forward<Args>(args)...), params_(params) {}
  std::string name() const override { return "qcn_switch"; }
  std::unique_ptr<RoutingState> make_state(int router, const RouterParams& params, int input_vcs, int ports) const override;
  bool takes_cnms() const override { return true; }
  std::string port_reading() const override { return "minimal_probability_percent"; }
  // The table in the RTL (rtl/hiradix_qcn_switch_table.v), on the Dragonfly and the Flattened Butterfly.
  std::vector<std::string> rtl_state_blocks() const override { return {"qcn_switch_table"}; }
  // At injection towards another group: qcn_p(ctx), P of the minimal rule's port in whole percent (0
  // otherwise).
  void gather(RouterView& view, const Packet& pkt, RoutingContext& ctx) const override;
  const QcnSwitchParams& params() const { return params_; }
  // The decision's N, 1..100.
  static int draw(const RoutingContext& ctx) { return QcnSwitchProbabilities::draw_n(static_cast<std::uint32_t>(ctx.random)); }

 protected:
  bool keeps_minimal(const RoutingContext& ctx, const RoutingDecision& /*minimal*/) const override {
    return draw(ctx) <= qcn_p(ctx);
  }

 private:
  QcnSwitchParams params_;
};

using QcnSwitchRouting = QcnSwitchOn<MarbpRouting>;
using GenericQcnSwitchRouting = QcnSwitchOn<GenericMarbpRouting>;

}  // namespace hiradix
