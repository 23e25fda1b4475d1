// Input unit: per-port input buffers organised into queues by an input-buffer scheme
// (router/buffers/input_buffer.h; per-VC FIFOs, or per-output VOQs behind per-VC arrival FIFOs), under virtual cut-through (space is allocated per packet
// and a packet may leave while its tail is still arriving) or wormhole. Packets are written on arrival
// with their future head-arrival cycle and become visible to the pipeline at that cycle. Its steps (as gem5
// Garnet's InputUnit::wakeup): a granted flit is in transit until its tail leaves, the tails leave in time
// order, and a head that reaches the front of its VC counts on the contention counters (through the
// router's hooks).
#pragma once
#include "tlm/arena.h"
#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <stdexcept>
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
  // Virtual output queues: the entry's own route, which the VOQ's fields take when it reaches the front;
  // until the grant sets tail_leave, `tail_leave` holds the cycle the entry may bid from (its RC and VA done).
  std::uint8_t out_vc = 0;
};
static_assert(sizeof(VcEntry) == 32, "two entries per cache line: out_vc sits in what was padding");

// One input VC (a queue of the input-buffer scheme). Entries [0, in_transit) are crossing the switch; entry in_transit is the candidate that
// goes through RC -> VA -> SA.
// On a cache line of its own: what an arrival, RC, SA and a leaving tail read and write (the cycles, the
// route, the FIFO's indices) fills its first 64 bytes; the rest is read rarely.
struct alignas(64) InputVc {
  Cycle next_rc_at = 0;   // the next head's RC may start once the previous head left (Fig. 2-4)
  Cycle ready_at = 0;     // candidate may bid for the switch from this cycle
  std::uint64_t phits_in = 0;  // phits written since the events were reset (energy; next to the FIFO it counts)
  std::uint16_t in_transit = 0;
  std::uint16_t out_port = 0;  // route of the packet the candidate belongs to
  std::uint16_t min_port = 0;
  std::uint8_t out_vc = 0;
  Ring<VcEntry> fifo;          // its indices on the first line, its owned storage (VOQs) after
  std::uint64_t moved_in = 0;  // VOQs: flits moved in from their VC's arrival FIFO (a pointer move, no write)
  RouteState route_before;     // in-transit routings: the head's route state before its RC, to route it again
  bool has_candidate() const { return fifo.size() > in_transit; }
  VcEntry& candidate() { return fifo[in_transit]; }
  const VcEntry& candidate() const { return fifo[in_transit]; }
};
static_assert(offsetof(InputVc, fifo) + 24 <= 64, "the FIFO's indices on the VC's first cache line");

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
  // Virtual output queues (router/buffers/voq_switch_buffers.h): whether queue `index` is an arrival FIFO
  // whose routed flits move on, and the queue they move into towards `out_port`.
  bool moves_on(int index) const { return !voq_base_.empty() && voq_base_[index] >= 0; }
  int voq(int index, int out_port) const { return voq_base_[index] + out_port; }
  // Moves the front of queue `from` (not in transit) to the back of queue `to`; true if it is `to`'s
  // candidate there (nothing was waiting before it).
  bool move_front(int from, int to) {
    InputVc& f = vcs_[from];
    InputVc& t = vcs_[to];
    t.fifo.push(f.fifo.front());
    ++t.moved_in;
    f.fifo.pop();
    if (f.fifo.empty()) deactivate(from);
    active_[to >> 6] |= 1ull << (to & 63);
    return t.fifo.size() == static_cast<std::size_t>(t.in_transit) + 1;
  }
  InputVc& vc(int index) { return vcs_[index]; }
  const InputVc& vc(int index) const { return vcs_[index]; }
  LinkIn& link(int port) { return *links_[port]; }

  // Active VCs (non-empty), as a bit set over vc indices.
  const HotVector<std::uint64_t>& active() const { return active_; }
  void deactivate(int index) { active_[index >> 6] &= ~(1ull << (index & 63)); }

  void trace(sc_core::sc_trace_file* tf) const;  // flits in each VC
  // Stores an arriving flit in the queue the scheme picks; returns that queue's VC index.
  int write(int port, const LinkMessage& msg, const PacketPool& pool);

  // ---- the input steps: flits leaving their buffers, heads reaching the front of their VC ----
  // What the steps reach outside the input unit (the contention counters, their trace, the routing state's
  // events, the router's due cycles) goes to `hooks`, a struct of the router's references built at the
  // call, whose calls inline into the steps (no indirect call per flit):
  //   hooks.uncounted(index, min_port, at)  a counted packet's tail left VC `index` at cycle `at`
  //   hooks.counted(index, head, at)        the routed head `head` reached the front of VC `index` at `at`
  //   hooks.emptied(index)                  VC `index` holds nothing any more
  //   hooks.left(index, at)                 a flit's tail left VC `index` at `at` (its space is free)
  //
  // The switch granted VC `index`'s candidate, whose last phit leaves the buffer at `tail_leave`: it is in
  // transit until then.
  void granted(int index, Cycle tail_leave) {
    ++vcs_[index].in_transit;
    // Into its place in the sorted ring, from the back: a grant's tail mostly leaves after those granted
    // before it, so this is mostly no move at all. One key, (cycle, VC) in one word: one compare a step.
    if (tail_leave >= kTailCycleLimit)
      throw std::overflow_error("input unit: cycle " + std::to_string(tail_leave) + " is past the 2^44 cycles a tail's key holds");
    const std::uint64_t tail = tail_leave << kTailIndexBits | static_cast<std::uint64_t>(index);
    tails_.push(tail);
    std::size_t k = tails_.size() - 1;
    for (; k > 0 && tail < tails_[k - 1]; --k) tails_[k] = tails_[k - 1];
    tails_[k] = tail;
  }
  bool has_tails() const { return !tails_.empty(); }
  bool tails_due(Cycle now) const { return !tails_.empty() && tail_cycle(tails_.front()) <= now; }  // release_tails has work
  Cycle next_tail() const { return tail_cycle(tails_.front()); }  // the earliest tail to leave (has_tails())
  // Pops the flits whose tail has left by `now`, in time order. Nothing waits for this bookkeeping but the
  // contention counters, and they are read only inside a router activation, after this catch-up, so a tail
  // leaving does not need to wake the router.
  template <typename Hooks>
  void release_tails(Cycle now, Hooks hooks);
  // If the front of VC `index` is a routed head not counted yet, it counts on its minimal output from `at`
  // until its tail leaves (called when a head is routed, and when a tail leaving brings a head to the front).
  template <typename Hooks>
  void count_front(int index, Cycle at, Hooks hooks);

 private:
  HotVector<int> first_vc_;
  ArenaPtr<InputBufferScheme> scheme_;
  const VcFifoBuffers* vc_fifos_;  // scheme_ when it is VC FIFOs (called by its type: inlined), else null
  // (tail leaves its buffer, VC) of the flits in transit, in that order (a min-heap cost some 100
  // instructions a crossing to push and pop, docs/benchmark.md), each as one key: the cycle in the high 44
  // bits, the VC in the low 20, so that the order of the keys is that of the pairs. An arrival reads
  // whether it is empty (Router::catch_up): next to the fields write() reads, so that this costs it no
  // other cache line.
  static constexpr int kTailIndexBits = 20;
  static constexpr Cycle kTailCycleLimit = Cycle{1} << (64 - kTailIndexBits);
  static Cycle tail_cycle(std::uint64_t key) { return key >> kTailIndexBits; }
  static int tail_vc(std::uint64_t key) { return static_cast<int>(key & ((std::uint64_t{1} << kTailIndexBits) - 1)); }
  Ring<std::uint64_t> tails_;
  HotVector<int> port_of_;
  HotVector<int> flow_class_;
  HotVector<int> voq_base_;  // per queue: the queue it moves into towards output 0, or -1; empty without VOQs
  HotVector<InputVc> vcs_;
  HotVector<VcEntry> slots_;  // the storage of every VC's FIFO, together
  HotVector<std::uint64_t> active_;
  HotVector<LinkIn*> links_;  // in the arena, next to the router they deliver to; never freed
};

// Both steps forced inline: into Router::release_tails, which stays one out-of-line call (inlined into an
// arrival it would cost that arrival a saved register), and count_front into it and Router::route_candidate
// (out of line, its call cost more than the inlined body; docs/benchmark.md).
template <typename Hooks>
[[gnu::always_inline]] inline void InputUnit::release_tails(Cycle now, Hooks hooks) {
  while (!tails_.empty() && tail_cycle(tails_.front()) <= now) {
    const Cycle left = tail_cycle(tails_.front());
    const int index = tail_vc(tails_.front());
    tails_.pop();
    InputVc& v = vcs_[index];
    const VcEntry& e = v.fifo.front();
    // The packet stops counting when its tail leaves (under wormhole its head, counted, left earlier).
    if (e.tail && (e.counted || !e.head)) hooks.uncounted(index, e.min_port, left);
    hooks.left(index, left);
    v.fifo.pop();
    --v.in_transit;
    count_front(index, left, hooks);
    if (v.fifo.empty()) {
      deactivate(index);
      hooks.emptied(index);
    }
  }
}

template <typename Hooks>
[[gnu::always_inline]] inline void InputUnit::count_front(int index, Cycle at, Hooks hooks) {
  InputVc& v = vcs_[index];
  if (v.fifo.empty()) return;
  VcEntry& f = v.fifo.front();
  if (f.head && f.routed && !f.counted) {
    f.counted = true;
    hooks.counted(index, f, at);
  }
}

}  // namespace hiradix
