// The header fields of DRB and PR-DRB (routing.algorithm drb, prdrb; seed 004 §3.8, §4.1.2.1;
// docs/papers/seed-004-prdrb.md) that a packet carries beyond Packet: the queueing latency the routers add
// up hop by hop (a timestamp and a sum), PR-DRB's contending flows written by the first router where the packet waited past
// routing.prdrb_record_wait, and on an ACK what it brings back to the source: which path (multi-step path,
// MSP) the acknowledged packet took and its latency. Kept beside the packet pool, indexed by PacketId, and
// only under drb / prdrb, so that Packet (every run's, 56 bytes) does not grow.
#pragma once
#include <array>
#include <cstdint>
#include <vector>

#include "tlm/cycle.h"
#include "tlm/packet.h"

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
  std::uint32_t waited = 0;
  std::uint32_t latency = 0;  // an ACK: the acknowledged packet's latency, injection to tail at its destination
  std::uint32_t msp = 0;      // an ACK: the acknowledged packet's waypoints (its RouteState::intermediate)
  std::uint8_t recorded = 0;  // PR-DRB's `predictive` flag (Table 2): a router has written the flows
  std::uint8_t flows = 0;     // the entries of `flow` in use
  std::array<ContendingFlow, kMaxContendingFlows> flow{};
};

class PathHeaders {
 public:
  // A packet just allocated from the pool: its header starts empty (the table grows with the pool).
  void reset(PacketId id) {
    if (id >= headers_.size()) headers_.resize(static_cast<std::size_t>(id) + 1);
    headers_[id] = PathHeader{};
  }
  PathHeader& operator[](PacketId id) { return headers_[id]; }
  const PathHeader& operator[](PacketId id) const { return headers_[id]; }

 private:
  std::vector<PathHeader> headers_;
};

}  // namespace hiradix
