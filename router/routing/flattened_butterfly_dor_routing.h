// `dor` on the Flattened Butterfly / HyperX (topology/flattened_butterfly.h; issue 27): a packet corrects
// its coordinates one dimension after the other, in the order `routing.dor_order` gives (default: dimension
// 0 first), each with one hop straight to the destination's coordinate (every dimension is all-to-all).
// Deterministic and minimal: Topology::distance hops, at most one per dimension.
//
// VCs: one. A path's hops go through the dimensions in the order's rank, one hop each, so a channel of
// dimension d waits only for channels of dimensions later in the order: the channel dependency graph is
// acyclic (the deadlock check, enumerate_dependencies, confirms it before every run). The fully adaptive
// minimal routing needs D VCs for D dimensions (seed-000 §4.5.4: generic `min`'s hop-count VCs).
// The deadlock check walks route(): kFull from every source to every destination; kReduced, the default,
// only the pairs that differ in one or two dimensions: every dependency is two consecutive hops of a path,
// which the path from the first hop's router to the second hop's end makes too (DOR corrects those two
// dimensions in the same order), so the two graphs are equal (tests/test_flattened_butterfly.cpp).
#pragma once
#include <array>
#include <string>
#include <vector>

#include "router/routing/flattened_butterfly_geometry_inputs.h"
#include "router/routing/routing_algorithm.h"
#include "topology/flattened_butterfly.h"

namespace hiradix {

class FlattenedButterflyDorRouting final : public RoutingAlgorithm {
 public:
  // `order`: the dimensions in the order they are corrected (a permutation of 0..dims-1, DorRouting::parse_order).
  FlattenedButterflyDorRouting(const FlattenedButterfly& topo, const std::vector<int>& order);
  std::string name() const override { return "dor"; }
  VcRequirement vcs_needed() const override { return {{1, 1}}; }
  std::string vc_rule() const override { return "dimension order, one hop per dimension: one VC"; }
  // The unit's Flattened Butterfly inputs (set_flattened_butterfly_inputs; the RTL is
  // rtl/routing/hiradix_fb_dor_step.v under dor's code); route() itself reads the topology.
  void gather(RouterView& view, const Packet& pkt, RoutingContext& ctx) const override;
  RoutingDecision route(const RoutingContext& ctx, Packet& pkt) const override;
  bool enumerate_dependencies(ChannelGraph& g, CdgMethod method) const override;

 private:
  const FlattenedButterfly& topo_;
  std::array<int, FlattenedButterfly::kMaxDims> order_{};
};

}  // namespace hiradix
