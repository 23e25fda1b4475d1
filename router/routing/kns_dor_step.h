// One hop of Hybrid-DOR on the KNS (topology/kns.h; seed-001 §2.1, §6.2) as a function of a dimension order,
// and the pairs its deadlock check walks: shared by `hybrid_dor` (hybrid_dor_routing.h), which routes in one
// order, and `osha` / `sasha` on the KNS (kns_osha_routing.h), which route each of their two virtual
// networks in an order of its own, as dor_step.h serves `dor` and `osha` on meshes. The RTL's twin is the
// KNS hop of rtl/routing/hiradix_route_hybrid_dor.v and hiradix_route_osha.v (rtl/topology/hiradix_kns_geometry.v).
#pragma once
#include <array>
#include <functional>
#include <vector>

#include "topology/kns.h"

namespace hiradix {

// The dimensions in the order they are corrected (the first dims() entries: a permutation of 0..dims-1).
using KnsOrder = std::array<int, Kns::kMaxDims>;
KnsOrder kns_order(const std::vector<int>& order);

// The output port of router `here` (an end node or a switch) towards end node `dst`, here != dst: at a
// switch, down to the end node of its line with dst's coordinate in the switch's dimension; at an end node,
// up to its switch of the first dimension of `order` whose coordinate differs from dst's.
int kns_dor_port(const Kns& topo, const KnsOrder& order, int here, int dst);

// Calls walk(source, destination) for the end-node pairs whose paths make every channel dependency of all
// Hybrid-DOR paths, in any order: those that differ in one dimension or in two (hybrid_dor_routing.h says
// why; a turn from d to e is the path of the pair that differs in d and e only, whichever comes first).
void kns_dependency_pairs(const Kns& topo, const std::function<void(int, int)>& walk);

}  // namespace hiradix
