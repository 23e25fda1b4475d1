// Credit-based flow control per VC (seed-000 §1.2, seed-003 Table I): the sender holds one counter per
// downstream VC, starting at the VC's depth in phits; committing a flit takes its phits, and the receiver
// returns them as a credit message once the flit has left its buffer. A credit takes the link's latency
// back, so the sender sees the space one link latency after it was freed. Credits are applied lazily,
// when someone asks, so their arrival alone does not need to wake the router.
#pragma once
#include <cstdint>
#include <vector>

#include "router/flow/flow_control.h"
#include "tlm/arena.h"
#include "tlm/ring.h"

namespace hiradix {

class CreditSender final : public FlowControlSender {
 public:
  CreditSender(const std::vector<FlowPort>& ports, int flit_size);

  bool may_send(int port, int vc, int size, Cycle now) override {
    catch_up(port, now);
    const Port& o = ports_[port];
    return o.sink || o.credits[vc] >= size;
  }
  void committed(int port, int vc, int size) override {
    Port& o = ports_[port];
    if (o.sink) return;
    o.credits[vc] -= size;
    o.outstanding += size;
  }
  void receive(int port, const LinkMessage& msg) override {
    Port& o = ports_[port];
    if (o.pending.empty()) o.next_arrival = msg.arrival;
    o.pending.push(msg);
  }
  // Inline: SA asks for every bid. One test, true only when a credit has arrived, rather than one for
  // whether this cycle caught up already and then the pending ring's (docs/benchmark.md).
  void catch_up(int port, Cycle now) override {
    if (ports_[port].next_arrival <= now) apply_arrived(port, now);
  }
  Cycle next_message(int port) const override { return ports_[port].next_arrival; }
  int outstanding(int port, int vc, Cycle now) override {
    catch_up(port, now);
    const Port& o = ports_[port];
    return o.sink ? 0 : o.depth[vc] - o.credits[vc];
  }
  int depth(int port, int vc) const override { return ports_[port].sink ? 0 : ports_[port].depth[vc]; }
  int outstanding_all(int port, Cycle now) override {
    catch_up(port, now);
    return ports_[port].outstanding;
  }
  int outstanding_all_at(int port, Cycle now) const override;
  void trace(sc_core::sc_trace_file* tf, const std::string& prefix) const override;

 private:
  void apply_arrived(int port, Cycle now);  // the credits arrived by `now` (one at least)
  // A port's fields and the pending ring's indices on one cache line (its owned storage after them).
  struct alignas(64) Port {
    Cycle next_arrival = kNever;  // the pending ring's first arrival (kNever: empty)
    std::int32_t* credits = nullptr;  // per downstream VC, phits (in the arena, before the pending slots)
    std::int32_t* depth = nullptr;    // per downstream VC, phits (the credit upper bound), after credits
    std::uint8_t vcs = 0;
    bool sink = false;
    // The sum over its VCs of depth - credits, kept as they change: a routing that reads every port's load
    // (UGAL at injection) then reads the port's line alone, not its counters' too.
    std::int32_t outstanding = 0;
    Ring<LinkMessage> pending;  // credits on their way back, in arrival order
  };
  HotVector<Port> ports_;
};

class CreditReturn final : public FlowControlReceiver {
 public:
  explicit CreditReturn(std::size_t ports) : direct_(ports, LinkIn::Direct{nullptr, 0, 0}) {}
  // The credits go straight to the other end's owner when the link is direct (the link end resolved once
  // into a record of 16 bytes a port: a credit then reads that, not the link end's line, a cache miss in a
  // large network: docs/benchmark.md), else through the link end (a cut link, a platform's socket).
  void freed(LinkIn& link, int port, int vc, int phits, Cycle freed, Cycle now) override {
    LinkIn::Direct& d = direct_[static_cast<std::size_t>(port)];
    if (d.latency == 0) d = link.direct();  // a link's latency is >= 1: 0 marks unresolved
    if (d.sink)
      d.sink->receive_credit(static_cast<int>(d.port), LinkMessage{0, static_cast<std::uint16_t>(phits), static_cast<std::uint8_t>(vc), 0, freed + d.latency});
    else
      link.return_credits(static_cast<std::uint8_t>(vc), static_cast<std::uint16_t>(phits), freed, now);
  }

 private:
  HotVector<LinkIn::Direct> direct_;  // per input port, resolved at its first credit
};

}  // namespace hiradix
