// Link-level flow control (DESIGN §7): how the sending end of a link knows that the receiving end has room.
// The sending end asks may_send before it commits a flit to a link (a router at the switch grant, a NIC at
// injection), says when it commits one, and hands over the control messages that come back; the receiving
// end says when buffer space is taken and freed. Per-VC credits (credit_flow_control.h) and Ethernet pause
// per class of service (pause_flow_control.h) are the schemes, each one file behind these two classes plus a
// line in make_flow_sender and make_flow_receiver. A "class" is what a scheme controls separately: a
// downstream VC for credits, a class of service for pause (the VC too).
//
// One object serves all the ports of a router (or the one port of a NIC). Calls are per flit offered or
// committed, and per control message; the per-cycle work of the router stays outside.
#pragma once
#include <memory>
#include <string>
#include <vector>

#include "router/common/router_params.h"
#include "tlm/arena.h"
#include "tlm/cycle.h"
#include "tlm/link.h"

namespace hiradix {

// What the sending end knows of one output port's downstream buffer.
struct FlowPort {
  int classes = 1;  // VCs (credits) or classes of service (pause) of the downstream input
  int depth = 32;   // phits of buffer per class downstream; 0 = a sink that never blocks (a NIC's ejection)
};

class FlowControlSender {
 public:
  virtual ~FlowControlSender() = default;
  // May a flit of `size` phits be committed to class `cls` of `port` in cycle `now`?
  virtual bool may_send(int port, int cls, int size, Cycle now) = 0;
  // A flit of `size` phits was committed to class `cls` of `port`, after may_send in the same cycle.
  virtual void committed(int port, int cls, int size) = 0;
  // A control message from the receiving end (a credit); it takes effect at msg.arrival.
  virtual void receive(int port, const LinkMessage& msg) = 0;
  // Applies the control messages that have arrived by `now`.
  virtual void catch_up(int port, Cycle now) = 0;
  // Arrival of the earliest control message of `port` not yet applied (it may have arrived by now if
  // nothing asked since), kNever if none: when may_send can change.
  virtual Cycle next_message(int port) const = 0;
  // Phits of class `cls` committed and not yet released by the receiving end, and the class's buffer.
  virtual int outstanding(int port, int cls, Cycle now) = 0;
  virtual int depth(int port, int cls) const = 0;
  // outstanding() summed over the classes of `port`.
  virtual int outstanding_all(int port, Cycle now) = 0;
  // outstanding_all() as it is at the start of `now` for the messages that have arrived by then, read-only
  // (no catching up): for readers in other routers (UGAL-G).
  virtual int outstanding_all_at(int port, Cycle now) const = 0;
  // Adds the scheme's state (credits per VC, pause state per class) to a SystemC trace file, names under
  // `prefix`.
  virtual void trace(sc_core::sc_trace_file* tf, const std::string& prefix) const = 0;
};

// What the receiving end knows of one input port: its classes and buffer per class, in phits, and under pause
// the thresholds (pause at xoff, resume at xon).
struct FlowInputPort {
  int classes = 1;
  int depth = 32;
  int xoff = 0;
  int xon = 0;
};

class FlowControlReceiver {
 public:
  virtual ~FlowControlReceiver() = default;
  // A flit of `phits` of class `cls` reaches input `port` (behind `link`) at cycle `at`; announced at `now`,
  // when it was sent. Called only when frees_when_left() (pause).
  virtual void arrived(LinkIn& /*link*/, int /*port*/, int /*cls*/, int /*phits*/, Cycle /*at*/, Cycle /*now*/) {}
  // `phits` of class `cls` of the buffer behind `link` (input `port`) are freed at cycle `freed`: at the
  // switch grant, timed for the flit's tail leaving (which may lie after `now`), or, when frees_when_left(),
  // when it leaves (`freed` <= `now`).
  virtual void freed(LinkIn& link, int port, int cls, int phits, Cycle freed, Cycle now) = 0;
  // Pause: the scheme counts arrivals and frees a flit when it has left (credits: neither).
  virtual bool frees_when_left() const { return false; }
  // Pause frames sent since reset_frames() (result.json `flow_control`: the measurement window's).
  virtual std::uint64_t xoff_frames() const { return 0; }
  virtual std::uint64_t xon_frames() const { return 0; }
  virtual void reset_frames() {}
};

ArenaPtr<FlowControlSender> make_flow_sender(FlowControlKind kind, const std::vector<FlowPort>& ports,
                                                    int flit_size);
ArenaPtr<FlowControlReceiver> make_flow_receiver(FlowControlKind kind, const std::vector<FlowInputPort>& ports);

}  // namespace hiradix
