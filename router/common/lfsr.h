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

// The steps are linear over GF(2), so advance(s) is the XOR of the advances of s's nibbles: sixteen table
// lookups instead of 64 dependent steps per routing decision (tests check it against the bitwise form).
// Nibbles, not bytes: the tables take 2 KiB, which stays in L1 between a router's decisions; the 16 KiB of
// byte tables did not (6.5 of their 8 lookups missed L1 per decision, h = 4 at 0.5, cachegrind).
struct LfsrTables {
  std::uint64_t nibble[16][16];
  LfsrTables() {
    for (int b = 0; b < 16; ++b)
      for (int v = 0; v < 16; ++v) nibble[b][v] = lfsr_advance_bitwise(static_cast<std::uint64_t>(v) << (4 * b));
  }
};
inline const LfsrTables kLfsrTables;

inline std::uint64_t lfsr_advance(std::uint64_t s) {
  std::uint64_t r = 0;
#pragma GCC unroll 16  // -O2 keeps a loop otherwise (its counter cost as much as the lookups)
  for (int b = 0; b < 16; ++b) r ^= kLfsrTables.nibble[b][(s >> (4 * b)) & 0xF];
  return r;
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
