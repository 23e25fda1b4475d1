// hiradix as the interconnect of someone else's SystemC platform (the README's "hiradix inside your SystemC
// platform"; examples/systemc-platform/). The network is an sc_module with, per node, a TLM-2.0
// generic-payload target socket that the node's initiators bind to and an initiator socket that delivers to
// the node's target. A transaction's destination node is taken from its address (bits 63..32: node,
// address(node, offset) builds one); it crosses the simulated network as a packet of packet.size phits with
// the network's cycle timing (1 ns per cycle), reaches the destination's target at the cycle its tail
// arrives, and the response travels back the same way as a second packet. The initiator's blocking
// b_transport returns when the response has arrived: the time it waited is the round trip. A transaction
// submitted during cycle c enters its source NIC at the boundary of cycle c + 1 (so that it does not depend
// on the order in which SystemC runs the initiator and the network), and from there its timing is exactly
// that of a generated packet: the same core and scheduler run it.
#pragma once
#include <cstdint>
#include <memory>
#include <queue>
#include <vector>

#include <systemc>
#include <tlm>
#include <tlm_utils/simple_initiator_socket.h>
#include <tlm_utils/simple_target_socket.h>

#include "config/config.h"
#include "testbench/network.h"

namespace hiradix {

class PlatformNetwork : public sc_core::sc_module, private NicListener {
 public:
  using TargetSocket = tlm_utils::simple_target_socket_tagged_optional<PlatformNetwork>;
  using InitiatorSocket = tlm_utils::simple_initiator_socket_tagged_optional<PlatformNetwork>;
  SC_HAS_PROCESS(PlatformNetwork);

  // `config`: the network (topology, router, routing, links); its own traffic generators are usually off
  // (traffic.load: 0). It must outlive the module.
  PlatformNetwork(sc_core::sc_module_name name, const Config& config);

  int nodes() const { return static_cast<int>(targets_.size()); }
  // The socket node `node`'s initiators send into, and the one that delivers to node `node`'s target.
  TargetSocket& target_socket(int node) { return *targets_[static_cast<std::size_t>(node)]; }
  InitiatorSocket& initiator_socket(int node) { return *initiators_[static_cast<std::size_t>(node)]; }
  static std::uint64_t address(int node, std::uint32_t offset = 0) {
    return static_cast<std::uint64_t>(node) << 32 | offset;
  }
  static int node_of(std::uint64_t address) { return static_cast<int>(address >> 32); }

  Network& network() { return *net_; }

 private:
  // A transaction on its way: request packet, target, response packet.
  struct Flight {
    tlm::tlm_generic_payload* trans = nullptr;
    int src = 0, dst = 0;
    bool response = false;  // the packet in the network is the response
    sc_core::sc_event done;
    bool free = true;
  };
  struct Delivery {
    Cycle cycle;
    std::uint64_t order;
    std::uint32_t tag;
    bool operator>(const Delivery& o) const { return cycle != o.cycle ? cycle > o.cycle : order > o.order; }
  };

  void end_of_elaboration() override;  // some node can receive if any sends
  void b_transport(int node, tlm::tlm_generic_payload& trans, sc_core::sc_time& delay);
  void deliver();  // SC_THREAD: hands over the packets whose tails arrived
  void serve(std::uint32_t tag);  // the target's b_transport, then the response packet
  std::uint32_t new_flight();
  void send(int from, int to, std::uint32_t tag);

  // NicListener
  void injected(PacketId packet, std::uint32_t tag) override;
  void delivered(PacketId packet, Cycle tail_cycle) override;
  void refused(std::uint32_t tag) override;

  Network* net_;  // never destroyed (a run owns its process; see docs/decisions.md)
  std::vector<std::unique_ptr<TargetSocket>> targets_;
  std::vector<std::unique_ptr<InitiatorSocket>> initiators_;
  std::vector<std::unique_ptr<Flight>> flights_;  // by tag
  std::vector<std::uint32_t> free_tags_;
  std::vector<std::uint32_t> tag_of_packet_;       // by PacketId
  std::priority_queue<Delivery, std::vector<Delivery>, std::greater<Delivery>> deliveries_;
  std::uint64_t delivery_order_ = 0;
  sc_core::sc_event delivery_filed_;
};

}  // namespace hiradix
