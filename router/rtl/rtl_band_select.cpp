#include "router/rtl/rtl_band_select.h"

#include <stdexcept>
#include <string>

#include "Vhiradix_band_select.h"
#include "router/rtl/verilated_bits.h"
#include "verilated.h"

namespace hiradix {

struct RtlBandSelect::Model {
  VerilatedContext context;  // its own (as router/rtl/clocked_block.h's): a select per thread of a threaded run
  Vhiradix_band_select v{&context, "band_select"};
};

namespace {
constexpr int kXw = 16;  // the model's X_W
// ceil(j * m / q): the first x whose band floor(x * q / m) is j.
std::uint64_t boundary(int j, int m, int q) {
  return (static_cast<std::uint64_t>(j) * static_cast<std::uint64_t>(m) + static_cast<std::uint64_t>(q) - 1) /
         static_cast<std::uint64_t>(q);
}
}  // namespace

RtlBandSelect::RtlBandSelect(const BandMap& bands) : model_(std::make_unique<Model>()), bands_(bands) {
  if (bands.count > kMaxBands) throw std::invalid_argument("at most " + std::to_string(kMaxBands) + " bands");
  if (static_cast<std::uint32_t>(bands.nodes) > kMaxNodes)
    throw std::invalid_argument("at most " + std::to_string(kMaxNodes) + " nodes");
  Vhiradix_band_select& m = model_->v;
  for (int j = 1; j < kMaxBands; ++j) {
    const bool used = j < bands.count;
    verilated::set_bits(m.row_bounds, (j - 1) * kXw, kXw, used ? boundary(j, bands.nodes, bands.count) : 0xFFFF);
    verilated::set_bits(m.column_bounds, (j - 1) * kXw, kXw,
                        used && bands.by_column ? boundary(j, bands.columns, bands.count) : 0xFFFF);
  }
}

RtlBandSelect::~RtlBandSelect() = default;

int RtlBandSelect::band(std::uint32_t dst, int vn) {
  Vhiradix_band_select& m = model_->v;
  m.dst = static_cast<std::uint16_t>(dst);
  m.column = static_cast<std::uint16_t>(bands_.by_column ? dst / static_cast<std::uint32_t>(bands_.nodes_per_router) %
                                                                static_cast<std::uint32_t>(bands_.columns)
                                                          : 0);
  m.by_column = bands_.by_column && vn == 1;
  m.eval();
  return m.band;
}

}  // namespace hiradix
