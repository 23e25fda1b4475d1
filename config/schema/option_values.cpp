#include "config/schema/option_values.h"

#include <cerrno>
#include <cstdlib>

namespace hiradix {

std::string OptionValues::text(const std::string& key) const {
  const auto it = values_.find(key);
  return it != values_.end() ? it->second : default_of(key);
}

long long OptionValues::integer(const std::string& key) const {
  const std::string v = text(key);
  char* end = nullptr;
  errno = 0;
  const long long n = std::strtoll(v.c_str(), &end, 10);
  if (v.empty() || *end != '\0' || errno) throw std::invalid_argument(key + ": expected an integer, got '" + v + "'");
  return n;
}

}  // namespace hiradix
