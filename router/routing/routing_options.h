// The routing keys of a run, by name: `routing.algorithm` and the values of every other routing key
// (`routing.*`, defined next to the routing that reads it and collected by the registry,
// router/routing/routing_registry.h). A key that was not set reads as its schema default, so a test may set
// only what it varies. Values are kept as their YAML text.
#pragma once
#include <map>
#include <string>

namespace hiradix {

class RoutingOptions {
 public:
  std::string algorithm = "min";

  RoutingOptions& set(const std::string& key, const std::string& value);
  RoutingOptions& set(const std::string& key, long long value) { return set(key, std::to_string(value)); }
  // The value of `key`: the one set, else its default; throws std::invalid_argument for a key no routing
  // declares, or a non-integer where an integer is read.
  long long integer(const std::string& key) const;
  std::string text(const std::string& key) const;
  bool operator==(const RoutingOptions& o) const { return algorithm == o.algorithm && values_ == o.values_; }

 private:
  std::map<std::string, std::string> values_;
};

}  // namespace hiradix
