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
// PB-ACOR (seed-000 §3.11): RPB with recomputation whose non-minimal candidate is drawn under the router's
// ACOR-Switch level; heads blocked while their decision was minimal do not move the level.
//
// VCs: every level's path is a subsequence of lgl's canonical path l1 g1 l2 - l3 g2 l4 and takes the slots
// of lgl (-g-: G0 | L2 G1 L3), so packets of all levels share one VC order (4 local / 2 global VCs,
// seed-000 §3.14) and the routing stays deadlock-free (test DeadlockCheck.Acor*).
#pragma once
#include <string>
#include <vector>

#include "router/routing/acor_level.h"
#include "router/routing/valiant_routing.h"
#include "router/routing/acor_rtl.h"
#include "rtl_own_slots.h"

namespace hiradix {

// The routing's own inputs in a decision's context (declared in acor_rtl.h; slots by the generator).
HIRADIX_OWN_SCALAR(acor_level)

enum class AcorSequence : std::uint8_t { k2LA, k2LB, k3L };  // rtl::ACOR_SEQ_* (rtl/hiradix_fields.vh)
AcorSequence parse_acor_sequence(const std::string& name);
inline int acor_levels(AcorSequence s) { return s == AcorSequence::k3L ? 3 : 2; }
// The policies of the sequence's levels, lowest first (the draws the deadlock check walks).
std::vector<PhaseA> acor_policies(AcorSequence sequence);

class AcorRouting : public ValiantRouting {
 public:
  AcorRouting(const Dragonfly& topo, AcorSequence sequence, bool per_switch, const AcorThresholds& th,
              bool hop_count_vcs = false)
      : ValiantRouting(topo, PhaseA::kLgl, hop_count_vcs, true), sequence_(sequence), per_switch_(per_switch), th_(th) {
    set_recomp(true);
  }
  std::string name() const override { return "acor"; }
  // ACOR-Packet's level travels in the packet's header: no router state.
  std::vector<std::string> rtl_state_blocks() const override {
    return per_switch_ ? std::vector<std::string>{"acor_state"} : std::vector<std::string>{};
  }
  int levels() const { return acor_levels(sequence_); }
  // The phase-A policy of `level` (0-based) in `sequence` (seed-000 Table 5-2).
  static PhaseA policy_at(AcorSequence sequence, int level);
  std::vector<PhaseA> draw_policies() const override { return acor_policies(sequence_); }
  std::unique_ptr<RoutingState> make_state(int router, const RouterParams& params, int input_vcs, int ports) const override;
  // At injection: the level of this decision (acor_level(ctx)).
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

// ACOR-Switch's state in each router: its level, next to the state of the routing it extends (PB's flags
// and broadcast for PB-ACOR), to which the router's hooks are passed on.
class AcorState : public RoutingState {
 public:
  AcorState(int levels, const AcorThresholds& th, std::unique_ptr<RoutingState> inner = nullptr)
      : level_(levels, th), inner_(std::move(inner)) {}
  std::uint8_t events() const override { return inner_ ? inner_->events() : 0; }
  AcorSwitchLevel& level() { return level_; }
  // A head blocked at an injection port is recomputed at `now` (counted by the level, and by the RTL's).
  void blocked(Cycle now) {
    level_.blocked(now);
    if (block_events_) block_events_->blocked(now);
  }
  void attach_block_events(StateBlockEvents* events) override { block_events_ = events; }
  int level(Cycle now) override { return level_.level(now); }
  GroupBroadcast* broadcast() override { return inner_ ? inner_->broadcast() : nullptr; }
  void fill_broadcast(RouterView& view, std::uint8_t* payload) override {
    if (inner_) inner_->fill_broadcast(view, payload);
  }
  void head_counted(int vc_index, int in_port, const Packet& pkt) override {
    if (inner_) inner_->head_counted(vc_index, in_port, pkt);
  }
  void tail_left(int vc_index) override {
    if (inner_) inner_->tail_left(vc_index);
  }
  void gather(RouterView& view, const Packet& pkt, RoutingContext& ctx) override {
    if (inner_) inner_->gather(view, pkt, ctx);
  }

 private:
  AcorSwitchLevel level_;
  std::unique_ptr<RoutingState> inner_;
  StateBlockEvents* block_events_ = nullptr;
};

class PbAcorRouting : public PbRouting {
 public:
  PbAcorRouting(const Dragonfly& topo, AcorSequence sequence, const AcorThresholds& th, int threshold, int factor_pct,
                int flag_threshold, bool hop_count_vcs = false, Cycle period = 10)
      : PbRouting(topo, PhaseA::kLgl, threshold, factor_pct, flag_threshold, hop_count_vcs, period, true),
        sequence_(sequence),
        th_(th) {
    set_recomp(true);
  }
  std::string name() const override { return "pb_acor"; }
  std::vector<std::string> rtl_state_blocks() const override { return {"pb_state", "acor_state"}; }
  std::vector<PhaseA> draw_policies() const override { return acor_policies(sequence_); }
  std::unique_ptr<RoutingState> make_state(int router, const RouterParams& params, int input_vcs, int ports) const override;
  // At injection: PB's inputs, and the router's level.
  void gather(RouterView& view, const Packet& pkt, RoutingContext& ctx) const override;
  RoutingDecision route(const RoutingContext& ctx, Packet& pkt) const override {
    return route_drawn_under(ctx, pkt, AcorRouting::policy_at(sequence_, acor_level(ctx)));
  }
  // A head blocked while its decision was minimal does not count (seed-000 §3.11).
  void recomputing(const RouteState& decided, RouteState& header, RoutingState* state, Cycle now) const override;
  std::string vc_rule() const override {
    return "lgl's slots for the paths of every level, seed-000 §1.6 and §3.11, and local VCs 0 then 1 on the intra-group path l - l, §3.3";
  }

 private:
  AcorSequence sequence_;
  AcorThresholds th_;
};

}  // namespace hiradix
