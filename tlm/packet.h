// A packet as it travels through the network. Links carry packet indices into one PacketPool; a packet
// is transferred whole, with exact head and tail timing (head at the arrival cycle, tail size-1 cycles
// later), so the simulator never handles individual phits.
#pragma once
#include "tlm/arena.h"
#include <array>
#include <cstdint>
#include <stdexcept>
#include <vector>

#include "tlm/cycle.h"
#include "tlm/reserved_array.h"

namespace hiradix {

using PacketId = std::uint32_t;

// The most link classes a topology may define, the terminal class 0 included (the header counts hops per
// class; topology/topology_registry.cpp refuses a topology with more).
inline constexpr int kMaxLinkClasses = 4;

// The most virtual networks (routing.vns) a run may have: Packet::vn is a byte, and VN v's VCs must stay
// within a port's byte-wide VC numbers.
inline constexpr int kMaxVirtualNetworks = 8;

// Header route state carried by the packet (the "header route state" of docs/architecture.md). Nothing in
// it is specific to a topology: hops are counted per link class (the topology's class numbers), and what a
// routing needs beyond the common fields it keeps in `flags`, whose bits that routing defines.
struct RouteState {
  std::uint32_t intermediate = 0;  // intermediate router chosen at injection (Valiant's R_ROOT)
  std::uint8_t phase = 1;          // 0: towards the intermediate router, 1: towards the destination
  // The shape of the path, 3 bits defined by the routing that sets them (0 = minimal): Valiant's phase-0
  // shape, or the misroutes an in-transit routing took; the statistics count each shape under the name
  // the routing gives it (RoutingAlgorithm::path_type_name, by default the topology's).
  std::uint8_t path_bits = 0;
  std::array<std::uint8_t, kMaxLinkClasses> hops{};  // router-to-router hops taken, by link class
  std::uint8_t phase_classes = 0;  // bit c: the current phase has taken a hop of link class c (VC slot rules)
  bool misrouted = false;          // some hop left the minimal path
  std::uint8_t flags = 0;          // the routing's own bits (e.g. in_transit_routing.h's MM+L state)
};

// One cache line each (alignas): a router's RC reads the destination and writes the route, at the two ends
// of the record, and the pool's 56-byte records straddled two lines seven times in eight.
struct alignas(64) Packet {
  std::uint64_t serial = 0;  // creation order, unique per run
  std::uint32_t src = 0;     // source terminal
  std::uint32_t dst = 0;     // destination terminal
  std::uint16_t size = 0;    // phits
  // Which of the destination node's NICs (Topology::nic_port(dst, dst_nic)) the packet is delivered at, as
  // the source NIC chose it (testbench/nic.h); 0 on a topology with one NIC per node.
  std::uint8_t dst_nic = 0;
  // The virtual network (routing.vns) the source NIC chose for the packet, fixed for its life: VN v owns
  // VCs [v * n_c, (v + 1) * n_c) of every link class c (n_c = the class's VCs / vns). 0 when vns = 1.
  std::uint8_t vn = 0;
  // A QCN congestion notification (router/flow/qcn_params.h) carrying its quantised feedback Fb, 1..63, from
  // the switch that sampled a victim packet to that packet's source (dst); 0: a data packet.
  std::uint8_t cnm = 0;
  // DRB / PR-DRB (routing.algorithm drb, prdrb): an acknowledgement from the destination of a data packet back
  // to its source (dst), carrying the path's latency (router/common/path_header.h); 0: not one.
  std::uint8_t ack = 0;
  Cycle generated = 0;       // cycle the NIC created it
  Cycle injected = 0;        // cycle its head left the NIC
  RouteState route;
};
static_assert(sizeof(Packet) == 64, "Packet grew past its cache line (the pool aligns each to one)");

// Plain per-packet records kept beside the pool at fixed addresses and indexed by PacketId (DRB's path
// headers, router/common/path_header.h): under MPI ranks a packet's record travels with its head flit.
struct PacketSideTable {
  char* records = nullptr;  // null: none
  std::size_t bytes = 0;    // a packet's record
};

// Fixed-size slots recycled through free lists: no allocation per packet once the pool has grown to the
// network's peak population. The slots never move (tlm/reserved_array.h), so a partition may read a packet
// while another allocates (sim.threads). Each partition has its own free list: a packet is allocated in
// its source's partition and released in its destination's. A list that runs dry takes a fresh block of
// ids, block k * partitions + p for partition p's k-th, so the ids a partition hands out depend on nothing
// but its own history and the windows' ends, where rebalance() moves the surplus of the partitions that
// release more than they allocate to those that allocate more (memory stays bounded by the packets alive).
// With one partition the ids are those of a plain growing pool: the last released first, else the next
// fresh one.
class PacketPool {
 public:
  static constexpr PacketId kBlock = 1024;
  // The most packet ids a run may use (the packets alive at once, spread over the partitions' blocks): 15
  // GiB of address space, committed only as ids are used.
  static constexpr std::size_t kMaxPackets = std::size_t{1} << 28;
  PacketPool() : slots_(kMaxPackets), parts_(1) {}
  PacketPool(const PacketPool&) = delete;
  PacketPool& operator=(const PacketPool&) = delete;
  void set_partitions(int partitions);  // before the first allocation

  PacketId allocate(int partition = 0) {
    Partition& p = parts_[static_cast<std::size_t>(partition)];
    if (p.free.empty()) refill(p, partition);
    const PacketId id = p.free.back();
    p.free.pop_back();
    slots_[id] = Packet{};
    ++p.live;
    return id;
  }
  void release(PacketId id, int partition = 0) {
    Partition& p = parts_[static_cast<std::size_t>(partition)];
    p.free.push_back(id);
    --p.live;
  }
  // At a window's end, on one thread: free ids move from partitions with many to those with few.
  void rebalance();
  Packet& operator[](PacketId id) { return slots_[id]; }
  const Packet& operator[](PacketId id) const { return slots_[id]; }
  std::size_t live() const {
    std::int64_t n = 0;
    for (const Partition& p : parts_) n += p.live;
    return static_cast<std::size_t>(n);
  }

 private:
  struct Partition {
    HotVector<PacketId> free;
    std::int64_t live = 0;  // allocated here minus released here (a packet may be released elsewhere)
    PacketId blocks = 0;    // fresh blocks taken
  };
  void refill(Partition& p, int partition);

  ReservedArray<Packet> slots_;
  std::vector<Partition> parts_;
  std::vector<PacketId> spare_;  // free ids between partitions (rebalance)
};

}  // namespace hiradix
