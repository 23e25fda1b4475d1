#define SC_INCLUDE_DYNAMIC_PROCESSES  // sc_spawn: a target that blocks runs in its own process
#include "testbench/platform.h"

#include <string>

namespace hiradix {

PlatformNetwork::PlatformNetwork(sc_core::sc_module_name name, const Config& config) : sc_core::sc_module(name) {
  // A platform hears of deliveries inside the NICs' ticks (NicListener), where its SystemC events cannot
  // be notified from another thread.
  if (config.threads > 1) config_fail("sim.threads", "a SystemC platform's network runs on one thread; use sim.threads 1");
  net_ = new Network("network", config);
  net_->set_external_traffic();
  const int nodes = net_->topology().nodes();
  for (int n = 0; n < nodes; ++n) {
    targets_.push_back(std::make_unique<TargetSocket>(("node_" + std::to_string(n) + "_in").c_str()));
    targets_.back()->register_b_transport(this, &PlatformNetwork::b_transport, n);
    initiators_.push_back(std::make_unique<InitiatorSocket>(("node_" + std::to_string(n) + "_out").c_str()));
    net_->nic(n).set_listener(this);
  }
  SC_THREAD(deliver);
}

// Which node a transaction goes to is its address, known only when it is sent, so a node left unable to
// receive is named then (b_transport); what elaboration can tell is a platform where nodes send and none can
// receive. Unchecked, SystemC's E112 came at the first transaction, mid-simulation, naming no node.
void PlatformNetwork::end_of_elaboration() {
  int senders = 0, receivers = 0, first_sender = -1;
  for (int n = 0; n < nodes(); ++n) {
    if (targets_[static_cast<std::size_t>(n)]->size() > 0 && senders++ == 0) first_sender = n;
    receivers += initiators_[static_cast<std::size_t>(n)]->size() > 0;
  }
  if (senders > 0 && receivers == 0)
    SC_REPORT_ERROR("hiradix/platform", (std::string(name()) + ": " + std::to_string(senders) + " node(s) send (node " +
                                         std::to_string(first_sender) + " first) but no node can receive: bind " +
                                         "initiator_socket(node) of each destination to its target")
                                            .c_str());
}

std::uint32_t PlatformNetwork::new_flight() {
  if (free_tags_.empty()) {
    flights_.push_back(std::make_unique<Flight>());
    free_tags_.push_back(static_cast<std::uint32_t>(flights_.size() - 1));
  }
  const std::uint32_t tag = free_tags_.back();
  free_tags_.pop_back();
  flights_[tag]->free = false;
  return tag;
}

void PlatformNetwork::send(int from, int to, std::uint32_t tag) {
  net_->traffic_submitted();
  net_->nic(from).submit(to, tag, now_cycle());
}

void PlatformNetwork::b_transport(int node, tlm::tlm_generic_payload& trans, sc_core::sc_time& delay) {
  sc_core::wait(delay);  // the initiator's annotated time first (loosely timed)
  delay = sc_core::SC_ZERO_TIME;
  const int dst = node_of(trans.get_address());
  if (dst < 0 || dst >= nodes()) {
    trans.set_response_status(tlm::TLM_ADDRESS_ERROR_RESPONSE);
    return;
  }
  if (initiators_[static_cast<std::size_t>(dst)]->size() == 0)  // a node that only receives, left unbound
    SC_REPORT_ERROR("hiradix/platform", (std::string(name()) + ": a transaction from node " + std::to_string(node) +
                                         " to node " + std::to_string(dst) + ", whose " +
                                         initiators_[static_cast<std::size_t>(dst)]->name() + " is not bound to a target")
                                            .c_str());
  const std::uint32_t tag = new_flight();
  Flight& f = *flights_[tag];
  f.trans = &trans;
  f.src = node;
  f.dst = dst;
  f.response = false;
  send(node, dst, tag);
  sc_core::wait(f.done);
  f.free = true;
  free_tags_.push_back(tag);
}

void PlatformNetwork::injected(PacketId packet, std::uint32_t tag) {
  if (tag_of_packet_.size() <= packet) tag_of_packet_.resize(static_cast<std::size_t>(packet) + 1);
  tag_of_packet_[packet] = tag;
}

void PlatformNetwork::delivered(PacketId packet, Cycle tail_cycle) {
  deliveries_.push({tail_cycle, delivery_order_++, tag_of_packet_[packet]});
  delivery_filed_.notify(sc_core::SC_ZERO_TIME);
}

void PlatformNetwork::refused(std::uint32_t tag) {
  Flight& f = *flights_[tag];
  f.trans->set_response_status(tlm::TLM_GENERIC_ERROR_RESPONSE);  // the source NIC's queue was full
  f.done.notify(sc_core::SC_ZERO_TIME);
}

void PlatformNetwork::deliver() {
  for (;;) {
    if (deliveries_.empty()) {
      sc_core::wait(delivery_filed_);
      continue;
    }
    const Cycle now = now_cycle();
    const Cycle due = deliveries_.top().cycle;
    if (due > now) {
      sc_core::wait(cycles_to_time(due - now), delivery_filed_);
      continue;
    }
    const std::uint32_t tag = deliveries_.top().tag;
    deliveries_.pop();
    Flight& f = *flights_[tag];
    if (f.response) {
      f.done.notify(sc_core::SC_ZERO_TIME);
    } else {  // the target may block: it runs in its own process
      sc_core::sc_spawn([this, tag] { serve(tag); });
    }
  }
}

void PlatformNetwork::serve(std::uint32_t tag) {
  Flight& f = *flights_[tag];
  sc_core::sc_time delay = sc_core::SC_ZERO_TIME;
  (*initiators_[static_cast<std::size_t>(f.dst)])->b_transport(*f.trans, delay);
  sc_core::wait(delay);
  f.response = true;
  send(f.dst, f.src, tag);
}

}  // namespace hiradix
