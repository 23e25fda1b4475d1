// Pause flow control (router.flow_control: pause; 802.1Qbb PFC, a class per VC; issue 29): a frame's timing on
// a link of known latency at both ends, by hand; runs that lose nothing under a hot spot and saturation, the
// same with events and polling; a pause deadlock reported with its cycle; and the configs refused naming
// their key.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "config/config.h"
#include "router/flow/pause_flow_control.h"
#include "sim_helpers.h"
#include "tlm/link.h"

using namespace hiradix;
using nlohmann::json;
using test::config_error;

namespace {

// ---- The sending end ----

// Frames take effect at their arrival: XOFF of class 1 arriving at cycle 10 stops class 1 from cycle 10 on,
// and only class 1; XON arriving at 15 lets it go again from 15.
TEST(PauseSender, AFrameActsFromTheCycleItArrives) {
  PauseSender s({{2, 64}});
  s.receive(0, LinkMessage{0, 0, 1, kPauseOn, 10});
  s.receive(0, LinkMessage{0, 0, 1, 0, 15});
  EXPECT_EQ(s.next_message(0), 10u);
  EXPECT_TRUE(s.may_send(0, 1, 8, 9));
  EXPECT_FALSE(s.may_send(0, 1, 8, 10));
  EXPECT_TRUE(s.may_send(0, 0, 8, 10));
  EXPECT_EQ(s.next_message(0), 15u);
  EXPECT_FALSE(s.may_send(0, 1, 8, 14));
  EXPECT_TRUE(s.may_send(0, 1, 8, 15));
  EXPECT_EQ(s.next_message(0), kNever);
  EXPECT_EQ(s.outstanding_all(0, 15), 0);  // nothing is known of the downstream buffer
}

// ---- The receiving end, through a link of latency 5 ----

// Records what comes back on a link.
struct Frames : CreditSink {
  std::vector<LinkMessage> got;
  void receive_credit(int, const LinkMessage& msg) override { got.push_back(msg); }
};
struct NoPackets : PacketSink {
  void receive_packet(int, const LinkMessage&, Cycle) override {}
};
// A link of 5 cycles whose frames come back to `frames`.
struct Wire : sc_core::sc_module {
  Frames frames;
  NoPackets packets;
  LinkOut out{"out", &frames, 0};
  LinkIn in{"in", &packets, 0};
  explicit Wire(sc_core::sc_module_name name) : sc_core::sc_module(name) {
    out.socket.bind(in.socket);
    in.set_latency(5);
  }
};

// One 40-phit class, Xoff 24, Xon 16, 8-phit flits, a link of 5 cycles. Arrivals announced when sent (cycle
// now) for their arrival 5 cycles later: the third brings the count to 24 at its arrival, cycle 26 -> XOFF
// stamped 26, at the sender at 31. A fourth (count 32) sends nothing. Leaving flits at 40 (24) and 48 (16 =
// Xon) -> XON stamped 48, at the sender at 53.
TEST(PauseReceiver, XoffAtTheArrivalThatReachesXoffXonAtTheLeavingThatReachesXon) {
  const std::string failure = test::in_child([]() -> std::string {
    Wire wire("wire");
    LinkIn& in = wire.in;
    const Frames& frames = wire.frames;
    PauseReceiver r({{1, 40, 24, 16}});
    for (Cycle sent : {5u, 13u, 21u, 29u}) r.arrived(in, 0, 0, 8, sent + 5, sent);
    if (frames.got.size() != 1) return "after four arrivals: " + std::to_string(frames.got.size()) + " frames, not 1";
    const LinkMessage xoff = frames.got[0];
    if (xoff.flags != kPauseOn || xoff.vc != 0 || xoff.arrival != 31) return "XOFF arrives at " + std::to_string(xoff.arrival);
    r.freed(in, 0, 0, 8, 40, 40);
    if (frames.got.size() != 1) return "a frame at count 24";
    r.freed(in, 0, 0, 8, 48, 48);
    if (frames.got.size() != 2 || frames.got[1].flags != 0 || frames.got[1].arrival != 53)
      return "XON arrives at " + std::to_string(frames.got.back().arrival);
    if (r.xoff_frames() != 1 || r.xon_frames() != 1) return "frame counts";
    return "";
  });
  EXPECT_EQ(failure, "");
}

// A frame is never stamped before the link's last one: an XOFF stamped at its flit's arrival (26), then a
// leaving flit at 22 that brings the count to Xon: its XON goes at 26 too, after the XOFF, so the sender ends
// unpaused, as the count says.
TEST(PauseReceiver, FramesOfALinkLeaveInOrder) {
  const std::string failure = test::in_child([]() -> std::string {
    Wire wire("wire");
    LinkIn& in = wire.in;
    const Frames& frames = wire.frames;
    PauseReceiver r({{1, 40, 24, 16}});
    for (Cycle sent : {5u, 13u, 21u}) r.arrived(in, 0, 0, 8, sent + 5, sent);  // XOFF stamped 26
    r.freed(in, 0, 0, 8, 22, 22);                                             // count 16: XON
    if (frames.got.size() != 2) return std::to_string(frames.got.size()) + " frames";
    if (frames.got[0].arrival != 31 || frames.got[1].arrival != 31 || frames.got[1].flags != 0)
      return "XOFF at " + std::to_string(frames.got[0].arrival) + ", XON at " + std::to_string(frames.got[1].arrival);
    PauseSender s({{1, 40}});
    for (const LinkMessage& m : frames.got) s.receive(0, m);
    return s.may_send(0, 0, 8, 31) ? "" : "the sender stays paused";
  });
  EXPECT_EQ(failure, "");
}

// ---- Runs ----

Overrides mesh_pause(const char* load) {
  return {{"topology.type", "mesh"},       {"topology.dims", "[8, 8]"}, {"routing.algorithm", "dor"},
          {"router.flow_control", "pause"}, {"router.buffers.network", "128"}, {"router.buffers.injection", "128"},
          {"traffic.load", load},          {"sim.warmup", "1000"},        {"sim.measure", "4000"}};
}

// Lossless (the receiver throws on a count above its buffer; conservation holds) with the headroom the config
// computes and nothing more, under seed 001's hot spot and past saturation, with wormhole too; frames are sent
// and resumed; events and polling give the same result.
TEST(PauseRun, LosesNothingAndPollingAgrees) {
  const std::vector<Overrides> cases = {
      test::with(mesh_pause("0.5"), {{"traffic.pattern", "hotspot"}, {"traffic.hotspot_mode", "sources"},
                                     {"traffic.hotspot_nodes", "[27]"}}),
      mesh_pause("1.0"),
      test::with(mesh_pause("1.0"), {{"router.switching", "wormhole"}, {"packet.flit", "2"}}),
      {{"topology.type", "kns"}, {"topology.dims", "[4, 4]"}, {"routing.algorithm", "hybrid_dor"}, {"routing.vns", "2"},
       {"router.flow_control", "pause"}, {"router.buffers.network", "160"}, {"router.buffers.injection", "160"},
       {"traffic.load", "1.0"}, {"sim.warmup", "1000"}, {"sim.measure", "4000"}},
  };
  for (const Overrides& o : cases) {
    const json r = test::run_sane(o);
    ASSERT_FALSE(r.is_null()) << json(o).dump();
    EXPECT_GT(r["flow_control"]["xoff_frames"].get<long long>(), 10) << json(o).dump();
    EXPECT_GT(r["flow_control"]["xon_frames"].get<long long>(), 10) << json(o).dump();
    EXPECT_GT(r["accepted_load"].get<double>(), 0.1) << json(o).dump();
    json event = r, poll = test::run_sane(test::with(o, {{"sim.scheduling", "poll"}}));
    event.erase("simulation");
    poll.erase("simulation");
    poll["config"]["sim"].erase("scheduling");
    event["config"]["sim"].erase("scheduling");
    EXPECT_EQ(event, poll) << json(o).dump();
  }
}

// A pause deadlock: MIN under the count-based VC reading (routing.vc_scheme: hop_count, whose channel graph
// has a cycle: allowed on purpose) and ADV+1 on a Dragonfly h = 2, every class of a ring of routers paused by
// the next. The watchdog stops the run and names the cycle of paused classes; nothing is lost.
TEST(PauseRun, APauseDeadlockIsReportedWithItsCycle) {
  int code = -1;
  const json r = test::simulate({{"topology.h", "2"}, {"routing.vc_scheme", "hop_count"}, {"router.flow_control", "pause"},
                                 {"router.buffers.local", "512"}, {"router.buffers.global", "512"},
                                 {"router.buffers.injection", "512"}, {"traffic.pattern", "adv"}, {"traffic.load", "0.5"},
                                 {"sim.warmup", "1000"}, {"sim.measure", "30000"}, {"sim.watchdog", "2000"},
                                 {"sim.allow_deadlock", "true"}},
                                &code);
  ASSERT_FALSE(r.is_null());
  EXPECT_EQ(code, 3);
  EXPECT_EQ(r["status"], "deadlock");
  const std::string report = r.value("deadlock", "");
  EXPECT_NE(report.find("input VCs wait for a paused class downstream; cycle of paused classes (VCs): router"),
            std::string::npos) << report;
  EXPECT_TRUE(r["conservation"]["ok"].get<bool>());
  EXPECT_GT(r["conservation"]["in_flight"].get<long long>(), 0);
}

// ---- Config ----

TEST(PauseConfig, TheHeadroomHoldsWhatIsInFlight) {
  // By default the headroom is exactly what is in flight: 2 x latency + a packet + the upstream output queue.
  const Config c = load_config("", mesh_pause("0.3"));
  const LinkClassParams& net = c.link("network");
  EXPECT_EQ(net.pause_headroom, static_cast<int>(2 * net.latency) + c.router.packet_size + c.router.output_queue_phits);
  const LinkClassParams& inj = c.link("terminal");
  EXPECT_EQ(inj.pause_headroom, static_cast<int>(2 * inj.latency) + c.router.packet_size);  // a NIC has no output queue
  EXPECT_EQ(net.pause_hysteresis, c.router.packet_size);
  const std::string small = config_error(test::with(mesh_pause("0.3"), {{"router.pause.headroom", "20"}}));
  EXPECT_EQ(small.rfind("config error: router.pause.headroom: must hold what reaches a ", 0), 0u) << small;
  const std::string buffer = config_error(test::with(mesh_pause("0.3"), {{"router.buffers.network", "32"}}));
  EXPECT_EQ(buffer.rfind("config error: router.buffers.network: under router.flow_control pause must hold the headroom", 0), 0u)
      << buffer;
  const std::string credits = config_error({{"router.pause.headroom", "100"}});
  EXPECT_EQ(credits, "config error: router.pause.headroom: is read only by router.flow_control pause; router.flow_control is credits");
}

}  // namespace
