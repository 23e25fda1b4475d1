// The skewed traffic patterns of seed-001 §4 (docs/papers/seed-001-sasha-osha.md, "§4.1 Zipf" and "§4.2 Hot
// spot"): what the config checks of them and the tables a run draws from (testbench/traffic.h), computed once.
//
// hotspot: each packet of a source goes with probability traffic.hotspot_fraction (default 0.25, the share
// of seed-001's hot-spot sources) to one of the hot nodes (traffic.hotspot_nodes, default [0]) drawn
// uniformly, the source excluded; otherwise uniformly to one of the cold nodes (neither hot nor the source).
// A hot node that is the only hot node sends all its packets to the cold nodes.
//
// hotspot under traffic.hotspot_mode sources (seed-001 §4.2 as the seed runs it: "25 % of the end nodes send
// all their packets to a single hot-spot destination"): the fraction picks whole sources instead of a share
// of packets. hotspot_sources draws them; each sends every packet to a hot node (uniformly among several);
// every other node, hot ones included, sends uniformly to the cold nodes (neither hot nor itself), hot
// sources among them.
//
// zipf: the packets of a source go to the others by their rank in the source's own ranking, P(rank i) =
// i^-s / Σ_{j=1..R} j^-s for i = 1..R, R = N − 1 (s = traffic.zipf_exponent; the source is not in its own
// ranking, as uniform traffic never sends to itself). Drawn by inverse CDF: one uniform number and a binary
// search in the table zipf_cdf, shared by all sources. Each source ranks the others differently
// (ZipfRanking): a random ranking drawn once per run from the seed, in O(N) memory for any N.
#pragma once
#include <cstdint>
#include <string>
#include <vector>

namespace hiradix {

// The stream of the seed the Zipf rankings are drawn from: beyond every NIC's, as random_permutation's.
inline constexpr std::uint64_t kZipfStream = 0x7a69706672616e6bull;  // "zipfrank"

// The stream of the seed the hot sources are drawn from (hotspot_sources), apart from every NIC's.
inline constexpr std::uint64_t kHotspotSourcesStream = 0x686f74736f757263ull;  // "hotsourc"

// The hot sources of traffic.hotspot_mode sources: round(fraction × |cold|) of the `cold` nodes (those not
// hot, ascending), half-way rounded up. Drawn by a Fisher-Yates shuffle of `cold` with Rng(seed,
// kHotspotSourcesStream), the first ones taken; returned ascending. The same seed, the same sources.
std::vector<int> hotspot_sources(const std::vector<int>& cold, double fraction, std::uint64_t seed);

// Why traffic.hotspot_nodes cannot be the hot nodes of a network of `nodes` nodes (a node out of range, one
// given twice, fewer than two cold nodes left); empty where they can.
std::string hotspot_refusal(const std::vector<long long>& hot, int nodes);

// The cumulative probabilities of ranks 1..ranks under P(i) = i^-s / Σ_{j=1..ranks} j^-s; the last is
// exactly 1. ranks >= 1, s >= 0 (s = 0 is uniform).
std::vector<double> zipf_cdf(int ranks, double exponent);

// Every source's ranking of the other nodes of a network of `nodes` >= 2 nodes: rank r (0-based) of source
// s is node (s + 1 + order[(a_s · r + b_s) mod R]) mod N, R = N − 1, with `order` a permutation of [0, R)
// drawn once and a_s (coprime with R) and b_s drawn per source, all from the seed's stream kZipfStream. So
// each source's top destination is uniform over the others and its ranking a bijection onto them, without
// an N × N table. [IMPL] seed-001 draws an independent ranking per source; this one is cheaper and
// correlated across sources, which no measure of the seed reads.
class ZipfRanking {
 public:
  ZipfRanking() = default;
  ZipfRanking(int nodes, std::uint64_t seed);
  int destination(int source, std::uint32_t rank) const {
    const std::size_t s = static_cast<std::size_t>(source);
    const std::uint64_t i = (static_cast<std::uint64_t>(mult_[s]) * rank + add_[s]) % ranks_;
    return static_cast<int>((static_cast<std::uint64_t>(source) + 1 + order_[static_cast<std::size_t>(i)]) % (ranks_ + 1));
  }
  bool empty() const { return order_.empty(); }

 private:
  std::uint64_t ranks_ = 0;
  std::vector<std::uint32_t> order_;
  std::vector<std::uint32_t> mult_, add_;
};

}  // namespace hiradix
