// Parameters of one router (BookSim's vocabulary: stage delays, speed-up, allocator), and of each port.
#pragma once
#include <cstdint>
#include <vector>

#include "router/common/band_map.h"
#include "router/common/group_broadcast.h"

namespace hiradix {

// The most VCs a port has (router.vcs.*; band-based and per-destination queues are VCs), and the most queues
// of a port that bid for the switch: the separable allocator's bids are a 64-bit mask per port (voq_sw's
// VOQs bid per (input, output) pair, a mask of VCs: router/switch_allocator.h).
constexpr int kMaxPortVcs = 64;
constexpr int kMaxPortQueues = 64;

enum class AllocatorKind : std::uint8_t { kInputFirst, kOutputFirst };
// How input ports organise their buffer into queues (router/buffers/input_buffer.h), and the links' flow
// control (router/flow/flow_control.h).
enum class InputBufferKind : std::uint8_t { kVcFifos, kVoqSwitch };
enum class FlowControlKind : std::uint8_t { kCredits, kPause };

struct RouterParams {
  // Stage latencies in cycles (defaults sum to the 5-cycle router of seed-003 Table I).
  int rc_latency = 1;
  int va_latency = 1;
  int sa_latency = 1;
  int st_latency = 2;
  // Internal speed-up in time as a fraction num/den >= 1 (2x in seed-003 Table I and seed-000 Table 3-1):
  // the allocator and crossbar run num/den internal ticks per link cycle and move one phit per tick.
  int speedup_num = 2;
  int speedup_den = 1;
  int packet_size = 8;         // phits (seed-003 Table I)
  // Switching: virtual cut-through moves whole packets (flit = packet); wormhole moves flits of
  // flit_size phits, needs credits for one flit only and holds an output VC from head to tail.
  bool wormhole = false;
  int flit_size = 8;           // phits per flit: packet_size under VCT
  int output_queue_phits = 32; // per output port (seed-003 Table I)
  AllocatorKind allocator = AllocatorKind::kInputFirst;
  InputBufferKind input_buffers = InputBufferKind::kVcFifos;
  FlowControlKind flow_control = FlowControlKind::kCredits;
  bool input_pointer_on_output_grant = true;  // see switch_allocator.h
  bool transit_priority = false;  // output arbiters prefer transit inputs to injection ones (switch_allocator.h)
  // Reference mode for testing the event-driven bookkeeping: look at every VC and port in every cycle
  // while the router holds anything. Results must be identical, only slower.
  bool poll = false;
  // Virtual networks (routing.vns): VN v owns VCs [v * n, (v + 1) * n) of a port whose class has n VCs per VN
  // (its VCs / vns); Router::decide_rare adds the offset to the routing's VN-local VC.
  int vns = 1;
  // Band-based queues (router.queues bbq, dbbq): each VC the routing chooses on a router-to-router or
  // injection port is bands.count VCs, one per band of destinations (router/common/band_map.h);
  // Router::decide_rare picks the packet's.
  BandMap bands;
  // Group-wide broadcasts (ECtN, PB): mode, period, phit size and local latency; the payload size comes
  // from the routing.
  BroadcastParams broadcast;
};

struct PortSpec {
  std::uint8_t link_class = 1;  // the topology's link class of the port (0: terminal)
  int in_vcs = 1;         // VCs of this input port
  int in_depth = 32;      // phits per input VC
  int out_vcs = 1;        // VCs of the downstream input this output feeds
  int out_depth = 32;     // phits per downstream VC (the initial credits); 0 = a sink that never blocks
  // router.flow_control pause: this input's thresholds per class, phits (router/flow/pause_flow_control.h).
  int in_xoff = 0;
  int in_xon = 0;
};

}  // namespace hiradix
