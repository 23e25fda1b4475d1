// The base of the routings defined on any topology, written against topology/topology.h only
// (generic_min_routing.h, generic_valiant_routing.h): the destination's router and ejection port, the
// minimal hop with its hop-count VC, the choice among several minimal ports, the VCs that needs, and the
// walk of every path for the deadlock check.
//
// VCs: a hop on link class c takes the VC given by the hops the packet has taken on class c (in its current
// phase, on top of the VCs of the phases before: vc_of()). A minimal path takes at most H_c hops on class c,
// H_c being the most class-c hops of any minimal path between two routers (max_hops(), computed once over
// every pair and every minimal port, see generic_routing.cpp), so a phase needs H_c VCs on class c. Along
// one path the VC of each class only grows; with one router-to-router class (fully_connected, a torus read
// as one class) the channel dependency graph is then acyclic. With several classes crossed in different
// orders it may not be: the deadlock check (enumerate_dependencies) decides, before every run.
//
// Which minimal ports a hop may take (routing.min_paths, issue 27): adaptive, every minimal port of the
// topology (Topology::min_ports; the thesis' reading, seed-000 §2.6), or dimension_order, on a mesh, torus or
// Flattened Butterfly only the port of the lowest-numbered dimension in which this router and the target
// differ (on an even ring's tie, k/2 apart, dor's rule: plus from an even coordinate, minus from an odd one).
// Every use -- route(), hop()'s min_port, the deadlock check's walk, H_c, valiant's and ugal's, the forwarding
// table the RTL reads -- goes through min_ports() below.
#pragma once
#include <array>
#include <cstdint>
#include <functional>
#include <set>
#include <string>
#include <utility>
#include <vector>

#include "router/routing/routing_algorithm.h"
#include "router/routing/routing_options.h"
#include "topology/topology.h"

namespace hiradix {

class Mesh;
class FlattenedButterfly;

// routing.min_paths; and, for MAR-bP on a Flattened Butterfly only (generic_marbp_routing.h), dimension
// order with dimension 0 last: the rows are its groups, left first as a per-group rule's prefix says.
enum class MinPaths { kAdaptive, kDimensionOrder, kRowLast };
// routing.min_paths of `o` for a routing on `topo`; throws KeyError naming routing.min_paths for
// dimension_order on a topology without dimensions (dragonfly, fully_connected, kns).
MinPaths read_min_paths(const RoutingOptions& o, const Topology& topo);

class GenericRouting : public RoutingAlgorithm {
 public:
  explicit GenericRouting(const Topology& topo, MinPaths paths = MinPaths::kAdaptive);
  std::string vc_rule() const override {
    return "hop-count VCs: a hop on a link class takes the VC of the hops already taken on that class (per phase)";
  }
  // With a choice of minimal ports somewhere in the topology: the output ports' loads, at every hop.
  void gather(RouterView& view, const Packet& pkt, RoutingContext& ctx) const override;
  // At injection (a terminal input port): inject(); then the hop towards target() -- the minimal port with
  // the least load (RoutingContext::port_load: output queue plus phits sent and not yet credited back), ties
  // among the least loaded broken by the high 32 bits of the decision's LFSR state (lfsr_draw) -- or the
  // ejection at the destination router.
  RoutingDecision route(const RoutingContext& ctx, Packet& pkt) const override;
  // Every path route() can take: every choice of inject() (enumerate_dependencies of each routing) and at
  // every hop every minimal port.
  bool enumerate_dependencies(ChannelGraph& g, CdgMethod method) const override;

  // Its RTL reads the forwarding table's row for the destination router (fwd_row: forwarding_table.h; in
  // every router, hiradix synth's block forwarding_table; no co-simulated block, the model's copy feeds the
  // unit).
  int rtl_table_reads() const override { return 1; }

  // The minimal ports a hop from `router` towards `target` may take under routing.min_paths, written to `out`
  // in ascending port order, their number returned (0 when router == target): Topology::min_ports, or under
  // dimension_order its one port of the lowest differing dimension.
  int min_ports(int router, int target, int* out) const;
  MinPaths min_paths() const { return paths_; }

  // The most hops on link class `cls` of any minimal path between two routers (H_c).
  int max_hops(int cls) const { return max_hops_[static_cast<std::size_t>(cls)]; }

 protected:
  // The injection decision (Valiant's draw); none by default.
  virtual void inject(const RoutingContext& /*ctx*/, int /*dst_router*/, Packet& /*pkt*/) const {}
  // Moves the header's phase on at `router` and returns the router the packet heads for now.
  virtual int target(int router, Packet& pkt) const { (void)router; return dst_router(pkt); }
  // The VC of a hop on link class `cls` with header `rs` (before the hop is counted).
  virtual int vc_of(const RouteState& rs, int cls) const { return rs.hops[static_cast<std::size_t>(cls)]; }
  // The header states the paths of the deadlock check start with, for a packet from `source` to `dst`
  // router: one per choice inject() can make (here: the fresh header).
  virtual void injection_headers(int source, int dst, std::vector<RouteState>& out) const;

  // The deadlock check's walk: adds to `g` the dependencies of every path route() can take from router
  // `source`, starting with header `rs`, towards the (node, NIC) `dst`; `expanded` (the caller clears it
  // per destination) holds the (channel, header) states whose futures were walked already, so each is
  // walked once. `ejected` is called with the last channel of every path that ends (-1: none taken).
  using Expanded = std::set<std::pair<long, std::uint64_t>>;
  void walk_paths(ChannelGraph& g, int source, std::pair<int, int> dst, const RouteState& rs, Expanded& expanded,
                  const std::function<void(long)>& ejected = nullptr) const;
  // Per router, a (node, NIC) delivered there ({-1, -1}: none): paths to the others differ only in the
  // ejection port.
  std::vector<std::pair<int, int>> delivered_at() const;

  int dst_router(const Packet& pkt) const { return topo_.nic_port(static_cast<int>(pkt.dst), pkt.dst_nic).router; }
  // The hop on `port` of `router`: its VC, the header's counters, the misroute flag.
  RoutingDecision hop(int router, int port, Packet& pkt) const;
  RoutingDecision eject(int router, const Packet& pkt) const;

  const Topology& topo_;

 private:
  MinPaths paths_;
  const Mesh* mesh_;               // dimension_order on a mesh or torus
  const FlattenedButterfly* fb_;   // dimension_order on a Flattened Butterfly
  void compute_max_hops();
  std::array<int, kMaxLinkClasses> max_hops_{};
  bool several_min_ports_ = false;  // some router has more than one minimal port towards some router
};

}  // namespace hiradix
