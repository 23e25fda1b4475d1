// The routing keys of a run, by name: `routing.algorithm` and the values of every other routing key
// (`routing.*`, defined next to the routing that reads it and collected by the registry,
// router/routing/routing_registry.h). A key that was not set reads as its schema default.
#pragma once
#include <string>

#include "config/schema/option_values.h"

namespace hiradix {

class RoutingOptions : public OptionValues {
 public:
  std::string algorithm = "min";
  // Phits per flit of the run (the whole packet under virtual cut-through), the unit of UGAL's thresholds
  // (routing.ugal_threshold, routing.tpr_t_*): given in flits as the seeds and FOGSim give them. The config
  // loader sets it; 1 leaves them in phits (the RTL's recorded inputs, which are in phits).
  int flit_phits = 1;

  RoutingOptions& set(const std::string& key, const std::string& value);
  RoutingOptions& set(const std::string& key, long long value) { return set(key, std::to_string(value)); }
  std::string text(const std::string& key) const { return key == "routing.algorithm" ? algorithm : OptionValues::text(key); }
  // A UGAL threshold key (in flits) in phits.
  long long threshold_phits(const std::string& key) const { return integer(key) * flit_phits; }
  bool operator==(const RoutingOptions& o) const {
    return algorithm == o.algorithm && flit_phits == o.flit_phits && values_ == o.values_;
  }

 private:
  std::string default_of(const std::string& key) const override;
};

}  // namespace hiradix
