// The topology keys of a run, by name: `topology.type` and the values of the keys its registry entry
// declares (topology/topology_registry.h). A key that was not set reads as its schema default.
#pragma once
#include <string>

#include "config/schema/option_values.h"

namespace hiradix {

class TopologyOptions : public OptionValues {
 public:
  std::string type = "dragonfly";

  TopologyOptions& set(const std::string& key, const std::string& value) {
    put(key, value);
    return *this;
  }
  TopologyOptions& set(const std::string& key, long long value) { return set(key, std::to_string(value)); }
  bool operator==(const TopologyOptions& o) const { return type == o.type && values_ == o.values_; }

 private:
  std::string default_of(const std::string& key) const override;
};

}  // namespace hiradix
