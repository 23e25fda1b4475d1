// The RTL queue select of band-based queues (rtl/hiradix_band_select.v: comparisons against boundaries
// ceil(j * M / Q)) against the C++ reference (router/common/band_map.h: floor(x * Q / M), a division): every
// destination of networks whose bands divide their size, do not, reach the 32 bands, or reach the 16-bit
// node numbers, in both of dbbq's VNs.
#include <gtest/gtest.h>

#include <cstdint>
#include <string>

#include "router/common/band_map.h"
#include "router/rtl/rtl_band_select.h"

using namespace hiradix;

namespace {

struct Network {
  int nodes, columns, nodes_per_router;
};

TEST(RtlBandSelect, EveryDestinationAgreesWithTheFloorFormula) {
  const Network networks[] = {{16, 4, 1},    {25, 5, 1},     {64, 8, 1},     {100, 10, 1},  {128, 8, 2},
                              {2304, 48, 1}, {13824, 24, 1}, {65535, 255, 1}, {96, 12, 8}};
  for (const Network& n : networks)
    for (int count : {1, 2, 3, 4, 7, 16, 32}) {
      for (bool by_column : {false, true}) {
        BandMap m;
        m.count = count;
        m.by_column = by_column;
        m.nodes = n.nodes;
        m.columns = n.columns;
        m.nodes_per_router = n.nodes_per_router;
        RtlBandSelect rtl(m);
        int wrong = 0;
        for (int dst = 0; dst < n.nodes; ++dst)
          for (int vn = 0; vn < 2; ++vn)
            if (rtl.band(static_cast<std::uint32_t>(dst), vn) != m.band(static_cast<std::uint32_t>(dst), vn) && ++wrong < 4)
              ADD_FAILURE() << "N " << n.nodes << ", k " << n.columns << ", bands " << count << (by_column ? " dbbq" : " bbq")
                            << ": dst " << dst << " VN " << vn << ": RTL " << rtl.band(static_cast<std::uint32_t>(dst), vn)
                            << ", model " << m.band(static_cast<std::uint32_t>(dst), vn);
        EXPECT_EQ(wrong, 0) << n.nodes << " " << count;
      }
    }
}

TEST(RtlBandSelect, RefusesWhatItsWidthsCannotCarry) {
  BandMap m;
  m.count = 33;
  m.nodes = 64;
  EXPECT_THROW(RtlBandSelect{m}, std::invalid_argument);
  m.count = 2;
  m.nodes = 65536;
  EXPECT_THROW(RtlBandSelect{m}, std::invalid_argument);
}

}  // namespace
