// The links between the partitions of a partitioned run (sim.partitions, tlm/scheduler.h). A message sent
// on such a link waits in its sending partition's outbox until the window ends, and then reaches the
// other end: partitions in order, each outbox in the order it was filled, so the delivery order never
// depends on how the partitions were run. The wait loses nothing: a window is no longer than the latency
// of any cut link, so the message still reaches the other end before its arrival cycle, with the cycle it
// was sent at (LinkMessage::arrival - the latency), as if it had gone straight.
#pragma once
#include <deque>
#include <vector>

#include "tlm/link.h"
#include "tlm/scheduler.h"

namespace hiradix {

class CutLinks {
 public:
  explicit CutLinks(int partitions) : outboxes_(static_cast<std::size_t>(partitions)) {}

  // The link `out` -> `in` (connected) joins partition `from` (out's) to `to` (in's): its packets wait in
  // `from`'s outbox, its credits and pause frames in `to`'s.
  void cut(LinkOut& out, int from, LinkIn& in, int to) {
    forwards_.emplace_back(in, outboxes_[static_cast<std::size_t>(from)]);
    backwards_.emplace_back(out, outboxes_[static_cast<std::size_t>(to)]);
    out.redirect(&forwards_.back());
    in.redirect(&backwards_.back());
    ++cut_;
  }
  int links() const { return cut_; }
  std::uint64_t messages() const { return messages_; }  // delivered across partitions so far

  // At a window's end: every message posted, to its receiver.
  void exchange() {
    for (std::vector<Posted>& box : outboxes_) {
      for (Posted& p : box) {
        tlm::tlm_phase phase = p.forward ? tlm::BEGIN_REQ : tlm::BEGIN_RESP;
        sc_core::sc_time delay = sc_core::SC_ZERO_TIME;  // the receivers read msg.arrival
        if (p.forward) static_cast<Forward*>(p.end)->to.nb_transport_fw(p.msg, phase, delay);
        else static_cast<Backward*>(p.end)->to.nb_transport_bw(p.msg, phase, delay);
      }
      messages_ += box.size();
      box.clear();
    }
  }

 private:
  struct Posted {
    void* end;  // the Forward or Backward it was sent on
    bool forward;
    LinkMessage msg;
  };
  using Outbox = std::vector<Posted>;
  // The sending ends' peers on a cut link: they post instead of delivering.
  struct Forward final : tlm::tlm_fw_transport_if<LinkProtocol> {
    Forward(LinkIn& in, Outbox& box) : to(in), outbox(box) {}
    tlm::tlm_sync_enum nb_transport_fw(LinkMessage& msg, tlm::tlm_phase&, sc_core::sc_time&) override {
      outbox.push_back({this, true, msg});
      return tlm::TLM_COMPLETED;
    }
    void b_transport(LinkMessage& msg, sc_core::sc_time&) override { outbox.push_back({this, true, msg}); }
    bool get_direct_mem_ptr(LinkMessage&, tlm::tlm_dmi&) override { return false; }
    unsigned int transport_dbg(LinkMessage&) override { return 0; }
    LinkIn& to;
    Outbox& outbox;
  };
  struct Backward final : tlm::tlm_bw_transport_if<LinkProtocol> {
    Backward(LinkOut& out, Outbox& box) : to(out), outbox(box) {}
    tlm::tlm_sync_enum nb_transport_bw(LinkMessage& msg, tlm::tlm_phase&, sc_core::sc_time&) override {
      outbox.push_back({this, false, msg});
      return tlm::TLM_COMPLETED;
    }
    void invalidate_direct_mem_ptr(sc_dt::uint64, sc_dt::uint64) override {}
    LinkOut& to;
    Outbox& outbox;
  };

  std::vector<Outbox> outboxes_;  // per sending partition
  std::deque<Forward> forwards_;  // deques: the links keep pointers to them
  std::deque<Backward> backwards_;
  int cut_ = 0;
  std::uint64_t messages_ = 0;
};

}  // namespace hiradix
