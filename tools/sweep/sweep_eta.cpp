#include "tools/sweep/sweep_eta.h"

#include <algorithm>

#include "topology/topology_registry.h"

namespace hiradix {

namespace {
// What a cycle of an idle router or node costs beside one phit offered, measured on the README's sweep
// example (h = 4, ADV+1, MIN and Valiant, docs/decisions.md "Sweep ETA").
constexpr double kIdleWeight = 0.1;
// A point whose routing has not run yet may cost this much more per unit than the costliest seen.
constexpr double kUnseenRoutingFactor = 2;
}  // namespace

double point_cost(const Config& c) {
  const std::unique_ptr<Topology> topo = make_topology(c);
  const double load = std::min(1.0, std::max(c.traffic.initial.load, c.traffic.has_change ? c.traffic.after.load : 0.0));
  const double cycles = static_cast<double>(c.warmup) + static_cast<double>(c.measure);
  return cycles * (kIdleWeight * (topo->routers() + topo->nodes()) + topo->nodes() * load);
}

SweepEta::SweepEta(const std::vector<Config>& configs, const std::vector<std::size_t>& todo, int jobs)
    : jobs_(std::max(1, jobs)), cost_(configs.size(), 0), routing_(configs.size()), done_(configs.size(), true) {
  for (const std::size_t i : todo) {
    cost_[i] = point_cost(configs[i]);
    routing_[i] = configs[i].routing.algorithm;
    done_[i] = false;
  }
}

void SweepEta::finished(std::size_t point, double seconds) {
  done_[point] = true;
  running_.erase(point);
  if (cost_[point] <= 0) return;
  const double rate = seconds / cost_[point];
  for (Rate* r : {&rates_[routing_[point]], &all_}) {
    r->low = r->known ? std::min(r->low, rate) : rate;
    r->high = r->known ? std::max(r->high, rate) : rate;
    r->known = true;
  }
}

SweepEta::Rate SweepEta::rate_of(const std::string& routing) const {
  const auto it = rates_.find(routing);
  if (it != rates_.end()) return it->second;
  return {all_.low, all_.high * kUnseenRoutingFactor, all_.known};
}

std::pair<double, double> SweepEta::remaining() const {
  if (!all_.known) return {-1, -1};
  double low = 0, high = 0, longest_low = 0, longest_high = 0;
  std::size_t points = 0;
  for (std::size_t i = 0; i < done_.size(); ++i) {
    if (done_[i]) continue;
    const auto run = running_.find(i);
    const double left = cost_[i] * (run == running_.end() ? 1.0 : 1.0 - std::clamp(run->second, 0.0, 1.0));
    const Rate r = rate_of(routing_[i]);
    low += left * r.low;
    high += left * r.high;
    longest_low = std::max(longest_low, left * r.low);
    longest_high = std::max(longest_high, left * r.high);
    ++points;
  }
  // `jobs` points at a time, but never sooner than the longest point left.
  const double share = static_cast<double>(std::min<std::size_t>(points, static_cast<std::size_t>(jobs_)));
  if (share == 0) return {0, 0};
  return {std::max(low / share, longest_low), std::max(high / share, longest_high)};
}

}  // namespace hiradix
