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
#include "router/routing/metapath_params.h"
#include "router/routing/routing_context.h"
#include "router/routing/routing_options.h"
#include "topology/topology.h"
#include "router/routing/routing_state.h"
#include "router/routing/rule_counts.h"
#include "router/routing/routing_trace.h"
#include "tlm/packet.h"

namespace hiradix {

class WiredRouter;
class ChannelGraph;
enum class CdgMethod : std::uint8_t;

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
  // The virtual networks the routing makes itself on the VCs of router-to-router ports (OSHA's two), and the
  // one its VC `vc` belongs to. Band-based queues under dbbq band each VN by its own formula.
  virtual int own_virtual_networks() const { return 1; }
  virtual int own_vn(int /*vc*/) const { return 0; }
  // Of those, the ones the source NIC picks among (Packet::vn; SASHA's two, testbench/vn_choice.h), each with
  // its own injection VCs; 1 when the NIC picks none (OSHA picks its VN at the source router).
  virtual int source_virtual_networks() const { return 1; }
  // In-transit adaptive routings: a head whose chosen output cannot take it goes through RC again (its
  // decision is re-evaluated, seed-003 §1.3 [F]), so the router keeps its route state from before RC.
  virtual bool reroutes_blocked_heads() const { return false; }
  // The name result.json gives the path shape `bits` (RouteState::path_bits, 1..7; 0 is always "min"):
  // the topology's names of Valiant's phase-0 shapes unless the routing records other shapes.
  virtual std::string path_type_name(int bits, const Topology& topo) const { return topo.path_type_name(bits); }
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
  // The rows of the router's forwarding table (rtl/hiradix_forwarding_table.v; on the Dragonfly its group
  // table) the routing unit reads in one decision: the table's read ports, and with any the table is a block
  // of every router (hiradix synth). The destination's (every Dragonfly routing, DragonflyRouting; min off
  // it, GenericRouting), and for the Valiant routings the intermediate's (ValiantRouting,
  // GenericValiantRouting); 0 for a routing by coordinates alone (DOR, OSHA, Hybrid-DOR).
  virtual int rtl_table_reads() const { return 0; }
  // The bits a row of that table holds beside its ports (off the Dragonfly), a column the unit reads with the
  // row: ugal's coordinates of the intermediate router (GenericUgalRouting).
  virtual int rtl_table_extra_bits() const { return 0; }
  virtual bool reads_contention_counters() const { return false; }
  // Why the RTL routing unit cannot take this routing's decisions on its network beyond what rc_config checks
  // (the field widths of the network's geometry), as "key: why"; "" when it can. Asked under router.rc_mode
  // rtl and lockstep only: `min` off the Dragonfly (generic_min_routing.h) counts its VCs in the header.
  virtual std::string rtl_refusal() const { return ""; }
  // Credit-based routings (OLM, Hybrid) read output-VC occupancies (the RTL bridge's tests ask).
  virtual bool needs_occupancy() const { return false; }
  // The routings of commodity OpenFlow switches (MAR-bP): the flow rules `router` holds (result.json
  // `openflow`); none for the others.
  virtual std::optional<RuleCounts> rule_counts(int /*router*/) const { return std::nullopt; }
  // QCN-Switch: its switches take QCN's CNMs (its state listens to kQcnEvents), so a run needs
  // qcn.sampling on and the NICs' reaction points off.
  virtual bool takes_cnms() const { return false; }
  // DRB and PR-DRB: the source NICs choose each packet's path (its waypoints, in the header's route state)
  // from the latencies ACKs bring back, and the routers add each hop's wait to the header: the parameters of
  // that machinery (metapath_params.h); null for every other routing.
  virtual const MetaPathParams* metapath() const { return nullptr; }
  // The name of the value per output port its state reports at the end of a run (RoutingState::port_reading;
  // result.json `port_readings`); "" = none.
  virtual std::string port_reading() const { return ""; }
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
