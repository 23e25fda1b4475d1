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
#include "router/routing/routing_algorithm.h"

namespace hiradix {

class InTransitRouting : public RoutingAlgorithm {
 public:
  explicit InTransitRouting(const Dragonfly& topo) : RoutingAlgorithm(topo) {}
  VcRequirement vcs_needed() const override { return {3, 2}; }
  bool needs_port_ready() const override { return true; }
  RoutingDecision route(const RoutingContext& ctx, Packet& pkt) const override;

  // The VC a hop from (in_port, in_vc) to out_port takes (seed-003 §1.8, FOGSim nextChannel): VC 0 from an
  // injection port; a local misroute and a local-to-global hop keep the input VC; any other hop takes the
  // input VC + 1; ejection takes VC 0.
  int next_vc(int in_port, int in_vc, int out_port, bool misroute) const;

 protected:
  // Whether the packet should leave its minimal output (the trigger), and whether `port` may be a
  // misrouting candidate (the filter), for this mechanism.
  virtual bool trigger(const RoutingContext& ctx, int min_port) const = 0;
  virtual bool candidate_ok(const RoutingContext& ctx, int port) const = 0;
};

class BaseRouting : public InTransitRouting {
 public:
  BaseRouting(const Dragonfly& topo, int threshold) : InTransitRouting(topo), threshold_(threshold) {}
  std::string name() const override { return "base"; }

 protected:
  // seed-003 §1.3: misroute when the minimal port's counter reaches th (FOGSim's >=; the paper says
  // "exceeds"); candidates must be under th.
  bool trigger(const RoutingContext& ctx, int min_port) const override { return ctx.contention[min_port] >= threshold_; }
  bool candidate_ok(const RoutingContext& ctx, int port) const override { return ctx.contention[port] < threshold_; }

 private:
  int threshold_;
};

// ECtN (seed-003 §1.5): Base, plus a source decision from the group's combined counters. At injection
// towards another group the trigger is Base's OR combined[the destination's link] >= the combined
// threshold, and a global candidate must have its own link's combined counter under that threshold (the
// paper, §IV-A; FOGSim filters on the Base counter instead: flagged in docs/decisions.md). Later hops are
// Base. The combined counters come from the router (router/ectn_partial.h, router/group_broadcast.h).
class EctnRouting : public BaseRouting {
 public:
  EctnRouting(const Dragonfly& topo, int threshold, int combined_threshold)
      : BaseRouting(topo, threshold), combined_threshold_(combined_threshold) {}
  std::string name() const override { return "ectn"; }
  GroupState group_state() const override { return GroupState::kEctn; }
  RoutingDecision route(const RoutingContext& ctx, Packet& pkt) const override;

 protected:
  bool trigger(const RoutingContext& ctx, int min_port) const override {
    return BaseRouting::trigger(ctx, min_port) || (ctx.ectn_source && ctx.ectn_dest >= combined_threshold_);
  }
  bool candidate_ok(const RoutingContext& ctx, int port) const override {
    if (ctx.ectn_source && topo_.port_class(port) == PortClass::kGlobal) return ctx.ectn_comb[port] < combined_threshold_;
    return BaseRouting::candidate_ok(ctx, port);
  }

 private:
  int combined_threshold_;
};

}  // namespace hiradix
