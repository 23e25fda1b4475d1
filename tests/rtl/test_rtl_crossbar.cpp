// The crossbar (rtl/hiradix_crossbar.v) against its definition: each output carries the phit of the one
// input its one-hot select names, or 0 when none; and the buffer row (rtl/hiradix_buffer_row.v) holds
// what was written at the last clock edge.
#include <gtest/gtest.h>

#include <cstdint>
#include <random>

#include "Vbufrow_w12.h"
#include "Vxbar_5x3w12.h"
#include "router/rtl/verilated_bits.h"

using namespace hiradix::verilated;

namespace {

TEST(RtlCrossbar, EachOutputCarriesTheInputItsSelectNames) {
  constexpr int NI = 5, NO = 3, W = 12;
  Vxbar_5x3w12 m;
  std::mt19937_64 rng(7);
  for (int round = 0; round < 20000; ++round) {
    std::uint64_t phit[NI];
    for (int i = 0; i < NI; ++i) {
      phit[i] = rng() & ((1u << W) - 1);
      set_bits(m.in, i * W, W, phit[i]);
    }
    int chosen[NO];
    for (int o = 0; o < NO; ++o) {
      chosen[o] = static_cast<int>(rng() % (NI + 1)) - 1;  // -1: no input for this output
      set_bits(m.sel, o * NI, NI, chosen[o] < 0 ? 0 : 1u << chosen[o]);
    }
    m.eval();
    for (int o = 0; o < NO; ++o)
      ASSERT_EQ(get_bits(m.out, o * W, W), chosen[o] < 0 ? 0 : phit[chosen[o]]) << "round " << round << " output " << o;
  }
}

TEST(RtlBufferRow, HoldsThePhitWrittenAtTheLastEdge) {
  Vbufrow_w12 m;
  std::mt19937_64 rng(3);
  m.clk = 0;
  m.eval();
  for (int c = 0; c < 1000; ++c) {
    const std::uint64_t v = rng() & 0xfff;
    m.d = static_cast<std::uint16_t>(v);
    m.clk = 1;
    m.eval();
    m.d = static_cast<std::uint16_t>(~v & 0xfff);  // changes between edges do not reach q
    m.clk = 0;
    m.eval();
    ASSERT_EQ(m.q, v) << c;
  }
}

}  // namespace
