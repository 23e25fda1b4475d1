// `osha` and `sasha` on the KNS (topology/kns.h; seed 001 §1.3-§1.4, §2.1, §6.2; issue 30): OSHA's two
// virtual networks, each Hybrid-DOR (kns_dor_step.h: an end node goes up its switch of the first dimension
// of the order still to correct, a switch down to the destination's coordinate) in an order of its own:
//  - VN 0 in routing.osha_order ('' = ascending: xy, xyz);
//  - VN 1 in that order with its first two dimensions swapped (xy -> yx, xyz -> yxz), as on meshes.
// VCs: one per VN (Hybrid-DOR needs one), VN v on VC v of every end-node and switch port. Each VN alone is
// Hybrid-DOR, acyclic; both orders on one VC close the paper's Fig. 2 cycle (tests/test_kns_osha.cpp).
//
// The VN is chosen once, at injection (the end node's terminal input port), and kept in the header's
// RouteState::flags bit 6 for the packet's life, as on meshes (osha_routing.h); at a switch every port is a
// network port, so there it is always the header's:
//  - osha: the source terminal's round-robin toggle (OshaState, osha_toggles.h);
//  - sasha: the VN the source NIC chose (Packet::vn; testbench/vn_choice.h), by routing.sasha_metric.
// [GAP] of §1.4 (which of a KNS end node's ports holds SASHA's candidate queues): the NIC reaches its end
// node through one terminal (injection) port, which has one VC per VN, so SASHA compares those two
// injection VCs, exactly as on a mesh. A VN's injection VC fills when the dimension port its packets leave
// by backs up (XY packets the X port, YX ones the Y port, unless source and destination share that
// coordinate), so the comparison reads the two first hops without a per-port queue in the NIC.
//
// RTL: OSHA's submodule (rtl/routing/hiradix_route_osha.v), which on a KNS takes this hop over the KNS's
// geometry (kns_geometry_inputs.h) with cfg_osha_order and the input osha_vn.
#pragma once
#include <memory>
#include <string>
#include <vector>

#include "router/routing/kns_dor_step.h"
#include "router/routing/kns_geometry_inputs.h"
#include "router/routing/routing_algorithm.h"
#include "topology/kns.h"

namespace hiradix {

class KnsOshaRouting final : public RoutingAlgorithm {
 public:
  static constexpr std::uint8_t kVnBit = 0x40;  // RouteState::flags bit 6, as OshaRouting's

  // `order`: VN 0's dimensions in the order they are corrected (a permutation of 0..dims-1, dims >= 2).
  // `nic_picks`: sasha (the source NIC's VN, Packet::vn) rather than osha (the source's toggle).
  KnsOshaRouting(const Kns& topo, const std::vector<int>& order, bool nic_picks);
  std::string name() const override { return nic_picks_ ? "sasha" : "osha"; }
  // An injection VC per VN under sasha (the NIC's candidate queues), one under osha; a VC per VN elsewhere.
  VcRequirement vcs_needed() const override { return {{nic_picks_ ? 2 : 1, 2}}; }
  int own_virtual_networks() const override { return 2; }
  int source_virtual_networks() const override { return nic_picks_ ? 2 : 1; }
  int own_vn(int vc) const override { return vc; }
  std::string vc_rule() const override {
    return "two virtual networks on disjoint VC sets (seed 001 §1.3), each Hybrid-DOR in its own order: one VC per VN";
  }
  std::unique_ptr<RoutingState> make_state(int router, const RouterParams& params, int input_vcs, int ports) const override;
  // The KNS inputs (set_kns_inputs) and, at an injection port, the VN (osha_vn).
  void gather(RouterView& view, const Packet& pkt, RoutingContext& ctx) const override;
  RoutingDecision route(const RoutingContext& ctx, Packet& pkt) const override;
  // Both VNs' Hybrid-DOR paths, each on its VC (the walks of on_vn).
  bool enumerate_dependencies(ChannelGraph& g, CdgMethod method) const override;

  // This routing with every injection decision taking VN `vn`: one VN's paths (deadlock check, tests).
  // Lives no longer than this routing.
  std::unique_ptr<RoutingAlgorithm> on_vn(int vn) const;
  const KnsOrder& order(int vn) const { return order_[vn]; }

 private:
  const Kns& topo_;
  KnsOrder order_[2];
  bool nic_picks_;
};

// The entries' factories for a KNS (osha_routing.cpp, sasha_routing.cpp): the routing, or a KeyError naming
// the key that refuses it.
std::unique_ptr<RoutingAlgorithm> make_kns_osha(const Kns& topo, const RoutingOptions& options, bool nic_picks);

}  // namespace hiradix
