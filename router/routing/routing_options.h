// The routing keys of a run, by name: `routing.algorithm` and the values of every other routing key
// (`routing.*`, defined next to the routing that reads it and collected by the registry,
// router/routing/routing_registry.h). A key that was not set reads as its schema default.
#pragma once
#include <string>

#include "config/option_values.h"

namespace hiradix {

class RoutingOptions : public OptionValues {
 public:
  std::string algorithm = "min";

  RoutingOptions& set(const std::string& key, const std::string& value);
  RoutingOptions& set(const std::string& key, long long value) { return set(key, std::to_string(value)); }
  std::string text(const std::string& key) const { return key == "routing.algorithm" ? algorithm : OptionValues::text(key); }
  bool operator==(const RoutingOptions& o) const { return algorithm == o.algorithm && values_ == o.values_; }

 private:
  std::string default_of(const std::string& key) const override;
};

}  // namespace hiradix
