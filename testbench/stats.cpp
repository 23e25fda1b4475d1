#include "testbench/stats.h"

#include <algorithm>

namespace hiradix {

Cycle LatencyHistogram::percentile(double q) const {
  if (!count_) return 0;
  const std::uint64_t rank = static_cast<std::uint64_t>(q * static_cast<double>(count_ - 1)) + 1;
  std::uint64_t seen = 0;
  for (std::size_t v = 0; v < bins_.size(); ++v) {
    seen += bins_[v];
    if (seen >= rank) return v;
  }
  std::sort(overflow_.begin(), overflow_.end());
  return overflow_[rank - seen - 1];
}

std::string path_type_name(int bits) {
  if (bits == 0) return "min";
  std::string s = "---";
  if (bits & 1) s[0] = 'l';
  if (bits & 2) s[1] = 'g';
  if (bits & 4) s[2] = 'l';
  return s;
}

Stats::Stats(int terminals, int terminals_per_router, Cycle measure_begin, Cycle measure_end)
    : per_router_(terminals_per_router),
      begin_(measure_begin),
      end_(measure_end),
      injected_phits_(static_cast<std::size_t>(terminals / terminals_per_router), 0),
      path_types_(8, 0) {}

void Stats::enable_time_series(Cycle begin, Cycle end, Cycle bin) {
  series_begin_ = begin;
  series_end_ = end;
  bin_ = bin;
  series_.assign(static_cast<std::size_t>((end - begin + bin - 1) / bin), TimeBin{});
}

void Stats::on_eject(const Packet& pkt, int at_terminal, Cycle tail) {
  ++ejected_total_;
  if (static_cast<int>(pkt.dst) != at_terminal) ++misdelivered_;
  if (pkt.serial >= delivered_.size()) delivered_.resize(std::max<std::size_t>(pkt.serial + 1, delivered_.size() * 2), false);
  if (delivered_[pkt.serial]) ++duplicates_;
  delivered_[pkt.serial] = true;
  if (tail >= end_) late_tails_.push_back(tail);

  const Cycle latency = tail - pkt.generated;
  if (bin_ && tail >= series_begin_ && tail < series_end_) {
    TimeBin& b = series_[(tail - series_begin_) / bin_];
    ++b.packets;
    b.phits += pkt.size;
    b.misrouted += pkt.route.misrouted;
    b.latency_sum += latency;
  }
  if (!in_window(tail)) return;
  ++packets_;
  accepted_phits_ += pkt.size;
  misrouted_ += pkt.route.misrouted;
  hops_ += static_cast<std::uint64_t>(pkt.route.local_hops + pkt.route.global_hops);
  ++path_types_[pkt.route.path_bits & 7];
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
  auto lat = [](const LatencyHistogram& h) {
    return json{{"average", h.mean()}, {"p50", h.percentile(0.5)}, {"p99", h.percentile(0.99)}};
  };
  j["latency"] = {{"total", lat(total_)}, {"injection", lat(injection_)}, {"network", lat(network_)}};
  j["misrouted_fraction"] = packets_ ? static_cast<double>(misrouted_) / packets_ : 0.0;
  j["average_hops"] = packets_ ? static_cast<double>(hops_) / packets_ : 0.0;
  json paths = json::object();
  for (int b = 0; b < 8; ++b)
    if (path_types_[b] || b == 0) paths[path_type_name(b)] = packets_ ? static_cast<double>(path_types_[b]) / packets_ : 0.0;
  j["path_types"] = paths;
  json per_router = json::array();
  const double router_cycles = static_cast<double>(measure_cycles) * per_router_;
  for (std::uint64_t phits : injected_phits_) per_router.push_back(phits / router_cycles);
  j["injected_load_per_router"] = per_router;
  return j;
}

nlohmann::json Stats::time_series_json() const {
  nlohmann::json bins = nlohmann::json::array();
  for (std::size_t i = 0; i < series_.size(); ++i) {
    const TimeBin& b = series_[i];
    const Cycle start = series_begin_ + i * bin_;
    bins.push_back({{"cycle", start},
                    {"packets", b.packets},
                    {"latency", b.packets ? static_cast<double>(b.latency_sum) / b.packets : 0.0},
                    {"misrouted_fraction", b.packets ? static_cast<double>(b.misrouted) / b.packets : 0.0},
                    {"accepted_load", static_cast<double>(b.phits) / (static_cast<double>(bin_) * (injected_phits_.size() * per_router_))}});
  }
  return bins;
}

}  // namespace hiradix
