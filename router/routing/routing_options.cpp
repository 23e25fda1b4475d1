#include "router/routing/routing_options.h"

#include <cerrno>
#include <cstdlib>
#include <stdexcept>

#include "router/routing/routing_registry.h"

namespace hiradix {

RoutingOptions& RoutingOptions::set(const std::string& key, const std::string& value) {
  if (key == "routing.algorithm") algorithm = value;
  else values_[key] = value;
  return *this;
}

std::string RoutingOptions::text(const std::string& key) const {
  if (key == "routing.algorithm") return algorithm;
  const auto it = values_.find(key);
  if (it != values_.end()) return it->second;
  for (const RoutingKey& k : routing_keys())
    if (k.spec.key == key) return k.spec.default_value;
  throw std::invalid_argument(key + ": no routing declares this key");
}

long long RoutingOptions::integer(const std::string& key) const {
  const std::string v = text(key);
  char* end = nullptr;
  errno = 0;
  const long long n = std::strtoll(v.c_str(), &end, 10);
  if (v.empty() || *end != '\0' || errno) throw std::invalid_argument(key + ": expected an integer, got '" + v + "'");
  return n;
}

}  // namespace hiradix
