// LIAN, Latency-Improved Adaptive Non-minimal routing (seed-000 §3.13, Eq. 6-1 and 6-2, Table 6-1;
// docs/papers/seed-000-thesis.md "§3.13 LIAN"): UGAL-L (Eq. 2-1) whose non-minimal candidate is drawn
// under a phase-A policy picked from the source router's own counters, with no information from other
// routers and no recomputation of its own:
//  - G_g, the extended counter of each remote group g (router/routing/lian_counters.h);
//  - first local hop l1: used iff more than SGCth of the groups this router's global links reach have
//    G > GCSth;
//  - second local hop l2: used iff one of the intermediate-local counters IL (Eq. 6-2) of the destination's
//    offset exceeds ILCth;
//  - policy (no l1, no l2) -g-, (no, l2) -gl, (l1, no) lg-, (l1, l2) lgl;
//  - T of Eq. 2-1 from G of the destination group, with TPR's regions and values (routing.tpr_*, shared as
//    in Table 6-1): benign below LI_l, mix below LI_h, adversarial from LI_h.
// Intra-group destinations: RVLB's in-group draw (path l - l) and T benign, as TPR.
// VCs: every policy's path takes lgl's slots, as ACOR's levels (4 local / 2 global VCs, seed-000 §3.14).
//
// The routing unit's inputs are integers that keep every comparison exact: floor(G_dst) (against LI_l and
// LI_h: x >= L iff floor(x) >= L for an integer L), the count of saturated global links, and ceil(IL) of
// the larger relevant IL (x > L iff ceil(x) > L), each saturated at 8 bits with thresholds below 255.
// The IL formula is the thesis' for the balanced palmtree Dragonfly (a = 2h, 2h^2 + 1 groups), which
// LIAN requires.
#pragma once
#include <memory>
#include <string>
#include <vector>

#include "router/routing/lian_counters.h"
#include "router/routing/lian_trace.h"
#include "router/routing/tpr_routing.h"
#include "router/routing/lian_rtl.h"
#include "rtl_own_slots.h"
#include "router/routing/tpr_rtl.h"

namespace hiradix {

// The routing's own inputs in a decision's context (declared in lian_rtl.h; slots by the generator).
HIRADIX_OWN_SCALAR(lian_saturated)
HIRADIX_OWN_SCALAR(lian_il)

struct LianThresholds {
  int gcs = 5;   // GCSth, packets: a global link's group counts as saturated above it
  int sgc = 3;   // SGCth: l1 is used when more than SGCth of the router's global links are saturated
  int ilc = 20;  // ILCth, packets: l2 is used when a relevant IL counter exceeds it
};

// The counters in each router, and the groups its global links reach.
class LianState : public RoutingState {
 public:
  LianState(const Dragonfly& topo, int router, Cycle window, int max_per_cycle, int w_percent);
  std::uint8_t events() const override { return kInjectionArrived | kInjectionForwarded; }
  void injection_arrived(const Packet& pkt, Cycle at) override {
    const int g = group_of_dst(pkt);
    if (g == group_) return;
    counters_.arrived(g, at);
    if (block_events_) block_events_->arrived(g, at);
  }
  void injection_forwarded(const Packet& pkt, Cycle now) override {
    const int g = group_of_dst(pkt);
    if (g == group_) return;
    counters_.forwarded(g, now);
    if (block_events_) block_events_->forwarded(g, now);
  }
  void attach_block_events(StateBlockEvents* events) override { block_events_ = events; }
  LianCounters& counters() { return counters_; }
  // Eq. 6-1 (hundredths of a packet) of the group at signed offset `offset` from this router's group.
  std::uint64_t extended_at_offset(int offset, Cycle now) {
    const int groups = topo_.groups();
    return counters_.extended(((group_ + offset) % groups + groups) % groups, now);
  }
  const std::vector<int>& global_groups() const { return global_groups_; }
  int group() const { return group_; }
  // trace.lian at trace.router: every injection decision's readings (null: none).
  void attach_trace(RoutingTrace* trace) override { trace_ = static_cast<LianTrace*>(trace); }
  LianTrace* trace() const { return trace_; }

 private:
  int group_of_dst(const Packet& pkt) const { return topo_.group_of(topo_.router_of_terminal(pkt.dst)); }
  const Dragonfly& topo_;
  int group_;
  std::vector<int> global_groups_;  // the group each of this router's h global ports reaches
  LianCounters counters_;
  LianTrace* trace_ = nullptr;
  StateBlockEvents* block_events_ = nullptr;
};

class LianRouting : public UgalRouting {
 public:
  LianRouting(const Dragonfly& topo, const TprRegions& regions, const LianThresholds& th, Cycle window,
              int w_percent, bool hop_count_vcs = false);
  std::string name() const override { return "lian"; }
  std::vector<std::string> rtl_state_blocks() const override { return {"lian_state"}; }  // TPR's window inside
  std::vector<PhaseA> draw_policies() const override { return {PhaseA::kG, PhaseA::kGl, PhaseA::kLg, PhaseA::kLgl}; }
  std::unique_ptr<RoutingState> make_state(int router, const RouterParams& params, int input_vcs,
                                           int ports) const override;
  // trace.lian: a row per injection decision at trace.router (router/routing/lian_trace.h).
  std::unique_ptr<RoutingTrace> open_trace(const std::string& path, Cycle from, Cycle to) const override {
    return std::make_unique<LianTrace>(path, from, to);
  }
  // At injection: UGAL's port loads, and the counters' three readings (tpr_count(ctx), lian_saturated(ctx),
  // lian_il(ctx)).
  void gather(RouterView& view, const Packet& pkt, RoutingContext& ctx) const override;
  RoutingDecision route(const RoutingContext& ctx, Packet& pkt) const override {
    return route_drawn_under(ctx, pkt, policy(ctx));
  }
  // The readings of a decision at cycle `now` towards a destination in group `dst_group`, from the source
  // router's state (what gather() fills at injection, saturated lian_saturated excepted: at most h).
  void read_counters(LianState& state, int dst_group, Cycle now, RoutingContext& ctx) const;
  // The phase-A policy of a decision from its readings (the table of §3.13).
  PhaseA policy(const RoutingContext& ctx) const;
  std::string vc_rule() const override {
    return "lgl's slots for the paths of every policy, seed-000 §1.6 and §3.13, and local VCs 0 then 1 on the intra-group path l - l, §3.3";
  }

 protected:
  bool prefer_minimal(const RoutingContext& ctx, int dst_router, int root) const override {
    return eq_2_1(ctx, dst_router, root, regions_.threshold(tpr_count(ctx)));
  }

 private:
  TprRegions regions_;
  LianThresholds th_;
  Cycle window_;
  int w_percent_;
};

}  // namespace hiradix
