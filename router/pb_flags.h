// Piggyback's global-channel saturation flags (seed-000 §3.6, Eq. 2-2): global channel k of a router is
// flagged when Q_k > F * Qbar + T, with Q_k the load of its output port (phits queued plus sent and not yet
// credited back, as UGAL's Q) and Qbar the mean load of the router's *other* global ports. F is given in
// percent and the comparison is done in integers: Q_k * 100 * (h-1) > F * sum(Q others) + T * 100 * (h-1).
// With h = 1 there is no other channel: Qbar = 0.
#pragma once
#include <cstdint>

namespace hiradix {

// `load[k]`, k < h: the loads of the h global ports; writes flags[k] (0/1).
inline void pb_flags(const int* load, int h, int factor_pct, int threshold, std::uint8_t* flags) {
  long long total = 0;
  for (int k = 0; k < h; ++k) total += load[k];
  const long long others_n = h > 1 ? h - 1 : 1;
  for (int k = 0; k < h; ++k) {
    const long long others = h > 1 ? total - load[k] : 0;
    flags[k] = static_cast<long long>(load[k]) * 100 * others_n >
                       static_cast<long long>(factor_pct) * others + static_cast<long long>(threshold) * 100 * others_n
                   ? 1
                   : 0;
  }
}

}  // namespace hiradix
