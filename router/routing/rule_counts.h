// How many flow rules a switch holds, by kind (result.json `openflow`, for the routings of commodity
// OpenFlow switches: router/routing/openflow_table.h).
#pragma once

namespace hiradix {

struct RuleCounts {
  int ordinary = 0;     // unconditional minimal rules: the switch's hosts, the other switches of its group
  int conditional = 0;  // minimal rules that hold only under a condition: one per remote group
  int alternative = 0;  // low-priority non-minimal rules keyed by in_port: one per host
  int total() const { return ordinary + conditional + alternative; }
};

}  // namespace hiradix
