// The RTL queue select of band-based queues (rtl/hiradix_band_select.v), Verilated once with room for
// kMaxBands bands, behind a facade (Verilator's headers stay inside the hiradix_rtl library). Its boundaries
// are written from the band map at construction, as a fabric manager writes them at start; unused ones are
// all ones, so no node reaches them.
#pragma once
#include <cstdint>
#include <memory>

#include "router/common/band_map.h"

namespace hiradix {

class RtlBandSelect {
 public:
  static constexpr int kMaxBands = 32;          // router.bands' bound: the model's BOUNDS + 1 (CMakeLists.txt)
  static constexpr std::uint32_t kMaxNodes = 65535;  // X_W = 16 bits of node number, all ones left unreached
  explicit RtlBandSelect(const BandMap& bands);
  ~RtlBandSelect();
  RtlBandSelect(const RtlBandSelect&) = delete;
  RtlBandSelect& operator=(const RtlBandSelect&) = delete;
  // The band of a packet to node `dst` in VN `vn`: the destination's router column as its header carries it.
  int band(std::uint32_t dst, int vn);

 private:
  struct Model;
  std::unique_ptr<Model> model_;
  BandMap bands_;
};

}  // namespace hiradix
