// The network's ports and VCs per class as the contention mechanisms' state blocks take them
// (rtl/hiradix_{base,ectn}_state.v): injection PI = p (VI VCs), local PL = a - 1 (VL), global PG = h (VG).
#pragma once
#include <string>

#include "router/rtl/rtl_state_block.h"

namespace hiradix {

inline std::string contention_state_ports(const StateBlockSetup& s) {
  return "  localparam integer PI = " + std::to_string(s.p) + ", PL = " + std::to_string(s.a - 1) + ", PG = " +
         std::to_string(s.h) + ", A = " + std::to_string(s.a) + ";\n  localparam integer VI = " +
         std::to_string(s.vcs_injection) + ", VL = " + std::to_string(s.vcs_local) + ", VG = " +
         std::to_string(s.vcs_global) + ";\n";
}

}  // namespace hiradix
