// What one routing decision reads (RoutingAlgorithm::route's context): the router's state as the routing
// unit's inputs see it, and each routing's own inputs by slot. Plain data with no dependencies, so that the RTL field declarations
// (router/routing/*_rtl.h) can name its members and the build's generator (cmake/rtl_bus_gen.cpp) can
// include them on their own.
#pragma once
#include <cstdint>

namespace hiradix {

class RouterView;

// VCs per output port whose state (port_ready, occupancy) the routing unit sees: 0..kStateVcs-1, the RTL's
// READY_W (static_assert in router/rtl/rc_interface.cpp). The in-transit routings use at most VC 2.
constexpr int kStateVcs = 4;

// What the routing unit may read of its router (grows with the adaptive mechanisms).
struct RoutingContext {
  int router = 0;
  int in_port = 0;
  std::uint64_t random = 0;  // this decision's LFSR state (router/common/lfsr.h): the only source of randomness
  const std::int32_t* contention = nullptr;  // per output port (seed-003 §1.3)
  // Per output port: phits in its output queue plus phits sent downstream and not yet credited back,
  // saturated at the RTL's LOAD_W bits. Filled by the routings whose gather() asks for it (UGAL at injection,
  // the generic routings at every hop): whole when the RTL unit reads it, else each entry at its first read
  // through port_load_of() (router/routing/port_load.h), as a decision reads two or three of its ports.
  const std::uint16_t* port_load = nullptr;
  // In-transit routings (needs_port_ready()): the input VC, and per output port the VCs that can take a
  // whole packet now (credits for it downstream and room in the output queue).
  int in_vc = 0;
  const std::uint32_t* port_ready = nullptr;
  // MAR-bP (seed-000 §3.8), at injection: per output port the VCs 0..READY_W-1 whose flow control lets a whole
  // packet go now, whatever the output queue holds: under pause, the classes not paused; under credits,
  // those with credits for a packet (the seeds' simulator's model of a pause).
  const std::uint32_t* flow_ready = nullptr;
  // UGAL-G (needs_group_load()), at injection: per global link of the source group, link index
  // = (router index in the group) * h + global port number, the load of that link's output port at its
  // owner router as at the start of this cycle (Network's GroupLoadView), saturated at LOAD_W bits.
  const std::uint16_t* group_load = nullptr;
  // OLM and Hybrid (needs_occupancy()): occupancy[port * kStateVcs + vc], integer percent 0..100 of output
  // VC `vc` of `port` (Router::route_candidate defines it: phits that hold that VC's credits).
  const std::uint8_t* occupancy = nullptr;
  // UGAL's Q per output VC with routing.ugal_load: vc, vc_load[port * kStateVcs + vc] (as port_load).
  const std::uint16_t* vc_load = nullptr;
  // A routing's own inputs for this decision, which its gather() derives from its own state and its route()
  // reads (ECtN's combined counters, PB's flag, ACOR's level, TPR's count, LIAN's readings): by the slot of
  // their declaration (router/routing/*_rtl.h, own_input), each family reaching its own through accessors
  // there, so that the context names no routing. The RTL unit sees each as that declared input.
  static constexpr int kOwnScalars = 32, kOwnArrays = 3;
  std::int32_t own[kOwnScalars] = {};
  const std::uint8_t* own_arrays[kOwnArrays] = {};
  int scratch = 0;  // a routing's own mark from its route() to its hooks (ECtN: a source decision)
  // port_load filled as read: set, its entries are filled from this view at their first read (last: the
  // fields above keep their order for aggregate initialisation).
  const RouterView* port_load_view = nullptr;
  mutable std::uint64_t port_load_filled = 0;  // ... those filled so far (bit = port; radix <= 64)
};

}  // namespace hiradix
