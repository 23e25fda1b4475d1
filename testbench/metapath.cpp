#include "testbench/metapath.h"

#include <algorithm>
#include <set>
#include <tuple>

#include "router/routing/dor_step.h"
#include "router/routing/drb_routing.h"

namespace hiradix {

MetaPathSource::MetaPathSource(const MetaPathParams& params, const PathTiming& timing, int packet, const Mesh& topo, int node,
                               std::uint64_t seed)
    : params_(params), timing_(timing), packet_(packet), topo_(topo), node_(node), router_(topo.nic_port(node, 0).router),
      rng_(seed, 0x4D50000000000000ull + static_cast<std::uint64_t>(node)) {}  // a stream of its own: the NIC's draws stay as without DRB

MetaPathSource::MetaPath& MetaPathSource::meta_path(std::uint32_t dst) {
  auto it = paths_.find(dst);
  if (it != paths_.end()) return it->second;
  MetaPath& mp = paths_[dst];
  mp.msp[0] = path(pack_waypoints(router_, topo_.nic_port(static_cast<int>(dst), 0).router), dst);
  return mp;
}

MetaPathSource::Msp MetaPathSource::path(std::uint32_t waypoints, std::uint32_t dst) const {
  const int in1 = waypoint(waypoints, 0), in2 = waypoint(waypoints, 1);
  const int hops = topo_.distance(router_, in1) + topo_.distance(in1, in2) + topo_.distance(in2, topo_.nic_port(static_cast<int>(dst), 0).router);  // Eq. 1
  const double zero = static_cast<double>(timing_.latency(hops, packet_));
  return {waypoints, zero, zero};
}

double MetaPathSource::ratio(const MetaPath& mp) {
  double inverse = 0, zero_inverse = 0;
  for (int i = 0; i < mp.n; ++i) {
    inverse += 1.0 / mp.msp[static_cast<std::size_t>(i)].latency;
    zero_inverse += 1.0 / mp.msp[static_cast<std::size_t>(i)].zero;
  }
  return zero_inverse / inverse;
}

std::uint32_t MetaPathSource::choose(std::uint32_t dst, bool& original) {
  MetaPath& mp = meta_path(dst);
  int pick = 0;
  if (mp.n > 1) {
    double total = 0;
    for (int i = 0; i < mp.n; ++i) total += 1.0 / mp.msp[static_cast<std::size_t>(i)].latency;
    double u = rng_.uniform() * total;
    for (pick = 0; pick < mp.n - 1; ++pick) {
      u -= 1.0 / mp.msp[static_cast<std::size_t>(pick)].latency;
      if (u < 0) break;
    }
  }
  original = pick == 0;
  return mp.msp[static_cast<std::size_t>(pick)].waypoints;
}

void MetaPathSource::acknowledge(std::uint32_t dst, const PathHeader& ack) {
  ++counts_.acks;
  counts_.waited += ack.waited;
  const double zero = path(ack.msp, dst).zero;
  if (ack.latency < zero) ++counts_.below_zero_load;
  else counts_.excess += static_cast<std::uint64_t>(ack.latency - zero);
  MetaPath& mp = meta_path(dst);
  for (int i = 0; i < mp.n; ++i) {
    Msp& m = mp.msp[static_cast<std::size_t>(i)];
    if (m.waypoints != ack.msp) continue;  // a path closed since the message left is not updated
    m.latency = std::max(1.0, static_cast<double>(ack.latency));
    if (i == mp.n - 1) mp.waiting = false;
  }
  if (params_.predictive && ack.flows > 0) {
    mp.pattern.n = ack.flows;
    std::copy(ack.flow.begin(), ack.flow.begin() + ack.flows, mp.pattern.flow.begin());
    std::sort(mp.pattern.flow.begin(), mp.pattern.flow.begin() + mp.pattern.n);
  }
  const double percent = 100.0 * ratio(mp);
  if (percent > static_cast<double>(params_.high)) {
    if (mp.waiting) return;
    if (params_.predictive && !mp.installed && mp.pattern.n > 0 && install(mp, dst)) return;
    if (mp.n < params_.max_paths) open_next(mp, dst);
  } else if (percent < static_cast<double>(params_.low) && mp.n > 1) {
    if (params_.predictive && mp.grown && mp.pattern.n > 0) save(mp, dst);
    mp.grown = false;
    close_slowest(mp);
    if (mp.n == 1) {  // the congestion is over
      mp.installed = false;
      mp.pattern = Flows{};
    }
  }
}

void MetaPathSource::open_next(MetaPath& mp, std::uint32_t dst) {
  if (!mp.built) {
    mp.candidates = candidates(dst);
    mp.built = true;
  }
  const auto is_open = [&mp](std::uint32_t w) {
    for (int i = 0; i < mp.n; ++i)
      if (mp.msp[static_cast<std::size_t>(i)].waypoints == w) return true;
    return false;
  };
  for (std::size_t tried = 0; tried < mp.candidates.size(); ++tried) {  // from where the last opening stopped, round
    const std::uint32_t w = mp.candidates[mp.next];
    mp.next = (mp.next + 1) % mp.candidates.size();
    if (is_open(w)) continue;
    Msp m = path(w, dst);
    m.latency = m.zero * ratio(mp);
    mp.msp[static_cast<std::size_t>(mp.n)] = m;
    ++mp.n;
    mp.waiting = true;
    mp.grown = true;
    ++counts_.opened;
    return;
  }
}

void MetaPathSource::close_slowest(MetaPath& mp) {
  int slowest = 1;
  for (int i = 2; i < mp.n; ++i)
    if (mp.msp[static_cast<std::size_t>(i)].latency > mp.msp[static_cast<std::size_t>(slowest)].latency) slowest = i;
  for (int i = slowest; i + 1 < mp.n; ++i) mp.msp[static_cast<std::size_t>(i)] = mp.msp[static_cast<std::size_t>(i) + 1];
  --mp.n;
  mp.waiting = false;
  ++counts_.closed;
}

namespace {
int shared_flows(const ContendingFlow* a, int na, const ContendingFlow* b, int nb) {
  int n = 0;
  for (int i = 0; i < na; ++i) n += std::find(b, b + nb, a[i]) != b + nb;
  return n;
}
}  // namespace

bool MetaPathSource::install(MetaPath& mp, std::uint32_t dst) {
  Solution* best = nullptr;
  int best_shared = 0;
  for (Solution& s : solutions_) {
    if (s.dst != dst) continue;
    const int shared = shared_flows(s.pattern.flow.data(), s.pattern.n, mp.pattern.flow.data(), mp.pattern.n);
    if (shared > best_shared || (shared == best_shared && shared > 0 && s.used > best->used)) {
      best = &s;
      best_shared = shared;
    }
  }
  if (!best) {
    ++counts_.misses;
    mp.installed = true;  // one look per congestion: DRB's opening from here
    return false;
  }
  best->used = ++clock_;
  mp.msp = best->msp;
  mp.n = best->n;
  mp.waiting = false;
  mp.installed = true;
  mp.grown = true;
  ++counts_.installed;
  return true;
}

void MetaPathSource::save(const MetaPath& mp, std::uint32_t dst) {
  const std::uint64_t now = ++clock_;
  Solution s{dst, mp.pattern, mp.msp, mp.n, now, now};
  for (Solution& old : solutions_)  // the same pattern: upgraded (a use, not a new entry)
    if (old.dst == dst && old.pattern.n == mp.pattern.n &&
        std::equal(old.pattern.flow.begin(), old.pattern.flow.begin() + old.pattern.n, mp.pattern.flow.begin())) {
      s.saved = old.saved;
      old = s;
      ++counts_.saved;
      return;
    }
  if (static_cast<int>(solutions_.size()) < params_.solutions) {
    solutions_.push_back(s);
  } else {
    const bool lru = params_.replace_least_recently_used;
    *std::min_element(solutions_.begin(), solutions_.end(),
                      [lru](const Solution& a, const Solution& b) { return lru ? a.used < b.used : a.saved < b.saved; }) = s;
  }
  ++counts_.saved;
}

std::vector<std::uint32_t> MetaPathSource::candidates(std::uint32_t dst) const {
  const int target = topo_.nic_port(static_cast<int>(dst), 0).router;
  std::set<int> on_path = {router_};
  {
    std::vector<int> ascending;
    for (int d = 0; d < topo_.dims(); ++d) ascending.push_back(d);
    const DimensionOrder order = dimension_order(ascending);
    RouteState rs;
    for (int r = router_; r != target;) {
      r = topo_.peer(r, dor_step(topo_, order, r, target, rs).port).router;
      on_path.insert(r);
    }
  }
  std::vector<int> near_source, near_target;
  for (int r = 0; r < topo_.routers(); ++r) {
    if (topo_.distance(router_, r) <= params_.supernode) near_source.push_back(r);
    if (topo_.distance(target, r) <= params_.supernode) near_target.push_back(r);
  }
  std::vector<std::tuple<int, int, int>> pairs;  // (length, IN1, IN2)
  for (const int a : near_source)
    for (const int b : near_target) {
      if (on_path.count(a) && on_path.count(b)) continue;
      pairs.emplace_back(topo_.distance(router_, a) + topo_.distance(a, b) + topo_.distance(b, target), a, b);
    }
  std::sort(pairs.begin(), pairs.end());
  std::vector<std::uint32_t> out;
  for (const auto& [length, a, b] : pairs) out.push_back(pack_waypoints(a, b));
  return out;
}

int MetaPathSource::open_paths() const {
  int n = 0;
  for (const auto& [dst, mp] : paths_) n += mp.n;
  return n;
}

std::vector<std::pair<std::uint32_t, double>> MetaPathSource::paths(std::uint32_t dst) const {
  std::vector<std::pair<std::uint32_t, double>> out;
  const auto it = paths_.find(dst);
  if (it == paths_.end()) return out;
  for (int i = 0; i < it->second.n; ++i) out.emplace_back(it->second.msp[static_cast<std::size_t>(i)].waypoints, it->second.msp[static_cast<std::size_t>(i)].latency);
  return out;
}

}  // namespace hiradix
