// The credit-based in-transit routings: OLM (seed-003 §2 OLM row, §1.4 [F]) and Hybrid (§1.4). Both are
// Base's machinery (InTransitRouting: MM+L candidates, OLM's VC rule, re-routing of blocked heads); only the
// trigger and the candidate filter differ. They read the occupancy q of output VCs (RoutingContext::
// occupancy, integer percent; the router's definition is in Router::route_candidate).
//
// PAR (global misrouting at injection or after the first local hop) is what MM+L already does at those two
// points, so OLM covers it; there is no separate `par`.
//
// Not modelled: FOGSim's "VC misrouting congested restriction" (seed-003 §1.4), whose coefficients the paper
// does not give; every trigger that fires may misroute.
#pragma once
#include "router/routing/in_transit_routing.h"

namespace hiradix {

// OLM: misroute when the minimal VC is congested by credits (q_min >= ThMin and it cannot take the packet
// now), to a candidate at most `threshold` percent as occupied (seed-003 Table I: 50%).
class OlmRouting : public InTransitRouting {
 public:
  OlmRouting(const Dragonfly& topo, int threshold, int min_occupancy)
      : InTransitRouting(topo), threshold_(threshold), min_occupancy_(min_occupancy) {}
  std::string name() const override { return "olm"; }
  bool needs_occupancy() const override { return true; }
  void gather(RouterView& view, const Packet& pkt, RoutingContext& ctx) const override {
    InTransitRouting::gather(view, pkt, ctx);
    ctx.occupancy = view.occupancies();
  }

 protected:
  Trigger trigger(const RoutingContext& ctx, int min_port, int min_vc) const override {
    return credit_trigger(ctx, min_port, min_vc, min_occupancy_) ? Trigger::kFiltered : Trigger::kNone;
  }
  bool candidate_ok(const RoutingContext& ctx, int min_port, int min_vc, int port, int vc) const override {
    return relatively_empty(ctx, min_port, min_vc, port, vc, threshold_);
  }

 private:
  int threshold_, min_occupancy_;
};

// Hybrid (seed-003 §1.4): misroute when the minimal port's contention counter reaches th (Table I: 7) OR
// OLM's credit trigger fires. When the counter fired, any candidate that can take the packet is valid
// (FOGSim's validMisroutePort); otherwise the candidate must be at most `threshold` percent (35%) as
// occupied as the minimal VC.
class HybridRouting : public InTransitRouting {
 public:
  HybridRouting(const Dragonfly& topo, int contention_threshold, int threshold, int min_occupancy)
      : InTransitRouting(topo),
        contention_threshold_(contention_threshold),
        threshold_(threshold),
        min_occupancy_(min_occupancy) {}
  std::string name() const override { return "hybrid"; }
  std::vector<std::string> rtl_state_blocks() const override { return {"base_state"}; }
  bool reads_contention_counters() const override { return true; }
  bool needs_occupancy() const override { return true; }
  void gather(RouterView& view, const Packet& pkt, RoutingContext& ctx) const override {
    InTransitRouting::gather(view, pkt, ctx);
    ctx.occupancy = view.occupancies();
  }

 protected:
  Trigger trigger(const RoutingContext& ctx, int min_port, int min_vc) const override {
    if (ctx.contention[min_port] >= contention_threshold_) return Trigger::kAny;
    return credit_trigger(ctx, min_port, min_vc, min_occupancy_) ? Trigger::kFiltered : Trigger::kNone;
  }
  bool candidate_ok(const RoutingContext& ctx, int min_port, int min_vc, int port, int vc) const override {
    return relatively_empty(ctx, min_port, min_vc, port, vc, threshold_);
  }

 private:
  int contention_threshold_, threshold_, min_occupancy_;
};

}  // namespace hiradix
