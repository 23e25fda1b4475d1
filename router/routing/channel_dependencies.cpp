#include "router/routing/channel_dependencies.h"

#include <algorithm>
#include <chrono>
#include <stdexcept>

#include "router/routing/min_routing.h"
#include "router/routing/valiant_routing.h"

namespace hiradix {

// ---------------------------------------------------------------------------------------------------------
// The graph

ChannelGraph::ChannelGraph(const Topology& topo, std::vector<int> vcs) : topo_(topo), vcs_(std::move(vcs)) {
  if (vcs_.size() != topo.link_classes().size())
    throw std::invalid_argument("channel graph: " + std::to_string(vcs_.size()) + " VC counts for " +
                                std::to_string(topo.link_classes().size()) + " link classes");
  radix_ = topo.max_radix();
  vcs_max_ = std::max(1, *std::max_element(vcs_.begin(), vcs_.end()));
  words_ = (radix_ * vcs_max_ + 63) / 64;
  channels_ = static_cast<long>(topo.routers()) * radix_ * vcs_max_;
  peer_router_.assign(static_cast<std::size_t>(topo.routers()) * radix_, -1);
  peer_port_.assign(peer_router_.size(), -1);
  for (int r = 0; r < topo.routers(); ++r)
    for (int p = 0; p < topo.radix(r); ++p)
      if (topo.port_class(r, p) != 0) {
        const PortEnd e = topo.peer(r, p);
        peer_router_[static_cast<std::size_t>(r) * radix_ + p] = e.router;
        peer_port_[static_cast<std::size_t>(r) * radix_ + p] = e.port;
      }
  bits_.assign(static_cast<std::size_t>(channels_) * words_, 0);
}

Channel ChannelGraph::channel(long id) const {
  return {static_cast<int>(id / vcs_max_ / radix_), static_cast<int>((id / vcs_max_) % radix_), static_cast<int>(id % vcs_max_)};
}

void ChannelGraph::add(long from, int port, int vc) {
  const int bit = port * vcs_max_ + vc;
  bits_[static_cast<std::size_t>(from) * words_ + static_cast<std::size_t>(bit / 64)] |= std::uint64_t{1} << (bit % 64);
}

void ChannelGraph::add_set(long from, const std::uint64_t* set) {
  std::uint64_t* w = &bits_[static_cast<std::size_t>(from) * words_];
  for (int i = 0; i < words_; ++i) w[i] |= set[i];
}

bool ChannelGraph::has(long from, long to) const {
  const long base = successor(from, 0);
  if (to < base || to >= base + static_cast<long>(radix_) * vcs_max_) return false;
  const long bit = to - base;
  return bits_[static_cast<std::size_t>(from) * words_ + static_cast<std::size_t>(bit / 64)] >> (bit % 64) & 1;
}

int ChannelGraph::arrival_slot(long id) const {
  return peer_port_[static_cast<std::size_t>(id / vcs_max_)] * vcs_max_ + static_cast<int>(id % vcs_max_);
}

long ChannelGraph::arriving(int router, int slot) const {
  const std::size_t i = static_cast<std::size_t>(router) * radix_ + static_cast<std::size_t>(slot / vcs_max_);
  return id(peer_router_[i], peer_port_[i], slot % vcs_max_);
}

std::size_t ChannelGraph::edges() const {
  std::size_t n = 0;
  for (const std::uint64_t w : bits_) n += static_cast<std::size_t>(__builtin_popcountll(w));
  return n;
}

std::size_t ChannelGraph::channels_with_edges() const {
  std::size_t n = 0;
  for (long c = 0; c < channels_; ++c)
    for (int i = 0; i < words_; ++i)
      if (bits_[static_cast<std::size_t>(c) * words_ + i]) {
        ++n;
        break;
      }
  return n;
}

bool ChannelGraph::contains(const ChannelGraph& other) const {
  if (other.bits_.size() != bits_.size()) return false;
  for (std::size_t i = 0; i < bits_.size(); ++i)
    if (other.bits_[i] & ~bits_[i]) return false;
  return true;
}

std::string ChannelGraph::name(long id) const {
  const Channel c = channel(id);
  const int cls = topo_.port_class(c.router, c.port);
  return "R" + std::to_string(c.router) + " p" + std::to_string(c.port) + " " +
         topo_.link_classes()[static_cast<std::size_t>(cls)] + " VC" + std::to_string(c.vc);
}

std::string ChannelGraph::describe(const std::vector<long>& cycle) const {
  std::string s;
  for (const long c : cycle) s += name(c) + " -> ";
  return cycle.empty() ? s : s + name(cycle.front());
}

std::vector<long> ChannelGraph::find_cycle() const {
  // Iterative depth-first search; colour 0 unvisited, 1 on the stack, 2 done.
  std::vector<std::uint8_t> colour(static_cast<std::size_t>(channels_), 0);
  struct Frame {
    long node;
    int word;
    std::uint64_t rest;  // successors of `word` not yet followed
  };
  std::vector<Frame> stack;
  std::vector<long> first;  // the first cycle met
  for (long start = 0; start < channels_ && first.empty(); ++start) {
    if (colour[static_cast<std::size_t>(start)]) continue;
    colour[static_cast<std::size_t>(start)] = 1;
    stack.push_back({start, 0, bits_[static_cast<std::size_t>(start) * words_]});
    while (!stack.empty() && first.empty()) {
      Frame& f = stack.back();
      if (!f.rest) {
        if (++f.word < words_) {
          f.rest = bits_[static_cast<std::size_t>(f.node) * words_ + static_cast<std::size_t>(f.word)];
          continue;
        }
        colour[static_cast<std::size_t>(f.node)] = 2;
        stack.pop_back();
        continue;
      }
      const int bit = f.word * 64 + __builtin_ctzll(f.rest);
      f.rest &= f.rest - 1;
      const long next = successor(f.node, bit);
      const std::uint8_t c = colour[static_cast<std::size_t>(next)];
      if (c == 1) {
        auto it = std::find_if(stack.begin(), stack.end(), [&](const Frame& g) { return g.node == next; });
        for (; it != stack.end(); ++it) first.push_back(it->node);
      } else if (c == 0) {
        colour[static_cast<std::size_t>(next)] = 1;
        stack.push_back({next, 0, bits_[static_cast<std::size_t>(next) * words_]});
      }
    }
    stack.clear();
  }
  if (first.empty()) return first;

  // A shortest cycle through each of (at most 32 of) the channels of that one, by breadth-first search.
  std::vector<long> best = first;
  std::vector<long> parent(static_cast<std::size_t>(channels_), -1);
  std::vector<long> touched, queue;
  for (std::size_t k = 0; k < first.size() && k < 32; ++k) {
    const long root = first[k];
    for (const long t : touched) parent[static_cast<std::size_t>(t)] = -1;
    touched.clear();
    queue.assign(1, root);
    long closing = -1;  // the channel whose edge leads back to root
    for (std::size_t head = 0; head < queue.size() && closing < 0; ++head) {
      const long u = queue[head];
      for (int w = 0; w < words_ && closing < 0; ++w)
        for (std::uint64_t rest = bits_[static_cast<std::size_t>(u) * words_ + static_cast<std::size_t>(w)]; rest; rest &= rest - 1) {
          const long v = successor(u, w * 64 + __builtin_ctzll(rest));
          if (v == root) {
            closing = u;
            break;
          }
          if (parent[static_cast<std::size_t>(v)] >= 0) continue;
          parent[static_cast<std::size_t>(v)] = u;
          touched.push_back(v);
          queue.push_back(v);
        }
    }
    if (closing < 0) continue;  // cannot happen: root lies on a cycle
    std::vector<long> cycle;
    for (long v = closing; v != root; v = parent[static_cast<std::size_t>(v)]) cycle.push_back(v);
    cycle.push_back(root);
    std::reverse(cycle.begin(), cycle.end());
    if (cycle.size() < best.size()) best = cycle;
  }
  std::rotate(best.begin(), std::min_element(best.begin(), best.end()), best.end());
  return best;
}

// ---------------------------------------------------------------------------------------------------------
// The enumeration

namespace {

constexpr int kMaxPorts = 64;
constexpr int kMaxWalk = 64;  // hops; a longer walk is a routing loop

// The router state route() is given: nothing contended, every VC ready, empty and unloaded. The decisions
// this reads are the ones enumerated separately (Valiant's draws) or not needed (the minimal hop of an
// in-transit routing, reported whatever its trigger decides).
struct NeutralState {
  std::int32_t contention[kMaxPorts] = {};
  std::uint16_t port_load[kMaxPorts] = {};
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
    ctx.in_vc = in_vc;
    ctx.port_ready = ready;
    ctx.ectn_comb = combined;
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

  void valiant_paths(const ValiantRouting& v, CdgMethod method) {
    const int routers = topo_.routers();
    const auto unique_roots = [](const std::vector<std::pair<int, std::uint64_t>>& draws) {
      std::vector<int> rs;
      for (const auto& draw : draws) rs.push_back(draw.first);
      std::sort(rs.begin(), rs.end());
      rs.erase(std::unique(rs.begin(), rs.end()), rs.end());
      return rs;
    };
    // R_ROOTs per source: for a destination in another group, and (RVLB's restriction, seed-000 §3.3) for
    // one in the source's group, which draws among the group's routers.
    const bool restricted = v.restricted();
    std::vector<std::vector<int>> roots(static_cast<std::size_t>(routers)), group_roots(roots.size());
    for (int s = 0; s < routers; ++s) {
      roots[static_cast<std::size_t>(s)] = unique_roots(v.intermediate_draws(s));
      if (restricted) group_roots[static_cast<std::size_t>(s)] = unique_roots(v.intermediate_draws(s, s));
    }
    const auto roots_of = [&](int s, int d) -> const std::vector<int>& {
      return (v.draws_in_group(s, d) ? group_roots : roots)[static_cast<std::size_t>(s)];
    };
    // Valiant, RVLB and ACOR take the minimal path only on a degenerate draw; UGAL and what builds on it
    // (PB, RPB) may prefer it.
    const bool adaptive = dynamic_cast<const UgalRouting*>(&v) != nullptr;
    const auto minimal_walk = [&](int s, int d) {
      Packet pkt;
      pkt.dst = static_cast<std::uint32_t>(terminal(d));
      pkt.route.phase = 1;
      walk_follow(v, pkt, s, -1, -1);
    };
    const auto valiant_start = [&](int root, int d) {
      Packet pkt;
      pkt.dst = static_cast<std::uint32_t>(terminal(d));
      pkt.route.intermediate = static_cast<std::uint32_t>(root);
      pkt.route.phase = 0;
      return pkt;
    };
    // Minimal paths: every pair for an adaptive routing, else the degenerate draws.
    for (int s = 0; s < routers; ++s) {
      if (!base(s)) continue;
      for (int d = 0; d < routers; ++d) {
        if (d == s) continue;
        const std::vector<int>& rs = roots_of(s, d);
        if (adaptive || std::binary_search(rs.begin(), rs.end(), s) || std::binary_search(rs.begin(), rs.end(), d))
          minimal_walk(s, d);
      }
    }
    if (method == CdgMethod::kFull) {  // every Valiant path whole
      for (int s = 0; s < routers; ++s)
        for (int d = 0; d < routers; ++d)
          for (const int root : roots_of(s, d)) {
            if (root == s || root == d) continue;  // degenerate: minimal, above
            Packet pkt = valiant_start(root, d);
            walk_follow(v, pkt, s, -1, -1);
          }
      return;
    }
    // RVLB's intra-group paths (source, R_ROOT and destination in one group), whole: a^3 per group.
    if (restricted)
      for (int s = 0; s < routers; ++s) {
        if (!base(s)) continue;
        const int domain = topo_.domain_of(s);
        for (int i = 0; i < topo_.domain_size(); ++i) {
          const int d = topo_.router_in_domain(domain, i);
          for (const int root : group_roots[static_cast<std::size_t>(s)]) {
            if (root == s || root == d) continue;
            Packet pkt = valiant_start(root, d);
            walk_follow(v, pkt, s, -1, -1);
          }
        }
      }
    // Phase A, source -> R_ROOT: its hops, and the channel and route state it reaches R_ROOT with (the
    // arriving channels as bits over R_ROOT's input slots, input port * VCs + VC). With the restriction, the
    // arrivals also keep the source's group, whose destinations their phase B may not reach (those draw in
    // the group), and phase A is walked towards a destination outside that group (the draw's premise).
    struct Arrivals {
      std::uint64_t key;
      int source_domain;  // -1: any destination
      RouteState state;
      std::vector<std::uint64_t> in;
    };
    std::vector<std::vector<Arrivals>> arrivals(static_cast<std::size_t>(routers));
    for (int s = 0; s < routers; ++s)
      for (const int root : roots[static_cast<std::size_t>(s)]) {
        if (root == s || !base(root)) continue;
        const int source_domain = restricted ? topo_.domain_of(s) : -1;
        // Without the restriction the destination is not read before R_ROOT.
        const int towards = restricted ? topo_.router_in_domain((source_domain + 1) % topo_.domains(), 0) : root;
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
    // Phase B, R_ROOT -> destination, per R_ROOT and arrival state: its hops, and its first hops out of R_ROOT
    // towards every destination, kept per destination domain when restricted; every arriving channel
    // depends on every one of those first hops (towards a destination outside its source's domain).
    const int domains = restricted ? topo_.domains() : 1, words = g_.words();
    std::vector<std::uint64_t> first_hops(static_cast<std::size_t>(domains) * words), allowed(static_cast<std::size_t>(words));
    std::vector<std::uint64_t> prefix(static_cast<std::size_t>(domains + 1) * words), suffix(prefix.size());
    for (int root = 0; root < routers; ++root) {
      std::vector<Arrivals>& as = arrivals[static_cast<std::size_t>(root)];
      std::sort(as.begin(), as.end(), [](const Arrivals& x, const Arrivals& y) {
        return x.key != y.key ? x.key < y.key : x.source_domain < y.source_domain;
      });
      for (std::size_t i = 0; i < as.size(); ++i) {
        // Arrivals with the same state (they differ in the source's domain) share their phase B.
        if (i > 0 && as[i].key == as[i - 1].key) continue;
        // A destination in the one source domain all these arrivals come from is on none of their paths
        // (not even its hops after the first).
        int only = as[i].source_domain;
        for (std::size_t j = i; j < as.size() && as[j].key == as[i].key; ++j)
          if (as[j].source_domain != only) only = -1;
        std::fill(first_hops.begin(), first_hops.end(), 0);
        for (int d = 0; d < routers; ++d) {
          if (d == root || (only >= 0 && topo_.domain_of(d) == only)) continue;
          Packet pkt;
          pkt.dst = static_cast<std::uint32_t>(terminal(d));
          pkt.route = as[i].state;
          long first = -1;
          walk_follow(v, pkt, root, -1, -1, &first);
          if (first < 0) continue;
          const int bit = g_.slot_of(first);
          first_hops[static_cast<std::size_t>(restricted ? topo_.domain_of(d) : 0) * words + static_cast<std::size_t>(bit / 64)] |=
              std::uint64_t{1} << (bit % 64);
        }
        // prefix[k] = domains < k, suffix[k] = domains >= k: the first hops towards all domains but one.
        for (int k = 0; k < domains; ++k)
          for (int w = 0; w < words; ++w) {
            prefix[static_cast<std::size_t>(k + 1) * words + w] = prefix[static_cast<std::size_t>(k) * words + w] |
                                                                  first_hops[static_cast<std::size_t>(k) * words + w];
            suffix[static_cast<std::size_t>(domains - 1 - k) * words + w] =
                suffix[static_cast<std::size_t>(domains - k) * words + w] |
                first_hops[static_cast<std::size_t>(domains - 1 - k) * words + w];
          }
        for (std::size_t j = i; j < as.size() && as[j].key == as[i].key; ++j) {
          const int x = as[j].source_domain;
          for (int w = 0; w < words; ++w)
            allowed[static_cast<std::size_t>(w)] =
                x < 0 ? prefix[static_cast<std::size_t>(domains) * words + w]
                      : prefix[static_cast<std::size_t>(x) * words + w] | suffix[static_cast<std::size_t>(x + 1) * words + w];
          for (int w = 0; w < words; ++w)
            for (std::uint64_t rest = as[j].in[static_cast<std::size_t>(w)]; rest; rest &= rest - 1)
              g_.add_set(g_.arriving(root, w * 64 + __builtin_ctzll(rest)), allowed.data());
        }
      }
    }
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

 private:
  const Topology& topo_;
  const RoutingAlgorithm& routing_;
  ChannelGraph& g_;
  int per_router_;
  bool symmetric_;
  NeutralState neutral_;
};

}  // namespace

bool rotation_symmetric(const Topology& t) {
  if (t.domains() < 2) return false;
  const auto turn = [&](int r) { return t.router_in_domain((t.domain_of(r) + 1) % t.domains(), t.index_in_domain(r)); };
  for (int r = 0; r < t.routers(); ++r) {
    const int r2 = turn(r);
    if (t.radix(r2) != t.radix(r)) return false;
    for (int p = 0; p < t.radix(r); ++p) {
      const int cls = t.port_class(r, p);
      if (t.port_class(r2, p) != cls) return false;
      if (cls == 0) continue;
      const PortEnd e = t.peer(r, p), e2 = t.peer(r2, p);
      if (e2.router != turn(e.router) || e2.port != e.port) return false;
    }
  }
  return true;
}

void ChannelGraph::close_under_rotation() {
  const int domains = topo_.domains(), size = topo_.domain_size();
  std::vector<std::uint64_t> orbit(static_cast<std::size_t>(words_));
  for (int i = 0; i < size; ++i)
    for (int p = 0; p < radix_; ++p)
      for (int vc = 0; vc < vcs_max_; ++vc) {
        std::fill(orbit.begin(), orbit.end(), 0);
        for (int d = 0; d < domains; ++d) {
          const std::uint64_t* w = &bits_[static_cast<std::size_t>(id(topo_.router_in_domain(d, i), p, vc)) * words_];
          for (int k = 0; k < words_; ++k) orbit[static_cast<std::size_t>(k)] |= w[k];
        }
        for (int d = 0; d < domains; ++d) add_set(id(topo_.router_in_domain(d, i), p, vc), orbit.data());
      }
}

ChannelGraph channel_dependencies(const Topology& topo, const RoutingAlgorithm& routing, const std::vector<int>& vcs,
                                  CdgMethod method) {
  ChannelGraph g(topo, vcs);
  Enumerator e(topo, routing, g, method == CdgMethod::kReduced);
  if (routing.reroutes_blocked_heads()) e.escape_graph();
  else if (const auto* v = dynamic_cast<const ValiantRouting*>(&routing)) e.valiant_paths(*v, method);
  else if (dynamic_cast<const MinRouting*>(&routing)) e.min_paths();
  else
    throw std::invalid_argument("routing " + routing.name() +
                                ": no channel-dependency enumeration (router/routing/channel_dependencies.cpp knows MIN, "
                                "the Valiant family and the in-transit routings)");
  e.finish();
  return g;
}

DeadlockAnalysis analyse_deadlock(const Topology& topo, const RoutingAlgorithm& routing, const std::vector<int>& vcs) {
  const auto t0 = std::chrono::steady_clock::now();
  DeadlockAnalysis a;
  a.graph = routing.reroutes_blocked_heads() ? "escape channels" : "paths";
  try {
    const ChannelGraph g = channel_dependencies(topo, routing, vcs);
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
