// The routing unit's random source, bit for bit the one of rtl/lfsr_advance.vh (DESIGN §3.2): a 64-bit
// right-shifting Galois LFSR whose polynomial and step count come from rtl/hiradix_fields.vh. Every
// routing decision advances it LFSR_STEPS steps and draws from the new state, so random choices (the
// Valiant intermediate router, random tie-breaks) are the same in the C++ model and in the RTL.
#pragma once
#include <cstdint>

#include "rtl_fields.h"  // generated from rtl/hiradix_fields.vh

namespace hiradix {

// The definition: LFSR_STEPS single Galois steps (shift right, XOR the mask if a 1 was shifted out).
inline std::uint64_t lfsr_advance_bitwise(std::uint64_t s) {
  for (int i = 0; i < rtl::LFSR_STEPS; ++i) s = (s >> 1) ^ (rtl::LFSR_MASK & (0 - (s & 1)));
  return s;
}

// The same advance a chunk of steps at a time. The mask's taps are all high (bit 59 and up): a bit it feeds
// back at step i reaches bit 0 only at step i + 59 or later, so the kChunk (<= lowest tap + 1) bits shifted
// out by kChunk steps are the state's own low bits, and each tap t adds them back shifted left by
// t + 1 - kChunk. Two 32-step chunks cost some 20 instructions against the nibble tables' 16 dependent
// loads (some 60 instructions per routing decision, callgrind, h = 4 at 0.5); tests check it against the
// bitwise form.
constexpr int kLfsrChunk = 32;
constexpr bool kLfsrChunked = __builtin_ctzll(rtl::LFSR_MASK) + 1 >= kLfsrChunk && rtl::LFSR_STEPS % kLfsrChunk == 0;

inline std::uint64_t lfsr_advance_chunk(std::uint64_t s) {
  const std::uint64_t low = s & ((1ull << kLfsrChunk) - 1);
  std::uint64_t r = s >> kLfsrChunk;
#pragma GCC unroll 64  // the taps are constants: one shift and XOR each
  for (int t = kLfsrChunk - 1; t < 64; ++t)
    if (rtl::LFSR_MASK >> t & 1) r ^= low << (t + 1 - kLfsrChunk);
  return r;
}

// For a mask with low taps: the steps are linear over GF(2), so advance(s) is the XOR of the advances of s's
// nibbles, sixteen table lookups (2 KiB of tables, which stay in L1 between a router's decisions).
struct LfsrTables {
  std::uint64_t nibble[16][16];
  LfsrTables() {
    for (int b = 0; b < 16; ++b)
      for (int v = 0; v < 16; ++v) nibble[b][v] = lfsr_advance_bitwise(static_cast<std::uint64_t>(v) << (4 * b));
  }
};

inline std::uint64_t lfsr_advance_by_tables(std::uint64_t s) {
  static const LfsrTables tables;
  std::uint64_t r = 0;
#pragma GCC unroll 16  // -O2 keeps a loop otherwise (its counter cost as much as the lookups)
  for (int b = 0; b < 16; ++b) r ^= tables.nibble[b][(s >> (4 * b)) & 0xF];
  return r;
}

inline std::uint64_t lfsr_advance(std::uint64_t s) {
  if constexpr (!kLfsrChunked) return lfsr_advance_by_tables(s);
  for (int i = 0; i < rtl::LFSR_STEPS / kLfsrChunk; ++i) s = lfsr_advance_chunk(s);
  return s;
}

// Uniform draw in [0, n) from 32 random bits: the high half of bits * n (one multiplier in hardware).
inline std::uint32_t lfsr_draw(std::uint32_t bits, std::uint32_t n) {
  return static_cast<std::uint32_t>((static_cast<std::uint64_t>(bits) * n) >> 32);
}

// A router's initial LFSR state from (seed, router): splitmix64, never the all-zero lock-up state.
inline std::uint64_t lfsr_seed(std::uint64_t seed, std::uint64_t router) {
  std::uint64_t z = seed * 0x9E3779B97F4A7C15ull + router + 0x4C46535200000000ull;  // "LFSR"
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
  z ^= z >> 31;
  return z ? z : 1;
}

}  // namespace hiradix
