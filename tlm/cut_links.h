// The links between the partitions of a partitioned run (sim.partitions, tlm/scheduler.h). A message sent
// on such a link waits in an outbox of its sending partition, one per receiving partition, until the
// window ends, and then reaches the other end: each receiving partition takes its messages on the thread
// that runs it, senders in partition order, each outbox in the order it was filled, so the order in which a
// partition receives never depends on how the partitions were run. The wait loses nothing: a window is no longer than the latency
// of any cut link, so the message still reaches the other end before its arrival cycle, with the cycle it
// was sent at (LinkMessage::arrival - the latency), as if it had gone straight.
#pragma once
#include <deque>
#include <stdexcept>
#include <string>
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
    if (in.latency() >= kMaxLatency || in.port() > 0xFF || out.port() > 0xFF)  // the config's limits are below
      throw std::logic_error("a link between partitions of " + std::to_string(in.latency()) + " cycles or on a port above 255");
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
      for (const Posted& p : box) {  // as the receiving end would pass it on (LinkIn, LinkOut)
        if (p.forward) static_cast<PacketSink*>(p.sink)->receive_packet(p.port, p.msg, p.msg.arrival - p.latency);
        else static_cast<CreditSink*>(p.sink)->receive_credit(p.port, p.msg);
      }
      delivered_[static_cast<std::size_t>(to)] += box.size();
      box.clear();
    }
  }

 private:
  struct Posted {
    // What the receiving end (a LinkIn forward, a LinkOut backward) would pass the message to: its owner
    // (a PacketSink or a CreditSink), port and latency; and the link's index among the cut links' forward or
    // backward ends. A delivery goes straight to the owner, without reading the link end or the Forward or
    // Backward again (a window later, each a cache miss in a large network).
    void* sink;
    std::uint32_t link;
    std::uint32_t latency : 23;  // < kMaxLatency
    std::uint32_t port : 8;
    std::uint32_t forward : 1;
    LinkMessage msg;
  };
  static constexpr Cycle kMaxLatency = Cycle{1} << 23;
  using Outbox = std::vector<Posted>;
  static_assert(sizeof(Posted) == 32, "two to a cache line");
  // The sending ends' peers on a cut link: they post instead of delivering. Each holds what its posts carry,
  // taken from the receiving end when the link is cut, so that posting reads the peer alone (the receiving
  // end lies in another partition, cold in the sender's window).
  struct Forward final : tlm::tlm_fw_transport_if<LinkProtocol> {
    Forward(const LinkIn& in, Outbox& box, std::uint32_t i)
        : outbox(box), posted{in.owner(), i, static_cast<std::uint32_t>(in.latency()), static_cast<std::uint32_t>(in.port()), 1, {}} {}
    tlm::tlm_sync_enum nb_transport_fw(LinkMessage& msg, tlm::tlm_phase&, sc_core::sc_time&) override {
      post(msg);
      return tlm::TLM_COMPLETED;
    }
    void b_transport(LinkMessage& msg, sc_core::sc_time&) override { post(msg); }
    bool get_direct_mem_ptr(LinkMessage&, tlm::tlm_dmi&) override { return false; }
    unsigned int transport_dbg(LinkMessage&) override { return 0; }
    void post(const LinkMessage& msg) {
      outbox.push_back(posted);
      outbox.back().msg = msg;
    }
    Outbox& outbox;
    Posted posted;  // its message aside; posted.link: the link's index among the cut links, the same on every rank
  };
  struct Backward final : tlm::tlm_bw_transport_if<LinkProtocol> {
    Backward(const LinkOut& out, Outbox& box, std::uint32_t i)
        : outbox(box), posted{out.owner(), i, 0, static_cast<std::uint32_t>(out.port()), 0, {}} {}
    tlm::tlm_sync_enum nb_transport_bw(LinkMessage& msg, tlm::tlm_phase&, sc_core::sc_time&) override {
      outbox.push_back(posted);
      outbox.back().msg = msg;
      return tlm::TLM_COMPLETED;
    }
    void invalidate_direct_mem_ptr(sc_dt::uint64, sc_dt::uint64) override {}
    Outbox& outbox;
    Posted posted;
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
