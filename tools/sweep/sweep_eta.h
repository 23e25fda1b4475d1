// The time a local sweep has left (issue 32). Points differ in cost by orders of magnitude (on the README's
// h = 4 example a MIN point at load 0.05 takes a second, a Valiant one at 0.5 ten times more), so a pace in
// points per second is wrong for most of a sweep. Instead each point gets a predicted cost from its config
// (point_cost), the seconds per unit of cost are learnt from the points done -- per routing, since a
// Valiant hop count is about twice MIN's -- and the time left is the remaining cost at the lowest and at the
// highest rate seen: a range, which closes as the points done agree.
#pragma once
#include <cstddef>
#include <map>
#include <string>
#include <utility>
#include <vector>

#include "config/config.h"

namespace hiradix {

// A point's predicted work, in router-cycles: every router every cycle (the scheduler's visit), plus the
// phits the nodes offer per cycle (capped at one per node: the links' rate), each moved across a few
// routers. The unit does not matter: only ratios of costs are used.
double point_cost(const Config& config);

class SweepEta {
 public:
  // `configs`: every point of the plan (only the ones still to run are read); `jobs`: points run at once.
  SweepEta(const std::vector<Config>& configs, const std::vector<std::size_t>& todo, int jobs);

  void finished(std::size_t point, double seconds);
  // `progress`: the fraction of its cycles each running point has simulated.
  void set_running(std::map<std::size_t, double> progress) { running_ = std::move(progress); }

  // Seconds left as {low, high}; {-1, -1} while no point has finished (nothing is known yet).
  std::pair<double, double> remaining() const;

 private:
  struct Rate {
    double low = 0, high = 0;  // seconds per unit of cost, the least and the most of the points done
    bool known = false;
  };
  Rate rate_of(const std::string& routing) const;

  int jobs_;
  std::vector<double> cost_;            // per point
  std::vector<std::string> routing_;    // per point
  std::vector<bool> done_;              // per point (points done before this session count as done)
  std::map<std::string, Rate> rates_;   // by routing.algorithm
  Rate all_;                            // over every routing
  std::map<std::size_t, double> running_;
};

}  // namespace hiradix
