// TPR (seed-000 §3.12, Table 6-1; docs/papers/seed-000-thesis.md "§3.12 TPR"): UGAL-L (Eq. 2-1) whose
// threshold T is picked per decision from the source router's traffic counter of the destination group,
// the packets it forwarded from its injection ports towards that group in the last HW cycles
// (router/routing/tpr_counters.h):
//   count <  LI_l          benign       T = routing.tpr_t_benign (150)
//   LI_l <= count < LI_h   mix          T = routing.tpr_t_mix    (-30)
//   count >= LI_h          adversarial  T = routing.tpr_t_adv    (-150)
// The non-minimal candidate is always VLB with phase A lgl, on lgl's VC slots as PB (4 local / 2 global
// VCs). A destination in the source group has no counter (the thesis' counters are inter-group): it is
// decided with a count of 0, the benign region with the thesis' thresholds.
//
// The counters measure carried, not offered, traffic (the thesis' stated flaw): once the injection ports
// saturate they forward fewer packets, the counts fall and the traffic looks milder. Kept as is.
#pragma once
#include <memory>
#include <string>

#include "router/routing/tpr_counters.h"
#include "router/routing/valiant_routing.h"
#include "router/routing/tpr_rtl.h"
#include "rtl_own_slots.h"

namespace hiradix {

// The routing's own inputs in a decision's context (declared in tpr_rtl.h; slots by the generator).
HIRADIX_OWN_SCALAR(tpr_count)

// Region thresholds and T per region (routing.tpr_*).
struct TprRegions {
  int low = 3, high = 5;                        // LI_l, LI_h in packets
  int t_benign = 150, t_mix = -30, t_adv = -150;  // UGAL's T in phits (the keys give flits)
  // T for a windowed count, the comparisons as the thesis writes them (adversarial first, so that
  // LI_l > LI_h leaves no mix region).
  int threshold(int count) const { return count >= high ? t_adv : count >= low ? t_mix : t_benign; }
};

class RoutingOptions;
// The regions of routing.tpr_* (shared by TPR and LIAN), the T in phits.
TprRegions tpr_regions(const RoutingOptions& o);

// The counters in each router.
class TprState : public RoutingState {
 public:
  TprState(const Dragonfly& topo, int router, Cycle window, int max_per_cycle)
      : topo_(topo), group_(topo.group_of(router)), counters_(topo.groups(), window, max_per_cycle) {}
  std::uint8_t events() const override { return kInjectionForwarded; }
  void injection_forwarded(const Packet& pkt, Cycle now) override {
    const int g = topo_.group_of(topo_.router_of_terminal(pkt.dst));
    if (g == group_) return;
    counters_.forwarded(g, now);
    if (block_events_) block_events_->forwarded(g, now);
  }
  void attach_block_events(StateBlockEvents* events) override { block_events_ = events; }
  TprCounters& counters() { return counters_; }

 private:
  const Dragonfly& topo_;
  int group_;
  TprCounters counters_;
  StateBlockEvents* block_events_ = nullptr;
};

class TprRouting : public UgalRouting {
 public:
  TprRouting(const Dragonfly& topo, const TprRegions& regions, Cycle window, bool hop_count_vcs = false)
      : UgalRouting(topo, PhaseA::kLgl, 0, hop_count_vcs), regions_(regions), window_(window) {}
  std::string name() const override { return "tpr"; }
  std::vector<std::string> rtl_state_blocks() const override { return {"tpr_state"}; }
  const TprRegions& regions() const { return regions_; }
  // The most packets a router forwards from its injection ports in one cycle: the crossbar grants each
  // input at most once per internal tick, so ceil(speed-up) heads per terminal port (sizes the counters).
  static int injection_grants_per_cycle(const Dragonfly& topo, const RouterParams& params);
  std::unique_ptr<RoutingState> make_state(int router, const RouterParams& params, int input_vcs,
                                           int ports) const override;
  // At injection: UGAL's port loads, and the destination group's count (tpr_count(ctx)).
  void gather(RouterView& view, const Packet& pkt, RoutingContext& ctx) const override;

 protected:
  bool prefer_minimal(const RoutingContext& ctx, int dst_router, int root) const override {
    return eq_2_1(ctx, dst_router, root, regions_.threshold(tpr_count(ctx)));
  }

 private:
  TprRegions regions_;
  Cycle window_;
};

}  // namespace hiradix
