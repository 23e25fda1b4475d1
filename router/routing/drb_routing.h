// `drb` and `prdrb`, DRB and PR-DRB (seed 004 §3.5, §3.8, §4; docs/papers/seed-004-prdrb.md) on meshes and
// tori. The routing decision is the source's: its NIC (testbench/metapath.h) spreads the messages to each
// destination over a MetaPath of multi-step paths (MSPs) source -> IN1 -> IN2 -> destination, and writes the
// chosen MSP's two intermediate routers into the header. The routers route each of the three segments by
// dimension order (dor_step.h; the thesis names no base routing, §3.5.1 [GAP]: DOR is the mesh's usual one),
// a waypoint reached (or one where the packet already is: the original path has IN1 = source router and
// IN2 = destination router) moving the packet on to the next segment.
//
// Header (RouteState): `intermediate` holds IN1 in its low 16 bits and IN2 in its high 16 (so at most 65,536
// routers), `phase` the segment (0: to IN1, 1: to IN2, 2: to the destination; an ACK starts in 2), `flags`
// DOR's state of the segment (reset when a segment begins), `path_bits` 1 on an MSP other than the original.
//
// VCs (the thesis gives no deadlock avoidance for multi-step routes, §6.2 of the spec: ours): one DOR VC set
// per segment, segment s on VCs [s * n, s * n + n), n = 1 on a mesh and 2 (DOR's dateline pair) where a
// dimension is a ring. A packet's segment never decreases and each segment is DOR on its own VCs, so the
// channel dependency graph is acyclic (as Valiant's phases, Dally & Seitz). ACKs travel in segment 2, the
// destination NICs always consume, and an ACK made at a destination waits in that NIC, not in a router.
#pragma once
#include <cstdint>
#include <string>
#include <vector>

#include "router/routing/dor_step.h"
#include "router/routing/metapath_params.h"
#include "router/routing/routing_algorithm.h"
#include "topology/mesh.h"

namespace hiradix {

// The header's two waypoints (RouteState::intermediate).
inline std::uint32_t pack_waypoints(int in1, int in2) {
  return static_cast<std::uint32_t>(in1) | static_cast<std::uint32_t>(in2) << 16;
}
inline int waypoint(std::uint32_t packed, int k) { return static_cast<int>(k == 0 ? packed & 0xFFFF : packed >> 16); }

class DrbRouting : public RoutingAlgorithm {
 public:
  static constexpr int kSegments = 3;
  static constexpr int kMaxRouters = 1 << 16;

  // Throws KeyError naming topology.dims for a network beyond the header's 16-bit router numbers.
  DrbRouting(const Mesh& topo, const std::vector<int>& order, const MetaPathParams& params);
  std::string name() const override { return params_.predictive ? "prdrb" : "drb"; }
  VcRequirement vcs_needed() const override { return {{1, kSegments * vcs_per_segment_}}; }
  std::string vc_rule() const override {
    return "three segments source -> IN1 -> IN2 -> destination, each dimension order on a VC set of its own (on a torus "
           "dateline VCs: 2 per segment)";
  }
  std::string path_type_name(int bits, const Topology& topo) const override { return bits == 1 ? "msp" : topo.path_type_name(bits); }
  std::string rtl_refusal() const override { return "router.rc_mode: " + name() + "'s waypoints are not in the RTL routing unit; run it with model"; }
  const MetaPathParams* metapath() const override { return &params_; }
  RoutingDecision route(const RoutingContext& ctx, Packet& pkt) const override;
  // Each segment's DOR paths on its VCs (kFull: every pair of routers; kReduced: DOR's pairs), and at every
  // router every arrival on a segment's VCs followed by every departure on a later segment's: a superset of
  // the joins (each segment counts its VCs from its own start), acyclic all the same.
  bool enumerate_dependencies(ChannelGraph& g, CdgMethod method) const override;

  const Mesh& mesh() const { return topo_; }
  int vcs_per_segment() const { return vcs_per_segment_; }

 private:
  const Mesh& topo_;
  DimensionOrder order_;
  int vcs_per_segment_;
  MetaPathParams params_;
};

}  // namespace hiradix
