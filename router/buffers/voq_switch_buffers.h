// Per-output virtual output queues, `router.queues: voq_sw` (seed 001's VOQsw; docs/papers/seed-001-sasha-osha.md).
// Each VC of an input port keeps its arrival FIFO, filled by the VC the upstream chose, and gets one VOQ per
// output port of the router. The head of the arrival FIFO goes through RC as under per-VC FIFOs; its route
// moves it (and its body flits, under wormhole) into the VOQ of (its VC, its output), whose front bids for
// the switch. A packet blocked at its output thus no longer blocks the packets behind it that go elsewhere.
//
// The queues of a VC share its space and credits (the flow class of each is the VC): the upstream sends no
// more than the VC's depth, so the VC's arrival FIFO and VOQs together never hold more, and a move never
// waits. Queue numbers of a port with V VCs and R outputs: VC v's VOQ towards output o is v * R + o, its
// arrival FIFO V * R + v (the VOQs first: only they bid, and the switch allocator's bids are 64 bits).
#pragma once
#include <vector>

#include "router/buffers/input_buffer.h"

namespace hiradix {

class VoqSwitchBuffers final : public InputBufferScheme {
 public:
  explicit VoqSwitchBuffers(const std::vector<PortSpec>& ports) : radix_(static_cast<int>(ports.size())) {
    for (const PortSpec& p : ports) port_voqs_.push_back(voqs(p.in_vcs));
  }
  int queues(const PortSpec& port) const override { return port.in_vcs * (1 + radix_); }
  // Each queue may hold the whole VC (they share its space: the credits bound their sum).
  int capacity(const PortSpec& port, int, int flit_size) const override { return port.in_depth / flit_size; }
  int queue_of(int port, const LinkMessage& msg, const PacketPool&) const override {
    return port_voqs_[static_cast<std::size_t>(port)] + msg.vc;
  }
  int flow_class(const PortSpec& port, int queue) const override {
    return queue < voqs(port.in_vcs) ? queue / radix_ : queue - voqs(port.in_vcs);
  }
  int voq_of(const PortSpec& port, int queue, int out_port) const override {
    return queue < voqs(port.in_vcs) ? -1 : (queue - voqs(port.in_vcs)) * radix_ + out_port;
  }

 private:
  int voqs(int vcs) const { return vcs * radix_; }
  int radix_;
  std::vector<int> port_voqs_;  // per port: its VOQs, the first of its arrival FIFOs
};

}  // namespace hiradix
