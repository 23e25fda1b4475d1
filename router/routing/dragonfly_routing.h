// The base of the routings written for the canonical Dragonfly (topology/dragonfly.h): the geometry, the
// VC slots of canonical paths and the minimal hop that uses them.
#pragma once
#include "router/routing/routing_algorithm.h"
#include "topology/dragonfly.h"

namespace hiradix {

// Deadlock avoidance (seed-000 §1.6, the positional reading): every path of a routing is a subsequence
// of one canonical path, e.g. l1 g1 l2 for MIN or l1 g1 l2 - l3 g2 l4 for Valiant lgl, and each hop uses
// the VC of the slot it fills (l1 -> local VC 0, g1 -> global VC 0, l2 -> local VC 1, ...). VCs then
// follow one total order along every path, so the channel dependency graph has no cycle.
//
// The count-based reading (VC = hops already taken on that link class) is NOT deadlock-free: a g-l path
// (source router owns the global link) would take its local hop on local VC 0, the VC that l-g paths use
// before their global hop, closing a cycle local VC 0 -> global VC 0 -> local VC 0.
//
// The slots of one phase of a path: the local VC before the phase's global hop, the global VC, and the
// local VC after it (-1: that hop cannot occur in this phase).
struct PhaseSlots {
  std::int8_t local_before;
  std::int8_t global;
  std::int8_t local_after;
};

class DragonflyRouting : public RoutingAlgorithm {
 public:
  // `hop_count_vcs`: use the count-based VC reading instead of slots. It deadlocks (see above); it exists
  // so that the deadlock, and the watchdog's report of it, can be shown (`routing.vc_scheme: hop_count`).
  explicit DragonflyRouting(const Dragonfly& topo, bool hop_count_vcs = false) : topo_(topo), hop_count_vcs_(hop_count_vcs) {}
  // The unit's geometry reads the group table's row for the destination's group (dst_link,
  // rtl/topology/hiradix_dragonfly_geometry.v), whatever the routing.
  int rtl_table_reads() const override { return 1; }

 protected:
  // Takes the minimal hop from `router` towards `target` (or ejects when the packet is home), assigns the
  // VC of the slot the hop fills in the current phase and advances the header's hop counters.
  RoutingDecision minimal_hop(int router, int target, Packet& pkt, const PhaseSlots& slots) const;
  // The header's hop counters and phase bits of the Dragonfly's two router-to-router classes.
  static constexpr int kLocalClass = static_cast<int>(PortClass::kLocal);
  static constexpr int kGlobalClass = static_cast<int>(PortClass::kGlobal);
  static bool phase_took_global(const RouteState& rs) { return rs.phase_classes >> kGlobalClass & 1; }
  // The VCs of a routing that needs `local` local and `global` global VCs.
  static VcRequirement vcs(int local, int global) { return {{1, local, global}}; }
  const Dragonfly& topo_;
  bool hop_count_vcs_;
};

}  // namespace hiradix
