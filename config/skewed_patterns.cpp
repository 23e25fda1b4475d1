#include "config/skewed_patterns.h"

#include <algorithm>
#include <cmath>
#include <numeric>
#include <set>

#include "router/common/rng.h"

namespace hiradix {

std::string hotspot_refusal(const std::vector<long long>& hot, int nodes) {
  std::set<long long> seen;
  for (long long n : hot) {
    if (n < 0 || n >= nodes)
      return "node " + std::to_string(n) + " is out of range: the network has nodes 0 to " + std::to_string(nodes - 1);
    if (!seen.insert(n).second) return "node " + std::to_string(n) + " is given twice";
  }
  if (nodes - static_cast<int>(seen.size()) < 2)
    return std::to_string(seen.size()) + " hot nodes of " + std::to_string(nodes) +
           " leave fewer than 2 other nodes for the uniform share";
  return "";
}

std::vector<int> hotspot_sources(const std::vector<int>& cold, double fraction, std::uint64_t seed) {
  const std::size_t count = static_cast<std::size_t>(std::lround(fraction * static_cast<double>(cold.size())));
  std::vector<int> order = cold;
  Rng rng(seed, kHotspotSourcesStream);
  // Fisher-Yates from the front: position i gets one of the nodes not yet taken, uniformly.
  for (std::size_t i = 0; i < count && i + 1 < order.size(); ++i)
    std::swap(order[i], order[i + rng.below(static_cast<std::uint32_t>(order.size() - i))]);
  order.resize(std::min(count, order.size()));
  std::sort(order.begin(), order.end());
  return order;
}

std::vector<double> zipf_cdf(int ranks, double exponent) {
  std::vector<double> cdf(static_cast<std::size_t>(ranks));
  double sum = 0;
  for (int i = 1; i <= ranks; ++i) cdf[static_cast<std::size_t>(i - 1)] = sum += std::pow(static_cast<double>(i), -exponent);
  for (double& c : cdf) c /= sum;
  cdf.back() = 1.0;  // a draw in [0, 1) always finds a rank
  return cdf;
}

ZipfRanking::ZipfRanking(int nodes, std::uint64_t seed) : ranks_(static_cast<std::uint64_t>(nodes - 1)) {
  Rng rng(seed, kZipfStream);
  const std::uint32_t r = static_cast<std::uint32_t>(ranks_);
  order_.resize(r);
  std::iota(order_.begin(), order_.end(), 0u);
  for (std::uint32_t i = r; i > 1; --i) std::swap(order_[i - 1], order_[rng.below(i)]);  // Fisher-Yates
  mult_.resize(static_cast<std::size_t>(nodes));
  add_.resize(static_cast<std::size_t>(nodes));
  for (std::size_t s = 0; s < mult_.size(); ++s) {
    do mult_[s] = 1 + rng.below(r);
    while (std::gcd(mult_[s], r) != 1);
    add_[s] = rng.below(r);
  }
}

}  // namespace hiradix
