#include "testbench/stats.h"

#include "router/routing/routing_algorithm.h"

#include <algorithm>
#include <cmath>
#include <numeric>

namespace hiradix {

namespace {
// Shares of `total` packets by path type, named as the run's path_types: the types that occur, and with
// `with_min` the minimal type always (the run's field; a time bin lists only what occurs).
template <typename Counts>
nlohmann::json path_shares(const std::array<std::string, 8>& names, const Counts& counts, std::uint64_t total, bool with_min) {
  nlohmann::json paths = nlohmann::json::object();
  for (std::size_t t = 0; t < 8; ++t)
    if (counts[t] || (with_min && t == 0))
      paths[names[t]] = total ? static_cast<double>(counts[t]) / static_cast<double>(total) : 0.0;
  return paths;
}
}  // namespace

std::size_t LatencyHistogram::coarse_index(Cycle v) {
  if (v == 0) return 0;
  const int e = 63 - __builtin_clzll(v);  // the leading bit
  const int shift = e > kMantissaBits ? e - kMantissaBits : 0;
  return (static_cast<std::size_t>(e) << kMantissaBits) + ((v >> shift) & ((Cycle{1} << kMantissaBits) - 1));
}

Cycle LatencyHistogram::coarse_value(std::size_t index) {
  const int e = static_cast<int>(index >> kMantissaBits);
  const Cycle m = index & ((std::size_t{1} << kMantissaBits) - 1);
  if (e < kMantissaBits) return m;  // below 2^kMantissaBits a bucket is one value (m has the leading bit)
  return ((Cycle{1} << kMantissaBits) | m) << (e - kMantissaBits);
}

void LatencyHistogram::add_beyond(Cycle v) {
  if (v < limit_) {
    bins_.resize(std::min(limit_, std::max<std::size_t>(v + 1, 2 * bins_.size())), 0);
    ++bins_[v];
    return;
  }
  const std::size_t i = coarse_index(v) - coarse_base_;
  if (i >= coarse_.size()) coarse_.resize(i + 1, 0);
  ++coarse_[i];
}

Cycle LatencyHistogram::percentile(double q) const {
  if (!count_) return 0;
  const std::uint64_t rank = static_cast<std::uint64_t>(q * static_cast<double>(count_ - 1)) + 1;
  std::uint64_t seen = 0;
  for (std::size_t v = 0; v < bins_.size(); ++v) {
    seen += bins_[v];
    if (seen >= rank) return v;
  }
  for (std::size_t i = 0; i < coarse_.size(); ++i) {
    seen += coarse_[i];
    if (seen >= rank) return coarse_value(coarse_base_ + i);
  }
  return 0;  // not reached: the buckets hold count_ values
}

Stats::Stats(int terminals, int terminals_per_router, Cycle measure_begin, Cycle measure_end)
    : per_router_(terminals_per_router),
      begin_(measure_begin),
      end_(measure_end),
      injected_phits_(static_cast<std::size_t>(terminals / terminals_per_router), 0),
      path_types_(8, 0) {
  for (int b = 0; b < 8; ++b) path_names_[static_cast<std::size_t>(b)] = Topology::generic_path_type_name(b);
}

Stats::Stats(const Topology& topo, Cycle measure_begin, Cycle measure_end)
    : Stats(topo.nodes(), topo.nodes_per_router(), measure_begin, measure_end) {
  for (int b = 0; b < 8; ++b) path_names_[static_cast<std::size_t>(b)] = topo.path_type_name(b);
}

Stats::Stats(const Topology& topo, const RoutingAlgorithm& routing, Cycle measure_begin, Cycle measure_end)
    : Stats(topo.nodes(), topo.nodes_per_router(), measure_begin, measure_end) {
  for (int b = 0; b < 8; ++b) path_names_[static_cast<std::size_t>(b)] = routing.path_type_name(b, topo);
}

void Stats::enable_time_series(Cycle begin, Cycle end, Cycle bin) {
  series_begin_ = begin;
  series_end_ = end;
  bin_ = bin;
  series_.assign(static_cast<std::size_t>((end - begin + bin - 1) / bin), TimeBin{});
  series_generated_ = series_;
}

void Stats::set_hot_nodes(const std::vector<int>& hot, int nodes) {
  hot_destination_.assign(static_cast<std::size_t>(nodes), 0);
  for (int n : hot) hot_destination_[static_cast<std::size_t>(n)] = 1;
}

void Stats::enable_per_source(int nodes) {
  source_phits_.assign(static_cast<std::size_t>(nodes), 0);
  source_offered_.assign(static_cast<std::size_t>(nodes), 0);
}

void Stats::on_eject(const Packet& pkt, int at_node, Cycle tail, int at_nic) {
  ++ejected_total_;
  if (static_cast<int>(pkt.dst) != at_node || pkt.dst_nic != at_nic) ++misdelivered_;
  const std::uint64_t serial = pkt.serial & ((std::uint64_t{1} << kSerialPartitionShift) - 1);
  if (!delivered_[pkt.serial >> kSerialPartitionShift].deliver(serial)) ++duplicates_;
  if (tail >= end_) late_tails_.push_back(tail);
  last_tail_ = std::max(last_tail_, tail);

  const Cycle latency = tail - pkt.generated;
  if (bin_ && tail >= series_begin_ && tail < series_end_) series_[(tail - series_begin_) / bin_].add(pkt, latency);
  if (bin_ && pkt.generated >= series_begin_ && pkt.generated < series_end_)
    series_generated_[(pkt.generated - series_begin_) / bin_].add(pkt, latency);
  if (bursts_) bursts_->add(pkt.generated, pkt.injected, tail);
  if (!in_window(tail)) return;
  ++packets_;
  accepted_phits_ += pkt.size;
  misrouted_ += pkt.route.misrouted;
  // Summed apart from hops_: added to it in the loop, it was stored back at every step (pkt may alias it).
  hops_ += std::accumulate(pkt.route.hops.begin(), pkt.route.hops.end(), std::uint64_t{0});
  ++path_types_[pkt.route.path_bits & 7];
  // Under hotspot only the flows into the hot spot (the dumbbell's), else every flow.
  if (!source_phits_.empty() && (hot_destination_.empty() || hot_destination_[pkt.dst])) source_phits_[pkt.src] += pkt.size;
  if (vns_ > 1) {
    ++vn_packets_[pkt.vn];
    vn_phits_[pkt.vn] += pkt.size;
  }
  if (!hot_destination_.empty()) {  // by the packet's destination, as sent (delivered there unless misdelivered)
    if (hot_destination_[pkt.dst]) {
      hot_phits_ += pkt.size;
    } else {
      cold_phits_ += pkt.size;
      ++cold_packets_;
      cold_latency_sum_ += latency;
    }
  }
  total_.add(latency);
  injection_.add(pkt.injected - pkt.generated);
  network_.add(tail - pkt.injected);
}

std::uint64_t Stats::ejected_after(Cycle end) const {
  return static_cast<std::uint64_t>(std::count_if(late_tails_.begin(), late_tails_.end(), [end](Cycle t) { return t >= end; }));
}

nlohmann::json Stats::to_json(Cycle measure_cycles, int terminals) const {
  using nlohmann::json;
  const double node_cycles = static_cast<double>(measure_cycles) * terminals;
  json j;
  j["offered_load"] = offered_phits_ / node_cycles;
  j["accepted_load"] = accepted_phits_ / node_cycles;
  j["packets"] = packets_;
  j["refused_packets"] = refused_;
  // Without a packet delivered in the window nothing was measured: null, not 0 (a latency of 0 is not a
  // measurement; the run's result says why, tools/run/simulation.cpp).
  auto lat = [](const LatencyHistogram& h) {
    if (!h.count()) return json{{"average", nullptr}, {"p50", nullptr}, {"p99", nullptr}};
    return json{{"average", h.mean()}, {"p50", h.percentile(0.5)}, {"p99", h.percentile(0.99)}};
  };
  j["latency"] = {{"total", lat(total_)}, {"injection", lat(injection_)}, {"network", lat(network_)}};
  j["misrouted_fraction"] = packets_ ? json(static_cast<double>(misrouted_) / packets_) : json();
  j["average_hops"] = packets_ ? json(static_cast<double>(hops_) / packets_) : json();
  j["path_types"] = path_shares(path_names_, path_types_, packets_, true);
  json per_router = json::array();
  const double router_cycles = static_cast<double>(measure_cycles) * per_router_;
  for (std::uint64_t phits : injected_phits_) per_router.push_back(phits / router_cycles);
  j["injected_load_per_router"] = per_router;
  if (vns_ > 1) {  // only with VNs, so that a run with one VN writes exactly what it wrote before them
    json packets = json::array(), load = json::array();
    for (int v = 0; v < vns_; ++v) {
      packets.push_back(vn_packets_[static_cast<std::size_t>(v)]);
      load.push_back(vn_phits_[static_cast<std::size_t>(v)] / node_cycles);
    }
    j["accepted_packets_per_vn"] = packets;
    j["accepted_load_per_vn"] = load;
  }
  if (!hot_destination_.empty()) {  // only under hotspot, so that other runs write what they wrote before
    // Per node over all nodes, as accepted_load (their sum, up to rounding); the latency as latency.total's.
    j["hotspot"] = {{"hot_accepted_load", hot_phits_ / node_cycles},
                    {"cold_accepted_load", cold_phits_ / node_cycles},
                    {"cold_packets", cold_packets_},
                    {"cold_latency", cold_packets_ ? json(static_cast<double>(cold_latency_sum_) / static_cast<double>(cold_packets_)) : json()}};
  }
  if (!source_phits_.empty()) {  // Jain's index (sum x)^2 / (n sum x^2) over the n nodes that offered traffic
    double sum = 0, squares = 0;
    int n = 0;
    for (std::size_t node = 0; node < source_phits_.size(); ++node) {
      if (!source_offered_[node] || (!hot_destination_.empty() && hot_destination_[node])) continue;
      const double x = static_cast<double>(source_phits_[node]);
      sum += x, squares += x * x, ++n;
    }
    j["fairness"] = {{"sources", n}, {"jain_index", squares > 0 ? json(sum * sum / (n * squares)) : json()}};
  }
  return j;
}

nlohmann::json Stats::time_series_json() const {
  nlohmann::json bins = nlohmann::json::array();
  for (std::size_t i = 0; i < series_.size(); ++i) {
    const TimeBin& b = series_[i];
    const TimeBin& g = series_generated_[i];
    const Cycle start = series_begin_ + i * bin_;
    auto ratio = [](std::uint64_t x, std::uint64_t n) { return n ? static_cast<double>(x) / static_cast<double>(n) : 0.0; };
    bins.push_back({{"cycle", start},
                    {"packets", b.packets},
                    {"latency", ratio(b.latency_sum, b.packets)},
                    {"misrouted_fraction", ratio(b.misrouted, b.packets)},
                    {"accepted_load", static_cast<double>(b.phits) / (static_cast<double>(bin_) * (injected_phits_.size() * per_router_))},
                    // Packets created in the bin and delivered before the run ended.
                    {"generated_packets", g.packets},
                    {"generated_latency", ratio(g.latency_sum, g.packets)},
                    {"generated_misrouted_fraction", ratio(g.misrouted, g.packets)},
                    {"generated_path_types", path_shares(path_names_, g.path_types, g.packets, false)}});
  }
  return bins;
}

// Reaction time (seed-003 §V-B, R9): `before` is the misrouted fraction of the packets created before the
// change; `after` that of the packets created in the middle half of the rest of the window (the last
// quarter is left out: its slow packets are not delivered when the run ends, which would bias it). The
// reaction time to x% is the start of the first generation bin after the change whose fraction has
// covered x% of the way from `before` to `after`, relative to the change (so 0 = the first bin).
nlohmann::json Stats::reaction_json(Cycle change) const {
  nlohmann::json r = {{"misrouted_before", nullptr}, {"misrouted_after", nullptr}, {"bin", bin_},
                      {"cycles_to_50_percent", nullptr}, {"cycles_to_90_percent", nullptr}};
  if (!bin_ || change <= series_begin_ || change >= series_end_) return r;
  const Cycle length = series_end_ - change;
  std::uint64_t before_n = 0, before_m = 0, after_n = 0, after_m = 0;
  for (std::size_t i = 0; i < series_generated_.size(); ++i) {
    const Cycle start = series_begin_ + i * bin_;
    const TimeBin& g = series_generated_[i];
    if (start + bin_ <= change) {
      before_n += g.packets;
      before_m += g.misrouted;
    } else if (start >= change + length / 4 && start + bin_ <= change + 3 * length / 4) {
      after_n += g.packets;
      after_m += g.misrouted;
    }
  }
  if (!before_n || !after_n) return r;
  const double before = static_cast<double>(before_m) / static_cast<double>(before_n);
  const double after = static_cast<double>(after_m) / static_cast<double>(after_n);
  auto reached = [&](double share) -> nlohmann::json {
    const double target = before + share * (after - before);
    for (std::size_t i = 0; i < series_generated_.size(); ++i) {
      const Cycle start = series_begin_ + i * bin_;
      const TimeBin& g = series_generated_[i];
      if (start < change || !g.packets) continue;
      const double f = static_cast<double>(g.misrouted) / static_cast<double>(g.packets);
      if (after >= before ? f >= target : f <= target) return start - change;
    }
    return nullptr;
  };
  r["misrouted_before"] = before;
  r["misrouted_after"] = after;
  // A change of less than 10 points (MIN, Valiant) has no reaction to time.
  if (std::abs(after - before) >= 0.1) {
    r["cycles_to_50_percent"] = reached(0.5);
    r["cycles_to_90_percent"] = reached(0.9);
  }
  return r;
}

}  // namespace hiradix
