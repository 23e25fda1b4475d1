#include "testbench/traffic.h"

namespace hiradix {

TrafficSource::TrafficSource(const Topology& topo, int n)
    : node(n),
      router(topo.nic_port(n, 0).router),
      domain(topo.domain_of(router)),
      nodes(topo.nodes()),
      domains(topo.domains()),
      nodes_per_domain(topo.nodes_per_domain()) {}

namespace {

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
      const int next = t.router_in_domain(s.domain, (t.index_in_domain(s.router) + 1) % t.domain_size());
      const int per_router = t.nodes_per_router();
      return next * per_router + static_cast<int>(rng.below(static_cast<std::uint32_t>(per_router)));
    }
    case PatternKind::kAdvConsecutive: {  // any node of domains +1 .. +span (a Dragonfly: +1 .. +h)
      const int off = 1 + static_cast<int>(rng.below(static_cast<std::uint32_t>(t.consecutive_domains())));
      return uniform_in_domain(s, (s.domain + off) % domains, rng);
    }
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
  return pick_destination(phase, topo, TrafficSource(topo, src), rng);
}

}  // namespace hiradix
