#include "router/routing/drb_routing.h"

#include <functional>
#include <memory>

#include "router/routing/channel_dependencies.h"
#include "router/routing/routing_registry.h"

namespace hiradix {

DrbRouting::DrbRouting(const Mesh& topo, const std::vector<int>& order, const MetaPathParams& params)
    : topo_(topo), order_(dimension_order(order)), params_(params) {
  if (topo.routers() > kMaxRouters)
    throw KeyError("topology.dims", name() + "'s header holds two waypoints of 16 bits; " + topo.describe() + " has " +
                                        std::to_string(topo.routers()) + " routers");
  bool rings = false;
  for (int d = 0; d < topo.dims(); ++d) rings = rings || topo.ring(d);
  vcs_per_segment_ = rings ? 2 : 1;
}

RoutingDecision DrbRouting::route(const RoutingContext& ctx, Packet& pkt) const {
  const int here = ctx.router;
  const PortEnd dst = topo_.nic_port(static_cast<int>(pkt.dst), pkt.dst_nic);
  RouteState& rs = pkt.route;
  while (rs.phase < 2 && here == waypoint(rs.intermediate, rs.phase)) {  // a waypoint reached: the next segment
    ++rs.phase;
    rs.flags = 0;  // DOR's state starts again with the segment
  }
  RoutingDecision d;
  if (rs.phase == 2 && here == dst.router) {  // eject
    d.out_port = d.min_port = static_cast<std::uint16_t>(dst.port);
    return d;
  }
  const int target = rs.phase < 2 ? waypoint(rs.intermediate, rs.phase) : dst.router;
  if (rs.phase < 2) {  // the contention counters' minimal port: DOR's towards the destination
    RouteState direct = rs;
    d.min_port = static_cast<std::uint16_t>(here == dst.router ? dst.port : dor_step(topo_, order_, here, dst.router, direct).port);
  }
  const DorHop hop = dor_step(topo_, order_, here, target, rs);
  d.out_port = static_cast<std::uint16_t>(hop.port);
  if (rs.phase == 2) d.min_port = d.out_port;
  d.out_vc = static_cast<std::uint8_t>(rs.phase * vcs_per_segment_ + hop.vc);
  return d;
}

namespace {

// DRB with every injection taking waypoints `in1` (its segment `start`) and `in2`: route() from a terminal
// port writes them into the header, as a source NIC would; later hops read the header.
class DrbThrough final : public RoutingAlgorithm {
 public:
  DrbThrough(const DrbRouting& drb, int start, int in1, int in2) : drb_(drb), start_(start), in1_(in1), in2_(in2) {}
  std::string name() const override { return drb_.name() + " walk"; }
  VcRequirement vcs_needed() const override { return drb_.vcs_needed(); }
  RoutingDecision route(const RoutingContext& ctx, Packet& pkt) const override {
    if (ctx.in_port < drb_.mesh().p()) {
      const int dst = drb_.mesh().nic_port(static_cast<int>(pkt.dst), 0).router;
      pkt.route.intermediate = pack_waypoints(in1_ < 0 ? dst : in1_, in2_ < 0 ? dst : in2_);
      pkt.route.phase = static_cast<std::uint8_t>(start_);
      pkt.route.flags = 0;
    }
    return drb_.route(ctx, pkt);
  }

 private:
  const DrbRouting& drb_;
  int start_, in1_, in2_;  // -1: the destination's router
};

}  // namespace

bool DrbRouting::enumerate_dependencies(ChannelGraph& g, CdgMethod method) const {
  const int n = vcs_per_segment_;
  if (method == CdgMethod::kFull) {  // every source -> IN1 -> IN2 -> destination, whole
    for (int in1 = 0; in1 < topo_.routers(); ++in1)
      for (int in2 = 0; in2 < topo_.routers(); ++in2) enumerate_route_paths(DrbThrough(*this, 0, in1, in2), g, CdgMethod::kFull);
    return true;
  }
  // Segment s alone: waypoints at the destination, so no later segment begins before it ejects.
  for (int s = 0; s < kSegments; ++s)
    enumerate_route_pairs(DrbThrough(*this, s, -1, -1), g, [this](const std::function<void(int, int)>& walk) { dor_dependency_pairs(topo_, walk); });
  // The joins: at router m, any channel into m on segment s's VCs, then any channel out of m on a later one's.
  for (int r = 0; r < topo_.routers(); ++r)
    for (int p = topo_.p(); p < topo_.radix(r); ++p) {
      const PortEnd m = topo_.peer(r, p);
      for (int s = 0; s < kSegments - 1; ++s)
        for (int vc = s * n; vc < s * n + n; ++vc)
          for (int q = topo_.p(); q < topo_.radix(m.router); ++q)
            for (int later = (s + 1) * n; later < kSegments * n; ++later) g.add(g.id(r, p, vc), q, later);
    }
  return true;
}

namespace {

MetaPathParams metapath_params(const RoutingOptions& o, bool predictive) {
  MetaPathParams m;
  m.high = static_cast<int>(o.integer("routing.drb_high"));
  m.low = static_cast<int>(o.integer("routing.drb_low"));
  if (m.low >= m.high)
    throw KeyError("routing.drb_low", "must be below routing.drb_high (" + std::to_string(m.high) + " %): between them the MetaPath "
                                      "stays as it is (seed 004 §4.1.2.2); got " + std::to_string(m.low));
  m.max_paths = static_cast<int>(o.integer("routing.drb_paths"));
  m.supernode = static_cast<int>(o.integer("routing.drb_supernode"));
  m.free_acks = o.text("routing.drb_acks") == "free";
  m.predictive = predictive;
  if (predictive) {
    m.record_wait = static_cast<Cycle>(o.integer("routing.prdrb_record_wait"));
    m.flows = static_cast<int>(o.integer("routing.prdrb_flows"));
    m.solutions = static_cast<int>(o.integer("routing.prdrb_solutions"));
    m.replace_least_recently_used = o.text("routing.prdrb_replacement") == "lru";
  }
  return m;
}

std::unique_ptr<RoutingAlgorithm> make_drb(const RoutingOptions& o, const Topology& topo, bool predictive) {
  const Mesh& t = topology_as<Mesh>(topo, "routing.algorithm " + o.algorithm);
  if (o.integer("routing.vns") != 1)
    throw KeyError("routing.vns", o.algorithm + " takes its VCs by segment of the path; routing.vns must be 1, got " +
                                      std::to_string(o.integer("routing.vns")));
  std::vector<int> ascending;
  for (int d = 0; d < t.dims(); ++d) ascending.push_back(d);
  return std::make_unique<DrbRouting>(t, ascending, metapath_params(o, predictive));
}

}  // namespace

RoutingEntry drb_routing_entry() {
  RoutingEntry e{"drb", {"DRB", 16},
                 "DRB, seed 004 §3.8, on mesh and torus: each source spreads its messages to a destination over multi-step "
                 "paths through two intermediate routers near the source and the destination, opened while the latency the "
                 "destinations' ACKs bring back is above routing.drb_high percent of its zero-load value and closed below routing.drb_low percent, each chosen with "
                 "probability proportional to 1 / its latency; segments in dimension order (XY), one VC set per segment",
                 {}, -1, [](const RoutingOptions& o, const Topology& topo) { return make_drb(o, topo, false); }};
  const std::vector<std::string> both = {"drb", "prdrb"};
  e.keys = {
      {{"routing.drb_high", KeyType::kInt, "150", 101, 100000, {},
        "drb, prdrb: the high threshold, in percent of the MetaPath's zero-load latency (seed 004 §4.1.2.2 gives no value): an "
        "ACK that leaves L(MP) = 1 / sum(1 / L(MSP)) (Eq. 6; L a packet's latency, injection to tail, Eq. 2) above this "
        "share of the same sum over the paths' latencies on an empty network opens the next path (PR-DRB: or installs a "
        "saved solution). Relative, so that far and near pairs, and MetaPaths of one or more paths, compare alike."},
       nullptr, nullptr, both, "high"},
      {{"routing.drb_low", KeyType::kInt, "115", 100, 100000, {},
        "drb, prdrb: the low threshold, in percent of the MetaPath's zero-load latency: an ACK that leaves L(MP) below it "
        "closes the slowest path other than the original one (PR-DRB: after saving the MetaPath as the solution of the "
        "congestion it answered). Below routing.drb_high."},
       nullptr, nullptr, both, "low"},
      {{"routing.drb_paths", KeyType::kInt, "4", 1, 8, {},
        "drb, prdrb: the most paths (MSPs) of one source-destination MetaPath, the original (minimal) path included."},
       nullptr, nullptr, both, "paths"},
      {{"routing.drb_supernode", KeyType::kInt, "1", 0, 8, {},
        "drb, prdrb: the supernodes' radius in hops (seed 004 §3.5.1.1; the thesis gives no size): IN1 is a router within "
        "it of the source's, IN2 one within it of the destination's; 0 = the original path only."},
       nullptr, nullptr, both, "supernode"},
      {{"routing.drb_acks", KeyType::kString, "network", 0, 0, {"network", "free"},
        "drb, prdrb: network = every delivered message sends a one-flit ACK back to its source, a real packet on the "
        "links (seed 004 §3.8); free = the ACK reaches the source after its zero-load latency without using any link "
        "(a comparison the thesis does not make)."},
       nullptr, nullptr, both, "ACKs"},
  };
  return e;
}

RoutingEntry prdrb_routing_entry() {
  RoutingEntry e{"prdrb", {"PR-DRB", 17},
                 "PR-DRB, seed 004 §4: DRB whose routers record in a message's header the flows it collided with at the first "
                 "router where it waited over routing.prdrb_record_wait; the ACK brings them to the source, which saves the "
                 "MetaPath that relieved that congestion and installs it at once when the same flows congest again",
                 {}, -1, [](const RoutingOptions& o, const Topology& topo) { return make_drb(o, topo, true); }};
  e.keys = {
      {{"routing.prdrb_record_wait", KeyType::kInt, "16", 0, 1000000, {},
        "prdrb: a router where a message waits more than this many cycles writes the flows contending with it into its "
        "header, once per message (seed 004 Table 2; the thesis gives no value)."},
       nullptr, nullptr, {"prdrb"}, "record wait"},
      {{"routing.prdrb_flows", KeyType::kInt, "2", 1, 4, {},
        "prdrb: the most contending flows (source, destination) a header holds (the thesis does not say)."},
       nullptr, nullptr, {"prdrb"}, "flows"},
      {{"routing.prdrb_solutions", KeyType::kInt, "16", 1, 4096, {},
        "prdrb: the solutions each source's database holds (seed 004 §4.1.1; no size given); a new one replaces another "
        "by routing.prdrb_replacement."},
       nullptr, nullptr, {"prdrb"}, "solutions"},
      {{"routing.prdrb_replacement", KeyType::kString, "lru", 0, 0, {"lru", "fifo"},
        "prdrb: which saved solution a new one replaces in a full database (the thesis gives no policy): lru = the least "
        "recently used (saved, upgraded or installed), fifo = the first saved."},
       nullptr, nullptr, {"prdrb"}, "replacement"},
  };
  return e;
}

}  // namespace hiradix
