// A SystemC platform with hiradix as its interconnect: two traffic generators, written as plain TLM-2.0
// initiators, read from a memory, a plain TLM-2.0 target, across a Dragonfly (h = 2: 36 routers, 72 nodes,
// minimal routing, seed-003 Table I routers and links). Each read crosses the network as a request packet and
// comes back as a response packet; the generator prints the round trip it waited.
//
// Nodes: the memory at node 1 (router 0), generator 0 at node 2 (router 1, one local hop away), generator 1
// at node 62 (router 31, one global hop away). At zero load a one-way trip is 1 cycle into the NIC plus
// 2*L_inj + (H+1)*(rc+va+sa+st) + sum of link latencies + (size-1): 1 + 29 over the local hop, 1 + 119 over
// the global one; with the memory's 5 ns the round trips are 65 ns and 245 ns (tests/platform_example.sh).
#include <cstdio>
#include <vector>

#include <systemc>
#include <tlm>
#include <tlm_utils/simple_initiator_socket.h>
#include <tlm_utils/simple_target_socket.h>

#include "config/config.h"
#include "testbench/platform.h"

using hiradix::PlatformNetwork;

struct Generator : sc_core::sc_module {
  tlm_utils::simple_initiator_socket<Generator> socket;
  int node, memory_node, reads;
  sc_core::sc_time start;
  std::vector<double> latencies_ns;

  SC_HAS_PROCESS(Generator);
  Generator(sc_core::sc_module_name name, int node_, int memory_node_, int reads_, sc_core::sc_time start_)
      : sc_core::sc_module(name), socket("socket"), node(node_), memory_node(memory_node_), reads(reads_), start(start_) {
    SC_THREAD(run);
  }

  void run() {
    sc_core::wait(start);
    for (int i = 0; i < reads; ++i) {
      unsigned char data[8] = {};
      tlm::tlm_generic_payload trans;
      trans.set_command(tlm::TLM_READ_COMMAND);
      trans.set_address(PlatformNetwork::address(memory_node, static_cast<std::uint32_t>(8 * i)));
      trans.set_data_ptr(data);
      trans.set_data_length(8);
      trans.set_response_status(tlm::TLM_INCOMPLETE_RESPONSE);
      sc_core::sc_time delay = sc_core::SC_ZERO_TIME;
      const sc_core::sc_time sent = sc_core::sc_time_stamp();
      socket->b_transport(trans, delay);
      const double ns = (sc_core::sc_time_stamp() + delay - sent) / sc_core::sc_time(1, sc_core::SC_NS);
      latencies_ns.push_back(ns);
      std::printf("%s: node %d -> node %d read %d: %s, round trip %.0f ns\n", name(), node, memory_node, i,
                  trans.is_response_ok() ? "ok" : "FAILED", ns);
      sc_core::wait(1, sc_core::SC_US);  // one read at a time, far apart: zero load
    }
  }
};

struct Memory : sc_core::sc_module {
  tlm_utils::simple_target_socket<Memory> socket;
  std::vector<unsigned char> bytes = std::vector<unsigned char>(1 << 16, 0xA5);

  explicit Memory(sc_core::sc_module_name name) : sc_core::sc_module(name), socket("socket") {
    socket.register_b_transport(this, &Memory::b_transport);
  }
  void b_transport(tlm::tlm_generic_payload& trans, sc_core::sc_time& delay) {
    const std::uint32_t offset = static_cast<std::uint32_t>(trans.get_address());
    if (offset + trans.get_data_length() > bytes.size()) {
      trans.set_response_status(tlm::TLM_ADDRESS_ERROR_RESPONSE);
      return;
    }
    unsigned char* at = bytes.data() + offset;
    if (trans.is_read()) std::copy(at, at + trans.get_data_length(), trans.get_data_ptr());
    else std::copy(trans.get_data_ptr(), trans.get_data_ptr() + trans.get_data_length(), at);
    delay += sc_core::sc_time(5, sc_core::SC_NS);  // access time
    trans.set_response_status(tlm::TLM_OK_RESPONSE);
  }
};

int sc_main(int argc, char** argv) {
  // A config file may be given; the network's own traffic generators stay off.
  const hiradix::Config config =
      hiradix::load_config(argc > 1 ? argv[1] : "", {{"topology.h", "2"}, {"traffic.load", "0"}, {"routing.algorithm", "min"}});
  PlatformNetwork net("interconnect", config);
  Memory memory("memory");
  Generator near("generator_0", 2, 1, 3, sc_core::SC_ZERO_TIME);
  Generator far("generator_1", 62, 1, 3, sc_core::sc_time(10, sc_core::SC_US));
  near.socket.bind(net.target_socket(near.node));
  far.socket.bind(net.target_socket(far.node));
  net.initiator_socket(1).bind(memory.socket);
  sc_core::sc_start();
  const bool stalled = net.network().deadlocked();
  std::printf("simulated %.0f ns, %s\n", sc_core::sc_time_stamp().to_seconds() * 1e9, stalled ? "DEADLOCK" : "done");
  return stalled || near.latencies_ns.size() != 3 || far.latencies_ns.size() != 3 ? 1 : 0;
}
