// A terminal's network interface: Bernoulli packet generation at the offered load into a bounded
// injection queue, injection over a link with credits, and ejection that consumes one phit per cycle.
// Generation instants are drawn as geometric gaps (the same law as a Bernoulli trial per cycle), so an
// idle NIC costs nothing between packets.
#pragma once
#include "tlm/arena.h"
#include <cstdint>

#include <systemc>

#include "router/flow/flow_control.h"
#include "router/common/rng.h"
#include "topology/topology.h"
#include "testbench/stats.h"
#include "testbench/traffic.h"
#include "tlm/link.h"
#include "tlm/ring.h"
#include "tlm/scheduler.h"

namespace hiradix {

struct NicParams {
  int packet_size = 8;
  int flit_size = 8;           // phits per flit (packet_size under VCT)
  int queue_phits = 5040;      // injection queue (seed-000 Table 3-1: 126 KB of 25-byte phits)
  int injection_vcs = 1;       // VCs of the router's injection port
  int injection_depth = 32;    // phits per injection VC (initial credits)
  FlowControlKind flow_control = FlowControlKind::kCredits;
};

// Told about the packets of a NIC that carry another model's transactions (testbench/platform.h).
class NicListener {
 public:
  virtual ~NicListener() = default;
  virtual void injected(PacketId packet, std::uint32_t tag) = 0;    // its head left the source NIC
  virtual void delivered(PacketId packet, Cycle tail_cycle) = 0;    // its tail reaches the destination NIC then
  virtual void refused(std::uint32_t tag) = 0;                      // the injection queue was full
};

class Nic : public sc_core::sc_module, public Wakeable, public PacketSink, public CreditSink {
 public:
  Nic(sc_core::sc_module_name name, int id, const NicParams& params, const Topology& topo,
      const TrafficSchedule& traffic, Stats& stats, PacketPool& pool, ActivityScheduler& scheduler,
      std::uint64_t seed);

  LinkOut& out() { return out_; }
  LinkIn& in() { return in_; }
  std::size_t queued() const { return queue_.size(); }  // generated, not yet injected

  // A packet to `dst` submitted from outside the network (a SystemC platform's transaction) during cycle
  // `now`: it is generated at the next cycle boundary, so that it does not depend on whether this NIC has
  // already run in `now`; `tag` comes back through the listener.
  void submit(int dst, std::uint32_t tag, Cycle now);
  void set_listener(NicListener* listener) { listener_ = listener; }

  void receive_packet(int port, const LinkMessage& msg, Cycle now) override;  // ejection
  void receive_credit(int port, const LinkMessage& msg) override;

 private:
  void tick(Cycle now) override;
  void wake_at(Cycle c) { scheduler_.wake(this, c); }
  Cycle gap(double load);  // cycles to the next generation (>= 1)
  Cycle first_instant(Cycle from);  // first generation instant at or after `from`
  void generate(Cycle now);

  int id_;
  NicParams params_;
  const Topology& topo_;
  const TrafficSchedule& traffic_;
  Stats& stats_;
  PacketPool& pool_;
  ActivityScheduler& scheduler_;
  Rng rng_;
  LinkOut out_;
  LinkIn in_;
  // Generated packets waiting in the injection queue: only what is needed to create them at injection, so
  // that past saturation the (full) queues stay small and the packet pool holds only packets in flight.
  struct Waiting {
    Cycle generated;
    std::uint32_t dst;
    std::uint32_t tag = 0;  // submitted packets: the listener's tag
  };
  void take_submitted(Cycle now);
  Ring<Waiting> queue_;
  Ring<Waiting> submitted_;  // submitted, not yet generated
  NicListener* listener_ = nullptr;
  PacketId sending_ = 0;  // the packet whose flits are leaving (wormhole)
  ArenaPtr<FlowControlSender> flow_;  // the sending end of the injection link's flow control
  int injection_vcs_;
  int next_vc_ = 0;
  int next_flit_ = 0;    // next flit of the packet at the head of the queue
  int packet_vc_ = 0;    // the VC that packet's flits go to
  Cycle link_free_ = 0;
  Cycle next_generation_ = kNever;
};

}  // namespace hiradix
