#include "tools/sweep/sweep_eta.h"

#include <algorithm>

#include "topology/topology_registry.h"

namespace hiradix {

namespace {
// A node-cycle's cost beside one phit carried: the scheduler, the NICs' draws and the elaboration, which
// dominate a point at a very low load (docs/decisions.md "Sweep ETA").
constexpr double kIdleShare = 0.02;
// A routing that has not run yet may cost this much more per unit than the costliest seen.
constexpr double kUnseenRoutingFactor = 2;
// A point done saturated when it accepted less than this share of its offered load.
constexpr double kSaturated = 0.9;

double offered_load(const Config& c) {
  return std::max(c.traffic.initial.load, c.traffic.has_change ? c.traffic.after.load : 0.0);
}

std::string series_of(const Config& c) {
  nlohmann::json j = c.resolved;
  if (j.contains("traffic")) j["traffic"].erase("load");
  if (j.contains("sim")) j["sim"].erase("seed");
  return j.dump();
}

}  // namespace

double point_cost(const Config& c, double load) {
  const std::unique_ptr<Topology> topo = make_topology(c);
  const double cycles = static_cast<double>(c.warmup) + static_cast<double>(c.measure);
  return cycles * topo->nodes() * (std::clamp(load, 0.0, 1.0) + kIdleShare);
}

SweepEta::SweepEta(const std::vector<Config>& configs, const std::vector<std::size_t>& todo, int jobs)
    : jobs_(std::max(1, jobs)), points_(configs.size()) {
  for (const std::size_t i : todo) points_[i] = {&configs[i], offered_load(configs[i]), series_of(configs[i]), false};
}

void SweepEta::finished(std::size_t point, double seconds, double accepted) {
  Point& p = points_[point];
  p.done = true;
  running_.erase(point);
  if (accepted < 0) return;
  if (accepted < kSaturated * p.offered) {  // the series carries no more than this at higher loads
    auto [it, fresh] = saturated_.emplace(p.series, std::make_pair(p.offered, accepted));
    if (!fresh && p.offered < it->second.first) it->second = {p.offered, accepted};
  }
  const double cost = point_cost(*p.config, accepted);
  if (cost <= 0) return;
  const double rate = seconds / cost;
  for (Rate* r : {&rates_[p.config->routing.algorithm], &all_}) {
    r->low = r->known ? std::min(r->low, rate) : rate;
    r->high = r->known ? std::max(r->high, rate) : rate;
    r->known = true;
  }
}

double SweepEta::predicted_cost(const Point& p) const {
  double load = p.offered;
  const auto sat = saturated_.find(p.series);
  if (sat != saturated_.end() && p.offered >= sat->second.first) load = std::min(load, sat->second.second);
  return point_cost(*p.config, load);
}

SweepEta::Rate SweepEta::rate_of(const std::string& routing) const {
  const auto it = rates_.find(routing);
  if (it != rates_.end()) return it->second;
  return {all_.low, all_.high * kUnseenRoutingFactor, all_.known};
}

std::pair<double, double> SweepEta::remaining() const {
  if (!all_.known) return {-1, -1};
  double low = 0, high = 0, longest_low = 0, longest_high = 0;
  std::size_t left_points = 0;
  for (std::size_t i = 0; i < points_.size(); ++i) {
    const Point& p = points_[i];
    if (p.done) continue;
    const auto run = running_.find(i);
    const double left = predicted_cost(p) * (run == running_.end() ? 1.0 : 1.0 - std::clamp(run->second, 0.0, 1.0));
    const Rate r = rate_of(p.config->routing.algorithm);
    low += left * r.low;
    high += left * r.high;
    longest_low = std::max(longest_low, left * r.low);
    longest_high = std::max(longest_high, left * r.high);
    ++left_points;
  }
  // `jobs` points at a time, but never sooner than the longest point left.
  const double share = static_cast<double>(std::min<std::size_t>(left_points, static_cast<std::size_t>(jobs_)));
  if (share == 0) return {0, 0};
  return {std::max(low / share, longest_low), std::max(high / share, longest_high)};
}

}  // namespace hiradix
