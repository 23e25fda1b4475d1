// How an input port's buffer is organised into queues (DESIGN §7). The router's pipeline works on queues:
// each is a FIFO whose front flit goes through RC, VA and SA (the router calls them input VCs, which they
// are in the one scheme so far). A scheme says how many queues a port has and how many flits each holds,
// which queue an arriving flit goes to, which flow-control class (router/flow/flow_control.h) the
// space of a queue belongs to, and, for virtual output queues, which queue a routed flit moves on to. Per-VC
// FIFOs (vc_fifo_buffers.h; band-based queues are VC FIFOs too) and per-output VOQs (voq_switch_buffers.h)
// are the schemes, each one file behind this class plus a line in make_input_buffers.
#pragma once
#include <cstdint>
#include <memory>
#include <vector>

#include "router/common/router_params.h"
#include "tlm/arena.h"
#include "tlm/link.h"
#include "tlm/packet.h"

namespace hiradix {

class InputBufferScheme {
 public:
  virtual ~InputBufferScheme() = default;
  // Queues of an input port, and the flits queue `queue` holds.
  virtual int queues(const PortSpec& port) const = 0;
  virtual int capacity(const PortSpec& port, int queue, int flit_size) const = 0;
  // The queue of `port` an arriving flit is written into (once per flit; `pool` holds its packet).
  virtual int queue_of(int port, const LinkMessage& msg, const PacketPool& pool) const = 0;
  // The flow-control class whose space a flit leaving `queue` frees.
  virtual int flow_class(const PortSpec& port, int queue) const = 0;
  // Virtual output queues: the queue a flit of `queue` moves into once its route to `out_port` is known, or
  // -1 if flits of `queue` bid for the switch where they are (set-up only; the router keeps the answer).
  virtual int voq_of(const PortSpec&, int /*queue*/, int /*out_port*/) const { return -1; }
};

// `ports`: the router's ports (a per-output scheme has a queue for each, per VC of each input).
ArenaPtr<InputBufferScheme> make_input_buffers(InputBufferKind kind, const std::vector<PortSpec>& ports);

}  // namespace hiradix
