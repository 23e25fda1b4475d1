// The routing-unit interface (DESIGN §3.2): (router, input port, header route state, destination,
// router state, random bits) -> (output port, VC, new header route state, misroute flag).
// One implementation per file, chosen by `routing.algorithm`.
#pragma once
#include <cstdint>
#include <memory>
#include <string>

#include "router/routing/dragonfly.h"
#include "tlm/packet.h"

namespace hiradix {

// VCs per output port whose state (port_ready, occupancy) the routing unit sees: 0..kStateVcs-1, the RTL's
// READY_W (static_assert in router/rtl/rc_interface.cpp). The in-transit routings use at most VC 2.
constexpr int kStateVcs = 4;

// What the routing unit may read of its router (grows with the adaptive mechanisms).
struct RoutingContext {
  int router = 0;
  int in_port = 0;
  std::uint64_t random = 0;  // this decision's LFSR state (router/lfsr.h): the only source of randomness
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
};

// Router state a routing needs shared within the group (router/group_broadcast.h).
enum class GroupState : std::uint8_t { kNone, kEctn, kPb };

struct RoutingDecision {
  std::uint16_t out_port = 0;
  std::uint8_t out_vc = 0;
  std::uint16_t min_port = 0;  // the minimal output towards the destination (contention counters)
  bool misroute = false;       // the packet left its minimal path at this hop
  bool no_slot = false;        // the hop has no VC slot in the routing's canonical path (a routing bug)
  std::uint8_t min_vc = 0;     // in-transit routings: the VC the minimal hop would take (escape path)
};

// Deadlock avoidance (seed-000 §1.6, the positional reading): every path of a routing is a subsequence
// of one canonical path, e.g. l1 g1 l2 for MIN or l1 g1 l2 - l3 g2 l4 for Valiant lgl, and each hop uses
// the VC of the slot it fills (l1 -> local VC 0, g1 -> global VC 0, l2 -> local VC 1, ...). VCs then
// follow one total order along every path, so the channel dependency graph has no cycle.
//
// The count-based reading (VC = hops already taken on that link class) is NOT deadlock-free: a g-l path
// (source router owns the global link) would take its local hop on local VC 0, the VC that l-g paths use
// before their global hop, closing a cycle local VC 0 -> global VC 0 -> local VC 0.
//
// The slots of one phase of a path: the local VC before the phase's global hop, the global VC, and the
// local VC after it (-1: that hop cannot occur in this phase).
struct PhaseSlots {
  std::int8_t local_before;
  std::int8_t global;
  std::int8_t local_after;
};

// VCs a routing needs per link class (one more than its largest slot).
struct VcRequirement {
  int local = 1;
  int global = 1;
};

class RoutingAlgorithm {
 public:
  // `hop_count_vcs`: use the count-based VC reading instead of slots. It deadlocks (see above); it exists
  // so that the deadlock, and the watchdog's report of it, can be shown (`routing.vc_scheme: hop_count`).
  explicit RoutingAlgorithm(const Dragonfly& topo, bool hop_count_vcs = false)
      : topo_(topo), hop_count_vcs_(hop_count_vcs) {}
  virtual ~RoutingAlgorithm() = default;
  virtual std::string name() const = 0;
  virtual VcRequirement vcs_needed() const = 0;
  // Whether route() reads ctx.port_load at injection (source-adaptive routings).
  virtual bool needs_port_load() const { return false; }
  // Whether route() also reads ctx.group_load at injection (UGAL-G: every router's global output loads
  // of the source group).
  virtual bool needs_group_load() const { return false; }
  // In-transit adaptive routings read ctx.in_vc and ctx.port_ready at every hop, and a head whose chosen
  // output cannot take it goes through RC again (its decision is re-evaluated, seed-003 §1.3 [F]).
  virtual bool needs_port_ready() const { return false; }
  // Group-wide state broadcast over the local links (ECtN partial arrays, PB saturation flags).
  virtual GroupState group_state() const { return GroupState::kNone; }
  // Credit-based in-transit routings (OLM, Hybrid) also read ctx.occupancy at every hop.
  virtual bool needs_occupancy() const { return false; }
  // Called once per hop, when the packet's header reaches the head of its input VC; updates pkt.route.
  virtual RoutingDecision route(const RoutingContext& ctx, Packet& pkt) const = 0;
  const Dragonfly& topology() const { return topo_; }

 protected:
  // Takes the minimal hop from `router` towards `target` (or ejects when the packet is home), assigns the
  // VC of the slot the hop fills in the current phase and advances the header's hop counters.
  RoutingDecision minimal_hop(int router, int target, Packet& pkt, const PhaseSlots& slots) const;
  const Dragonfly& topo_;
  bool hop_count_vcs_;
};

struct RoutingOptions {
  std::string algorithm = "min";  // min | valiant | ugal | base | ectn | pb | olm | hybrid
  std::string phase_a = "lgl";    // lgl | lg- | -gl | -g-
  std::string vc_scheme = "slot"; // slot | hop_count (deadlock-prone, for demonstration)
  int ugal_threshold = 0;          // UGAL's T in phits (seed-000 Eq. 2-1, Table 3-1: 0)
  int contention_threshold = 6;    // Base: misroute when the minimal port's counter >= th (seed-003 Table I)
  int ectn_threshold = 10;         // ECtN: combined counter threshold (seed-003 Table I)
  int pb_factor = 120;             // PB: F of Eq. 2-2 in percent (seed-000 Table 3-1: 120%)
  int pb_threshold = 5;            // PB: T of Eq. 2-2 in phits (seed-000 Table 3-1: 5)
  std::string ugal_info = "local"; // UGAL's view: local (UGAL-L, own output ports) | group (UGAL-G, + group's global links)
  int olm_threshold = 50;          // OLM: candidate iff q_nonmin <= th% of q_min (seed-003 Table I: 50%)
  int hybrid_threshold = 35;       // Hybrid's credit part: the same comparison with 35% (Table I)
  int min_occupancy = 50;          // OLM and Hybrid's credit trigger: ThMin, q_min >= it (percent; not in the paper)
  int hybrid_contention_threshold = 7;  // Hybrid's contention part: counter >= th (Table I: 7)
};

std::unique_ptr<RoutingAlgorithm> make_routing(const RoutingOptions& options, const Dragonfly& topo);

}  // namespace hiradix
