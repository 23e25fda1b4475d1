// `hybrid_dor`, Hybrid-DOR on the KNS (topology/kns.h; seed-001 §1.1, §2.1, §6.2; issue 27): a packet
// corrects its coordinates one dimension after the other, in the order `routing.dor_order` gives (default:
// dimension 0, X, first, the paper's XY), each with one node -> switch -> node hop pair: at an end node the
// port of the first dimension of the order whose coordinate differs from the destination's; at a switch the
// port of the destination's coordinate in the switch's dimension. Deterministic and minimal: 2 * (differing
// coordinates) router-to-router hops, at most n switch crossings (2 hops between any pair in 2D, as the
// paper says, 1 switch when source and destination share a row or column).
//
// VCs: one. Rank the channels by the order: the hop node -> switch of the dimension of rank i is 2i, the
// hop switch -> node of that dimension 2i + 1. A packet holding a hop waits only for the next hop of its
// path: from node -> switch (2i) to switch -> node of the same dimension (2i + 1), from switch -> node
// (2i + 1) to node -> switch of a dimension later in the order (2j, j > i). Every dependency climbs the
// ranks, so the channel dependency graph is acyclic (Dally & Seitz); the deadlock check before every run
// confirms it (enumerate_dependencies).
// The deadlock check walks route(): kFull from every end node to every end node; kReduced, the default,
// only the pairs that differ in one or two dimensions: each dependency is two consecutive hops, within one
// dimension (node -> switch -> node: a pair differing in that dimension) or at a turn (switch -> node ->
// switch: a pair differing in the two dimensions, which the order corrects in the same sequence), so the
// two graphs are equal (tests/test_kns.cpp compares them).
//
// RTL: rtl/routing/hiradix_route_hybrid_dor.v (code rtl::ALG_HYBRID_DOR, hybrid_dor_rtl.h) over the KNS's
// geometry by coordinates (rtl/topology/hiradix_kns_geometry.v), from the inputs gather() fills
// (kns_geometry_inputs.h); router.rc_mode rtl and lockstep run it (tests/test_rtl_routing.cpp KnsLockstep).
#pragma once
#include <array>
#include <string>
#include <vector>

#include "router/routing/kns_geometry_inputs.h"
#include "router/routing/routing_algorithm.h"
#include "topology/kns.h"

namespace hiradix {

class HybridDorRouting final : public RoutingAlgorithm {
 public:
  // `order`: the dimensions in the order they are corrected (a permutation of 0..dims-1, DorRouting::parse_order).
  HybridDorRouting(const Kns& topo, const std::vector<int>& order);
  std::string name() const override { return "hybrid_dor"; }
  VcRequirement vcs_needed() const override { return {{1, 1}}; }
  std::string vc_rule() const override { return "dimension order, one node -> switch -> node hop pair per dimension: one VC"; }
  // The unit's KNS inputs (set_kns_inputs); route() itself reads the topology.
  void gather(RouterView& view, const Packet& pkt, RoutingContext& ctx) const override;
  RoutingDecision route(const RoutingContext& ctx, Packet& pkt) const override;
  bool enumerate_dependencies(ChannelGraph& g, CdgMethod method) const override;

 private:
  const Kns& topo_;
  std::array<int, Kns::kMaxDims> order_{};
};

}  // namespace hiradix
