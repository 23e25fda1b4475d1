#include "router/routing/routing_options.h"

#include <stdexcept>

#include "router/routing/routing_registry.h"

namespace hiradix {

RoutingOptions& RoutingOptions::set(const std::string& key, const std::string& value) {
  if (key == "routing.algorithm") algorithm = value;
  else put(key, value);
  return *this;
}

std::string RoutingOptions::default_of(const std::string& key) const {
  for (const RoutingKey& k : routing_keys())
    if (k.spec.key == key) return k.spec.default_value;
  throw std::invalid_argument(key + ": no routing declares this key");
}

}  // namespace hiradix
