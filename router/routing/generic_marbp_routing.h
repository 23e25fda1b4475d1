// MAR-bP on a Flattened Butterfly / HyperX (seed-000 §4.5.2-4.5.3; docs/papers/seed-000-thesis.md "MAR-bP"):
// the thesis draws its rules for this topology too, with the rows (dimension 0's lines, Topology::domain_of)
// as the groups. At the source switch a destination in another row goes by the minimal rule, one port per
// destination row (dimension order with dimension 0 last, MinPaths::kRowLast: the row is left first, as the
// rule on the row's address prefix sends it; then the lowest differing dimension), unless that hop's VC is
// held back (RoutingContext::flow_ready, as on the Dragonfly); then by its host port's alternative rule: out
// of the (host mod M)-th of the M ports that leave the row (dimensions 1 and up, in port order; with fewer
// such ports than hosts some hosts share one, the thesis' "one path is repeated") and minimally from its far
// end. A destination in the source row, and every packet in transit, go minimally.
//
// It is Valiant whose intermediate router is fixed per host instead of drawn: GenericValiantRouting's VCs (a
// set per phase, hop-count VCs within each) and its deadlock check, which walks every intermediate router, a
// superset of the host ports' far ends. Its OpenFlow rules (openflow_table.h) are counted in result.json.
// Its RTL is generic valiant's submodule (rtl/routing/hiradix_route_generic_valiant.v, code generic_marbp;
// generic_valiant_rtl.h; the Dragonfly's is hiradix_route_marbp.v): the forwarding table's rows are the
// row-last rules, the intermediate at injection is an input, marbp_mid, the host port's alternative rule's
// entry (its far end, which gather() fills), and the minimal rule is kept while flow_ready of (the row's first
// port, phase 1's first VC) is set; the unit tells another row by the coordinates (fb_here, fb_dst).
#pragma once
#include <string>

#include "router/routing/generic_valiant_routing.h"
#include "topology/flattened_butterfly.h"
#include "rtl_own_slots.h"

namespace hiradix {

HIRADIX_OWN_SCALAR(marbp_mid)

class GenericMarbpRouting : public GenericValiantRouting {
 public:
  explicit GenericMarbpRouting(const FlattenedButterfly& topo);
  std::string name() const override { return "marbp"; }
  // At injection: the VCs each output's flow control lets a packet go on.
  void gather(RouterView& view, const Packet& pkt, RoutingContext& ctx) const override;
  std::string rtl_refusal() const override;
  std::optional<RuleCounts> rule_counts(int router) const override;
  // The port of host port `host`'s alternative rule, and its far end.
  int host_port(int router, int host) const;
  // The far end of host port `host`'s alternative port.
  int host_intermediate(int router, int host) const;
  // What QCN-Switch (qcn_switch_routing.h) reads of the rules, as MarbpRouting's.
  int rule_port(int router, int dst_router) const;
  bool in_group(int router, int dst_router) const { return topo_.domain_of(dst_router) == topo_.domain_of(router); }
  int router_of_node(std::uint32_t node) const { return topo_.nic_port(static_cast<int>(node), 0).router; }
  // Generic valiant's inputs and, with the RTL in the loop, the coordinates and marbp_mid (QCN-Switch's too).
  void gather_rules(RouterView& view, const Packet& pkt, RoutingContext& ctx) const;

 protected:
  // Whether the minimal rule applies to a packet injected towards another row whose minimal hop is
  // `minimal`: while that hop's VC is not held back (QCN-Switch: by its probability).
  virtual bool keeps_minimal(const RoutingContext& ctx, const RoutingDecision& minimal) const;
  // The header: the minimal path, or the host port's alternative (phase 0 towards its far end).
  void inject(const RoutingContext& ctx, int dst_router, Packet& pkt) const override;
  // At injection the host port's alternative far end (the row fwd_row_mid reads), in transit the header's.
  int intermediate(const RouterView& view, const Packet& pkt, int router) const override;

 private:
  const FlattenedButterfly& fb_;
};

}  // namespace hiradix
