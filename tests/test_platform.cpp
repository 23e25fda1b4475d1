// hiradix as the interconnect of a SystemC platform (testbench/platform.h): transactions of plain TLM-2.0
// initiators cross the network with the same core and the same timing as generated packets.
#include <gtest/gtest.h>

#include <tlm>
#include <tlm_utils/simple_initiator_socket.h>
#include <tlm_utils/simple_target_socket.h>

#include "sim_helpers.h"
#include "testbench/platform.h"

namespace hiradix {
namespace {

struct Initiator : sc_core::sc_module {
  tlm_utils::simple_initiator_socket<Initiator> socket{"socket"};
  std::uint64_t address = 0;
  double round_trip_ns = -1;
  bool ok = false;
  SC_HAS_PROCESS(Initiator);
  explicit Initiator(sc_core::sc_module_name name) : sc_core::sc_module(name) { SC_THREAD(run); }
  void run() {
    unsigned char data[4] = {1, 2, 3, 4};
    tlm::tlm_generic_payload trans;
    trans.set_command(tlm::TLM_WRITE_COMMAND);
    trans.set_address(address);
    trans.set_data_ptr(data);
    trans.set_data_length(4);
    sc_core::sc_time delay = sc_core::SC_ZERO_TIME;
    const sc_core::sc_time sent = sc_core::sc_time_stamp();
    socket->b_transport(trans, delay);
    round_trip_ns = (sc_core::sc_time_stamp() + delay - sent) / sc_core::sc_time(1, sc_core::SC_NS);
    ok = trans.is_response_ok();
  }
};

struct Target : sc_core::sc_module {
  tlm_utils::simple_target_socket<Target> socket{"socket"};
  int calls = 0;
  std::uint64_t seen_address = 0;
  explicit Target(sc_core::sc_module_name name) : sc_core::sc_module(name) {
    socket.register_b_transport(this, &Target::b_transport);
  }
  void b_transport(tlm::tlm_generic_payload& trans, sc_core::sc_time&) {
    ++calls;
    seen_address = trans.get_address();
    trans.set_response_status(tlm::TLM_OK_RESPONSE);
  }
};

// Node 2 (router 1) writes to node 1 (router 0), one local hop: the request and the response packets each
// take the 29 cycles ZeroLoad.DefaultLatenciesOneLocalHopIs29 measures for generated packets, plus the cycle
// into the NIC: 2 x 30 ns. The network's own statistics see two packets of 29 cycles.
TEST(Platform, ARoundTripIsTwoPacketsAtTheGeneratedPacketsZeroLoadLatency) {
  const std::string err = test::in_child([]() -> std::string {
    const Config c = load_config("", {{"topology.h", "2"}, {"traffic.load", "0"}, {"sim.warmup", "0"}});
    auto* net = new PlatformNetwork("net", c);
    auto* ini = new Initiator("initiator");
    auto* tgt = new Target("target");
    ini->address = PlatformNetwork::address(1, 0x40);
    ini->socket.bind(net->target_socket(2));
    net->initiator_socket(1).bind(tgt->socket);
    sc_core::sc_start();  // ends when nothing is left to do: the watchdog sleeps on an empty network
    std::string out;
    if (!ini->ok) out += "response not ok; ";
    if (ini->round_trip_ns != 60.0) out += "round trip " + std::to_string(ini->round_trip_ns) + " ns, not 60; ";
    if (tgt->calls != 1 || tgt->seen_address != PlatformNetwork::address(1, 0x40)) out += "target not called once; ";
    const nlohmann::json s = net->network().stats().to_json(now_cycle(), net->nodes());
    if (s["packets"] != 2) out += "packets " + s["packets"].dump() + "; ";
    if (s["latency"]["total"]["average"] != 29.0) out += "latency " + s["latency"]["total"].dump() + "; ";
    return out;
  });
  EXPECT_EQ(err, "");
}

// Nodes with two NICs (the fully connected test topology: 4 routers, p = 2, node n's NICs at routers n and
// n + 1): a node's one pair of sockets sends and receives through whichever of its NICs is nearest the other
// node. Node 0 shares router 1 with node 1 and router 0 with node 3 (0 hops: 14 cycles a packet, plus the
// cycle into the NIC, 2 x 15 ns a round trip) and is one hop from node 2 (29 + 1 cycles a packet, 60 ns).
TEST(Platform, ANodeWithTwoNicsTalksThroughTheNearestOne) {
  const struct {
    int dst;
    double round_trip_ns, hops;
  } cases[] = {{1, 30.0, 0.0}, {2, 60.0, 1.0}, {3, 30.0, 0.0}};
  for (const auto& k : cases) {
    const std::string err = test::in_child([&k]() -> std::string {
      const Config c = load_config("", {{"topology.type", "fully_connected"}, {"topology.routers", "4"}, {"topology.p", "2"},
                                        {"topology.nics", "2"}, {"traffic.load", "0"}, {"sim.warmup", "0"}});
      auto* net = new PlatformNetwork("net", c);
      auto* ini = new Initiator("initiator");
      auto* tgt = new Target("target");
      if (net->nodes() != 4) return "nodes " + std::to_string(net->nodes()) + ", not 4";
      ini->address = PlatformNetwork::address(k.dst, 0x80);
      ini->socket.bind(net->target_socket(0));
      net->initiator_socket(k.dst).bind(tgt->socket);
      sc_core::sc_start();
      std::string out;
      if (!ini->ok) out += "response not ok; ";
      if (ini->round_trip_ns != k.round_trip_ns)
        out += "round trip " + std::to_string(ini->round_trip_ns) + " ns, not " + std::to_string(k.round_trip_ns) + "; ";
      if (tgt->calls != 1) out += "target not called once; ";
      const nlohmann::json s = net->network().stats().to_json(now_cycle(), net->nodes());
      if (s["packets"] != 2) out += "packets " + s["packets"].dump() + "; ";
      if (s["average_hops"] != k.hops) out += "hops " + s["average_hops"].dump() + "; ";
      return out;
    });
    EXPECT_EQ(err, "") << "node 0 to node " << k.dst;
  }
}

// An address beyond the network's nodes is an address error, not a packet.
TEST(Platform, AnAddressBeyondTheNodesIsAnAddressError) {
  const std::string err = test::in_child([]() -> std::string {
    const Config c = load_config("", {{"topology.h", "2"}, {"traffic.load", "0"}});
    auto* net = new PlatformNetwork("net", c);
    auto* ini = new Initiator("initiator");
    auto* tgt = new Target("target");
    ini->address = PlatformNetwork::address(72);
    ini->socket.bind(net->target_socket(0));
    net->initiator_socket(1).bind(tgt->socket);  // a platform where some node can receive
    sc_core::sc_start();
    return ini->ok || ini->round_trip_ns != 0.0 ? "expected an immediate address error" : "";
  });
  EXPECT_EQ(err, "");
}

// A destination whose initiator socket is not bound is named when the transaction is sent, and a platform
// where nodes send but none can receive is refused at elaboration (SystemC's E112 used to come at the first
// transaction, naming nothing; issue 32).
TEST(Platform, UnboundReceiversAreNamed) {
  const std::string at_send = test::in_child([]() -> std::string {
    const Config c = load_config("", {{"topology.h", "2"}, {"traffic.load", "0"}});
    auto* net = new PlatformNetwork("net", c);
    auto* ini = new Initiator("initiator");
    auto* tgt = new Target("target");
    ini->address = PlatformNetwork::address(5);
    ini->socket.bind(net->target_socket(2));
    net->initiator_socket(1).bind(tgt->socket);  // node 1 can receive, node 5 cannot
    try {
      sc_core::sc_start();
    } catch (const sc_core::sc_report& r) {
      return r.get_msg();
    }
    return "no error";
  });
  EXPECT_NE(at_send.find("from node 2 to node 5, whose net.node_5_out is not bound"), std::string::npos) << at_send;
  const std::string at_elaboration = test::in_child([]() -> std::string {
    const Config c = load_config("", {{"topology.h", "2"}, {"traffic.load", "0"}});
    auto* net = new PlatformNetwork("net", c);
    auto* ini = new Initiator("initiator");
    ini->address = PlatformNetwork::address(1);
    ini->socket.bind(net->target_socket(2));
    try {
      sc_core::sc_start();
    } catch (const sc_core::sc_report& r) {
      return std::string(r.get_msg()) + (sc_core::sc_time_stamp() == sc_core::SC_ZERO_TIME ? "" : " (not at elaboration)");
    }
    return "no error";
  });
  EXPECT_NE(at_elaboration.find("net: 1 node(s) send (node 2 first) but no node can receive"), std::string::npos) << at_elaboration;
  EXPECT_EQ(at_elaboration.find("not at elaboration"), std::string::npos) << at_elaboration;
}

}  // namespace
}  // namespace hiradix
