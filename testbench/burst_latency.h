// The latency of the packets created in each burst of bursty repetitive traffic (traffic.change.period and
// .burst, seed 004 §3.7): result.json `bursts`, what seed 004's Figs. 41-44 compare between DRB and PR-DRB
// burst after burst. Burst k covers creation cycles [at + k P, at + k P + B); a packet counts once delivered,
// with its latency from creation (and from injection) to its tail.
#pragma once
#include <cstdint>
#include <vector>

#include <nlohmann/json.hpp>

#include "tlm/cycle.h"

namespace hiradix {

class BurstLatency {
 public:
  // The bursts that start before `end`.
  BurstLatency(Cycle at, Cycle period, Cycle burst, Cycle end)
      : at_(at), period_(period), burst_(burst), bursts_(end > at ? static_cast<std::size_t>((end - at + period - 1) / period) : 0) {}

  void add(Cycle generated, Cycle injected, Cycle tail) {
    if (generated < at_) return;
    const Cycle since = generated - at_;
    const std::size_t k = static_cast<std::size_t>(since / period_);
    if (since % period_ >= burst_ || k >= bursts_.size()) return;
    Burst& b = bursts_[k];
    ++b.packets;
    b.latency += tail - generated;
    b.network_latency += tail - injected;
  }

  nlohmann::json to_json() const {
    nlohmann::json out = nlohmann::json::array();
    for (std::size_t k = 0; k < bursts_.size(); ++k) {
      const Burst& b = bursts_[k];
      const auto mean = [&b](std::uint64_t sum) { return b.packets ? nlohmann::json(static_cast<double>(sum) / static_cast<double>(b.packets)) : nlohmann::json(); };
      out.push_back({{"burst", k}, {"from", at_ + k * period_}, {"packets", b.packets}, {"latency_mean", mean(b.latency)},
                     {"network_latency_mean", mean(b.network_latency)}});
    }
    return out;
  }

 private:
  struct Burst {
    std::uint64_t packets = 0, latency = 0, network_latency = 0;
  };
  Cycle at_, period_, burst_;
  std::vector<Burst> bursts_;
};

}  // namespace hiradix
