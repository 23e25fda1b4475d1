// `ugal` on any topology other than the Dragonfly (whose `ugal` is UgalRouting): UGAL-L (seed-000 §3.5,
// Eq. 2-1; docs/papers/seed-000-thesis.md "UGAL"). At injection it draws an intermediate router as generic
// valiant does (generic_valiant_routing.h) and compares the two paths by the load of their first hop at
// the source router, weighted by their hops: the minimal path iff
//   Q_min * H_min <= Q_vlb * H_vlb + T,
// Q_min the load (RoutingContext::port_load) of the least loaded minimal port towards the destination,
// H_min its distance; Q_vlb that of the least loaded minimal port towards the intermediate router, H_vlb
// the distance to it plus the distance from it to the destination; T = routing.ugal_threshold. Then the
// packet follows generic valiant's two phases (phase 0 VCs, then phase 1 VCs) or, minimal, phase 1 only:
// the VCs and the deadlock check are valiant's (its paths are a subset of valiant's).
// routing.source_decision: every_attempt decides again while the head waits at its injection port, as long
// as its choice is minimal (as UgalRouting: a non-minimal choice is kept).
// Its RTL is valiant's submodule (code 19), which computes the comparison's distances from coordinates: this
// router's, the destination's and the intermediate's (generic_ugal_rtl.h).
#pragma once
#include "router/routing/generic_ugal_rtl.h"
#include "router/routing/generic_valiant_routing.h"
#include "topology/flattened_butterfly.h"
#include "topology/kns.h"
#include "topology/mesh.h"

namespace hiradix {

HIRADIX_OWN_SCALAR(mesh_mid)
HIRADIX_OWN_SCALAR(fb_mid)
HIRADIX_OWN_SCALAR(kns_mid)
HIRADIX_OWN_SCALAR(kns_mid_switch)

class GenericUgalRouting final : public GenericValiantRouting {
 public:
  // `threshold`: T in phits.
  GenericUgalRouting(const Topology& topo, int threshold, bool every_attempt, MinPaths paths = MinPaths::kAdaptive)
      : GenericValiantRouting(topo, paths), threshold_(threshold), every_attempt_(every_attempt),
        mesh_(dynamic_cast<const Mesh*>(&topo)), fb_(dynamic_cast<const FlattenedButterfly*>(&topo)),
        kns_(dynamic_cast<const Kns*>(&topo)) {}
  std::string name() const override { return "ugal"; }
  // At injection, the output ports' loads (the comparison reads them whatever the minimal ports); with the
  // RTL in the loop, the coordinates of this router, the destination's and the intermediate.
  void gather(RouterView& view, const Packet& pkt, RoutingContext& ctx) const override;
  bool recomputes_at_injection() const override { return every_attempt_; }
  bool recomputes(const RouteState& after_rc) const override { return after_rc.phase == 1; }
  // The forwarding table's coordinate column: a router's coordinates as narrow as the network's sizes need
  // (on a KNS also its kind, end node or the dimension of a switch); none on a fully connected network.
  int rtl_table_extra_bits() const override;

 protected:
  void inject(const RoutingContext& ctx, int dst_router, Packet& pkt) const override;

 private:
  // The least load of the minimal ports of `router` towards `target` (!= router).
  int least_min_load(const RoutingContext& ctx, int router, int target) const;
  int threshold_;
  bool every_attempt_;
  // The family whose coordinates the RTL reads (at most one is set; none on a fully connected network).
  const Mesh* mesh_;
  const FlattenedButterfly* fb_;
  const Kns* kns_;
};

}  // namespace hiradix
