// UGAL-G's group-wide information (seed-000 §3.5, Kim et al.'s UGAL-G): a narrow, read-only view of the
// global output ports of every router of one Dragonfly group, built once by the Network and shared by the
// group's routers. It is the idealised, instantaneous view Kim et al. assume: each load is the owner
// router's output state at the start of the current cycle (OutputUnit::load_at_cycle_start), with no
// message or delay to carry it. Reading it allocates nothing and changes nothing.
#pragma once
#include <cstdint>
#include <vector>

#include "tlm/cycle.h"

namespace hiradix {

class OutputUnit;

class GroupLoadView {
 public:
  // `units`: the output units of the group's routers, by index in the group; the global ports are
  // [first_global, first_global + h) of each.
  GroupLoadView(std::vector<const OutputUnit*> units, int first_global, int h)
      : units_(std::move(units)), first_global_(first_global), h_(h) {}

  // Global links of the group: link index = router index * h + global port number (rtl MAX_GLINKS).
  int links() const { return static_cast<int>(units_.size()) * h_; }

  // Fills out[0, links()) with each link's load at the start of cycle `now`, saturated at `max` (defined
  // next to the output unit it reads, router/group_load_view.cpp).
  void fill(std::uint16_t* out, Cycle now, int max) const;

 private:
  std::vector<const OutputUnit*> units_;
  int first_global_, h_;
};

}  // namespace hiradix
