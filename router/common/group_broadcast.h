// Group-wide broadcast of router state over the local links (seed-003 §1.5 ECtN partial arrays, seed-000
// §3.6 PB saturation bits): every `period` cycles a router sends one control message, a payload of
// `entries` values of `entry_bits` bits, to each of the a-1 routers of its group over its local links.
//
// The message has a real cost on the link (docs/decisions.md "Group broadcast"): it occupies the local
// output link for ceil(bits / phit_bits) cycles (seed-003 §3.2: 10-byte phits; §6.3 and R16: ECtN's
// 128 x 4-bit array is about 6 phits), always between packets, never inside one, and it uses no VC buffer
// and no credit. Modes:
//   message    the message goes out at the next packet boundary, ahead of queued data (delays data);
//   piggyback  its phits use only cycles in which the link would otherwise be idle: a packet ready to
//              start always goes first and the message resumes after it, so it costs no data bandwidth
//              but may wait (seed-000 §3.6: "piggybacked ... on idle local channels");
//   free       no link cost at all (the paper's ECtN evaluation, §VI-B), delivered after the latency.
// A newer snapshot replaces one still waiting on a port (a piggyback message starts over). The receiver
// sees a message from the cycle its last phit arrives (last phit's cycle + latency; free: send + latency,
// with no serialisation), and it replaces the sender's
// slot (FOGSim overwrites, it does not add). Received messages are applied lazily, when read, so the
// receiver is not woken by them; reads happen in RC, at the same cycles under event and poll scheduling.
#pragma once
#include "tlm/arena.h"
#include <cstdint>

#include "tlm/cycle.h"

namespace hiradix {

enum class BroadcastMode : std::uint8_t { kMessage, kPiggyback, kFree };

struct BroadcastParams {
  BroadcastMode mode = BroadcastMode::kMessage;
  Cycle period = 100;   // a message leaves when cycle mod period == 0
  int phit_bits = 80;   // seed-003 §3.2: 10-byte phits
  int entries = 0;      // payload values
  int entry_bits = 1;   // bits of each value on the wire (values saturate)
  Cycle latency = 10;   // the local link latency (bounds the messages in flight)
  int phits() const { return (entries * entry_bits + phit_bits - 1) / phit_bits; }
};

class GroupBroadcast {
 public:
  // `group_size` routers per group, this router at `index`; `ports` output ports of the router.
  GroupBroadcast(const BroadcastParams& params, int group_size, int index, int ports);

  const BroadcastParams& params() const { return params_; }
  int index() const { return index_; }
  // Wiring: this router's local output `port` leads to `peer`, `latency` cycles away.
  void connect(int port, GroupBroadcast* peer, Cycle latency);

  // ---- sender ----
  bool due(Cycle now) const { return now % params_.period == 0; }
  Cycle next_due(Cycle now) const { return (now / params_.period + 1) * params_.period; }
  // The payload of the next message (the owner fills it right before fire()).
  std::uint8_t* outgoing() { return outgoing_.data(); }
  // Sends the outgoing payload: free mode delivers it at once; otherwise every local port gets it pending.
  void fire(Cycle now);
  // The links a message goes out on (one per other router of the group).
  int links() const { return __builtin_popcountll(local_ports_); }
  // Local output ports with a message waiting for its link.
  std::uint64_t pending() const { return pending_; }
  // message mode: the message pending on `port` starts on the link at `now` (it occupies params().phits()
  // cycles; the caller marks the link busy).
  void sent(int port, Cycle now);
  // piggyback mode, a cycle the port is looked at with a message pending: `busy` if a packet is on the link
  // (or starts now); otherwise one control phit goes. Cycles in between that were not looked at were idle.
  void piggyback(int port, Cycle now, bool busy);
  // When the port must be looked at again for its pending message (kNever: none pending).
  Cycle control_due(int port, Cycle now, Cycle link_free) const;

  // ---- receiver ----
  // The latest payload from router `sender` (index in the group) that has arrived by `now` (all zero
  // before the first), and the sum of those over all senders (ECtN's combined array minus the own one).
  const std::uint8_t* latest(int sender, Cycle now) {
    catch_up(now);
    return applied_.data() + static_cast<std::size_t>(sender) * static_cast<std::size_t>(params_.entries);
  }
  const std::int32_t* received_sum(Cycle now) {
    catch_up(now);
    return sum_.data();
  }
  void receive(int sender, const std::uint8_t* payload, Cycle arrival, Cycle now);
  void catch_up(Cycle now);

  // ---- statistics (since the last reset) ----
  std::uint64_t messages_sent() const { return messages_; }
  std::uint64_t control_phits() const { return control_phits_; }
  std::uint64_t superseded() const { return superseded_; }  // pending messages replaced before they left
  void reset_statistics() { messages_ = control_phits_ = superseded_ = 0; }

 private:
  void deliver(GroupBroadcast& to, Cycle arrival, Cycle now);
  void apply(int sender, std::size_t slot);
  Cycle latency_of(int port) const { return link_latency_[static_cast<std::size_t>(port)]; }

  BroadcastParams params_;
  int group_size_, index_;
  std::size_t capacity_;  // messages in flight per sender
  HotVector<GroupBroadcast*> peer_;      // per output port (null: not a local port)
  HotVector<Cycle> link_latency_;        // per output port
  HotVector<std::uint8_t> outgoing_;     // the snapshot being sent
  HotVector<Cycle> run_start_;           // piggyback, per port: the current run of idle cycles (kNever: none)
  HotVector<int> done_;                  // piggyback, per port: phits sent in earlier runs
  std::uint64_t pending_ = 0;
  std::uint64_t local_ports_ = 0;
  // Per sender: a ring of (arrival, payload) not yet applied, and the payload in force.
  HotVector<Cycle> arrival_;
  HotVector<std::uint8_t> inflight_;
  HotVector<std::uint32_t> head_, count_;
  HotVector<std::uint8_t> applied_;
  HotVector<std::int32_t> sum_;
  Cycle next_arrival_ = kNever;  // earliest arrival not yet applied
  std::uint64_t messages_ = 0, control_phits_ = 0, superseded_ = 0;
};

}  // namespace hiradix
