#include "config/permutation_patterns.h"

#include <stdexcept>
#include <utility>

#include "router/common/rng.h"

namespace hiradix {

namespace {

// log2(n) when n is a power of two (n >= 2), else -1.
int id_bits(int n) {
  if (n < 2 || (n & (n - 1)) != 0) return -1;
  int b = 0;
  while ((1 << b) < n) ++b;
  return b;
}

std::string nodes_of(const Topology& topo) { return topo.describe() + " has " + std::to_string(topo.nodes()); }

// The bit permutations on a b-bit node ID (the header's definitions).
int bit_destination(PatternKind kind, int s, int b) {
  const int all = (1 << b) - 1;
  switch (kind) {
    case PatternKind::kBitComplement: return ~s & all;
    case PatternKind::kBitReverse: {
      int d = 0;
      for (int i = 0; i < b; ++i) d |= ((s >> (b - 1 - i)) & 1) << i;
      return d;
    }
    case PatternKind::kShuffle: return ((s << 1) | (s >> (b - 1))) & all;
    case PatternKind::kTranspose: {
      const int half = b / 2;
      return (s >> half) | ((s & ((1 << half) - 1)) << half);
    }
    default: throw std::invalid_argument(to_string(kind) + " is not a bit permutation");
  }
}

// The coordinate permutations on a grid (the header's definitions): the router `router` maps to.
int grid_destination(PatternKind kind, const std::vector<int>& grid, int router) {
  std::vector<int> c(grid.size());
  for (std::size_t d = 0, rest = static_cast<std::size_t>(router); d < grid.size(); ++d) {
    c[d] = static_cast<int>(rest % static_cast<std::size_t>(grid[d]));
    rest /= static_cast<std::size_t>(grid[d]);
  }
  switch (kind) {
    case PatternKind::kTornado:
      for (std::size_t d = 0; d < grid.size(); ++d) c[d] = (c[d] + (grid[d] + 1) / 2 - 1) % grid[d];
      break;
    case PatternKind::kNeighbor:
      for (std::size_t d = 0; d < grid.size(); ++d) c[d] = (c[d] + 1) % grid[d];
      break;
    case PatternKind::kTranspose: std::swap(c[0], c[1]); break;
    default: throw std::invalid_argument(to_string(kind) + " is not a coordinate permutation");
  }
  int r = 0;
  for (std::size_t d = grid.size(); d-- > 0;) r = r * grid[d] + c[d];
  return r;
}

}  // namespace

std::string permutation_refusal(PatternKind kind, const Topology& topo) {
  const std::vector<int> grid = topo.grid();
  const int bits = id_bits(topo.nodes());
  switch (kind) {
    case PatternKind::kBitComplement:
    case PatternKind::kBitReverse:
    case PatternKind::kShuffle:
      return bits < 0 ? "needs a power-of-two number of nodes (node IDs of log2 N bits); " + nodes_of(topo) : "";
    case PatternKind::kTranspose:
      if (!grid.empty())
        return grid.size() == 2 && grid[0] == grid[1]
                   ? ""
                   : "on a grid topology swaps router coordinates (x, y) -> (y, x) and needs a 2-D square grid "
                     "(topology.dims: [k, k]); " + topo.describe() + " is not one";
      return bits < 0 || bits % 2 ? "needs 4^m nodes (node IDs of an even number of bits, whose halves it swaps); " + nodes_of(topo)
                                  : "";
    case PatternKind::kTornado:
    case PatternKind::kNeighbor:
      return grid.empty() ? "needs a grid topology (mesh, torus, flattened_butterfly or kns: router coordinates); " + topo.name() + " has none" : "";
    case PatternKind::kRandomPermutation:
      return topo.nodes() < 2 ? "needs at least 2 nodes; " + nodes_of(topo) : "";
    default: return "is not a permutation";
  }
}

std::vector<int> permutation_table(PatternKind kind, const Topology& topo, std::uint64_t seed) {
  const std::string refusal = permutation_refusal(kind, topo);
  if (!refusal.empty()) throw std::invalid_argument(to_string(kind) + " " + refusal);
  const int n = topo.nodes();
  if (kind == PatternKind::kRandomPermutation) return random_derangement(n, seed);
  std::vector<int> table(static_cast<std::size_t>(n));
  const std::vector<int> grid = topo.grid();
  const bool by_coordinates = kind == PatternKind::kTornado || kind == PatternKind::kNeighbor ||
                              (kind == PatternKind::kTranspose && !grid.empty());
  const int per_router = topo.nodes_per_router(), bits = id_bits(n);
  for (int s = 0; s < n; ++s)
    table[static_cast<std::size_t>(s)] = by_coordinates ? grid_destination(kind, grid, s / per_router) * per_router + s % per_router
                                                        : bit_destination(kind, s, bits);
  return table;
}

std::vector<int> random_derangement(int n, std::uint64_t seed) {
  if (n < 2) throw std::invalid_argument("a derangement needs at least 2 nodes");
  Rng rng(seed, kRandomPermutationStream);
  std::vector<int> table(static_cast<std::size_t>(n));
  for (;;) {
    for (int i = 0; i < n; ++i) table[static_cast<std::size_t>(i)] = i;
    for (int i = n - 1; i > 0; --i)
      std::swap(table[static_cast<std::size_t>(i)], table[rng.below(static_cast<std::uint32_t>(i + 1))]);
    if (fixed_points(table) == 0) return table;
  }
}

int fixed_points(const std::vector<int>& table) {
  int fixed = 0;
  for (std::size_t i = 0; i < table.size(); ++i) fixed += table[i] == static_cast<int>(i);
  return fixed;
}

}  // namespace hiradix
