// The one error every bad input ends in: "config error: KEY: WHY", on one line. Below every layer that
// reads a key (the loader, the topologies, the routings, the synthesis reports).
#pragma once
#include <stdexcept>
#include <string>

namespace hiradix {

class ConfigError : public std::runtime_error {
 public:
  explicit ConfigError(const std::string& what) : std::runtime_error(one_line(what)) {}
  // Control characters that came from the input (a newline inside a value or a YAML error) are shown
  // escaped, so that the error stays one line (found by fuzz/fuzz_config.cpp).
  static std::string one_line(const std::string& s) {
    static const char* hex = "0123456789abcdef";
    std::string out;
    for (const char c : s) {
      const auto u = static_cast<unsigned char>(c);
      if (c == '\n') out += "\\n";
      else if (u < 0x20 || u == 0x7f) out += std::string("\\x") + hex[u >> 4] + hex[u & 15];
      else out += c;
    }
    return out;
  }
};

// Throws the one-line ConfigError every bad input ends in: "config error: KEY: WHY".
[[noreturn]] inline void config_fail(const std::string& key, const std::string& why) {
  throw ConfigError("config error: " + key + ": " + why);
}

}  // namespace hiradix
