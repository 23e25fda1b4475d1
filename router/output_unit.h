// Output unit: per-port output queues (CIOQ) drained at one phit per cycle onto the link, and the sending
// end of each link's flow control (router/flow/flow_control.h; per-VC credits). Flow control and queue
// space are reserved when the switch grants a packet, so a queued packet never waits for credits and one
// VC never blocks another at the output.
#pragma once
#include "tlm/arena.h"
#include <cstddef>
#include <cstdint>
#include <string>
#include <memory>
#include <vector>

#include <systemc>

#include "router/common/group_broadcast.h"
#include "router/flow/credit_flow_control.h"
#include "router/flow/flow_control.h"
#include "router/common/router_params.h"
#include "tlm/link.h"
#include "tlm/ring.h"

namespace hiradix {

struct QueuedPacket {  // a flit (under VCT, the whole packet)
  Cycle head_ready = 0;  // the flit's first phit reaches the queue (after SA and ST)
  PacketId packet = 0;
  std::uint8_t vc = 0;
  std::uint8_t flags = kHeadFlit | kTailFlit;
};
static_assert(sizeof(QueuedPacket) == 16, "four to a cache line, none across two");

// On a cache line of its own: what a grant, a send and a credit's catch-up read and write fills its first 64
// bytes (the queue's indices included); the queue's owned storage and the wormhole owners come after.
struct alignas(64) OutputPort {
  Cycle link_free = 0;
  Cycle reserved_cycle = kNever;      // the cycle of the latest grants into this port ...
  std::uint64_t phits_out = 0;        // phits sent onto the link since the events were reset (energy)
  std::int32_t occupancy = 0;         // phits reserved in the queue (incl. the packet on the wire)
  std::int32_t on_wire = 0;           // phits of the packet being serialised, freed at link_free
  std::int32_t reserved_load = 0;     // ... and the load they added (load_at_cycle_start)
  // QCN (OutputUnit::urgent): the first VC whose flits are CNMs and take the urgent queue (0xFF: none), and
  // the CNMs in it. Two bytes in the port's padding: the port's layout stays as without QCN, and the tests
  // for CNMs read the port already at hand (a test of the queue beside it cost 5 instructions more).
  std::uint8_t urgent_vc = 0xFF;
  std::uint8_t urgent_queued = 0;
  Ring<QueuedPacket> queue;           // its indices on the first line
  std::uint32_t* owner = nullptr;     // wormhole: per downstream VC, packet + 1 holding it (0: free)
};
static_assert(offsetof(OutputPort, queue) + 24 <= 64, "the queue's indices on the port's first cache line");

class OutputUnit : public sc_core::sc_module {
  // (defined first: the inline members below deduce their return types from it)
  // Calls `body` with the flow control: credits by their concrete type, so that the compiler inlines the
  // calls SA makes for every bid (through the interface they cost OLM 39% of its instructions); any other
  // scheme through the interface.
  template <typename Body>
  decltype(auto) with_flow(Body body) {
    return credits_ ? body(*credits_) : body(*flow_);
  }
  template <typename Body>
  decltype(auto) with_flow(Body body) const {
    return credits_ ? body(static_cast<const CreditSender&>(*credits_)) : body(static_cast<const FlowControlSender&>(*flow_));
  }

 public:
  // `owner` receives the credits of the output links and files them with file_credit().
  OutputUnit(sc_core::sc_module_name name, const std::vector<PortSpec>& ports, int flit_size,
             int queue_phits, FlowControlKind flow, CreditSink* owner);

  int ports() const { return static_cast<int>(ports_.size()); }
  OutputPort& port(int p) { return ports_[p]; }
  const OutputPort& port(int p) const { return ports_[p]; }
  LinkOut& link(int p) { return *links_[p]; }

  // Credits and queue space are brought up to date lazily, when someone asks: their arrival alone does not
  // need to wake the router.
  bool has_space(int p, int size, Cycle now) {
    catch_up(p, now);
    return ports_[p].occupancy + size <= queue_phits_;
  }
  // has_space for a flit of downstream VC `vc`: a CNM's in the port's urgent queue.
  bool has_space_for(int p, int vc, int size, Cycle now) {
    if (vc >= ports_[p].urgent_vc) return urgent_[p].size() < urgent_[p].capacity();
    return has_space(p, size, now);
  }
  // QCN's CNMs (port p's VCs from urgent_vc(p) up; none without QCN): a queue of their own with room of its
  // own, sent ahead of the data queue (the highest class of service). Beside the ports, not in them: the
  // ports' layout (and the cost of every access to them) stays as without QCN.
  const Ring<QueuedPacket>& urgent(int p) const { return urgent_[p]; }
  int urgent_vc(int p) const { return ports_[p].urgent_vc; }
  // QCN: each port's VCs from urgent_vc[p] up carry CNMs, which take an urgent queue of `flits` flits.
  void enable_urgent(const std::vector<int>& urgent_vc, int flits);
  bool has_credits(int p, int vc, int size, Cycle now) {
    return with_flow([&](auto& f) { return f.may_send(p, vc, size, now); });
  }
  // Earliest pending credit arrival on port p, kNever if none.
  Cycle next_credit(int p) const {
    return with_flow([&](const auto& f) { return f.next_message(p); });
  }
  Cycle link_free(int p) const { return ports_[p].link_free; }
  // UGAL's and PB's Q of port p (seed-000 §3.5, §3.6): the phits that hold the credits of the port's
  // downstream VCs, each counted once. Credits are taken at the switch grant, so the phits in the output
  // queue, on the wire, in the downstream buffer and those whose credit is on its way back are all in it.
  // An ejection port has no credits: its load is its output queue.
  // A router-to-router port's load is in its credits alone: its output port's line is left unread
  // (catch_up there only frees queue space, which every reader of the queue applies first).
  int load(int p, Cycle now) {
    if (is_sink(p)) return sink_load(p, now);
    return with_flow([&](auto& f) { return f.outstanding_all(p, now); });
  }
  // load() of one downstream VC: the seeds' Q, the occupancy of the one VC a hop would take. An ejection
  // port's is its output queue.
  int vc_load(int p, int vc, Cycle now) {
    if (is_sink(p)) return sink_load(p, now);
    return with_flow([&](auto& f) { return f.outstanding(p, vc, now); });
  }
  // Read-only load() as it was at the start of cycle `now`, before this cycle's grants, without
  // catching up: what another router of the group may read (UGAL-G's GroupLoadView). Arrived credits and a
  // finished serialisation are discounted as catch_up would apply them; grants made in `now` are taken
  // out, so the value does not depend on whether this port's router has already run in `now` (all other
  // changes to the load come from messages of latency >= 1).
  int load_at_cycle_start(int p, Cycle now) const;
  // Reserves queue space and downstream credits for a packet granted in cycle `now`.
  void enqueue(int p, PacketId packet, std::uint8_t vc, std::uint8_t flags, int size, Cycle head_ready, Cycle now);

  // Occupancy of downstream VC `vc` of port p in integer percent (floor), 0..100: its phits holding credits
  // (in this output queue, on the link, in the downstream buffer, or freed but not yet credited back) over
  // the VC's downstream depth. Credits are reserved at the switch grant, so queued phits are already in it.
  // 0 on an ejection port (never congested). OLM / Hybrid's q (seed-003 §1.4).
  int occupancy_percent(int p, int vc, Cycle now) {
    if (is_sink(p)) return 0;
    return with_flow([&](auto& f) { return 100 * f.outstanding(p, vc, now) / f.depth(p, vc); });
  }

  // Wormhole: a head may take a downstream VC only when no other packet holds it.
  bool vc_free(int p, int vc) const { return is_sink(p) || ports_[p].owner[vc] == 0; }
  void hold_vc(int p, int vc, PacketId packet) { if (!is_sink(p)) ports_[p].owner[vc] = packet + 1; }
  void free_vc(int p, int vc) { if (!is_sink(p)) ports_[p].owner[vc] = 0; }

  // Frees the queue space of a finished serialisation. Without a branch: whether the link is free yet is
  // not predictable (a misprediction per crossing in cachegrind's model, docs/benchmark.md).
  void catch_up(int p, Cycle now) {
    OutputPort& o = ports_[p];
    const std::int32_t freed = o.link_free <= now ? o.on_wire : 0;
    o.occupancy -= freed;
    o.on_wire -= freed;
  }
  // A control message (router/common/group_broadcast.h) takes the free link for `phits` cycles from `now`; it
  // uses no queue space and no credits.
  void occupy_link(int p, Cycle now, int phits) {
    catch_up(p, now);  // the packet before it has left: its queue space is free
    ports_[p].link_free = now + static_cast<Cycle>(phits);
  }
  // Starts the next packet on the link if it is ready, a CNM of the urgent queue first. Returns true if one was sent.
  bool send(int p, Cycle now, int size);
  // Next cycle at which this port can send a queued packet, kNever if its queue is empty.
  Cycle next_event(int p, Cycle now) const;
  // The output step of port p in cycle `now`: what goes onto its link. A port with a control message of
  // `broadcast` pending (router/common/group_broadcast.h; null if the routing has none) sends it whole at
  // the first packet boundary, ahead of data, in `message` mode, or its phits in cycles where no packet
  // uses the link in `piggyback` mode; otherwise the next ready packet goes (send).
  // Forced inline into Router::tick, which calls it for each port it looks at: out of line it cost 7
  // instructions a call more than the router's own out-of-line send_port did (+9 M on MIN UN 0.45 h = 4),
  // inline 8 fewer (-10 M; docs/benchmark.md).
  [[gnu::always_inline]] void step(int p, Cycle now, int size, GroupBroadcast* broadcast, BroadcastMode mode) {
    const bool control = broadcast && (broadcast->pending() >> p & 1);
    if (control && mode == BroadcastMode::kMessage && link_free(p) <= now) {
      occupy_link(p, now, broadcast->params().phits());
      broadcast->sent(p, now);
      return;
    }
    const bool sent = send(p, now, size);
    if (control && mode == BroadcastMode::kPiggyback) broadcast->piggyback(p, now, sent || link_free(p) > now);
  }

  void file_credit(int port, const LinkMessage& msg) {
    with_flow([&](auto& f) { f.receive(port, msg); });
  }
  // Phits in each output queue, when each link is free, and the flow control's state.
  void trace(sc_core::sc_trace_file* tf) const {
    const std::string n = name();
    for (int p = 0; p < ports(); ++p) {
      sc_core::sc_trace(tf, ports_[p].occupancy, n + ".queued_" + std::to_string(p));
      sc_core::sc_trace(tf, ports_[p].link_free, n + ".link_free_" + std::to_string(p));
    }
    flow_->trace(tf, n);
  }

 private:
  HotVector<OutputPort> ports_;
  ArenaPtr<FlowControlSender> flow_;
  CreditSender* credits_;  // flow_ when it is per-VC credits, else null
  // The ejection ports (to a NIC: they never block) as a mask (radix <= 64): a routing reading every port's
  // load (UGAL at injection) then touches one line per router-to-router port, its credits', not two.
  std::uint64_t sinks_ = 0;
  bool is_sink(int p) const { return sinks_ >> p & 1; }
  int sink_load(int p, Cycle now) {  // an ejection port's load: its output queue
    catch_up(p, now);
    return ports_[p].occupancy;
  }
  // Storage of all ports' queues and VC owners, together.
  // Puts the front of `from` (port p's queue or urgent queue) on the link; `held`: the queue room it keeps
  // until its last phit is out.
  [[gnu::always_inline]] inline void start(int p, Ring<QueuedPacket>& from, Cycle now, int size, int held);
  // send and enqueue when the port has CNMs (OutputPort::urgent_queued, urgent_vc): out of line, so that the
  // paths without them compile as before QCN.
  [[gnu::noinline]] bool send_urgent(int p, Cycle now, int size);
  [[gnu::noinline]] void enqueue_urgent(int p, PacketId packet, std::uint8_t vc, std::uint8_t flags, int size, Cycle head_ready, Cycle now);
  // The grants of cycle `now` into port p (load_at_cycle_start).
  void reserved(OutputPort& o, int size, Cycle now) {
    if (o.reserved_cycle != now) {
      o.reserved_cycle = now;
      o.reserved_load = 0;
    }
    o.reserved_load += size;  // in the credits taken (or, on an ejection port, in the queue)
  }
  HotVector<QueuedPacket> queue_slots_, urgent_slots_;
  HotVector<Ring<QueuedPacket>> urgent_;  // per port
  HotVector<std::uint32_t> owners_;
  HotVector<LinkOut*> links_;  // in the arena, next to their router; never freed
  int queue_phits_;
};

}  // namespace hiradix
