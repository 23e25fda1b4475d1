// Driving Verilated RTL blocks (the co-simulated state blocks, and their tests): bit access to ports of any
// width, clock and reset.
#pragma once
#include <cstdint>
#include <type_traits>

namespace hiradix::verilated {

// Bit access to Verilated ports of any width (CData ... QData, or VlWide words of 32 bits).

template <typename T>
std::uint64_t get_bits(const T& s, int lsb, int width) {
  if constexpr (std::is_integral_v<T>) {
    const std::uint64_t v = static_cast<std::uint64_t>(s) >> lsb;
    return width >= 64 ? v : v & ((1ull << width) - 1);
  } else {
    std::uint64_t v = 0;
    for (int b = 0; b < width; ++b) v |= static_cast<std::uint64_t>((s[(lsb + b) / 32] >> ((lsb + b) % 32)) & 1u) << b;
    return v;
  }
}

template <typename T>
void set_bits(T& s, int lsb, int width, std::uint64_t value) {
  if constexpr (std::is_integral_v<T>) {
    const std::uint64_t m = (width >= 64 ? ~0ull : (1ull << width) - 1) << lsb;
    s = static_cast<T>((static_cast<std::uint64_t>(s) & ~m) | ((value << lsb) & m));
  } else {
    for (int b = 0; b < width; ++b) {
      const int bit = lsb + b;
      const std::uint32_t m = 1u << (bit % 32);
      if ((value >> b) & 1u) s[bit / 32] |= m;
      else s[bit / 32] &= ~m;
    }
  }
}

template <typename T>
void assign(T& port, std::uint64_t value) {
  port = static_cast<T>(value);
}

constexpr int bits_for(int n) {  // $clog2(n), at least 1: the index width the RTL uses
  int w = 0;
  while ((1 << w) < n) ++w;
  return w < 1 ? 1 : w;
}

template <typename M>
void clock(M& m) {
  m.clk = 1;
  m.eval();
  m.clk = 0;
  m.eval();
}

template <typename M>
void reset(M& m) {
  m.rst = 1;
  m.clk = 0;
  m.eval();
  clock(m);
  m.rst = 0;
  m.eval();
}

}  // namespace hiradix::verilated
