// ACOR, Adaptive Congestion-Oblivious Routing (seed-000 §3.10; docs/papers/seed-000-thesis.md "ACOR"):
// Valiant with RVLB's restriction and recomputation, whose phase-A policy is picked by a level from a
// sequence ordered from the shortest path to the longest (2L-A: -g- lgl, 2L-B: -gl lgl, 3L: -g- -gl lgl).
// A head blocked at its injection port raises the level:
//  - ACOR-Packet (routing.acor_mode: packet): the packet's own level, which starts at the lowest and rises
//    by one at each recomputation (kept in the header's flags while it waits at its source router);
//  - ACOR-Switch (switch): one level per router for every packet injected there, raised when more than IT
//    heads were blocked within an interval of HI cycles and lowered at an interval's end when fewer than DT
//    were (router/routing/acor_level.h).
//
// VCs: every level's path is a subsequence of lgl's canonical path l1 g1 l2 - l3 g2 l4 and takes the slots
// of lgl (-g-: G0 | L2 G1 L3), so packets of all levels share one VC order (4 local / 2 global VCs,
// seed-000 §3.14) and the routing stays deadlock-free (test ChannelDependencies.*Acor*).
#pragma once
#include <string>
#include <vector>

#include "router/routing/acor_level.h"
#include "router/routing/valiant_routing.h"

namespace hiradix {

enum class AcorSequence : std::uint8_t { k2LA, k2LB, k3L };  // rtl::ACOR_SEQ_* (rtl/hiradix_fields.vh)
AcorSequence parse_acor_sequence(const std::string& name);

class AcorRouting : public ValiantRouting {
 public:
  AcorRouting(const Dragonfly& topo, AcorSequence sequence, bool per_switch, const AcorThresholds& th,
              bool hop_count_vcs = false)
      : ValiantRouting(topo, PhaseA::kLgl, hop_count_vcs, true), sequence_(sequence), per_switch_(per_switch), th_(th) {
    set_recomp(true);
  }
  std::string name() const override { return "acor"; }
  int levels() const { return sequence_ == AcorSequence::k3L ? 3 : 2; }
  // The phase-A policy of `level` (0-based) in `sequence` (seed-000 Table 5-2).
  static PhaseA policy_at(AcorSequence sequence, int level);
  std::vector<PhaseA> draw_policies() const override;
  std::unique_ptr<RoutingState> make_state(int router, const RouterParams& params, int input_vcs, int ports) const override;
  // At injection: the level of this decision (ctx.acor_level).
  void gather(RouterView& view, const Packet& pkt, RoutingContext& ctx) const override;
  RoutingDecision route(const RoutingContext& ctx, Packet& pkt) const override;
  void recomputing(const RouteState& decided, RouteState& header, RoutingState* state, Cycle now) const override;
  std::string vc_rule() const override {
    return "lgl's slots for the paths of every level, seed-000 §1.6 and §3.10, and local VCs 0 then 1 on the intra-group path l - l, §3.3";
  }

  // ACOR-Packet's level in the header's flags.
  static constexpr std::uint8_t kLevelMask = 3;

 private:
  AcorSequence sequence_;
  bool per_switch_;
  AcorThresholds th_;
};

// ACOR-Switch's state in each router: its level.
class AcorState : public RoutingState {
 public:
  AcorState(int levels, const AcorThresholds& th) : level_(levels, th) {}
  AcorSwitchLevel& level() { return level_; }

 private:
  AcorSwitchLevel level_;
};

}  // namespace hiradix
