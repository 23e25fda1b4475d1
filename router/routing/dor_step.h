// One hop of dimension-order routing on a mesh or torus, and what DOR's deadlock check needs, as functions
// of a dimension order: shared by `dor` (dor_routing.h), which routes in one order, and `osha`
// (osha_routing.h), which routes each of its two virtual networks in an order of its own (seed 001 §1.3:
// "inside one VN, routing is plain DOR"). The RTL's twin is rtl/routing/hiradix_dor_step.v.
//
// The hop: the first dimension of the order whose coordinate differs is corrected, the shorter way round on
// a ring (a tie, k/2 apart: plus from an even coordinate, minus from an odd one; why: dor_routing.h). Its
// VC within the routing's set is the dateline's: 0 until the dimension's wrap-around link is behind the
// packet, then 1. The header keeps that state in RouteState::flags: bits 0-2 = 1 + the dimension of the
// last hop, bit 7 = the wrap-around link of that dimension crossed. Entering a new dimension rewrites the
// flags to just that dimension (so bits 3-6 read 0 afterwards: a routing that keeps a bit of its own there,
// as osha its VN in bit 6, sets it again after the step).
#pragma once
#include <array>
#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "tlm/packet.h"
#include "topology/mesh.h"

namespace hiradix {

// The dimensions in the order they are corrected (the first dims() entries: a permutation of 0..dims-1).
using DimensionOrder = std::array<int, Mesh::kMaxDims>;
DimensionOrder dimension_order(const std::vector<int>& order);

// A key's text (routing.dor_order's syntax: one letter x, y, z or digit 0-5 per dimension, each once; '' =
// ascending) as the order of the `dims` dimensions; throws KeyError naming `key` for a text that is not a
// permutation of them.
std::vector<int> parse_dimension_order(const std::string& text, int dims, const std::string& key);

struct DorHop {
  int port;  // this router's output port
  int vc;    // 0 or 1 (the dateline), within the routing's VC set
};

// The hop from `here` towards router `dst_router` (!= here) in `order`: updates rs (the flags as above,
// one hop of link class 1 counted).
DorHop dor_step(const Mesh& topo, const DimensionOrder& order, int here, int dst_router, RouteState& rs);

// Calls walk(source, destination) for the router pairs whose DOR paths make every channel dependency of all
// DOR paths, in any order (DorRouting::enumerate_dependencies' kReduced; dor_step.cpp says why).
void dor_dependency_pairs(const Mesh& topo, const std::function<void(int, int)>& walk);

}  // namespace hiradix
