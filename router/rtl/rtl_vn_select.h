// SASHA's VN select at the source NIC in RTL (rtl/hiradix_vn_select.v), behind a facade (Verilator's headers
// stay inside the hiradix_rtl library): one unit per NIC link, holding its tie rule's round-robin pointer as
// the C++ VnChoice does (testbench/vn_choice.h). Verilated once per VN count, 2 .. kMaxVns, with 32-bit loads
// as the NIC computes them.
#pragma once
#include <cstdint>
#include <memory>

namespace hiradix {

class RtlVnSelect {
 public:
  static constexpr int kMinVns = 2, kMaxVns = 8;  // the Verilated models (CMakeLists.txt); tlm/packet.h's bound
  // `tie_first`: routing.sasha_tie vn0 (equal loads go to the lowest VN), else round_robin. Starts reset:
  // the pointer at VN 0, as a new VnChoice.
  RtlVnSelect(int vns, bool tie_first);
  ~RtlVnSelect();
  RtlVnSelect(const RtlVnSelect&) = delete;
  RtlVnSelect& operator=(const RtlVnSelect&) = delete;
  int vns() const { return vns_; }
  // The least loaded VN of `load[0 .. vns)`, as VnChoice::least_loaded; changes nothing.
  int least_loaded(const std::uint32_t* load);
  // A head left on VN `vn`: one clock with the taken strobe, the pointer moves past it (VnChoice::taken).
  void taken(int vn);

  class Model;  // the Verilated model of this VN count (rtl_vn_select.cpp)

 private:
  int vns_;
  std::unique_ptr<Model> model_;
};

}  // namespace hiradix
