// SystemC modules for tests that drive a network through its platform face (testbench/platform.h): a
// writer that issues blocking TLM-2.0 writes one after the other, a target that accepts them, and a run of
// node 0's writes to one node.
#pragma once
#include <cstdint>
#include <string>
#include <systemc>
#include <tlm>
#include <tlm_utils/simple_initiator_socket.h>
#include <tlm_utils/simple_target_socket.h>

#include <map>
#include <utility>
#include <vector>

#include "config/config.h"
#include "sim_helpers.h"
#include "testbench/platform.h"

namespace hiradix::test {

// `writes` 4-byte writes to `address`, each after the previous one's response; `ok` counts the OK ones.
struct Writer : sc_core::sc_module {
  tlm_utils::simple_initiator_socket<Writer> socket{"socket"};
  std::uint64_t address = 0;
  int writes = 0, ok = 0;
  SC_HAS_PROCESS(Writer);
  explicit Writer(sc_core::sc_module_name name) : sc_core::sc_module(name) { SC_THREAD(run); }
  void run() {
    for (int i = 0; i < writes; ++i) {
      unsigned char data[4] = {1, 2, 3, 4};
      tlm::tlm_generic_payload trans;
      trans.set_command(tlm::TLM_WRITE_COMMAND);
      trans.set_address(address);
      trans.set_data_ptr(data);
      trans.set_data_length(4);
      sc_core::sc_time delay = sc_core::SC_ZERO_TIME;
      socket->b_transport(trans, delay);
      wait(delay);
      ok += trans.is_response_ok() ? 1 : 0;
    }
  }
};

// Accepts every transaction and counts them.
struct Sink : sc_core::sc_module {
  tlm_utils::simple_target_socket<Sink> socket{"socket"};
  int calls = 0;
  explicit Sink(sc_core::sc_module_name name) : sc_core::sc_module(name) { socket.register_b_transport(this, &Sink::b_transport); }
  void b_transport(tlm::tlm_generic_payload& trans, sc_core::sc_time&) {
    ++calls;
    trans.set_response_status(tlm::TLM_OK_RESPONSE);
  }
};

// Node 0 writes to node `dst` `writes` times, one after the other, through the platform face of a network
// of `config`, until every write is answered. Elaborates: call it in a child (sim_helpers.h, in_child).
// Returns the network, and in `failure` what went wrong ("" if every write was answered and delivered).
inline PlatformNetwork& run_writes_from_node0(const Config& config, int dst, int writes, std::string& failure) {
  auto* net = new PlatformNetwork("net", config);
  auto* w = new Writer("writer");
  auto* sink = new Sink("sink");
  w->writes = writes;
  w->address = PlatformNetwork::address(dst, 0x40);
  w->socket.bind(net->target_socket(0));
  net->initiator_socket(dst).bind(sink->socket);
  sc_core::sc_start();
  failure = w->ok == writes && sink->calls == writes
                ? ""
                : "writes " + std::to_string(w->ok) + "/" + std::to_string(sink->calls) + " of " + std::to_string(writes);
  return *net;
}

// Per (router, input port), one of InputVc's counters (`counter`: &InputVc::phits_in, &InputVc::moved_in) of
// each of the port's queues, after node 0's eight writes to node `dst` in a network of `overrides` (run in a
// child; empty, with a test failure, if the writes did not all arrive).
using PortCounts = std::map<std::pair<int, int>, std::vector<std::uint64_t>>;

inline PortCounts queue_counts_after_writes(const Overrides& overrides, int dst, std::uint64_t InputVc::*counter) {
  PortCounts out;
  const std::string text = in_child([&]() -> std::string {
    std::string failure;
    PlatformNetwork& net =
        run_writes_from_node0(load_config("", with(overrides, {{"traffic.load", "0"}, {"sim.warmup", "0"}})), dst, 8, failure);
    if (!failure.empty()) return failure;
    nlohmann::json j = nlohmann::json::array();
    for (int r = 0; r < net.network().routers(); ++r) {
      Router& router = net.network().router(r);
      for (int p = 0; p < router.radix(); ++p) {
        std::vector<std::uint64_t> queues;
        for (int q = 0; q < router.inputs().vcs(p); ++q) queues.push_back(router.inputs().vc(router.inputs().vc_index(p, q)).*counter);
        j.push_back({r, p, queues});
      }
    }
    return j.dump();
  });
  if (text.empty() || text[0] != '[') {
    ADD_FAILURE() << text;
    return out;
  }
  for (const nlohmann::json& e : nlohmann::json::parse(text))
    out[{e[0].get<int>(), e[1].get<int>()}] = e[2].get<std::vector<std::uint64_t>>();
  return out;
}

}  // namespace hiradix::test
