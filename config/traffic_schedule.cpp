#include "config/traffic_schedule.h"

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

}  // namespace hiradix
