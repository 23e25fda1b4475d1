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

// The steps are linear over GF(2), so advance(s) is the XOR of the advances of s's bytes: eight table
// lookups instead of 64 dependent steps per routing decision (tests check it against the bitwise form).
struct LfsrTables {
  std::uint64_t byte[8][256];
  LfsrTables() {
    for (int b = 0; b < 8; ++b)
      for (int v = 0; v < 256; ++v) byte[b][v] = lfsr_advance_bitwise(static_cast<std::uint64_t>(v) << (8 * b));
  }
};
inline const LfsrTables kLfsrTables;

// Written out: as a loop, -O2 kept the loop and its counter (92 instructions a decision instead of 31).
inline std::uint64_t lfsr_advance(std::uint64_t s) {
  const auto& t = kLfsrTables.byte;
  return (t[0][s & 0xFF] ^ t[1][(s >> 8) & 0xFF]) ^ (t[2][(s >> 16) & 0xFF] ^ t[3][(s >> 24) & 0xFF]) ^
         (t[4][(s >> 32) & 0xFF] ^ t[5][(s >> 40) & 0xFF]) ^ (t[6][(s >> 48) & 0xFF] ^ t[7][s >> 56]);
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
