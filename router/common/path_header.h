// The header fields of DRB and PR-DRB (routing.algorithm drb, prdrb; seed 004 §3.8, §4.1.2.1;
// docs/papers/seed-004-prdrb.md) that a packet carries beyond Packet: the queueing latency the routers add
// up hop by hop (a timestamp and a sum), PR-DRB's contending flows written by the first router where the packet waited past
// routing.prdrb_record_wait, and on an ACK what it brings back to the source: which path (multi-step path,
// MSP) the acknowledged packet took and its latency. Kept beside the packet pool, indexed by PacketId, and
// only under drb / prdrb, so that Packet (every run's, 56 bytes) does not grow.
#pragma once
#include <array>
#include <atomic>
#include <memory>
#include <cstdint>
#include <vector>

#include "tlm/cycle.h"
#include "tlm/packet.h"
#include "tlm/reserved_array.h"

namespace hiradix {

// A flow that collided with the packet in a router: its source and destination nodes.
struct ContendingFlow {
  std::uint32_t src = 0;
  std::uint32_t dst = 0;
  bool operator==(const ContendingFlow& o) const { return src == o.src && dst == o.dst; }
  bool operator<(const ContendingFlow& o) const { return src != o.src ? src < o.src : dst < o.dst; }
};

// The most contending flows a header holds (routing.prdrb_flows' bound).
inline constexpr int kMaxContendingFlows = 4;

struct PathHeader {
  // The cycle the head arrived at the router it is in, and the cycles it waited in the routers before: each
  // router it reaches (and at last the destination NIC) adds the previous router's wait, the time its head
  // took there beyond the pipeline and the link (PathTiming), input and output queues alike.
  Cycle arrived = 0;
  std::int32_t router = -1;   // the router the head is in (whose wait the next router or the NIC measures)
  std::uint32_t waited = 0;
  std::uint32_t latency = 0;  // an ACK: the acknowledged packet's latency, injection to tail at its destination
  std::uint32_t msp = 0;      // an ACK: the acknowledged packet's waypoints (its RouteState::intermediate)
  std::uint8_t recorded = 0;  // PR-DRB's `predictive` flag (Table 2): a router has written the flows
  std::uint8_t flows = 0;     // the entries of `flow` in use
  std::array<ContendingFlow, kMaxContendingFlows> flow{};
};

class PathHeaders {
 public:
  PathHeaders() : headers_(PacketPool::kMaxPackets) {}
  // A packet just allocated from the pool: its header starts empty. The headers sit at fixed addresses, as
  // the pool's packets do, so partitions on threads (sim.threads) reset and read them side by side.
  void reset(PacketId id) { headers_[id] = PathHeader{}; }
  PathHeader& operator[](PacketId id) { return headers_[id]; }
  const PathHeader& operator[](PacketId id) const { return headers_[id]; }
  // The headers as records that travel with their packets between MPI ranks (tlm/cut_links.h).
  PacketSideTable side_table() { return {reinterpret_cast<char*>(&headers_[0]), sizeof(PathHeader)}; }

  // The per-router latency map (seed 004 §5.5): the waits the data packets' heads had at each router, as
  // the next router or the destination NIC measures them, over the whole run. The next routers of one
  // router may lie in other partitions, on other threads: the sums are atomic (they commute, so the
  // result does not depend on the order). Under MPI ranks each rank holds the waits its routers and NICs
  // measured (tools/run/result_sections.cpp sums them).
  void count_routers(int routers) {
    wait_sum_ = std::make_unique<std::atomic<std::uint64_t>[]>(static_cast<std::size_t>(routers));
    waits_ = std::make_unique<std::atomic<std::uint64_t>[]>(static_cast<std::size_t>(routers));
  }
  void add_wait(int router, std::uint32_t wait) {
    wait_sum_[static_cast<std::size_t>(router)].fetch_add(wait, std::memory_order_relaxed);
    waits_[static_cast<std::size_t>(router)].fetch_add(1, std::memory_order_relaxed);
  }
  std::uint64_t heads(int r) const { return waits_[static_cast<std::size_t>(r)].load(std::memory_order_relaxed); }
  std::uint64_t wait_sum(int r) const { return wait_sum_[static_cast<std::size_t>(r)].load(std::memory_order_relaxed); }

 private:
  ReservedArray<PathHeader> headers_;
  std::unique_ptr<std::atomic<std::uint64_t>[]> wait_sum_, waits_;  // per router
};

}  // namespace hiradix
