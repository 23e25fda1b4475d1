// One documented config key: the unit of the schema that validation, "did you mean", `hiradix keys`, the
// README's reference and the resolved config in result.json are all made from. The core keys are listed in
// config/config.cpp (config_schema); a routing's keys are defined in its own file and reach the schema
// through the routing registry (router/routing/routing_registry.h), a topology's through its entry.
#pragma once
#include <string>
#include <vector>

namespace hiradix {

// kIntList: a list of integers (YAML `[8, 8]`, `--set key=[8,8]`), each within min..max; its text as
// OptionValues keep it is canonical, "[8, 8]" (OptionValues::integers reads it back).
// kStringList: a list of names (YAML `[bit_reverse, transpose]`), each one of `choices`; it may be empty
// (its default `[]`: the key is unused).
enum class KeyType { kInt, kFloat, kString, kMix, kIntList, kStringList };

struct KeySpec {
  std::string key;
  KeyType type;
  std::string default_value;  // YAML text
  double min = 0, max = 0;    // for numbers
  std::vector<std::string> choices;  // for strings
  std::string doc;
};

// Numbers this large stand for "no bound" in KeySpec::min / max.
inline constexpr double kUnbounded = 1e12;

}  // namespace hiradix
