#include "testbench/traffic.h"

#include <algorithm>
#include <stdexcept>

#include "config/permutation_patterns.h"

namespace hiradix {

PermutationTables::PermutationTables(const TrafficSchedule& schedule, const Topology& topo, std::uint64_t seed) {
  auto add = [&](const TrafficPhase& phase) {
    for (const PatternComponent& c : phase.components) {
      if (!is_permutation(c.kind)) continue;
      std::vector<int>& t = tables_[static_cast<std::size_t>(permutation_index(c.kind))];
      if (t.empty()) t = permutation_table(c.kind, topo, seed);
    }
  };
  add(schedule.initial);
  if (schedule.has_change) add(schedule.after);
  for (const TrafficPhase& b : schedule.bursts) add(b);
  if (schedule.uses(PatternKind::kHotspot)) {
    hot_ = schedule.hotspot_nodes;
    std::sort(hot_.begin(), hot_.end());
    for (int n = 0; n < topo.nodes(); ++n)
      if (!std::binary_search(hot_.begin(), hot_.end(), n)) cold_.push_back(n);
    hot_fraction_ = schedule.hotspot_fraction;
    hot_by_source_ = schedule.hotspot_by_source;
    if (hot_by_source_) hot_sources_ = hotspot_sources(cold_, hot_fraction_, seed);
  }
  if (schedule.trace) {
    trace_ = *schedule.trace;
    std::stable_sort(trace_.begin(), trace_.end(), [](const TraceMessage& a, const TraceMessage& b) {
      return a.source != b.source ? a.source < b.source : a.time < b.time;
    });
    trace_start_.assign(static_cast<std::size_t>(topo.nodes()) + 1, 0);
    for (const TraceMessage& m : trace_) ++trace_start_[static_cast<std::size_t>(m.source) + 1];
    for (std::size_t n = 1; n < trace_start_.size(); ++n) trace_start_[n] += trace_start_[n - 1];
  }
  if (schedule.uses(PatternKind::kZipf)) {
    zipf_cdf_ = hiradix::zipf_cdf(topo.nodes() - 1, schedule.zipf_exponent);
    zipf_ranking_ = ZipfRanking(topo.nodes(), seed);
  }
}

bool PermutationTables::empty() const {
  for (const std::vector<int>& t : tables_)
    if (!t.empty()) return false;
  return true;
}

nlohmann::json PermutationTables::fixed_points_json() const {
  nlohmann::json j = nlohmann::json::object();
  for (int k = 0; k < kPermutationPatterns; ++k) {
    const PatternKind kind = static_cast<PatternKind>(static_cast<int>(PatternKind::kTranspose) + k);
    if (!table(kind).empty()) j[to_string(kind)] = fixed_points(table(kind));
  }
  return j;
}

TrafficSource::TrafficSource(const Topology& topo, int n, const PermutationTables* permutations)
    : node(n),
      router(topo.nic_port(n, 0).router),
      domain(topo.domain_of(router)),
      nodes(topo.nodes()),
      domains(topo.domains()),
      nodes_per_domain(topo.nodes_per_domain()) {
  partner.fill(kNoPacket);
  if (!permutations) return;
  tables = permutations;
  const auto where = [n](const std::vector<int>& v) {
    const auto it = std::lower_bound(v.begin(), v.end(), n);
    return it != v.end() && *it == n ? static_cast<int>(it - v.begin()) : -1;
  };
  hot_self = where(permutations->hot_nodes());
  cold_self = where(permutations->cold_nodes());
  hot_source = where(permutations->hot_sources()) >= 0;
  for (int k = 0; k < kPermutationPatterns; ++k) {
    const std::vector<int>& t = permutations->table(static_cast<PatternKind>(static_cast<int>(PatternKind::kTranspose) + k));
    if (!t.empty() && t[static_cast<std::size_t>(n)] != n) partner[static_cast<std::size_t>(k)] = t[static_cast<std::size_t>(n)];
  }
}

namespace {

// One of `list`'s nodes drawn uniformly, skipping position `self` (-1: none); `list` has another.
int uniform_in_list(const std::vector<int>& list, int self, Rng& rng) {
  const int n = static_cast<int>(list.size()) - (self >= 0);
  int i = static_cast<int>(rng.below(static_cast<std::uint32_t>(n)));
  if (self >= 0 && i >= self) ++i;
  return list[static_cast<std::size_t>(i)];
}

int uniform_in_domain(const TrafficSource& s, int domain, Rng& rng) {
  return domain * s.nodes_per_domain + static_cast<int>(rng.below(static_cast<std::uint32_t>(s.nodes_per_domain)));
}

int destination_of(const PatternComponent& c, const Topology& t, const TrafficSource& s, Rng& rng) {
  const int domains = s.domains;
  switch (c.kind) {
    case PatternKind::kUniform: {  // any node but the source
      int d = static_cast<int>(rng.below(static_cast<std::uint32_t>(s.nodes - 1)));
      return d >= s.node ? d + 1 : d;
    }
    case PatternKind::kAdversarial:  // any node of domain src + i
      return uniform_in_domain(s, ((s.domain + c.offset) % domains + domains) % domains, rng);
    case PatternKind::kAdvLocal: {  // any node of the next router of the same domain
      // Among the routers with nodes, which a domain lists first (a KNS domain ends with switches, which have
      // none); in the other topologies every router has nodes, and this is domain_size().
      const int per_router = t.nodes_per_router();
      const int with_nodes = t.nodes_per_domain() / per_router;
      const int next = t.router_in_domain(s.domain, (t.index_in_domain(s.router) + 1) % with_nodes);
      return next * per_router + static_cast<int>(rng.below(static_cast<std::uint32_t>(per_router)));
    }
    case PatternKind::kAdvConsecutive: {  // any node of domains +1 .. +span (a Dragonfly: +1 .. +h)
      const int off = 1 + static_cast<int>(rng.below(static_cast<std::uint32_t>(t.consecutive_domains())));
      return uniform_in_domain(s, (s.domain + off) % domains, rng);
    }
    case PatternKind::kTranspose:
    case PatternKind::kBitReverse:
    case PatternKind::kBitComplement:
    case PatternKind::kShuffle:
    case PatternKind::kTornado:
    case PatternKind::kNeighbor:
    case PatternKind::kRandomPermutation:  // the node's one destination, looked up when its NIC was built
      return s.partner[static_cast<std::size_t>(permutation_index(c.kind))];
    case PatternKind::kHotspot: {  // seed-001 §4.2 (config/skewed_patterns.h)
      const std::vector<int>& hot = s.tables->hot_nodes();
      if (s.tables->hot_by_source())  // a hot source is never hot itself; the rest send as the cold share
        return s.hot_source ? uniform_in_list(hot, -1, rng) : uniform_in_list(s.tables->cold_nodes(), s.cold_self, rng);
      const bool other_hot = hot.size() > (s.hot_self >= 0 ? 1u : 0u);
      if (other_hot && rng.uniform() < s.tables->hot_fraction()) return uniform_in_list(hot, s.hot_self, rng);
      return uniform_in_list(s.tables->cold_nodes(), s.cold_self, rng);
    }
    case PatternKind::kZipf: {  // seed-001 §4.1: the rank by inverse CDF, then the source's ranking
      const std::vector<double>& cdf = s.tables->zipf_cdf();
      const double u = rng.uniform();
      const auto rank = std::upper_bound(cdf.begin(), cdf.end(), u) - cdf.begin();
      return s.tables->zipf_ranking().destination(s.node, static_cast<std::uint32_t>(rank));
    }
    case PatternKind::kTrace:  // the NIC takes a trace's destinations from its messages (Nic::generate_trace)
      return kNoPacket;
  }
  return s.node;
}

}  // namespace

int pick_destination(const TrafficPhase& phase, const Topology& topo, const TrafficSource& src, Rng& rng) {
  if (phase.components.size() == 1) return destination_of(phase.components[0], topo, src, rng);
  double total = 0;
  for (const auto& c : phase.components) total += c.weight;
  double x = rng.uniform() * total;
  for (const auto& c : phase.components) {
    if (x < c.weight) return destination_of(c, topo, src, rng);
    x -= c.weight;
  }
  return destination_of(phase.components.back(), topo, src, rng);
}

int pick_destination(const TrafficPhase& phase, const Topology& topo, int src, Rng& rng) {
  if (phase.needs_tables()) throw std::invalid_argument("pick_destination: a permutation, hotspot or zipf pattern needs its tables (TrafficSource)");
  return pick_destination(phase, topo, TrafficSource(topo, src), rng);
}

}  // namespace hiradix
