#include "testbench/traffic.h"

namespace hiradix {

namespace {

int uniform_in_domain(const Topology& t, int domain, Rng& rng) {
  const int per_domain = t.nodes_per_domain();
  return domain * per_domain + static_cast<int>(rng.below(static_cast<std::uint32_t>(per_domain)));
}

int domain_of_node(const Topology& t, int node) { return t.domain_of(t.nic_port(node, 0).router); }

// The source's router and domain are looked up only by the patterns that need them: they are virtual calls,
// and uniform traffic (most runs) draws a packet's destination without them.
int destination_of(const PatternComponent& c, const Topology& t, int src, Rng& rng) {
  switch (c.kind) {
    case PatternKind::kUniform: {  // any node but the source
      int d = static_cast<int>(rng.below(static_cast<std::uint32_t>(t.nodes() - 1)));
      return d >= src ? d + 1 : d;
    }
    case PatternKind::kAdversarial: {  // any node of domain src + i
      const int domains = t.domains();
      return uniform_in_domain(t, ((domain_of_node(t, src) + c.offset) % domains + domains) % domains, rng);
    }
    case PatternKind::kAdvLocal: {  // any node of the next router of the same domain
      const int router = t.nic_port(src, 0).router;
      const int next = t.router_in_domain(t.domain_of(router), (t.index_in_domain(router) + 1) % t.domain_size());
      const int per_router = t.nodes_per_router();
      return next * per_router + static_cast<int>(rng.below(static_cast<std::uint32_t>(per_router)));
    }
    case PatternKind::kAdvConsecutive: {  // any node of domains +1 .. +span (a Dragonfly: +1 .. +h)
      const int domain = domain_of_node(t, src);
      const int off = 1 + static_cast<int>(rng.below(static_cast<std::uint32_t>(t.consecutive_domains())));
      return uniform_in_domain(t, (domain + off) % t.domains(), rng);
    }
  }
  return src;
}

}  // namespace

int pick_destination(const TrafficPhase& phase, const Topology& topo, int src, Rng& rng) {
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

}  // namespace hiradix
