// The routing-unit interface (DESIGN §3.2): (router, input port, header route state, destination,
// router state, random bits) -> (output port, VC, new header route state, misroute flag).
// Implementations are picked by `routing.algorithm` through the registry (router/routing/routing_registry.h).
#pragma once
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "router/common/group_broadcast.h"
#include "router/common/router_params.h"
#include "router/common/router_view.h"
#include "router/routing/routing_options.h"
#include "router/routing/routing_state.h"
#include "router/routing/routing_trace.h"
#include "tlm/packet.h"

namespace hiradix {

class WiredRouter;
class ChannelGraph;
enum class CdgMethod : std::uint8_t;

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

struct RoutingDecision {
  std::uint16_t out_port = 0;
  std::uint8_t out_vc = 0;
  std::uint16_t min_port = 0;  // the minimal output towards the destination (contention counters)
  bool misroute = false;       // the packet left its minimal path at this hop
  bool no_slot = false;        // the hop has no VC slot in the routing's canonical path (a routing bug)
  std::uint8_t min_vc = 0;     // in-transit routings: the VC the minimal hop would take (escape path)
};

// VCs a routing needs per link class of its topology (index = link class; the terminal class 0 needs 1).
struct VcRequirement {
  std::vector<int> per_class;
  int operator[](int link_class) const { return per_class[static_cast<std::size_t>(link_class)]; }
};

class RoutingAlgorithm {
 public:
  virtual ~RoutingAlgorithm() = default;
  virtual std::string name() const = 0;
  virtual VcRequirement vcs_needed() const = 0;
  // Why it needs those VCs, for the error when a config gives fewer.
  virtual std::string vc_rule() const { return "one per slot of its canonical path, seed-000 §1.6"; }
  // In-transit adaptive routings: a head whose chosen output cannot take it goes through RC again (its
  // decision is re-evaluated, seed-003 §1.3 [F]), so the router keeps its route state from before RC.
  virtual bool reroutes_blocked_heads() const { return false; }
  // Recomputation (seed-000 §3.4, `routing.recomp`; `routing.source_decision: every_attempt`): a head at
  // its injection port that could bid for the switch and was not granted (no credits, no queue space, or
  // arbitration lost) goes through RC again with the header it was injected with, so the routing decides
  // again (a new R_ROOT; PB's choice too) -- if recomputes() says so for the decision it holds (UGAL keeps
  // a non-minimal choice). Once the packet leaves its source router, its path is fixed.
  virtual bool recomputes_at_injection() const { return false; }
  virtual bool recomputes(const RouteState& /*after_rc*/) const { return true; }
  // A recomputation at cycle `now`: `decided` is the header the blocked decision gave, `header` the one the
  // packet is restored to and decided again with, `state` the routing's state in this router (ACOR moves
  // its level here).
  virtual void recomputing(const RouteState& /*decided*/, RouteState& /*header*/, RoutingState* /*state*/,
                           Cycle /*now*/) const {}
  // The RTL blocks (rtl/hiradix_*_state.v) that hold this routing's state in each router, for hiradix
  // synth's router summary (base_state holds the contention counters); and whether its decisions read the
  // contention counters (seed-003 §1.3).
  virtual std::vector<std::string> rtl_state_blocks() const { return {}; }
  virtual bool reads_contention_counters() const { return false; }
  // Credit-based routings (OLM, Hybrid) read output-VC occupancies (the RTL bridge's tests ask).
  virtual bool needs_occupancy() const { return false; }
  // The group broadcast a routing's state needs (ECtN, PB): the key of its period, the period, the mode
  // `broadcast.mode: auto` stands for, and the payload (values x bits); none for the other routings.
  struct BroadcastNeeds {
    std::string period_key;
    Cycle period;
    BroadcastMode default_mode;
    int entries, entry_bits;
    int link_class;  // the class of the links it travels on (its latency is theirs)
  };
  virtual std::optional<BroadcastNeeds> broadcast_needs() const { return std::nullopt; }
  // State the routing keeps in each router (router/routing/routing_state.h); null: none. `params`: the
  // router's, among them the group-broadcast parameters of the run (mode, phit size, local latency), which
  // a routing that shares state over the group completes with its own period and payload.
  virtual std::unique_ptr<RoutingState> make_state(int /*router*/, const RouterParams& /*params*/,
                                                   int /*input_vcs*/, int /*ports*/) const {
    return nullptr;
  }
  // The trace of its decisions at one router that the entry's trace key asks for (RoutingEntry::trace_key),
  // written to `path` for cycles [from, to]; its state in that router gets it (RoutingState::attach_trace).
  virtual std::unique_ptr<RoutingTrace> open_trace(const std::string& /*path*/, Cycle /*from*/, Cycle /*to*/) const {
    return nullptr;
  }
  // Once the network's routers exist and their links are wired: connects what the routing shares between
  // routers (group broadcasts, UGAL-G's group view).
  virtual void connect_routers(const std::vector<WiredRouter*>& /*routers*/) {}
  // Pulls from its router what route() reads into ctx (router, input port and contention counters here;
  // each routing adds its own): called once per decision, before route().
  virtual void gather(RouterView& view, const Packet& pkt, RoutingContext& ctx) const;
  // Called once per hop, when the packet's header reaches the head of its input VC; updates pkt.route.
  virtual RoutingDecision route(const RoutingContext& ctx, Packet& pkt) const = 0;
  // The deadlock check (router/routing/channel_dependencies.h): adds to `g` (the channels of the topology
  // this routing was built for, with the run's VCs) every dependency its paths can make -- for an in-transit
  // routing, of its escape channels -- and returns true; false when it has no enumeration to offer (the
  // check then runs with a "no deadlock check" warning).
  virtual bool enumerate_dependencies(ChannelGraph& /*g*/, CdgMethod /*method*/) const { return false; }
};


}  // namespace hiradix
