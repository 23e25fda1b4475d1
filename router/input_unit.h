// Input unit: per-port input buffers organised into queues by an input-buffer scheme
// (router/buffers/input_buffer.h; per-VC FIFOs), under virtual cut-through (space is allocated per packet
// and a packet may leave while its tail is still arriving) or wormhole. Packets are written on arrival
// with their future head-arrival cycle and become visible to the pipeline at that cycle.
#pragma once
#include "tlm/arena.h"
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include <systemc>

#include "router/buffers/input_buffer.h"
#include "router/buffers/vc_fifo_buffers.h"
#include "router/common/router_params.h"
#include "tlm/link.h"
#include "tlm/ring.h"

namespace hiradix {

// One flit in an input buffer (under VCT the flit is the whole packet).
struct VcEntry {
  PacketId packet = 0;
  Cycle arrival = 0;      // arrival of the flit's first phit at this input
  Cycle tail_leave = 0;   // set at switch grant: cycle the flit's last phit leaves this buffer
  std::uint16_t min_port = 0;  // the packet's minimal output (contention counters)
  bool head = true;       // first flit of its packet: goes through RC and VA
  bool tail = true;       // last flit: its leaving ends the packet's stay in this buffer
  bool routed = false;    // ready for switch allocation (a head: its route is computed)
  bool counted = false;   // a head counted in the contention counter of min_port
};

// One input VC (a queue of the input-buffer scheme). Entries [0, in_transit) are crossing the switch; entry in_transit is the candidate that
// goes through RC -> VA -> SA.
struct InputVc {
  Ring<VcEntry> fifo;
  std::uint64_t phits_in = 0;  // phits written since the events were reset (energy; next to the FIFO it counts)
  std::uint16_t in_transit = 0;
  Cycle next_rc_at = 0;   // the next head's RC may start once the previous head left (Fig. 2-4)
  Cycle ready_at = 0;     // candidate may bid for the switch from this cycle
  std::uint16_t out_port = 0;  // route of the packet the candidate belongs to
  std::uint8_t out_vc = 0;
  std::uint16_t min_port = 0;
  RouteState route_before;     // in-transit routings: the head's route state before its RC, to route it again
  bool has_candidate() const { return fifo.size() > in_transit; }
  VcEntry& candidate() { return fifo[in_transit]; }
  const VcEntry& candidate() const { return fifo[in_transit]; }
};

class InputUnit : public sc_core::sc_module {
 public:
  // `owner` receives the packets of the input links and stores them with write().
  InputUnit(sc_core::sc_module_name name, const std::vector<PortSpec>& ports, int flit_size,
            InputBufferKind scheme, PacketSink* owner);

  int ports() const { return static_cast<int>(first_vc_.size()) - 1; }
  int vcs(int port) const { return first_vc_[port + 1] - first_vc_[port]; }
  int vc_index(int port, int vc) const { return first_vc_[port] + vc; }
  int total_vcs() const { return first_vc_.back(); }
  int port_of(int vc_index) const { return port_of_[vc_index]; }
  // The flow-control class (router/flow/flow_control.h) the space of VC `vc_index` is returned to.
  int flow_class(int vc_index) const { return flow_class_[vc_index]; }
  InputVc& vc(int index) { return vcs_[index]; }
  const InputVc& vc(int index) const { return vcs_[index]; }
  LinkIn& link(int port) { return *links_[port]; }

  // Active VCs (non-empty), as a bit set over vc indices.
  const HotVector<std::uint64_t>& active() const { return active_; }
  void deactivate(int index) { active_[index >> 6] &= ~(1ull << (index & 63)); }

  void trace(sc_core::sc_trace_file* tf) const;  // flits in each VC
  // Stores an arriving flit in the queue the scheme picks; returns that queue's VC index.
  int write(int port, const LinkMessage& msg, const PacketPool& pool);

 private:
  HotVector<int> first_vc_;
  ArenaPtr<InputBufferScheme> scheme_;
  const VcFifoBuffers* vc_fifos_;  // scheme_ when it is VC FIFOs (called by its type: inlined), else null
  HotVector<int> port_of_;
  HotVector<int> flow_class_;
  HotVector<InputVc> vcs_;
  HotVector<VcEntry> slots_;  // the storage of every VC's FIFO, together
  HotVector<std::uint64_t> active_;
  HotVector<LinkIn*> links_;  // in the arena, next to the router they deliver to; never freed
};

}  // namespace hiradix
