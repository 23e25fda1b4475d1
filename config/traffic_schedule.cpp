#include "config/traffic_schedule.h"

#include <sstream>
#include <stdexcept>

namespace hiradix {

const std::vector<std::string>& pattern_names() {
  static const std::vector<std::string> names = {"un",         "adv",      "advl",           "advc",
                                                 "transpose",  "bit_reverse", "bit_complement", "shuffle",
                                                 "tornado",    "neighbor", "random_permutation", "hotspot",
                                                 "zipf",       "trace"};
  return names;
}

PatternKind parse_pattern(const std::string& name) {
  const std::vector<std::string>& names = pattern_names();
  for (std::size_t i = 0; i < names.size(); ++i)
    if (names[i] == name) return static_cast<PatternKind>(i);
  throw std::invalid_argument("unknown traffic pattern '" + name + "'");
}

std::string to_string(PatternKind k) {
  const std::size_t i = static_cast<std::size_t>(k);
  return i < pattern_names().size() ? pattern_names()[i] : "?";
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
