// The permutation traffic patterns (Dally & Towles, "Principles and Practices of Interconnection Networks",
// §3.2; BookSim's names): every packet of node s goes to one node d(s), the same for the whole run. The
// config checks where each is defined (config_sections.cpp, read_traffic) and the testbench looks the tables
// up once per NIC (testbench/traffic.h), so no packet pays for a bit loop.
//
// Bit permutations, on node IDs of b = log2(N) bits (N nodes, a power of two; s_i is bit i of the source's
// ID, bit 0 the least significant):
//   bit_complement  d_i = ¬s_i
//   bit_reverse     d_i = s_{b−1−i}
//   shuffle         d_i = s_{(i−1) mod b}     (the ID rotated left by one bit)
//   transpose       d_i = s_{(i+b/2) mod b}   (b even: the ID's two halves swapped) — on a topology
//                                             without a grid (Topology::grid() empty)
// Coordinate permutations, on grid topologies (Topology::grid() = (k_0, k_1, ...): meshes, tori, HyperX): the
// node's router at coordinates (c_0, c_1, ...) maps to another router, and the node's terminal index at
// its router (node mod p) is kept:
//   tornado    c_d → (c_d + ⌈k_d/2⌉ − 1) mod k_d   in every dimension
//   neighbor   c_d → (c_d + 1) mod k_d             in every dimension
//   transpose  (c_0, c_1) → (c_1, c_0)             2-D square grids only (k_0 = k_1)
// So on a grid, transpose is always the coordinate transpose (what a router architect means on an 8 × 8
// mesh, whatever p); on a k × k grid with k a power of two and p = 1 it is the bit transpose as well.
// random_permutation: a derangement (no node to itself) of the N nodes, drawn uniformly once per run from
// the seed's own stream (kRandomPermutationStream), not from a NIC's: other patterns' results do not move.
//
// A node that is its own destination (a fixed point: the transpose's diagonal, bit_reverse's palindromes,
// shuffle's all-zeros and all-ones) sends no packet of the pattern, as in
// Noxim (BookSim sends them through their own router): offered and accepted loads stay per node over all
// N nodes, so a transpose on an 8 × 8 mesh offers 56/64 of traffic.load, and result.json says how many
// nodes that is (permutation_fixed_points).
#pragma once
#include <cstdint>
#include <string>
#include <vector>

#include "config/traffic_schedule.h"
#include "topology/topology.h"

namespace hiradix {

// The stream of the seed random_permutation is drawn from: beyond every NIC's (a NIC's stream is its node ID).
inline constexpr std::uint64_t kRandomPermutationStream = 0x7065726d75746531ull;  // "permute1"

// Why the permutation `kind` is not defined on `topo`, as a clause that follows the pattern's name in a
// config error ("needs a power-of-two number of nodes; mesh 3x4 p=1 has 12"); empty where it is defined.
std::string permutation_refusal(PatternKind kind, const Topology& topo);

// The destination of every node under the permutation `kind`, defined on `topo` (permutation_refusal
// empty); `seed` is the run's sim.seed, which only random_permutation reads. Throws std::invalid_argument
// where `kind` is not defined or not a permutation.
std::vector<int> permutation_table(PatternKind kind, const Topology& topo, std::uint64_t seed);

// random_permutation's table: a uniformly drawn derangement of n >= 2 nodes (Fisher-Yates shuffles of the
// stream, redrawn until no node maps to itself: e ≈ 2.7 draws on average).
std::vector<int> random_derangement(int n, std::uint64_t seed);

// The nodes a table maps to themselves (they send nothing under it).
int fixed_points(const std::vector<int>& table);

}  // namespace hiradix
