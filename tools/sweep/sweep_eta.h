// The time a local sweep has left (issue 32). Points differ in cost by orders of magnitude, and not as
// their offered load says: on the README's h = 4 ADV+1 example a MIN point takes 0.3-0.4 s at every load
// (MIN saturates at 0.031 there), a Valiant one 0.8 s at 0.05 and 8.4 s at 0.5. So a pace in points per
// second misleads, and so would the offered load alone. Instead:
//  - a point's cost is its cycles x nodes x (the load it will carry + a small idle share), the load being
//    the offered one capped by what the points done of the same series (every key alike but the load and
//    the seed) accepted once they saturated;
//  - the seconds per unit of cost are learnt from the points done, per routing (a Valiant hop count is
//    about twice MIN's), with their measured accepted load;
//  - the time left is the remaining cost at the lowest and at the highest rate seen: a range, which closes
//    as the points done agree. A routing not seen yet may cost up to twice the costliest rate.
#pragma once
#include <cstddef>
#include <map>
#include <string>
#include <utility>
#include <vector>

#include "config/config.h"

namespace hiradix {

// The cost of `config` run at `load` phits/node/cycle (capped at 1), in node-cycles: only ratios matter.
double point_cost(const Config& config, double load);

class SweepEta {
 public:
  // `configs`: every point of the plan (only the ones still to run are read); `jobs`: points run at once.
  SweepEta(const std::vector<Config>& configs, const std::vector<std::size_t>& todo, int jobs);

  // A point ended after `seconds`, having accepted `accepted` phits/node/cycle (negative: no result, which
  // teaches nothing).
  void finished(std::size_t point, double seconds, double accepted);
  // `progress`: the fraction of its cycles each running point has simulated.
  void set_running(std::map<std::size_t, double> progress) { running_ = std::move(progress); }

  // Seconds left as {low, high}; {-1, -1} while no point has finished (nothing is known yet).
  std::pair<double, double> remaining() const;

 private:
  struct Rate {
    double low = 0, high = 0;  // seconds per unit of cost, the least and the most of the points done
    bool known = false;
  };
  struct Point {
    const Config* config = nullptr;
    double offered = 0;
    std::string series;  // the resolved config without the load and the seed
    bool done = true;
  };
  Rate rate_of(const std::string& routing) const;
  double predicted_cost(const Point& p) const;

  int jobs_;
  std::vector<Point> points_;
  std::map<std::string, Rate> rates_;        // by routing.algorithm
  Rate all_;                                 // over every routing
  std::map<std::string, std::pair<double, double>> saturated_;  // by series: {offered, accepted} of its saturated point done
  std::map<std::size_t, double> running_;
};

}  // namespace hiradix
