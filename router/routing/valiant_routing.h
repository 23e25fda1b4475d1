// Valiant (VLB) with the four phase-A policies of seed-000 §3.2, Table 5-1: a random intermediate router
// R_ROOT chosen at injection, reached minimally (phase A), then the destination minimally (phase B).
#pragma once
#include <string>
#include <utility>
#include <vector>

#include "router/common/group_load_view.h"

#include "router/routing/dragonfly_routing.h"
#include "router/routing/pb_rtl.h"
#include "rtl_own_slots.h"

namespace hiradix {

// The routing's own inputs in a decision's context (declared in pb_rtl.h; slots by the generator).
HIRADIX_OWN_SCALAR(pb_flag)

enum class PhaseA : std::uint8_t { kLgl, kLg, kGl, kG };  // lgl, lg-, -gl, -g-

PhaseA parse_phase_a(const std::string& name);
std::string to_string(PhaseA p);

class ValiantRouting : public DragonflyRouting {
 public:
  // `restricted`: RVLB's restriction (seed-000 §3.3, docs/papers/seed-000-thesis.md "RVLB and RPB"): a
  // packet whose destination is in its source group draws R_ROOT among that group's a routers only and
  // takes the intra-group path l - l on local VCs 0 then 1; other packets are routed as without it.
  ValiantRouting(const Dragonfly& topo, PhaseA policy, bool hop_count_vcs = false, bool restricted = false)
      : DragonflyRouting(topo, hop_count_vcs), policy_(policy), restricted_(restricted) {}
  std::string name() const override { return "valiant"; }
  VcRequirement vcs_needed() const override;
  RoutingDecision route(const RoutingContext& ctx, Packet& pkt) const override;
  // The group table's rows for the destination's group, the header's intermediate's and the lgl draw's
  // (rtl/hiradix_routing_unit.v: dst_link, inter_link, lgl_link).
  int rtl_table_reads() const override { return 3; }

  // Draws R_ROOT uniformly from the policy's candidate set for a packet injected at `router`, from the
  // decision's LFSR state: the first draw from its low 32 bits, a second one from its high 32 bits. With
  // the RVLB restriction and a `dst_router` in the source group, uniformly among the source group's a
  // routers (the source and destination routers included: they give the minimal path), from the low 32
  // bits.
  int choose_intermediate(int router, std::uint64_t random, int dst_router = -1) const {
    return choose_intermediate(router, random, dst_router, policy_);
  }
  // ... under phase-A policy `policy` (ACOR draws under its level's policy).
  int choose_intermediate(int router, std::uint64_t random, int dst_router, PhaseA policy) const;
  // Every outcome of choose_intermediate's draws at `router` for a destination at `dst_router` (-1: one in
  // another group): R_ROOT and a random value that draws it (one pair per outcome, so a root reached by two
  // outcomes appears twice). For the deadlock check (router/routing/channel_dependencies.h), which walks
  // every path.
  // A routing that draws under several policies (ACOR) lists the draws of each (draw_policies()).
  std::vector<std::pair<int, std::uint64_t>> intermediate_draws(int router, int dst_router = -1) const;
  virtual std::vector<PhaseA> draw_policies() const { return {policy_}; }
  // The hop a packet takes at `router` once its path is chosen (route.intermediate and route.phase, set at
  // injection): what route() does after the injection decision.
  RoutingDecision follow(int router, Packet& pkt) const;
  // The paths of every choice of the injection decision, walked with follow() (channel_dependencies.h).
  bool enumerate_dependencies(ChannelGraph& g, CdgMethod method) const override;
  bool restricted() const { return restricted_; }
  // VLB-Recomp and PB-Recomp (seed-000 §3.4): set from `routing.recomp`.
  void set_recomp(bool on) { recomp_ = on; }
  bool recomputes_at_injection() const override { return recomp_; }
  // With the restriction: does a packet from `router` to `dst_router` draw R_ROOT inside the group?
  bool draws_in_group(int router, int dst_router) const {
    return restricted_ && topo_.group_of(router) == topo_.group_of(dst_router);
  }
  // routing.valiant_in_group: source_group (the seeds' simulator, FOGSim; docs/fogsim-differences.md): a
  // packet whose destination is in its source group draws R_ROOT among that group's a routers and is
  // routed minimally (FOGSim's Valiant target is the intermediate group, reached at once): one local hop.
  // Default off (phase_a): R_ROOT is drawn under the phase-A policy as for any destination.
  void set_in_group_minimal(bool on) { in_group_minimal_ = on; }
  bool in_group_minimal() const { return in_group_minimal_; }
  // routing.valiant_draw: per_packet (FOGSim, docs/fogsim-differences.md): a head decided again at its
  // injection port (routing.source_decision: every_attempt, routing.recomp) keeps the R_ROOT of its first
  // decision, marked in its header by kDrawKept (RouteState::flags bit 7), instead of drawing a new one.
  void set_keep_draw(bool on) { keep_draw_ = on; }
  bool keeps_draw() const { return keep_draw_; }
  static constexpr std::uint8_t kDrawKept = 0x80;
  // routing.ugal_min_slots: min (FOGSim's VCs, docs/fogsim-differences.md): a packet on the minimal path
  // from its source (phase 1 and no phase-A hop: path_bits 0) takes MIN's slots L0 G0 L1 instead of
  // phase B's. Deadlock-free under lgl and lg- (MIN's slots ascend in their order L0 < G0 < L1 < ...);
  // not under -gl and -g-, whose order puts G0 below L0 (the registry refuses them).
  void set_min_slots(bool on) { min_slots_ = on; }
  bool min_slots() const { return min_slots_; }
  // The policy whose VC slots the paths take (ACOR's, TPR's, LIAN's draws under others take lgl's).
  PhaseA slot_policy() const { return policy_; }
  void recomputing(const RouteState& decided, RouteState& header, RoutingState* state, Cycle now) const override;
  std::string vc_rule() const override {
    return restricted_ ? "one per slot of its canonical path, seed-000 §1.6, and local VCs 0 then 1 on the intra-group path l - l, §3.3"
                       : DragonflyRouting::vc_rule();
  }

 protected:
  // route() with the injection's R_ROOT drawn under `draw` (ACOR's level) instead of the policy: a degenerate
  // draw, the source or the destination router, is the minimal path.
  RoutingDecision route_drawn_under(const RoutingContext& ctx, Packet& pkt, PhaseA draw) const;
  // Source adaptivity: at injection, after R_ROOT is drawn (not degenerate), take the minimal path
  // instead? Plain Valiant never does.
  virtual bool prefer_minimal(const RoutingContext&, int /*dst_router*/, int /*root*/) const { return false; }

 private:
  // The packet is on an RVLB intra-group path: restricted, its destination in this router's group, and
  // no global hop taken (so its source group is this group too).
  bool intra_group_path(int router, int dst_router, const RouteState& rs) const {
    return restricted_ && rs.hops[kGlobalClass] == 0 && topo_.group_of(router) == topo_.group_of(dst_router);
  }
  PhaseA policy_;
  bool restricted_;
  bool recomp_ = false;
  bool in_group_minimal_ = false;
  bool keep_draw_ = false;
  bool min_slots_ = false;
};

// RVLB, restricted Valiant (seed-000 §3.3): Valiant whose intra-group packets draw R_ROOT inside their
// group (path l - l); inter-group packets exactly as `valiant` with the same routing.phase_a.
class RvlbRouting : public ValiantRouting {
 public:
  RvlbRouting(const Dragonfly& topo, PhaseA policy, bool hop_count_vcs = false)
      : ValiantRouting(topo, policy, hop_count_vcs, true) {}
  std::string name() const override { return "rvlb"; }
};

// UGAL (seed-000 §3.5, Eq. 2-1): at injection, route minimally iff Q_MIN·H_MIN <= Q_VLB·H_VLB + T, with H
// the router-to-router hops of the whole path; otherwise Valiant through the drawn R_ROOT.
//  - UGAL-L (UgalInfo::kLocal): Q = load of the source router's output port of the path's first hop
//    (queue plus uncredited phits).
//  - UGAL-G (UgalInfo::kGroup, Kim et al.'s UGAL with global information, seed-000 §3.5 footnote): Q also
//    counts the path's first global channel, wherever in the source group it is:
//      Q = load(first hop port) + [the first hop is not that global channel] · load(first global channel)
//    The first global channel of the minimal path is the source group's link to the destination group;
//    of the Valiant path, the link to R_ROOT's group, or if R_ROOT is in the source group the link to the
//    destination group (phase B's); none for a path that stays in the source group. The loads are an
//    idealised, instantaneous group-wide view (as Kim et al.'s UGAL-G): every router's output state at the
//    start of the cycle, with no message to carry it (ctx.group_load).
enum class UgalInfo : std::uint8_t { kLocal, kGroup };
UgalInfo parse_ugal_info(const std::string& name);
class UgalRouting;
class RoutingOptions;
// routing.source_decision and routing.ugal_load, for every routing built on UGAL that reads them.
void read_ugal_options(UgalRouting& r, const RoutingOptions& o);
// routing.ugal_min_slots (also pb_acor's, which reads no other of them): refused under vc_scheme hop_count
// and under a slot policy -gl or -g-.
void read_min_slots(ValiantRouting& r, const RoutingOptions& o);

class UgalRouting : public ValiantRouting {
 public:
  UgalRouting(const Dragonfly& topo, PhaseA policy, int threshold, bool hop_count_vcs = false,
              UgalInfo info = UgalInfo::kLocal, bool restricted = false)
      : ValiantRouting(topo, policy, hop_count_vcs, restricted), threshold_(threshold), info_(info) {}
  std::string name() const override { return "ugal"; }
  // UGAL-G: one read-only view of each group's global-link loads, attached to the group's routers.
  void connect_routers(const std::vector<WiredRouter*>& routers) override;
  // At injection: the port loads, and UGAL-G's group loads.
  void gather(RouterView& view, const Packet& pkt, RoutingContext& ctx) const override;
  // routing.source_decision: every_attempt (the seeds' simulator): a head blocked at its injection port
  // decides again, as long as its choice is minimal (UGAL keeps a non-minimal choice once made).
  void set_every_attempt(bool on) { every_attempt_ = on; }
  // routing.ugal_load: vc: Q of a path is the load of the one VC its first hop takes (the seeds'
  // simulator), not of the whole port.
  void set_vc_load(bool on) { vc_load_ = on; }
  bool recomputes_at_injection() const override { return every_attempt_ || ValiantRouting::recomputes_at_injection(); }
  bool recomputes(const RouteState& after_rc) const override { return after_rc.phase == 1; }
  // Index (router index in the group * h + global port number) of the source group's global link towards
  // `to_group`, -1 if it is the source group itself.
  int group_link(int group, int to_group) const;

 protected:
  bool prefer_minimal(const RoutingContext& ctx, int dst_router, int root) const override {
    return eq_2_1(ctx, dst_router, root, threshold_);
  }
  // Eq. 2-1 with threshold T = `threshold` phits: Q_MIN*H_MIN <= Q_VLB*H_VLB + T (TPR picks T per decision).
  bool eq_2_1(const RoutingContext& ctx, int dst_router, int root, int threshold) const;

 private:
  // Q of a path from `here` whose first hop is `first_port` and whose first global channel is `link`.
  int path_load(const RoutingContext& ctx, int first_port, int first_vc, int link) const;
  // The VC of the first hop from `here` of the minimal path to `dst_router` or of Valiant's via `root`.
  int first_hop_vc(int here, int dst_router, int root, bool minimal) const;
  int threshold_;
  UgalInfo info_;
  bool every_attempt_ = false;
  bool vc_load_ = false;
  std::vector<GroupLoadView> views_;  // UGAL-G: per group
};

// Piggyback, PB (seed-000 §3.6; seed-003 §2): UGAL-L whose minimal choice also needs the minimal path's
// global channel unflagged: route MIN iff !flag && Eq. 2-1. The flags (Eq. 2-2, router/routing/pb_flags.h) are the
// router's own for its own links and the last ones broadcast by their owners otherwise
// (router/common/group_broadcast.h); the router hands the one of the minimal path in pb_flag(ctx).
class PbRouting : public UgalRouting {
 public:
  PbRouting(const Dragonfly& topo, PhaseA policy, int threshold, int factor_pct, int flag_threshold,
            bool hop_count_vcs = false, Cycle period = 10, bool restricted = false)
      : UgalRouting(topo, policy, threshold, hop_count_vcs, UgalInfo::kLocal, restricted),
        factor_pct_(factor_pct),
        flag_threshold_(flag_threshold),
        period_(period) {}
  std::string name() const override { return "pb"; }
  std::vector<std::string> rtl_state_blocks() const override { return {"pb_state"}; }
  // seed-000 §3.6: the h flags of the router's global channels as one bit each, every routing.pb_period
  // cycles, "piggybacked on idle local channels" by default.
  std::optional<BroadcastNeeds> broadcast_needs() const override {
    return BroadcastNeeds{"routing.pb_period", period_, BroadcastMode::kPiggyback, topo_.h(), 1, static_cast<int>(PortClass::kLocal)};
  }
  std::unique_ptr<RoutingState> make_state(int router, const RouterParams& params, int input_vcs,
                                           int ports) const override;
  void connect_routers(const std::vector<WiredRouter*>& routers) override;
  void gather(RouterView& view, const Packet& pkt, RoutingContext& ctx) const override;
  // PB re-decides both ways (routing.source_decision: every_attempt; PB-Recomp, seed-000 §3.4).
  bool recomputes(const RouteState&) const override { return true; }
  // routing.pb_mean: all = Eq. 2-2's Q̄ over all the router's global channels, as FOGSim computes it.
  void set_mean_over_all(bool on) { mean_over_all_ = on; }

 protected:
  bool prefer_minimal(const RoutingContext& ctx, int dst_router, int root) const override {
    return !pb_flag(ctx) && UgalRouting::prefer_minimal(ctx, dst_router, root);
  }

 private:
  int factor_pct_, flag_threshold_;  // F in percent, T in flits
  Cycle period_;
  bool mean_over_all_ = false;
};

// RPB (seed-000 §3.3): PB whose non-minimal candidate has RVLB's restriction: for a destination in the
// source group R_ROOT is drawn inside the group (path l - l), so PB's choice is between the minimal local
// hop and a two-hop detour through the group; inter-group packets exactly as `pb`.
class RpbRouting : public PbRouting {
 public:
  RpbRouting(const Dragonfly& topo, PhaseA policy, int threshold, int factor_pct, int flag_threshold,
             bool hop_count_vcs = false, Cycle period = 10)
      : PbRouting(topo, policy, threshold, factor_pct, flag_threshold, hop_count_vcs, period, true) {}
  std::string name() const override { return "rpb"; }
};

}  // namespace hiradix
