// Ethernet pause flow control per class of service (802.1Qbb PFC; 802.3x pauses the whole link, PFC each
// class: a class is a VC here), `router.flow_control: pause` (docs/papers/seed-000-thesis.md, "Pause flow
// control"). There are no credits: the sending end knows only whether a class is paused.
//
// The receiving end counts each class's buffer: a flit counts from its arrival being announced (when it was
// sent) until its tail leaves the buffer, so the count is never below what the buffer holds. When an arrival
// brings the count to Xoff it sends XOFF for the class, stamped at the flit's arrival (when a switch sees its
// buffer pass Xoff); when a leaving flit brings it down to Xon, XON, stamped then. A frame reaches the
// sending end one link latency later, and the sending end stops (resumes) committing flits of the class from
// that cycle. Frames of a link are stamped in order, so that a class ends in the state of its last frame.
//
// Lossless by construction: in the cycles an XOFF takes to act, the sending end commits at most twice the
// link latency of phits plus the packet it is sending and, since the switch reserves the link at the grant,
// the phits of its output queue: the headroom above Xoff (router.pause.headroom) must hold that, which
// load_config checks per link class. A count above the buffer is a model error, thrown.
#pragma once
#include <cstdint>
#include <string>
#include <vector>

#include "router/flow/flow_control.h"
#include "tlm/arena.h"
#include "tlm/ring.h"

namespace hiradix {

// XOFF (pause class `vc`) in LinkMessage::flags; XON is 0. A frame carries no phits.
constexpr std::uint8_t kPauseOn = 1;

class PauseSender final : public FlowControlSender {
 public:
  explicit PauseSender(const std::vector<FlowPort>& ports);

  bool may_send(int port, int cls, int, Cycle now) override {
    catch_up(port, now);
    return !ports_[port].paused[cls];
  }
  void committed(int, int, int) override {}
  void receive(int port, const LinkMessage& msg) override { ports_[port].pending.push(msg); }
  void catch_up(int port, Cycle now) override {
    Port& o = ports_[port];
    while (!o.pending.empty() && o.pending.front().arrival <= now) {
      o.paused[o.pending.front().vc] = (o.pending.front().flags & kPauseOn) != 0;
      o.pending.pop();
    }
  }
  Cycle next_message(int port) const override {
    const Port& o = ports_[port];
    return o.pending.empty() ? kNever : o.pending.front().arrival;
  }
  // Nothing of the downstream buffer is known: what a routing reads of a port's load is its output queue.
  int outstanding(int, int, Cycle) override { return 0; }
  int depth(int port, int) const override { return ports_[port].depth; }
  int outstanding_all(int, Cycle) override { return 0; }
  int outstanding_all_at(int, Cycle) const override { return 0; }
  void trace(sc_core::sc_trace_file* tf, const std::string& prefix) const override;

 private:
  struct Port {
    Ring<LinkMessage> pending;          // frames on their way, in arrival order
    std::vector<std::uint8_t> paused;   // per class (bytes: sc_trace reads them)
    int depth = 0;
  };
  HotVector<Port> ports_;
};

class PauseReceiver final : public FlowControlReceiver {
 public:
  explicit PauseReceiver(const std::vector<FlowInputPort>& ports);
  void arrived(LinkIn& link, int port, int cls, int phits, Cycle at, Cycle now) override;
  void freed(LinkIn& link, int port, int cls, int phits, Cycle at, Cycle now) override;
  bool frees_when_left() const override { return true; }
  std::uint64_t xoff_frames() const override { return xoff_frames_; }
  std::uint64_t xon_frames() const override { return xon_frames_; }
  void reset_frames() override { xoff_frames_ = xon_frames_ = 0; }

 private:
  struct Class {
    int count = 0;      // phits announced and not yet left
    bool paused = false;
  };
  void send(LinkIn& link, int port, int cls, bool on, Cycle at, Cycle now);
  std::vector<FlowInputPort> ports_;  // thresholds
  std::vector<std::vector<Class>> classes_;  // per port, per class
  std::vector<Cycle> last_stamp_;            // per port: the latest frame's stamp
  std::uint64_t xoff_frames_ = 0, xon_frames_ = 0;
};

}  // namespace hiradix
