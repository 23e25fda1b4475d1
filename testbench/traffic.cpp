#include "testbench/traffic.h"

#include <sstream>
#include <stdexcept>

namespace hiradix {

PatternKind parse_pattern(const std::string& name) {
  if (name == "un") return PatternKind::kUniform;
  if (name == "adv") return PatternKind::kAdversarial;
  if (name == "advl") return PatternKind::kAdvLocal;
  if (name == "advc") return PatternKind::kAdvConsecutive;
  throw std::invalid_argument("unknown traffic pattern '" + name + "'");
}

std::string to_string(PatternKind k) {
  switch (k) {
    case PatternKind::kUniform: return "un";
    case PatternKind::kAdversarial: return "adv";
    case PatternKind::kAdvLocal: return "advl";
    case PatternKind::kAdvConsecutive: return "advc";
  }
  return "?";
}

std::string TrafficPhase::describe() const {
  std::ostringstream s;
  for (std::size_t i = 0; i < components.size(); ++i) {
    const PatternComponent& c = components[i];
    if (i) s << " + ";
    if (components.size() > 1) s << c.weight << "*";
    s << to_string(c.kind);
    if (c.kind == PatternKind::kAdversarial) s << (c.offset >= 0 ? "+" : "") << c.offset;
  }
  s << " @ " << load;
  return s.str();
}

namespace {

int uniform_in_group(const Dragonfly& t, int group, Rng& rng) {
  const int per_group = t.a() * t.p();
  return group * per_group + static_cast<int>(rng.below(static_cast<std::uint32_t>(per_group)));
}

int destination_of(const PatternComponent& c, const Dragonfly& t, int src, Rng& rng) {
  const int router = t.router_of_terminal(src);
  const int group = t.group_of(router);
  const int G = t.groups();
  switch (c.kind) {
    case PatternKind::kUniform: {  // any terminal but the source
      int d = static_cast<int>(rng.below(static_cast<std::uint32_t>(t.terminals() - 1)));
      return d >= src ? d + 1 : d;
    }
    case PatternKind::kAdversarial:  // any terminal of group src + i
      return uniform_in_group(t, ((group + c.offset) % G + G) % G, rng);
    case PatternKind::kAdvLocal: {  // any terminal of the next router of the same group
      const int next = t.router_at(group, (t.index_of(router) + 1) % t.a());
      return next * t.p() + static_cast<int>(rng.below(static_cast<std::uint32_t>(t.p())));
    }
    case PatternKind::kAdvConsecutive: {  // any terminal of groups +1 .. +h
      const int off = 1 + static_cast<int>(rng.below(static_cast<std::uint32_t>(t.h())));
      return uniform_in_group(t, (group + off) % G, rng);
    }
  }
  return src;
}

}  // namespace

int pick_destination(const TrafficPhase& phase, const Dragonfly& topo, int src, Rng& rng) {
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
