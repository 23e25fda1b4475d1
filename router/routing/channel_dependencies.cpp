#include "router/routing/channel_dependencies.h"

#include <algorithm>
#include <chrono>
#include <stdexcept>

#include "router/routing/valiant_routing.h"
#include "router/routing/in_transit_routing.h"

namespace hiradix {

// The enumeration of a routing's channel dependencies (the graph itself: channel_graph.cpp).

namespace {

constexpr int kMaxPorts = 64;
constexpr int kMaxWalk = 64;  // hops; a longer walk is a routing loop

// The router state route() is given: nothing contended, every VC ready, empty and unloaded. The decisions
// this reads are the ones enumerated separately (Valiant's draws) or not needed (the minimal hop of an
// in-transit routing, reported whatever its trigger decides).
struct NeutralState {
  std::int32_t contention[kMaxPorts] = {};
  std::uint16_t port_load[kMaxPorts] = {};
  std::uint16_t vc_load[kMaxPorts * kStateVcs] = {};
  std::uint32_t ready[kMaxPorts];
  std::uint8_t occupancy[kMaxPorts * kStateVcs] = {};
  std::uint8_t combined[kMaxPorts] = {};
  std::uint16_t group_load[kMaxPorts * 64] = {};
  NeutralState() { std::fill(std::begin(ready), std::end(ready), ~0u); }
  RoutingContext context(int router, int in_port, int in_vc) const {
    RoutingContext ctx;
    ctx.router = router;
    ctx.in_port = in_port;
    ctx.contention = contention;
    ctx.port_load = port_load;
    ctx.vc_load = vc_load;
    ctx.in_vc = in_vc;
    ctx.port_ready = ready;
    ectn_comb(ctx) = combined;
    ctx.group_load = group_load;
    ctx.occupancy = occupancy;
    return ctx;
  }
};

// The route state a packet reaches R_ROOT with, as a key (the enumeration joins arrivals by it).
static_assert(sizeof(RouteState) == 16 && kMaxLinkClasses == 4, "RouteState changed: update state_key() of the deadlock check");
std::uint64_t state_key(const RouteState& s) {
  std::uint64_t hops = 0;
  for (int c = 0; c < kMaxLinkClasses; ++c) hops |= std::uint64_t{s.hops[c] & 0xfu} << 4 * c;  // at most 15 hops
  return std::uint64_t{s.phase & 1u} | std::uint64_t{s.path_bits & 7u} << 1 | std::uint64_t{s.misrouted} << 4 |
         std::uint64_t{s.phase_classes & 0xfu} << 5 | std::uint64_t{s.flags} << 9 | hops << 17 |
         static_cast<std::uint64_t>(s.intermediate) << 33;  // 31 bits left: at most 2^21 routers (radix 64)
}

// The R_ROOTs Valiant may draw per source, sorted: for a destination in another group (`all`), and (RVLB's
// restriction, seed-000 §3.3) for one in the source's group, which draws among the group's routers.
struct ValiantRoots {
  ValiantRoots(const ValiantRouting& v, int routers) : v_(v), all(static_cast<std::size_t>(routers)), in_group(all.size()) {
    for (int s = 0; s < routers; ++s) {
      all[static_cast<std::size_t>(s)] = unique(v.intermediate_draws(s));
      if (v.restricted()) in_group[static_cast<std::size_t>(s)] = unique(v.intermediate_draws(s, s));
    }
  }
  const std::vector<int>& of(int s, int d) const { return (v_.draws_in_group(s, d) ? in_group : all)[static_cast<std::size_t>(s)]; }
  static std::vector<int> unique(const std::vector<std::pair<int, std::uint64_t>>& draws) {
    std::vector<int> rs;
    for (const auto& draw : draws) rs.push_back(draw.first);
    std::sort(rs.begin(), rs.end());
    rs.erase(std::unique(rs.begin(), rs.end()), rs.end());
    return rs;
  }
  const ValiantRouting& v_;
  std::vector<std::vector<int>> all, in_group;
};

// How packets reach an R_ROOT at the end of phase A: their route state, the source's domain when the
// restriction applies (its destinations draw in the group, so phase B never takes them there; -1: any
// destination), and the arriving channels as bits over R_ROOT's input slots (input port * VCs + VC).
struct Arrivals {
  std::uint64_t key;
  int source_domain;
  RouteState state;
  std::vector<std::uint64_t> in;
};

// Sets of first hops (bits over a router's output slots) per destination domain, and for each domain the
// union of all the others' (prefix / suffix unions, so that each is built once).
class DomainHopSets {
 public:
  DomainHopSets(int domains, int words)
      : domains_(domains), words_(words), by_domain_(static_cast<std::size_t>(domains) * words),
        prefix_(static_cast<std::size_t>(domains + 1) * words), suffix_(prefix_.size()), all_but_(static_cast<std::size_t>(words)) {}
  int domains() const { return domains_; }
  void clear() { std::fill(by_domain_.begin(), by_domain_.end(), 0); }
  void add(int domain, int bit) { by_domain_[at(domain, bit / 64)] |= std::uint64_t{1} << (bit % 64); }
  // prefix[k] = domains < k, suffix[k] = domains >= k.
  void close() {
    for (int k = 0; k < domains_; ++k)
      for (int w = 0; w < words_; ++w) {
        prefix_[at(k + 1, w)] = prefix_[at(k, w)] | by_domain_[at(k, w)];
        suffix_[at(domains_ - 1 - k, w)] = suffix_[at(domains_ - k, w)] | by_domain_[at(domains_ - 1 - k, w)];
      }
  }
  // The first hops towards every domain but `x` (-1: towards every domain).
  const std::uint64_t* all_but(int x) {
    for (int w = 0; w < words_; ++w)
      all_but_[static_cast<std::size_t>(w)] = x < 0 ? prefix_[at(domains_, w)] : prefix_[at(x, w)] | suffix_[at(x + 1, w)];
    return all_but_.data();
  }

 private:
  std::size_t at(int domain, int word) const { return static_cast<std::size_t>(domain) * words_ + static_cast<std::size_t>(word); }
  int domains_, words_;
  std::vector<std::uint64_t> by_domain_, prefix_, suffix_, all_but_;
};

class Enumerator {
 public:
  Enumerator(const Topology& topo, const RoutingAlgorithm& routing, ChannelGraph& g, bool reduce)
      : topo_(topo), routing_(routing), g_(g), per_router_(topo.nodes_per_router()),
        symmetric_(reduce && rotation_symmetric(topo)) {
    if (topo.max_radix() > kMaxPorts) throw std::invalid_argument("deadlock check: radix above 64");
  }

  int terminal(int router) const { return router * per_router_; }
  int injection_port(int router) const { return topo_.nic_port(terminal(router), 0).port; }
  // Where walks start (sources, R_ROOTs, escape channels): domain 0 on a symmetric topology, else anywhere.
  bool base(int router) const { return !symmetric_ || topo_.domain_of(router) == 0; }
  void finish() {
    if (symmetric_) g_.close_under_rotation();
  }

  // The channel of a hop, after checking its VC is one its port has.
  long hop(int router, const RoutingDecision& d) const {
    const int cls = topo_.port_class(router, d.out_port);
    if (d.out_vc >= g_.vcs(cls))
      throw std::logic_error("routing " + routing_.name() + ": a hop at router " + std::to_string(router) + " takes VC " +
                             std::to_string(d.out_vc) + " of port " + std::to_string(d.out_port) + " (" +
                             topo_.link_classes()[static_cast<std::size_t>(cls)] + "), which has " +
                             std::to_string(g_.vcs(cls)) + " VCs");
    return g_.id(router, d.out_port, d.out_vc);
  }

  // Routes a packet from injection at router s to router d with route() at every hop.
  void walk_route(int s, int d, std::uint64_t random = 0) {
    Packet pkt;
    pkt.dst = static_cast<std::uint32_t>(terminal(d));
    int r = s, in = injection_port(s), in_vc = 0;
    long prev = -1;
    for (int step = 0;; ++step) {
      if (step > kMaxWalk) loop(s, d);
      RoutingContext ctx = neutral_.context(r, in, in_vc);
      ctx.random = random;
      const RoutingDecision dec = routing_.route(ctx, pkt);
      if (topo_.port_class(r, dec.out_port) == 0) return;
      const long c = hop(r, dec);
      if (prev >= 0) g_.add(prev, dec.out_port, dec.out_vc);
      prev = c;
      const PortEnd e = g_.peer(r, dec.out_port);
      r = e.router;
      in = e.port;
      in_vc = dec.out_vc;
    }
  }

  // Walks pkt (its path chosen) from router r with ValiantRouting::follow(), the hops after `prev` (-1: none),
  // until it is ejected or, with stop_at >= 0, reaches router stop_at. Returns the last channel taken;
  // `first` gets the first one.
  long walk_follow(const ValiantRouting& v, Packet& pkt, int r, long prev, int stop_at, long* first = nullptr) {
    for (int step = 0;; ++step) {
      if (r == stop_at) return prev;
      if (step > kMaxWalk) loop(r, static_cast<int>(pkt.dst));
      const RoutingDecision dec = v.follow(r, pkt);
      if (topo_.port_class(r, dec.out_port) == 0) return prev;
      const long c = hop(r, dec);
      if (prev >= 0) g_.add(prev, dec.out_port, dec.out_vc);
      else if (first) *first = c;
      prev = c;
      r = g_.peer(r, dec.out_port).router;
    }
  }

  [[noreturn]] void loop(int from, int to) const {
    throw std::logic_error("routing " + routing_.name() + ": a path from router " + std::to_string(from) + " towards " +
                           std::to_string(to) + " does not end within " + std::to_string(kMaxWalk) + " hops");
  }

  void min_paths() {
    for (int s = 0; s < topo_.routers(); ++s)
      if (base(s))
        for (int d = 0; d < topo_.routers(); ++d)
          if (d != s) walk_route(s, d);
  }

  // The Valiant family (Valiant, RVLB, ACOR, UGAL, PB and what builds on them): the minimal paths it may take,
  // then its Valiant paths, whole (kFull) or as phase A to R_ROOT joined with phase B from it (kReduced).
  void valiant_paths(const ValiantRouting& v, CdgMethod method) {
    const ValiantRoots roots(v, topo_.routers());
    valiant_minimal_paths(v, roots);
    if (method == CdgMethod::kFull) {
      valiant_whole_paths(v, roots);
      return;
    }
    if (v.restricted()) rvlb_group_paths(v, roots);
    std::vector<std::vector<Arrivals>> arrivals = phase_a(v, roots);
    for (int root = 0; root < topo_.routers(); ++root) phase_b(v, root, arrivals[static_cast<std::size_t>(root)]);
  }

  // The escape graph of an in-transit routing (see channel_dependencies in the header).
  void escape_graph() {
    const int routers = topo_.routers();
    // Per router: each output port that is minimal towards some router, once for a target in its own
    // domain and once for one outside, with such a target.
    std::vector<std::vector<std::pair<int, int>>> targets(static_cast<std::size_t>(routers));
    int ports[kMaxPorts];
    for (int y = 0; y < routers; ++y) {
      std::vector<std::pair<int, int>>& ts = targets[static_cast<std::size_t>(y)];
      std::vector<std::uint8_t> seen(static_cast<std::size_t>(2 * kMaxPorts), 0);
      for (int t = 0; t < routers; ++t) {
        const int n = topo_.min_ports(y, t, ports);
        const int outside = topo_.domain_of(t) != topo_.domain_of(y);
        for (int i = 0; i < n; ++i) {
          std::uint8_t& s = seen[static_cast<std::size_t>(2 * ports[i] + outside)];
          if (!s) ts.emplace_back(ports[i], t);
          s = 1;
        }
      }
    }
    for (int x = 0; x < routers; ++x) {
      if (!base(x)) continue;
      for (int p = 0; p < topo_.radix(x); ++p) {
        const int cls = topo_.port_class(x, p);
        if (cls == 0) continue;
        const PortEnd e = g_.peer(x, p);
        for (int vc = 0; vc < g_.vcs(cls); ++vc) {
          const long c = g_.id(x, p, vc);
          for (const auto& [port, target] : targets[static_cast<std::size_t>(e.router)]) {
            Packet pkt;
            pkt.dst = static_cast<std::uint32_t>(terminal(target));
            const RoutingDecision dec = routing_.route(neutral_.context(e.router, e.port, vc), pkt);
            const int min_cls = topo_.port_class(e.router, dec.min_port);
            if (min_cls == 0 || dec.min_vc >= g_.vcs(min_cls)) continue;  // not a channel
            g_.add(c, dec.min_port, dec.min_vc);
          }
        }
      }
    }
  }

  // Minimal paths: every pair for an adaptive routing, else the degenerate draws. Valiant, RVLB and ACOR take
  // the minimal path only on a degenerate draw; UGAL and what builds on it (PB, RPB) may prefer it.
  void valiant_minimal_paths(const ValiantRouting& v, const ValiantRoots& roots) {
    const bool adaptive = dynamic_cast<const UgalRouting*>(&v) != nullptr;
    for (int s = 0; s < topo_.routers(); ++s) {
      if (!base(s)) continue;
      for (int d = 0; d < topo_.routers(); ++d) {
        if (d == s) continue;
        const std::vector<int>& rs = roots.of(s, d);
        if (adaptive || std::binary_search(rs.begin(), rs.end(), s) || std::binary_search(rs.begin(), rs.end(), d)) {
          Packet pkt;
          pkt.dst = static_cast<std::uint32_t>(terminal(d));
          pkt.route.phase = 1;
          walk_follow(v, pkt, s, -1, -1);
        }
      }
    }
  }

  Packet valiant_start(int root, int d) const {
    Packet pkt;
    pkt.dst = static_cast<std::uint32_t>(terminal(d));
    pkt.route.intermediate = static_cast<std::uint32_t>(root);
    pkt.route.phase = 0;
    return pkt;
  }

  // Every Valiant path whole (kFull).
  void valiant_whole_paths(const ValiantRouting& v, const ValiantRoots& roots) {
    for (int s = 0; s < topo_.routers(); ++s)
      for (int d = 0; d < topo_.routers(); ++d)
        for (const int root : roots.of(s, d)) {
          if (root == s || root == d) continue;  // degenerate: minimal
          Packet pkt = valiant_start(root, d);
          walk_follow(v, pkt, s, -1, -1);
        }
  }

  // RVLB's intra-group paths (source, R_ROOT and destination in one group), whole: a^3 per group.
  void rvlb_group_paths(const ValiantRouting& v, const ValiantRoots& roots) {
    for (int s = 0; s < topo_.routers(); ++s) {
      if (!base(s)) continue;
      const int domain = topo_.domain_of(s);
      for (int i = 0; i < topo_.domain_size(); ++i) {
        const int d = topo_.router_in_domain(domain, i);
        for (const int root : roots.in_group[static_cast<std::size_t>(s)]) {
          if (root == s || root == d) continue;
          Packet pkt = valiant_start(root, d);
          walk_follow(v, pkt, s, -1, -1);
        }
      }
    }
  }

  // Phase A, source -> R_ROOT: its hops, and per R_ROOT the arrivals (see Arrivals). With the restriction,
  // phase A is walked towards a destination outside the source's group (the draw's premise).
  std::vector<std::vector<Arrivals>> phase_a(const ValiantRouting& v, const ValiantRoots& roots) {
    std::vector<std::vector<Arrivals>> arrivals(static_cast<std::size_t>(topo_.routers()));
    for (int s = 0; s < topo_.routers(); ++s)
      for (const int root : roots.all[static_cast<std::size_t>(s)]) {
        if (root == s || !base(root)) continue;
        const int source_domain = v.restricted() ? topo_.domain_of(s) : -1;
        // Without the restriction the destination is not read before R_ROOT.
        const int towards = v.restricted() ? topo_.router_in_domain((source_domain + 1) % topo_.domains(), 0) : root;
        Packet pkt = valiant_start(root, towards);
        const long last = walk_follow(v, pkt, s, -1, root);
        const std::uint64_t key = state_key(pkt.route);
        std::vector<Arrivals>& as = arrivals[static_cast<std::size_t>(root)];
        auto it = std::find_if(as.begin(), as.end(),
                               [&](const Arrivals& x) { return x.key == key && x.source_domain == source_domain; });
        if (it == as.end())
          it = as.insert(as.end(), {key, source_domain, pkt.route, std::vector<std::uint64_t>(static_cast<std::size_t>(g_.words()), 0)});
        const int slot = g_.arrival_slot(last);
        it->in[static_cast<std::size_t>(slot / 64)] |= std::uint64_t{1} << (slot % 64);
      }
    return arrivals;
  }

  // Phase B, R_ROOT -> destination, per arrival state at `root`: its hops, and its first hops out of R_ROOT
  // towards every destination, kept per destination domain when restricted; every arriving channel
  // depends on every one of those first hops (towards a destination outside its source's domain).
  void phase_b(const ValiantRouting& v, int root, std::vector<Arrivals>& as) {
    std::sort(as.begin(), as.end(), [](const Arrivals& x, const Arrivals& y) {
      return x.key != y.key ? x.key < y.key : x.source_domain < y.source_domain;
    });
    const int domains = v.restricted() ? topo_.domains() : 1;
    DomainHopSets sets(domains, g_.words());
    for (std::size_t i = 0; i < as.size();) {
      // Arrivals with the same state (they differ in the source's domain) share their phase B.
      std::size_t end = i;
      int only = as[i].source_domain;  // the one source domain of them all, or -1
      for (; end < as.size() && as[end].key == as[i].key; ++end)
        if (as[end].source_domain != only) only = -1;
      phase_b_first_hops(v, root, as[i].state, only, sets);
      for (std::size_t j = i; j < end; ++j) {
        const std::uint64_t* allowed = sets.all_but(as[j].source_domain);
        for (int w = 0; w < g_.words(); ++w)
          for (std::uint64_t rest = as[j].in[static_cast<std::size_t>(w)]; rest; rest &= rest - 1)
            g_.add_set(g_.arriving(root, w * 64 + __builtin_ctzll(rest)), allowed);
      }
      i = end;
    }
  }

  // The first hops of phase B from `root` with `state` towards every destination (none in domain `only`,
  // whose destinations are on none of these paths: not even their hops after the first), by domain.
  void phase_b_first_hops(const ValiantRouting& v, int root, const RouteState& state, int only, DomainHopSets& sets) {
    sets.clear();
    for (int d = 0; d < topo_.routers(); ++d) {
      if (d == root || (only >= 0 && topo_.domain_of(d) == only)) continue;
      Packet pkt;
      pkt.dst = static_cast<std::uint32_t>(terminal(d));
      pkt.route = state;
      long first = -1;
      walk_follow(v, pkt, root, -1, -1, &first);
      if (first >= 0) sets.add(sets.domains() > 1 ? topo_.domain_of(d) : 0, g_.slot_of(first));
    }
    sets.close();
  }

 private:
  const Topology& topo_;
  const RoutingAlgorithm& routing_;
  ChannelGraph& g_;
  int per_router_;
  bool symmetric_;
  NeutralState neutral_;
};

}  // namespace

void enumerate_route_paths(const RoutingAlgorithm& routing, ChannelGraph& g, CdgMethod method) {
  Enumerator e(g.topology(), routing, g, method == CdgMethod::kReduced);
  e.min_paths();
  e.finish();
}

void enumerate_route_pairs(const RoutingAlgorithm& routing, ChannelGraph& g,
                           const std::function<void(const std::function<void(int, int)>&)>& pairs) {
  Enumerator e(g.topology(), routing, g, false);
  pairs([&e](int s, int d) {
    if (s != d) e.walk_route(s, d);
  });
}

void enumerate_valiant_paths(const ValiantRouting& routing, ChannelGraph& g, CdgMethod method) {
  Enumerator e(g.topology(), routing, g, method == CdgMethod::kReduced);
  e.valiant_paths(routing, method);
  e.finish();
}

void enumerate_escape_channels(const RoutingAlgorithm& routing, ChannelGraph& g, CdgMethod method) {
  Enumerator e(g.topology(), routing, g, method == CdgMethod::kReduced);
  e.escape_graph();
  e.finish();
}

ChannelGraph channel_dependencies(const Topology& topo, const RoutingAlgorithm& routing, const std::vector<int>& vcs,
                                  CdgMethod method, int vns) {
  if (vns > 1) {
    std::vector<int> per_vn = vcs;
    for (int& n : per_vn) n /= vns;
    ChannelGraph g(topo, vcs);
    g.add_vn_copies(channel_dependencies(topo, routing, per_vn, method), vns);
    return g;
  }
  ChannelGraph g(topo, vcs);
  if (topo.max_radix() > kMaxPorts) throw std::invalid_argument("deadlock check: radix above 64");
  if (!routing.enumerate_dependencies(g, method))
    throw std::invalid_argument("routing " + routing.name() +
                                ": no channel-dependency enumeration (RoutingAlgorithm::enumerate_dependencies)");
  return g;
}

DeadlockAnalysis analyse_deadlock(const Topology& topo, const RoutingAlgorithm& routing, const std::vector<int>& vcs,
                                  int vns) {
  const auto t0 = std::chrono::steady_clock::now();
  DeadlockAnalysis a;
  a.graph = routing.reroutes_blocked_heads() ? "escape channels" : "paths";
  try {
    const ChannelGraph g = channel_dependencies(topo, routing, vcs, CdgMethod::kReduced, vns);
    const std::vector<long> cycle = g.find_cycle();
    a.verdict = cycle.empty() ? DeadlockAnalysis::Verdict::kAcyclic : DeadlockAnalysis::Verdict::kCyclic;
    a.cycle = g.describe(cycle);
    a.channels = g.channels_with_edges();
    a.edges = g.edges();
  } catch (const std::invalid_argument& e) {
    a.verdict = DeadlockAnalysis::Verdict::kUnchecked;
    a.reason = e.what();
  }
  a.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  return a;
}

}  // namespace hiradix
