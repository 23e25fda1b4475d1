// The links between the partitions of a partitioned run (sim.partitions, tlm/scheduler.h). A message sent
// on such a link waits in an outbox of its sending partition, one per receiving partition, until the
// window ends, and then reaches the other end: each receiving partition takes its messages on the thread
// that runs it, senders in partition order, each outbox in the order it was filled, so the order in which a
// partition receives never depends on how the partitions were run. The wait loses nothing: a window is no longer than the latency
// of any cut link, so the message still reaches the other end before its arrival cycle, with the cycle it
// was sent at (LinkMessage::arrival - the latency), as if it had gone straight.
#pragma once
#include <deque>
#include <unordered_map>
#include <vector>

#include "tlm/link.h"
#include "tlm/packet.h"
#include "tlm/ranks.h"
#include "tlm/scheduler.h"

namespace hiradix {

class CutLinks {
 public:
  explicit CutLinks(int partitions)
      : partitions_(static_cast<std::size_t>(partitions)), outboxes_(partitions_ * partitions_), delivered_(partitions_, 0) {}

  // The link `out` -> `in` (connected) joins partition `from` (out's) to `to` (in's): its packets wait in
  // `from`'s outbox to `to`, its credits and pause frames in `to`'s outbox to `from`.
  void cut(LinkOut& out, int from, LinkIn& in, int to) {
    forwards_.emplace_back(in, outbox(from, to), static_cast<std::uint32_t>(forwards_.size()));
    backwards_.emplace_back(out, outbox(to, from), static_cast<std::uint32_t>(backwards_.size()));
    out.redirect(&forwards_.back());
    in.redirect(&backwards_.back());
    ++cut_;
  }
  int links() const { return cut_; }
  std::uint64_t messages() const {  // delivered across partitions so far
    std::uint64_t n = 0;
    for (std::uint64_t d : delivered_) n += d;
    return n;
  }

  // Under MPI ranks (tlm/ranks.h), at a window's end on one thread, before any delivery: what this rank's
  // partitions posted to another rank's leaves in one exchange, and what other ranks' partitions posted to
  // this rank's waits in their outboxes here, in the order it was posted, for deliver_to. A forward flit
  // carries its packet with it: the head its contents, which the receiver stores under an id of its own
  // pool (the later flits of the packet find it there) with its record of `side`, and the sender's copy is
  // released after the tail. `rank_of`: each partition's rank.
  void exchange_ranks(Ranks& world, const std::vector<int>& rank_of, PacketPool& pool, PacketSideTable side = {});

  // At a window's end, on the thread that runs partition `to`: the messages the window sent to it.
  void deliver_to(int to) {
    for (std::size_t from = 0; from < partitions_; ++from) {
      Outbox& box = outbox(static_cast<int>(from), to);
      for (Posted& p : box) {
        tlm::tlm_phase phase = p.forward ? tlm::BEGIN_REQ : tlm::BEGIN_RESP;
        sc_core::sc_time delay = sc_core::SC_ZERO_TIME;  // the receivers read msg.arrival
        if (p.forward) static_cast<LinkIn*>(p.to)->nb_transport_fw(p.msg, phase, delay);
        else static_cast<LinkOut*>(p.to)->nb_transport_bw(p.msg, phase, delay);
      }
      delivered_[static_cast<std::size_t>(to)] += box.size();
      box.clear();
    }
  }

 private:
  struct Posted {
    // The receiving end, a LinkIn (forward) or a LinkOut, and the link's index among the cut links' forward
    // or backward ends: a delivery goes straight to the end, without reading the Forward or Backward again
    // (a window later, a cache miss in a large network).
    void* to;
    std::uint32_t link;
    bool forward;
    LinkMessage msg;
  };
  using Outbox = std::vector<Posted>;
  // The sending ends' peers on a cut link: they post instead of delivering.
  struct Forward final : tlm::tlm_fw_transport_if<LinkProtocol> {
    Forward(LinkIn& in, Outbox& box, std::uint32_t i) : to(in), outbox(box), index(i) {}
    tlm::tlm_sync_enum nb_transport_fw(LinkMessage& msg, tlm::tlm_phase&, sc_core::sc_time&) override {
      outbox.push_back({&to, index, true, msg});
      return tlm::TLM_COMPLETED;
    }
    void b_transport(LinkMessage& msg, sc_core::sc_time&) override { outbox.push_back({&to, index, true, msg}); }
    bool get_direct_mem_ptr(LinkMessage&, tlm::tlm_dmi&) override { return false; }
    unsigned int transport_dbg(LinkMessage&) override { return 0; }
    LinkIn& to;
    Outbox& outbox;
    std::uint32_t index;  // among the cut links, the same on every rank
  };
  struct Backward final : tlm::tlm_bw_transport_if<LinkProtocol> {
    Backward(LinkOut& out, Outbox& box, std::uint32_t i) : to(out), outbox(box), index(i) {}
    tlm::tlm_sync_enum nb_transport_bw(LinkMessage& msg, tlm::tlm_phase&, sc_core::sc_time&) override {
      outbox.push_back({&to, index, false, msg});
      return tlm::TLM_COMPLETED;
    }
    void invalidate_direct_mem_ptr(sc_dt::uint64, sc_dt::uint64) override {}
    LinkOut& to;
    Outbox& outbox;
    std::uint32_t index;
  };

  Outbox& outbox(int from, int to) { return outboxes_[static_cast<std::size_t>(from) * partitions_ + static_cast<std::size_t>(to)]; }

  std::size_t partitions_;
  std::vector<Outbox> outboxes_;         // by sending and receiving partition (most stay empty)
  std::vector<std::uint64_t> delivered_;  // by receiving partition (each written by its thread only)
  std::deque<Forward> forwards_;  // deques: the links keep pointers to them
  std::deque<Backward> backwards_;
  int cut_ = 0;
  // Under ranks: the packets whose head came from another rank and whose tail has not, by (cut link,
  // the sender's id): their id here.
  std::unordered_map<std::uint64_t, PacketId> arriving_;
};

}  // namespace hiradix
