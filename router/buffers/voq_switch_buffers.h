// Per-output virtual output queues, `router.queues: voq_sw` (seed 001's VOQsw; docs/papers/seed-001-sasha-osha.md).
// Each VC of an input port keeps its arrival FIFO, filled by the VC the upstream chose, and gets one VOQ per
// output port of the router. The head of the arrival FIFO goes through RC as under per-VC FIFOs; its route
// moves it (and its body flits, under wormhole) into the VOQ of (its VC, its output), whose front bids for
// the switch. A packet blocked at its output thus no longer blocks the packets behind it that go elsewhere.
//
// The queues of a VC share its space and credits (the flow class of each is the VC): the upstream sends no
// more than the VC's depth, so the VC's arrival FIFO and VOQs together never hold more, and a move never
// waits. Queue numbers of a port with V VCs and R outputs: VC v's arrival FIFO is v, its VOQ towards output
// o is V + v * R + o.
#pragma once
#include "router/buffers/input_buffer.h"

namespace hiradix {

class VoqSwitchBuffers final : public InputBufferScheme {
 public:
  explicit VoqSwitchBuffers(int radix) : radix_(radix) {}
  int queues(const PortSpec& port) const override { return port.in_vcs * (1 + radix_); }
  // Each queue may hold the whole VC (they share its space: the credits bound their sum).
  int capacity(const PortSpec& port, int, int flit_size) const override { return port.in_depth / flit_size; }
  int queue_of(int, const LinkMessage& msg, const PacketPool&) const override { return msg.vc; }
  int flow_class(const PortSpec& port, int queue) const override {
    return queue < port.in_vcs ? queue : (queue - port.in_vcs) / radix_;
  }
  int voq_of(const PortSpec& port, int queue, int out_port) const override {
    return queue < port.in_vcs ? port.in_vcs + queue * radix_ + out_port : -1;
  }

 private:
  int radix_;
};

}  // namespace hiradix
