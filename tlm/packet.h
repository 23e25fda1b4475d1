// A packet as it travels through the network. Links carry packet indices into one PacketPool; a packet
// is transferred whole, with exact head and tail timing (head at the arrival cycle, tail size-1 cycles
// later), so the simulator never handles individual phits.
#pragma once
#include "tlm/arena.h"
#include <cstdint>
#include <stdexcept>
#include <vector>

#include "tlm/cycle.h"

namespace hiradix {

using PacketId = std::uint32_t;

// Header route state carried by the packet (the "header route state" of DESIGN §3.2).
struct RouteState {
  std::uint32_t intermediate = 0;  // Valiant intermediate router (R_ROOT)
  std::uint8_t phase = 1;          // 0: towards the intermediate router, 1: towards the destination
  std::uint8_t path_bits = 0;      // hops taken in phase A: bit0 = l1, bit1 = g, bit2 = l2 (0 = minimal)
  std::uint8_t local_hops = 0;     // router-to-router hops taken, by link class
  std::uint8_t global_hops = 0;
  std::uint8_t phase_global = 0;   // a global hop was taken in the current phase (VC slot rule)
  bool misrouted = false;          // some hop left the minimal path
  // In-transit misrouting, MM+L (seed-003 §1.7): a local misroute was taken in the current group; the
  // previous hop was a local misroute in the source group, so this router should send it out globally.
  bool local_misrouted = false;
  bool mandatory_global = false;
};

struct Packet {
  std::uint64_t serial = 0;  // creation order, unique per run
  std::uint32_t src = 0;     // source terminal
  std::uint32_t dst = 0;     // destination terminal
  std::uint16_t size = 0;    // phits
  Cycle generated = 0;       // cycle the NIC created it
  Cycle injected = 0;        // cycle its head left the NIC
  RouteState route;
};

// Fixed-size slots recycled through a free list: no allocation per packet once the pool has grown to the
// network's peak population.
class PacketPool {
 public:
  PacketId allocate() {
    if (free_.empty()) {
      slots_.emplace_back();
      ++live_;
      return static_cast<PacketId>(slots_.size() - 1);
    }
    PacketId id = free_.back();
    free_.pop_back();
    slots_[id] = Packet{};
    ++live_;
    return id;
  }
  void release(PacketId id) {
    free_.push_back(id);
    --live_;
  }
  Packet& operator[](PacketId id) { return slots_[id]; }
  const Packet& operator[](PacketId id) const { return slots_[id]; }
  std::size_t live() const { return live_; }

 private:
  HotVector<Packet> slots_;
  HotVector<PacketId> free_;
  std::size_t live_ = 0;
};

}  // namespace hiradix
