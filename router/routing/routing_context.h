// What one routing decision reads (RoutingAlgorithm::route's context): the router's state as the routing
// unit's inputs see it. Plain data with no dependencies, so that the RTL field declarations
// (router/routing/*_rtl.h) can name its members and the build's generator (cmake/rtl_bus_gen.cpp) can
// include them on their own.
#pragma once
#include <cstdint>

namespace hiradix {

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
  // saturated at the RTL's LOAD_W bits. Filled only for algorithms with needs_port_load(), at injection.
  const std::uint16_t* port_load = nullptr;
  // In-transit routings (needs_port_ready()): the input VC, and per output port the VCs that can take a
  // whole packet now (credits for it downstream and room in the output queue).
  int in_vc = 0;
  const std::uint32_t* port_ready = nullptr;
  // ECtN (seed-003 §1.5), filled at injection towards another group (0 / null otherwise): the combined
  // counter of the group's global link the minimal path leaves by, and per output port (global ports only)
  // the combined counter of that port's link; saturated at the RTL's COMB_W bits.
  int ectn_dest = 0;
  const std::uint8_t* ectn_comb = nullptr;
  bool ectn_source = false;  // set by EctnRouting itself: at injection, destination in another group
  // PB (seed-000 §3.6), at injection: the saturation flag of the minimal path's global link, the router's
  // own (Eq. 2-2 now) or the last one its owner broadcast; false for a destination in this group.
  bool pb_flag = false;
  // UGAL-G (needs_group_load()), at injection: per global link of the source group, link index
  // = (router index in the group) * h + global port number, the load of that link's output port at its
  // owner router as at the start of this cycle (Network's GroupLoadView), saturated at LOAD_W bits.
  const std::uint16_t* group_load = nullptr;
  // OLM and Hybrid (needs_occupancy()): occupancy[port * kStateVcs + vc], integer percent 0..100 of output
  // VC `vc` of `port` (Router::route_candidate defines it: phits that hold that VC's credits).
  const std::uint8_t* occupancy = nullptr;
  // ACOR (seed-000 §3.10), at injection: the level of this decision, 0-based (the router's for ACOR-Switch,
  // the packet's for ACOR-Packet).
  int acor_level = 0;
  // TPR (seed-000 §3.12), at injection towards another group: the packets this router forwarded from its
  // injection ports towards the destination's group in the last routing.tpr_window cycles, saturated at
  // the RTL's TPR_W bits; 0 for a destination in this group. LIAN (seed-000 §3.13): floor of the
  // destination group's extended counter G, saturated alike.
  int tpr_count = 0;
  // LIAN at injection: how many of the router's global links reach a group whose G exceeds GCSth, and
  // ceil of the larger intermediate-local counter IL of the destination's offset (saturated at TPR_W
  // bits; 0 for a destination in this group).
  int lian_saturated = 0;
  int lian_il = 0;
  // UGAL's Q per output VC with routing.ugal_load: vc, vc_load[port * kStateVcs + vc] (as port_load;
  // last, so that the fields above keep their order).
  const std::uint16_t* vc_load = nullptr;
};

}  // namespace hiradix
