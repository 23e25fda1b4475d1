// `rvlb` on a grid topology (a Flattened Butterfly / HyperX, a mesh, a torus: Topology::grid()), seed 000
// §5.2 (docs/papers/seed-000-thesis.md, "RVLB"): Valiant restricted to the dimensions with an offset. At
// injection the intermediate router keeps the source's coordinate in every dimension where the source and
// destination routers agree, and draws the others from the low 32 bits of the decision's LFSR state by a
// chain of fractions, so hardware needs no divider: the bits are a fraction of 1, and per dimension
// d = 0, 1, ... with an offset (a dimension without one leaves the fraction as it is), the fraction times k_d
// gives the coordinate (the product's high 32 bits) and the next fraction (its low 32 bits). The digits so
// drawn are exactly lfsr_draw's over the product K of those dimensions' sizes, read with the first such
// dimension the most significant (bits * K = (c_0 K_1 K_2 + c_1 K_2 + c_2) 2^32 + the last fraction), so
// each combination is as likely as lfsr_draw's values are (within K / 2^32). So a packet whose source and
// destination share a row stays in that row, as DAL does on a HyperX. A draw of the source or the
// destination router is the minimal path. Everything else -- minimal in each phase on the least loaded
// port, one VC set per phase, the deadlock check, the RTL's rows and refusals -- is GenericValiantRouting's
// (its reduced check covers every intermediate router, a superset of these paths). Its RTL is generic
// valiant's submodule under its own code (grid_rvlb_rtl.h), whose draw (rtl/routing/hiradix_grid_draw.v)
// reads the mesh's or the Flattened Butterfly's coordinates, which gather() fills.
#pragma once
#include <vector>

#include "router/routing/generic_valiant_routing.h"
#include "topology/flattened_butterfly.h"
#include "topology/mesh.h"

namespace hiradix {

class GridRvlbRouting final : public GenericValiantRouting {
 public:
  // Throws std::invalid_argument when `topo` has no grid of its routers.
  explicit GridRvlbRouting(const Topology& topo, MinPaths paths = MinPaths::kAdaptive);
  std::string name() const override { return "rvlb"; }

  // The intermediate router for a packet from router `source` to router `dst` with draw `bits`.
  int intermediate(int source, int dst, std::uint32_t bits) const;
  // GenericValiantRouting's inputs, and with the RTL in the loop the coordinates its draw reads.
  void gather(RouterView& view, const Packet& pkt, RoutingContext& ctx) const override;

 protected:
  int draw_intermediate(int source, int dst, std::uint32_t bits) const override { return intermediate(source, dst, bits); }
  void injection_headers(int source, int dst, std::vector<RouteState>& out) const override;

 private:
  int coordinate(int router, std::size_t d) const { return router / stride_[d] % grid_[d]; }
  std::vector<int> grid_, stride_;
  const Mesh* mesh_;                // a mesh or torus: the unit's mesh coordinates
  const FlattenedButterfly* fb_;    // a Flattened Butterfly: its coordinates
};

}  // namespace hiradix
