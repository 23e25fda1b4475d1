// TPR's windowed counters as a synthesized block counts them (rtl/hiradix_tpr_window.v's header): the delay
// line (W stages of E {valid, group} slots), a counter per group, and the cycles since reset (up to W).
// TPR's block is this window; LIAN's (rtl/hiradix_lian_state.v) holds one too.
#pragma once
#include "router/rtl/state_block_wrapper.h"

namespace hiradix {

inline long long tpr_window_flip_flops(long long groups, long long w, long long e) {
  return w * e * (1 + bits_for(groups)) + groups * bits_for(w * e + 1) + bits_for(w + 1);
}

}  // namespace hiradix
