// `osha`, OSHA: oblivious source-adaptive routing on meshes and tori with two virtual networks (seed 001
// §1.3, §1.4; docs/papers/seed-001-sasha-osha.md). Each packet travels in one of two VNs, on disjoint VC
// sets; inside a VN the route is exactly DOR's (dor_step.h: the shorter way on a ring, its tie rule, the
// dateline on a torus), in that VN's dimension order:
//  - VN 0 in routing.osha_order (dor_order's syntax; '' = ascending: xy, xyz);
//  - VN 1 in the same order with its first two dimensions swapped (xy -> yx, xyz -> yxz: the paper's pair,
//    §1.3: with 8 InfiniBand VLs it keeps two of the six 3-D orders).
// A 1-D network has one order only and is refused (naming topology.dims).
//
// VCs (router.vcs.network: 0 = what it needs): VN v takes VCs [v*n, v*n + n), n = 1 on a mesh and n = 2
// where some dimension is a ring (DOR's dateline pair; the paper is silent on rings, §1.3 [GAP]: a dateline
// pair per VN is our choice). Each VN is DOR on its own VCs, so acyclic; the two orders on one VC set are
// not (tests/test_osha.cpp shows the cycle), which is why the paper separates them.
//
// The choice (§1.4, OSHA): per source terminal a toggle bit (OshaState, osha_toggles.h); a decision at an
// injection port takes the VN of its source's toggle, and the toggle flips when the packet leaves the
// injection port (RoutingState::injection_forwarded). So consecutive packets of a source alternate VNs, and
// a decision made again at injection before the packet leaves (e.g. recomputed) keeps the same VN: the
// toggle has not moved. The VN is then fixed for the packet's life (§1.3 invariant): the header keeps it in
// RouteState::flags bit 6 (DOR's state is bits 0-2 and 7), and every later hop reads it from there.
//
// RTL: rtl/routing/hiradix_route_osha.v (osha_rtl.h: cfg_osha_order, the input osha_vn), over DOR's step
// (rtl/routing/hiradix_dor_step.v).
#pragma once
#include <memory>
#include <string>
#include <vector>

#include "router/routing/dor_step.h"
#include "router/routing/mesh_geometry_inputs.h"
#include "router/routing/osha_rtl.h"
#include "router/routing/osha_toggles.h"
#include "router/routing/routing_algorithm.h"
#include "rtl_own_slots.h"
#include "topology/mesh.h"

namespace hiradix {

// The routing's own input in a decision's context (declared in osha_rtl.h; slot by the generator): the
// source's toggle at an injection port.
HIRADIX_OWN_SCALAR(osha_vn)

// An OSHA routing (mesh and torus, or KNS) whose injection decisions all take one VN: route() with osha_vn
// set in the context as gather() sets it at an injection port (later hops read the header, as in a run).
// The deadlock check walks each VN on its own through it.
template <class Osha>
class OshaOnVn final : public RoutingAlgorithm {
 public:
  OshaOnVn(const Osha& osha, int vn) : osha_(osha), vn_(vn) {}
  std::string name() const override { return osha_.name() + " VN " + std::to_string(vn_); }
  VcRequirement vcs_needed() const override { return osha_.vcs_needed(); }
  RoutingDecision route(const RoutingContext& ctx, Packet& pkt) const override {
    RoutingContext c = ctx;
    osha_vn(c) = vn_;
    return osha_.route(c, pkt);
  }

 private:
  const Osha& osha_;
  int vn_;
};

// The toggles of a router's `terminals` terminal ports (a mesh router's or a KNS end node's p).
class OshaState : public RoutingState {
 public:
  OshaState(const Topology& topo, int terminals) : topo_(topo), toggles_(terminals) {}
  std::uint8_t events() const override { return kInjectionForwarded; }
  // pkt.src is the source node; the mesh and the KNS attach it at terminal port src mod p of its router.
  void injection_forwarded(const Packet& pkt, Cycle now) override { toggles_.flip(terminal(pkt), now); }
  int vn(const Packet& pkt, Cycle now) { return toggles_.vn(terminal(pkt), now); }

 private:
  int terminal(const Packet& pkt) const { return topo_.nic_port(static_cast<int>(pkt.src), 0).port; }
  const Topology& topo_;
  OshaToggles toggles_;
};

class OshaRouting : public RoutingAlgorithm {
 public:
  static constexpr std::uint8_t kVnBit = 0x40;  // RouteState::flags bit 6

  // `order`: VN 0's dimensions in the order they are corrected (a permutation of 0..dims-1, dims >= 2).
  // `nic_picks`: SASHA (SashaRouting): the VN of an injection decision is the one the source NIC chose
  // (Packet::vn), not the source's toggle.
  OshaRouting(const Mesh& topo, const std::vector<int>& order, bool nic_picks = false);
  std::string name() const override { return "osha"; }
  VcRequirement vcs_needed() const override;
  int own_virtual_networks() const override { return 2; }
  int source_virtual_networks() const override { return nic_picks_ ? 2 : 1; }
  int own_vn(int vc) const override { return vc / vcs_per_vn_; }  // VN 0's VCs first (vcs_needed)
  std::string vc_rule() const override {
    return "two virtual networks on disjoint VC sets (seed 001 §1.3), each dimension order within its own; on a torus "
           "dateline VCs in each: 2 per VN";
  }
  std::unique_ptr<RoutingState> make_state(int router, const RouterParams& params, int input_vcs, int ports) const override;
  // The mesh inputs (set_mesh_inputs) and, at an injection port, the source's toggle (osha_vn).
  void gather(RouterView& view, const Packet& pkt, RoutingContext& ctx) const override;
  RoutingDecision route(const RoutingContext& ctx, Packet& pkt) const override;
  // Both VNs' DOR graphs, each on its own VCs: the walks of each VN (on_vn) over DOR's pairs.
  bool enumerate_dependencies(ChannelGraph& g, CdgMethod method) const override;

  // This routing with every injection decision taking VN `vn` (osha_vn set as gather() would): the paths of
  // one VN, for the deadlock check and the tests. Lives no longer than this routing.
  std::unique_ptr<RoutingAlgorithm> on_vn(int vn) const;
  // VN `vn`'s dimension order.
  const DimensionOrder& order(int vn) const { return order_[vn]; }
  // VCs per VN: 2 where a dimension is a ring (the dateline), else 1.
  int vcs_per_vn() const { return vcs_per_vn_; }

 private:
  const Mesh& topo_;
  DimensionOrder order_[2];
  int vcs_per_vn_;
  bool nic_picks_;
};

// `sasha`, SASHA (seed 001 §1.4; router/routing/sasha_routing.cpp): OSHA's two VNs, routes and VCs exactly,
// but each packet's VN is chosen by its source NIC, adaptively (routing.vn_select's `adaptive`,
// testbench/vn_choice.h: the VN whose candidate injection queue is the less loaded), and reaches the source
// router in Packet::vn; the terminal (injection) class has one VC per VN (times the bands), so that the NIC
// sees each VN's candidate queue through its credits. After injection the VN is the header's, as OSHA's.
// RTL: OSHA's submodule (code ALG_SASHA), its input osha_vn = Packet::vn at an injection port.
class SashaRouting final : public OshaRouting {
 public:
  SashaRouting(const Mesh& topo, const std::vector<int>& order) : OshaRouting(topo, order, true) {}
  std::string name() const override { return "sasha"; }
};

}  // namespace hiradix
