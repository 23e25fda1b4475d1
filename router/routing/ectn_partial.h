// ECtN's own partial array (seed-003 §1.5, Fig. 4): one counter per global link of the group, indexed
// L = owner index * h + global port k (one link per remote group in a canonical Dragonfly, so this is
// FOGSim's indexing by destination group). A packet counts, on the link its minimal path leaves the group
// by, while it is at the head of an injection or global input VC and bound for another group, until its
// tail leaves that buffer (the head/tail rule of the Base counters, §1.3); local inputs never count, so a
// packet counts once per group.
#pragma once
#include "tlm/arena.h"
#include <algorithm>
#include <cstdint>

#include "topology/dragonfly.h"

namespace hiradix {

// Bits of one partial counter on the wire: 4, enough for the combined threshold 10 (seed-003 §VI-B, R16).
inline constexpr int kEctnWireBits = 4;

class EctnPartial {
 public:
  EctnPartial(const Dragonfly& topo, int router)
      : topo_(topo), group_(topo.group_of(router)), count_(static_cast<std::size_t>(topo.a() * topo.h()), 0) {}

  int links() const { return static_cast<int>(count_.size()); }
  // The group's global link towards `dest_group` (!= this group).
  int link_to(int dest_group) const {
    int index, k;
    topo_.global_owner(group_, dest_group, index, k);
    return index * topo_.h() + k;
  }
  // The link of global port k of the router at `index` of this group.
  int link_of(int index, int k) const { return index * topo_.h() + k; }

  void increment(int link) { ++count_[static_cast<std::size_t>(link)]; }
  void decrement(int link) { --count_[static_cast<std::size_t>(link)]; }
  std::int32_t value(int link) const { return count_[static_cast<std::size_t>(link)]; }
  // The array as sent: each value saturated at `max` (4 bits on the wire, §6.3 / R16).
  void snapshot(std::uint8_t* out, int max) const {
    for (std::size_t l = 0; l < count_.size(); ++l) out[l] = static_cast<std::uint8_t>(std::min(count_[l], max));
  }

 private:
  const Dragonfly& topo_;
  int group_;
  HotVector<std::int32_t> count_;
};

}  // namespace hiradix
