// `dor`, dimension-order routing on meshes and tori (topology/mesh.h; issue 27): a packet corrects its
// coordinates one dimension after the other, in the order `routing.dor_order` gives (default: dimension 0,
// X, first), always by the productive port of that dimension -- on a ring the shorter way round; when both
// ways are equally long (an even ring, k/2 apart) plus from an even coordinate and minus from an odd one, so
// that under uniform traffic every link of a ring carries the same load (always plus would load the plus
// links 25 % more on an 8-ring and lower the saturation bound from 0.98 to 0.79). Deterministic and
// minimal: a router-to-router hop count equal to Topology::distance. (On a Flattened Butterfly `dor` is
// FlattenedButterflyDorRouting, router/routing/flattened_butterfly_dor_routing.h; the entry picks it.)
//
// VCs (router.vcs.network: 0 = what it needs):
//  - mesh: one VC. DOR never turns from a higher dimension of its order back to a lower one, and within a
//    dimension it moves one way, so the channel dependency graph is acyclic (Dally & Seitz).
//  - torus: dateline VCs, two per ring. Every hop in a dimension takes VC 0 until the packet crosses that
//    dimension's wrap-around link (Mesh::wraps: from c = k - 1 to 0 going plus, from 0 to k - 1 going
//    minus); the wrap-around hop itself is still on VC 0 and every later hop in the same dimension takes
//    VC 1. On entering the next dimension it starts on VC 0 again. Within a ring, VC 0 channels then form
//    a chain that ends at the wrap-around link and VC 1 channels a chain that starts after it (a minimal
//    path crosses it at most once), so no cycle. A 2-ary dimension has no wrap-around link (one link between
//    its two routers): VC 0 only.
// The header carries the state (RouteState::flags): bit 7 = the wrap-around link of the current dimension
// has been crossed, bits 0-2 = 1 + the dimension of the last hop (0: none yet). The hop itself is
// dor_step (dor_step.h), which osha shares.
// The deadlock check walks route() (enumerate_dependencies): kFull from every source to every destination;
// kReduced, the default before a run, only the pairs that differ in one or two dimensions, which make the
// same graph (see dor_routing.cpp).
#pragma once
#include <string>
#include <vector>

#include "router/routing/dor_rtl.h"
#include "router/routing/dor_step.h"
#include "router/routing/mesh_geometry_inputs.h"
#include "router/routing/routing_algorithm.h"
#include "topology/mesh.h"

namespace hiradix {

class DorRouting final : public RoutingAlgorithm {
 public:
  // `order`: the dimensions in the order they are corrected (a permutation of 0..dims-1).
  DorRouting(const Mesh& topo, const std::vector<int>& order);
  std::string name() const override { return "dor"; }
  VcRequirement vcs_needed() const override;
  std::string vc_rule() const override {
    return "dimension order; on a torus dateline VCs: VC 0 up to and over the wrap-around link of a ring, VC 1 after it";
  }
  // The unit's mesh inputs (set_mesh_inputs); route() itself reads the topology.
  void gather(RouterView& view, const Packet& pkt, RoutingContext& ctx) const override;
  RoutingDecision route(const RoutingContext& ctx, Packet& pkt) const override;
  bool enumerate_dependencies(ChannelGraph& g, CdgMethod method) const override;

  // routing.dor_order's text as the order of the dimensions; throws KeyError naming routing.dor_order for a
  // text that is not a permutation of the `dims` dimensions ('' = 0, 1, 2, ...).
  static std::vector<int> parse_order(const std::string& text, int dims);

 private:
  const Mesh& topo_;
  DimensionOrder order_;
};

}  // namespace hiradix
