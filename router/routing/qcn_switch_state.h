// QCN-Switch's state in each switch (seed-002 §III, seed-000 §4.6; docs/papers/seed-002-qcn-openflow.md):
// the table of minimal-routing probabilities of its transit ports (router/routing/qcn_switch_probabilities.h),
// moved by the QCN events the router reports (RoutingState, kQcnEvents):
//  - a CNM for one of this switch's nodes arrives through transit port x: the port's P falls (the switch
//    intercepts it; it still goes on to the node, whose reaction point qcn_switch requires off);
//  - this switch's own congestion point at port x makes a CNM for one of its own nodes: x's P falls, as
//    if the CNM had arrived through x (the port whose output queue or input buffer sent it);
//  - source processing (variant source): every CNM this switch's congestion point makes about a packet
//    towards another group falls on the port that packet leaves by (seed-002 §1.6: under output sampling
//    the sampled one, under input sampling its minimal output);
//  - a data packet's head granted to transit output x: x's counter towards the additive increase.
// On a Dragonfly the groups are its groups; on a Flattened Butterfly its rows (Topology::domain_of).
#pragma once
#include <functional>
#include <utility>
#include <vector>

#include "router/routing/qcn_switch_probabilities.h"
#include "router/routing/routing_state.h"
#include "topology/topology.h"

namespace hiradix {

class QcnSwitchState : public RoutingState {
 public:
  // `rule_port(router, dst_router)`: the port the routing's minimal rule takes towards another group.
  using RulePort = std::function<int(int router, int dst_router)>;
  QcnSwitchState(const Topology& topo, int router, const QcnSwitchParams& params, RulePort rule_port)
      : topo_(topo), router_(router), group_(topo.domain_of(router)), table_(params, transit_ports(topo, router)),
        rule_port_(std::move(rule_port)) {}
  std::uint8_t events() const override { return kQcnEvents; }
  void packet_sent(int out_port) override {
    table_.packet_sent(out_port);
    if (block_ && transit(out_port)) block_->qcn_sent(out_port);
  }
  void cnm_passing(int in_port, int fb) override { cnm(in_port, fb); }
  // A CNM this switch's congestion point at `port` made. Output sampling: `port` is the output the victim
  // leaves by. Input sampling: `port` is the input it came in by, and the output it leaves by is its
  // minimal one (MAR-bP's transit packets are minimal; [F5]'s minOut(victim.dst)).
  void cnm_made(int port, QcnCpSite site, int fb, std::uint32_t src, std::uint32_t dst) override {
    const int dst_router = router_of(dst);
    if (router_of(src) == router_) {  // one of its own nodes': as if through `port`
      if (transit(port)) cnm(port, fb);
      return;
    }
    if (table_.params().variant != QcnSwitchVariant::kSource || topo_.domain_of(dst_router) == group_) return;
    const int out = site == QcnCpSite::kInput ? rule_port_(router_, dst_router) : port;
    if (transit(out)) cnm(out, fb);
  }
  double port_reading(int port) const override {
    return transit(port) ? table_.probability_percent(port) : RoutingState::port_reading(port);
  }
  void attach_block_events(StateBlockEvents* events) override { block_ = events; }
  const QcnSwitchProbabilities& table() const { return table_; }
  QcnSwitchProbabilities& table() { return table_; }

 private:
  static std::vector<bool> transit_ports(const Topology& topo, int router) {
    std::vector<bool> transit(static_cast<std::size_t>(topo.radix(router)));
    for (int p = 0; p < topo.radix(router); ++p) transit[static_cast<std::size_t>(p)] = topo.port_class(router, p) != 0;
    return transit;
  }
  bool transit(int port) const { return topo_.port_class(router_, port) != 0; }
  // A CNM through transit port `port`, or made for it here (QcnSwitchProbabilities::local_cnm is the same).
  void cnm(int port, int fb) {
    table_.cnm_received(port, fb);
    if (block_) block_->qcn_cnm(port, fb);
  }
  int router_of(std::uint32_t node) const { return topo_.nic_port(static_cast<int>(node), 0).router; }
  const Topology& topo_;
  int router_, group_;
  QcnSwitchProbabilities table_;
  RulePort rule_port_;
  StateBlockEvents* block_ = nullptr;  // the co-simulated table (router/rtl/rtl_qcn_switch_table.cpp), if any
};

}  // namespace hiradix
