// `valiant` on any topology other than the Dragonfly (whose `valiant` is ValiantRouting): at injection an
// intermediate router drawn uniformly among all the routers with the low 32 bits of the decision's LFSR state
// (lfsr_draw); a draw of the source or the destination router is the minimal path (phase 1 from the start).
// Phase 0 goes minimally to the intermediate router, phase 1 from there minimally to the destination, each
// hop on the least loaded minimal port (generic_routing.h). VCs: one set per phase on each link class c,
// phase 0 on VCs 0 .. H_c - 1 and phase 1 on H_c .. 2 H_c - 1, each hop on the VC of the hops the packet has
// taken on c in its phase; the class-c hops of phase 0 are kept in the header's routing bits
// (RouteState::flags, 8 / (router-to-router classes) bits per class) when phase 1 begins.
// Its RTL (rtl/routing/hiradix_route_generic_valiant.v, issue 27, with ugal's) reads the forwarding table's
// rows (forwarding_table.h) for the destination and for the intermediate router, which gather() points at
// (generic_valiant_rtl.h).
#pragma once
#include <string>
#include <vector>

#include "router/routing/forwarding_table.h"
#include "router/routing/generic_routing.h"
#include "router/routing/generic_valiant_rtl.h"
#include "topology/kns.h"
#include "rtl_own_slots.h"

namespace hiradix {

HIRADIX_OWN_ARRAY(fwd_row_mid)
HIRADIX_OWN_SCALAR(vlb_routers)
HIRADIX_OWN_SCALAR(vlb_h)

class GenericValiantRouting : public GenericRouting {
 public:
  // Throws std::invalid_argument when phase 0's hops on a class do not fit their bits of the header.
  explicit GenericValiantRouting(const Topology& topo, MinPaths paths = MinPaths::kAdaptive);
  std::string name() const override { return "valiant"; }
  VcRequirement vcs_needed() const override;
  std::string vc_rule() const override { return GenericRouting::vc_rule() + "; phase 0 VCs, then phase 1 VCs"; }
  // The deadlock check. kFull: GenericRouting's walk of every (source, intermediate router, destination),
  // O(routers^3) walks. kReduced, the default before a run, the same graph from O(routers^2): phase 0's hops
  // depend only on (source, intermediate) and phase 1's only on (intermediate, destination), each counting
  // its VCs from its own start, so the graph is the union of the walks source -> intermediate in phase 0,
  // the walks source -> destination in phase 1 (also the degenerate draws' paths), and at each router m,
  // every last phase-0 channel into m followed by every first phase-1 channel out of m (any source and any
  // destination pair up). Tests compare the two (tests/test_flattened_butterfly.cpp).
  bool enumerate_dependencies(ChannelGraph& g, CdgMethod method) const override;
  // The RTL's inputs: the table's rows towards the destination and the intermediate router
  // (intermediate()), the router count and phase 1's first VC.
  void gather(RouterView& view, const Packet& pkt, RoutingContext& ctx) const override;
  std::string rtl_refusal() const override;
  int rtl_table_reads() const override { return 2; }  // the destination's row and the intermediate's

 protected:
  // The intermediate router of this decision at `router`: at injection the one inject() will draw from the
  // decision's random state (view.next_random()), in transit the header's.
  // (MAR-bP's: its host port's alternative, generic_marbp_routing.h.)
  virtual int intermediate(const RouterView& view, const Packet& pkt, int router) const;
  // The intermediate router drawn at injection for a packet from router `source` to router `dst` with the
  // low 32 bits of the decision's random state: lfsr_draw among all the routers (GridRvlbRouting's own).
  virtual int draw_intermediate(int source, int dst, std::uint32_t bits) const;
  void inject(const RoutingContext& ctx, int dst_router, Packet& pkt) const override;
  int target(int router, Packet& pkt) const override;
  int vc_of(const RouteState& rs, int cls) const override;
  void injection_headers(int source, int dst, std::vector<RouteState>& out) const override;

 private:
  // Phase 0's hops on class `cls` (>= 1), as kept in the header's flags.
  int phase0_hops(const RouteState& rs, int cls) const { return rs.flags >> bits_ * (cls - 1) & ((1 << bits_) - 1); }
  int bits_;  // header bits per router-to-router class
  ForwardingTable table_;
  const Kns* kns_;  // on a KNS: the unit tells a switch's ports from terminal ports by kns_switch
};

}  // namespace hiradix
