// In-transit adaptive routing with contention counters: Base (seed-003 §1.3), with the MM+L misrouting
// policy and the VC rule of OLM (seed-003 §1.7, §1.8). Every hop starts from the minimal output; when the
// trigger fires on it, the packet may leave the minimal path through a candidate port of the type MM+L
// allows at that point, chosen at random among those that can take the whole packet now.
//
// Deadlock freedom (3 local / 2 global VCs, seed-003 Table I): a misroute is taken only into a VC that can
// take the whole packet now, and a head that cannot advance is routed again, so a blocked packet always
// has its minimal hop as an option. Minimal hops follow local VC k -> global VC k -> local VC k+1 (the VC
// rule below), an order without cycles: the minimal hops are an escape path. Test: ChannelDependencies
// (escape graph) and the saturation runs.
#pragma once
#include "router/routing/ectn_partial.h"
#include "router/routing/dragonfly_routing.h"
#include "router/routing/in_transit_rtl.h"
#include "rtl_own_slots.h"

namespace hiradix {

// The routing's own inputs in a decision's context (declared in in_transit_rtl.h; slots by the generator).
HIRADIX_OWN_SCALAR(ectn_dest)
HIRADIX_OWN_ARRAY(ectn_comb)

class InTransitRouting : public DragonflyRouting {
 public:
  explicit InTransitRouting(const Dragonfly& topo) : DragonflyRouting(topo) {}
  static constexpr int kLocalVcs = 3, kGlobalVcs = 2;  // seed-003 Table I
  VcRequirement vcs_needed() const override { return vcs(kLocalVcs, kGlobalVcs); }
  std::string vc_rule() const override { return "OLM's VC rule, seed-003 §1.8 and Table I: 3 local / 2 global"; }
  bool reroutes_blocked_heads() const override { return true; }
  // Every hop: the input VC and which output VCs can take the packet now.
  void gather(RouterView& view, const Packet& pkt, RoutingContext& ctx) const override;
  RoutingDecision route(const RoutingContext& ctx, Packet& pkt) const override;
  // The escape graph: its minimal hops from every channel (router/routing/channel_dependencies.h).
  bool enumerate_dependencies(ChannelGraph& g, CdgMethod method) const override;

  // MM+L's header bits (RouteState::flags; seed-003 §1.7): a local misroute was taken in the current group;
  // the previous hop was a local misroute in the source group, so this router should send it out globally.
  static constexpr std::uint8_t kLocalMisrouted = 1, kMandatoryGlobal = 2;
  // The path shape it records (RouteState::path_bits): whether it took a local and/or a global misroute,
  // counted in result.json's path_types as misroute_l, misroute_g and misroute_gl (both; NRG's local
  // misroute followed by a global one is misroute_gl), beside min.
  static constexpr std::uint8_t kLocalMisroutePath = 1, kGlobalMisroutePath = 2;
  std::string path_type_name(int bits, const Topology& topo) const override;

  // The VC a hop from (in_port, in_vc) to out_port takes (seed-003 §1.8, FOGSim nextChannel): VC 0 from an
  // injection port; a local misroute and a local-to-global hop keep the input VC; any other hop takes the
  // input VC + 1; ejection takes VC 0.
  int next_vc(int in_port, int in_vc, int out_port, bool misroute) const;

 protected:
  // What the trigger decided on the minimal output: stay minimal, misroute to candidates that pass
  // candidate_ok, or misroute to any candidate that can take the packet (Hybrid when its contention part
  // fired, seed-003 §1.4 [F]).
  enum class Trigger : std::uint8_t { kNone, kFiltered, kAny };
  // The trigger for this mechanism, on the minimal output and the VC the minimal hop would take; and
  // whether `port` (its VC `vc`) may be a misrouting candidate (the filter).
  virtual Trigger trigger(const RoutingContext& ctx, int min_port, int min_vc) const = 0;
  virtual bool candidate_ok(const RoutingContext& ctx, int min_port, int min_vc, int port, int vc) const = 0;

  // What the routing unit sees of VC `vc` of `port` (VCs 0..kStateVcs-1; a higher VC reads as not ready
  // and empty, as in the RTL's fields).
  static bool ready(const RoutingContext& ctx, int port, int vc) {
    return vc < kStateVcs && (ctx.port_ready[port] >> vc & 1u);
  }
  static int occupancy(const RoutingContext& ctx, int port, int vc) {
    return vc < kStateVcs ? ctx.occupancy[port * kStateVcs + vc] : 0;
  }
  // OLM's credit trigger (seed-003 §1.4 [F]): q_min >= ThMin and the minimal VC cannot take the whole
  // packet now (no credits for it downstream, or no room in the output queue: the link is busy).
  static bool credit_trigger(const RoutingContext& ctx, int min_port, int min_vc, int min_occupancy) {
    return occupancy(ctx, min_port, min_vc) >= min_occupancy && !ready(ctx, min_port, min_vc);
  }
  // OLM's relative candidate test: q_nonmin <= percent% of q_min, exactly, on integer percents.
  static bool relatively_empty(const RoutingContext& ctx, int min_port, int min_vc, int port, int vc, int percent) {
    return 100 * occupancy(ctx, port, vc) <= percent * occupancy(ctx, min_port, min_vc);
  }
};

class BaseRouting : public InTransitRouting {
 public:
  BaseRouting(const Dragonfly& topo, int threshold) : InTransitRouting(topo), threshold_(threshold) {}
  std::string name() const override { return "base"; }
  std::vector<std::string> rtl_state_blocks() const override { return {"base_state"}; }
  bool reads_contention_counters() const override { return true; }

 protected:
  // seed-003 §1.3: misroute when the minimal port's counter reaches th (FOGSim's >=; the paper says
  // "exceeds"); candidates must be under th.
  Trigger trigger(const RoutingContext& ctx, int min_port, int) const override {
    return ctx.contention[min_port] >= threshold_ ? Trigger::kFiltered : Trigger::kNone;
  }
  bool candidate_ok(const RoutingContext& ctx, int, int, int port, int) const override {
    return ctx.contention[port] < threshold_;
  }

 private:
  int threshold_;
};

// ECtN (seed-003 §1.5): Base, plus a source decision from the group's combined counters. At injection
// towards another group the trigger is Base's OR combined[the destination's link] >= the combined
// threshold, and a global candidate must have its own link's combined counter under that threshold (the
// paper, §IV-A; FOGSim filters on the Base counter instead: flagged in docs/decisions.md). Later hops are
// Base. The combined counters come from the router (router/routing/ectn_partial.h, router/common/group_broadcast.h).
class EctnRouting : public BaseRouting {
 public:
  EctnRouting(const Dragonfly& topo, int threshold, int combined_threshold, Cycle period = 100)
      : BaseRouting(topo, threshold), combined_threshold_(combined_threshold), period_(period) {}
  std::string name() const override { return "ectn"; }
  std::vector<std::string> rtl_state_blocks() const override { return {"base_state", "ectn_state"}; }
  // seed-003 §6.3 / R16: the a*h partial counters as 4-bit values, every routing.ectn_period cycles, sent
  // whole by default (message mode).
  std::optional<BroadcastNeeds> broadcast_needs() const override {
    return BroadcastNeeds{"routing.ectn_period", period_, BroadcastMode::kMessage, topo_.a() * topo_.h(), kEctnWireBits, static_cast<int>(PortClass::kLocal)};
  }
  std::unique_ptr<RoutingState> make_state(int router, const RouterParams& params, int input_vcs,
                                           int ports) const override;
  void connect_routers(const std::vector<WiredRouter*>& routers) override;
  void gather(RouterView& view, const Packet& pkt, RoutingContext& ctx) const override;
  RoutingDecision route(const RoutingContext& ctx, Packet& pkt) const override;

 protected:
  Trigger trigger(const RoutingContext& ctx, int min_port, int min_vc) const override {
    if (ctx.scratch && ectn_dest(ctx) >= combined_threshold_) return Trigger::kFiltered;
    return BaseRouting::trigger(ctx, min_port, min_vc);
  }
  bool candidate_ok(const RoutingContext& ctx, int min_port, int min_vc, int port, int vc) const override {
    if (ctx.scratch && topo_.port_class(port) == PortClass::kGlobal) return ectn_comb(ctx)[port] < combined_threshold_;
    return BaseRouting::candidate_ok(ctx, min_port, min_vc, port, vc);
  }

 private:
  int combined_threshold_;
  Cycle period_;
};

}  // namespace hiradix
