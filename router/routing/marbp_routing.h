// MAR-bP, Multipath Adaptive Routing based on Pauses (seed-000 §4.5, the "Conditional OpenFlow" of seed
// 002; docs/papers/seed-000-thesis.md "MAR-bP"): the routing of commodity Ethernet / OpenFlow switches, which
// see no credits, only their outputs' pauses. Its rules (router/routing/openflow_table.h) decide at the
// source switch only:
//  - a destination in another group takes the minimal rule while the minimal output's class is not paused;
//    when it is, the low-priority rule keyed by the input host port sends the packet out of global port
//    (host mod h) of this switch, and from the far end on it goes minimally: Valiant -g- whose intermediate
//    router is that far end, fixed per host instead of drawn (the controller cannot draw it at run time);
//  - a destination in the source group, and every packet in transit, go minimally (one rule matches).
// "Paused" is the flow control's own state of the minimal hop's VC (RoutingContext::flow_ready): under
// router.flow_control: pause, its class paused; under credits, fewer credits than a packet (the seeds'
// simulator's model of a pause). The output queue's room does not enter: the switch waits for it.
//
// VCs: Valiant -g-'s slots, G0 | L0 G1 L1, the minimal path on phase B's (2 local, 2 global VCs; seed-000
// §4.5.4: "at most two hops of each type"). The deadlock check walks every -g- draw, a superset of the host
// ports' intermediates.
#pragma once
#include <string>

#include "router/routing/marbp_rtl.h"
#include "router/routing/valiant_routing.h"

namespace hiradix {

class MarbpRouting : public ValiantRouting {
 public:
  explicit MarbpRouting(const Dragonfly& topo, bool hop_count_vcs = false) : ValiantRouting(topo, PhaseA::kG, hop_count_vcs) {}
  std::string name() const override { return "marbp"; }
  // At injection: the VCs each output's flow control lets a packet go on.
  void gather(RouterView& view, const Packet& pkt, RoutingContext& ctx) const override;
  RoutingDecision route(const RoutingContext& ctx, Packet& pkt) const override;
  // The intermediate router of host port `host`'s alternative rule: the far end of global port host mod h.
  int host_intermediate(int router, int host) const { return topo_.peer(router, topo_.global_port(host % topo_.h())).router; }
  std::optional<RuleCounts> rule_counts(int router) const override;
  std::string rtl_refusal() const override;
  // What QCN-Switch (qcn_switch_routing.h) reads of the rules: the port of the minimal rule towards another
  // group's router, whether a destination router is in the group of `router`, the router of a node; and
  // what it gathers (not the flow control's masks).
  void gather_rules(RouterView& view, const Packet& pkt, RoutingContext& ctx) const { RoutingAlgorithm::gather(view, pkt, ctx); }
  int rule_port(int router, int dst_router) const { return topo_.min_port(router, dst_router); }
  bool in_group(int router, int dst_router) const { return topo_.group_of(dst_router) == topo_.group_of(router); }
  int router_of_node(std::uint32_t node) const { return topo_.router_of_terminal(static_cast<int>(node)); }

 protected:
  // Whether the minimal rule applies to a packet injected towards another group, whose minimal hop is
  // `minimal`: MAR-bP's while that hop's VC is not held back; QCN-Switch's by its probability.
  virtual bool keeps_minimal(const RoutingContext& ctx, const RoutingDecision& minimal) const;
};

}  // namespace hiradix
