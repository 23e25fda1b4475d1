#include "router/common/group_load_view.h"

#include <algorithm>

#include "router/output_unit.h"

namespace hiradix {

void GroupLoadView::fill(std::uint16_t* out, Cycle now, int max) const {
  for (const OutputUnit* u : units_)
    for (int k = 0; k < h_; ++k) *out++ = static_cast<std::uint16_t>(std::min(u->load_at_cycle_start(first_global_ + k, now), max));
}

}  // namespace hiradix
