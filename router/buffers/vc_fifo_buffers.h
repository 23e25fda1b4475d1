// Per-VC FIFOs (seed-000 §1.2, seed-003 Table I): one queue per VC of the input port, each with its own
// depth, written in arrival order by the VC the upstream chose; a queue's space is credited to its VC.
#pragma once
#include "router/buffers/input_buffer.h"

namespace hiradix {

class VcFifoBuffers final : public InputBufferScheme {
 public:
  int queues(const PortSpec& port) const override { return port.in_vcs; }
  // Credits guarantee at most depth / flit_size flits per VC.
  int capacity(const PortSpec& port, int, int flit_size) const override { return port.in_depth / flit_size; }
  int queue_of(int, const LinkMessage& msg, const PacketPool&) const override { return msg.vc; }
  int flow_class(const PortSpec&, int queue) const override { return queue; }
};

}  // namespace hiradix
