// Piggyback's global-channel saturation flags (seed-000 §3.6, Eq. 2-2): global channel k of a router is
// flagged when Q_k > F * Qbar + T, with Q_k the load of its output port (as UGAL's Q: the phits holding
// its downstream credits, each counted once), T in phits, and Qbar the mean load of the router's *other*
// global ports (the thesis' text), or of all of them, k included (`mean_over_all`, as FOGSim computes it).
// F is given in percent and the comparison is done in integers, with n the number of channels averaged:
// Q_k * 100 * n > F * sum(Q averaged) + T * 100 * n. Averaging the others with h = 1: Qbar = 0.
#pragma once
#include <cstdint>

namespace hiradix {

// `load[k]`, k < h: the loads of the h global ports; writes flags[k] (0/1).
inline void pb_flags(const int* load, int h, int factor_pct, int threshold, bool mean_over_all, std::uint8_t* flags) {
  long long total = 0;
  for (int k = 0; k < h; ++k) total += load[k];
  const long long n = mean_over_all ? h : (h > 1 ? h - 1 : 1);
  for (int k = 0; k < h; ++k) {
    const long long averaged = mean_over_all ? total : (h > 1 ? total - load[k] : 0);
    flags[k] = static_cast<long long>(load[k]) * 100 * n >
                       static_cast<long long>(factor_pct) * averaged + static_cast<long long>(threshold) * 100 * n
                   ? 1
                   : 0;
  }
}

}  // namespace hiradix
