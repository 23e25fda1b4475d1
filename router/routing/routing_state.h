// State a routing keeps in each router beyond what every router has (contention counters, credits, loads):
// ECtN's partial counters, PB's saturation flags, and the group broadcast that shares them (seed-003 §1.5,
// seed-000 §3.6). The routing creates one per router (RoutingAlgorithm::make_state); the router calls the
// hook of a router event only when the state listens to it (events()), so the others pay nothing for them.
#pragma once
#include <cstdint>
#include <limits>

#include "router/common/qcn_cp_site.h"
#include "tlm/cycle.h"
#include "tlm/packet.h"

namespace hiradix {

class GroupBroadcast;
class RouterView;
class RoutingTrace;
struct RoutingContext;

// The router events a routing's state may listen to, one bit each in RoutingState::events().
enum RouterEvent : std::uint8_t {
  kHeadCounted = 1 << 0,         // head_counted
  kTailLeft = 1 << 1,            // tail_left
  kInjectionForwarded = 1 << 2,  // injection_forwarded
  kInjectionArrived = 1 << 3,    // injection_arrived
  kQcnEvents = 1 << 4,           // packet_sent, cnm_made, cnm_passing (under qcn.sampling only)
};

// The events a routing's state block in the RTL takes (RoutingAlgorithm::rtl_state_blocks: ACOR-Switch's
// level, TPR's window, LIAN's counters, QCN-Switch's table), reported by the C++ state as it counts them, so that the network's
// co-simulation in rtl and lockstep modes drives the Verilated block with the same events
// (router/rtl/rtl_state_block.h). Groups are destination groups other than the router's own.
class StateBlockEvents {
 public:
  virtual ~StateBlockEvents() = default;
  virtual void blocked(Cycle /*now*/) {}                 // a recomputation at an injection port was counted
  virtual void forwarded(int /*group*/, Cycle /*now*/) {}  // a packet left an injection port towards `group`
  virtual void arrived(int /*group*/, Cycle /*at*/) {}     // a head entered an injection buffer (at may be ahead)
  // QCN-Switch's table, in the C++ table's order: a data packet sent on transit port `port`; a CNM with
  // feedback `fb` through it (or made for it by the switch's own congestion point).
  virtual void qcn_sent(int /*port*/) {}
  virtual void qcn_cnm(int /*port*/, int /*fb*/) {}
};

class RoutingState {
 public:
  virtual ~RoutingState() = default;
  // The router events whose hooks below this state wants called (RouterEvent bits); read once, when the
  // router is built.
  virtual std::uint8_t events() const = 0;
  // The group broadcast this state sends and receives (null: none). The router puts its messages on the
  // links (router/common/group_broadcast.h) and asks for the payload when one is due.
  virtual GroupBroadcast* broadcast() { return nullptr; }
  virtual void fill_broadcast(RouterView& /*view*/, std::uint8_t* /*payload*/) {}
  // A head became the front of input VC `vc_index` of `in_port` (counted in the contention counters), and
  // later its tail left that buffer.
  virtual void head_counted(int /*vc_index*/, int /*in_port*/, const Packet& /*pkt*/) {}
  virtual void tail_left(int /*vc_index*/) {}
  // The head of `pkt` was granted through the crossbar from a terminal (injection) input port in cycle
  // `now`: the packet leaves its source router's injection queue (TPR's traffic counters).
  virtual void injection_forwarded(const Packet& /*pkt*/, Cycle /*now*/) {}
  // The head of `pkt` arrives in an injection (terminal) input buffer of this router at cycle `at` (called
  // when the link delivers it, possibly before `at`): LIAN's count of the packets waiting there.
  virtual void injection_arrived(const Packet& /*pkt*/, Cycle /*at*/) {}
  // QCN (qcn.sampling; QCN-Switch's probabilities, router/routing/qcn_switch_state.h): the head of a data
  // packet was granted to output `out_port`; this router's congestion point at `port` (its output queue or
  // its input buffer, `site`) made a CNM about a packet from node `src` to node `dst` with feedback `fb`
  // (1..63); a CNM with feedback `fb` for one of this router's nodes arrived through router-to-router port
  // `in_port` (it is routed to the node next).
  virtual void packet_sent(int /*out_port*/) {}
  virtual void cnm_made(int /*port*/, QcnCpSite /*site*/, int /*fb*/, std::uint32_t /*src*/, std::uint32_t /*dst*/) {}
  virtual void cnm_passing(int /*in_port*/, int /*fb*/) {}
  // The value per output port the routing reports at the end of a run (RoutingAlgorithm::port_reading:
  // QCN-Switch's minimal-routing probability in percent); NaN where a port has none.
  virtual double port_reading(int /*port*/) const { return std::numeric_limits<double>::quiet_NaN(); }
  // The router's congestion level at cycle `now` (ACOR-Switch, PB-ACOR: 0-based), for the time series of a
  // transient; -1: the routing keeps none.
  virtual int level(Cycle /*now*/) { return -1; }
  // The routing's trace of its decisions in this router (RoutingAlgorithm::open_trace), when it is the
  // traced router.
  virtual void attach_trace(RoutingTrace* /*trace*/) {}
  // The co-simulated state block to report this state's events to (null: none; model mode).
  virtual void attach_block_events(StateBlockEvents* /*events*/) {}
  // Fills the context fields this state provides to the routing decision of `pkt`.
  virtual void gather(RouterView& /*view*/, const Packet& /*pkt*/, RoutingContext& /*ctx*/) {}
};

}  // namespace hiradix
