// The flow-control and input-buffer interfaces (router/flow/, router/buffers/), checked on hand-computed
// sequences independent of a network run.
#include <gtest/gtest.h>

#include <stdexcept>
#include <vector>

#include "router/buffers/vc_fifo_buffers.h"
#include "router/flow/credit_flow_control.h"
#include "router/output_unit.h"
#include "sim_helpers.h"

namespace hiradix {
namespace {

LinkMessage credit(int vc, int phits, Cycle arrival) {
  LinkMessage m;
  m.vc = static_cast<std::uint8_t>(vc);
  m.phits = static_cast<std::uint16_t>(phits);
  m.arrival = arrival;
  return m;
}

TEST(CreditSender, CountsPhitsPerVcAndAppliesCreditsAtTheirArrival) {
  // Port 0: 2 VCs of 16 phits; port 1: a sink.
  const auto f = make_flow_sender(FlowControlKind::kCredits, {{2, 16}, {1, 0}}, 8);
  EXPECT_TRUE(f->may_send(0, 1, 8, 0));
  f->committed(0, 1, 8);
  f->committed(0, 1, 8);  // VC 1 full: 16 phits outstanding
  EXPECT_FALSE(f->may_send(0, 1, 8, 0));
  EXPECT_TRUE(f->may_send(0, 0, 8, 0));  // the other VC is independent
  EXPECT_EQ(f->outstanding(0, 1, 0), 16);
  EXPECT_EQ(f->outstanding_all(0, 0), 16);
  EXPECT_EQ(f->depth(0, 1), 16);
  f->receive(0, credit(1, 8, 5));  // freed downstream, back at cycle 5
  EXPECT_EQ(f->next_message(0), 5u);
  EXPECT_FALSE(f->may_send(0, 1, 8, 4));
  EXPECT_EQ(f->outstanding_all_at(0, 5), 8);  // read-only view counts the arrived credit, applies nothing
  EXPECT_EQ(f->next_message(0), 5u);
  EXPECT_TRUE(f->may_send(0, 1, 8, 5));
  EXPECT_EQ(f->next_message(0), kNever);
  EXPECT_EQ(f->outstanding(0, 1, 5), 8);
  // A sink never blocks and holds nothing.
  for (int i = 0; i < 10; ++i) f->committed(1, 0, 8);
  EXPECT_TRUE(f->may_send(1, 0, 8, 5));
  EXPECT_EQ(f->outstanding_all(1, 5), 0);
}

// The port's total (outstanding_all, kept as a running sum) is the sum of its VCs' (each depth - credits)
// after any sequence of commits and credits, and the read-only view agrees with it once they are applied.
TEST(CreditSender, APortsTotalIsTheSumOfItsVcsAfterAnySequence) {
  const auto f = make_flow_sender(FlowControlKind::kCredits, {{3, 64}}, 8);
  int sent[3] = {};  // per VC, the flits committed and not yet credited
  std::uint32_t state = 0xACE1u;  // a linear congruential generator: the same sequence on every run
  const auto next = [&state] { return state = state * 1664525u + 1013904223u; };
  for (Cycle now = 1; now <= 400; ++now) {
    const int vc = static_cast<int>(next() >> 8) % 3;
    if (next() >> 31 && f->may_send(0, vc, 8, now)) {
      f->committed(0, vc, 8);
      ++sent[vc];
    } else if (sent[vc] > 0) {  // a credit for one of them, back in 1 to 4 cycles
      --sent[vc];
      f->receive(0, credit(vc, 8, now + 1 + (next() >> 12) % 4));
    }
    const int view = f->outstanding_all_at(0, now);
    int sum = 0;
    for (int v = 0; v < 3; ++v) sum += f->outstanding(0, v, now);
    ASSERT_EQ(f->outstanding_all(0, now), sum) << "cycle " << now;
    ASSERT_EQ(view, sum) << "cycle " << now;
  }
}

TEST(CreditSender, MoreCreditsThanBufferSpaceIsAnError) {
  const auto f = make_flow_sender(FlowControlKind::kCredits, {{1, 16}}, 8);
  f->receive(0, credit(0, 8, 1));
  EXPECT_THROW(f->catch_up(0, 1), std::logic_error);
}

TEST(VcFifoBuffers, OneQueuePerVcFilledByTheUpstreamVcAndCreditedToIt) {
  PortSpec port;
  port.in_vcs = 3;
  port.in_depth = 32;
  const auto b = make_input_buffers(InputBufferKind::kVcFifos, {port});
  EXPECT_EQ(b->queues(port), 3);
  EXPECT_EQ(b->capacity(port, 2, 8), 4);  // 32 phits of 8-phit flits
  PacketPool pool;
  LinkMessage m;
  m.vc = 2;
  EXPECT_EQ(b->queue_of(0, m, pool), 2);
  EXPECT_EQ(b->flow_class(port, 2), 2);
  EXPECT_EQ(b->voq_of(port, 2, 1), -1);  // the VC's FIFO bids where it is
}

// Hand-computed: 2 VCs, a router of 3 ports. VC v's VOQ towards output o is queue 3v + o, credited to VC v;
// queues 6 and 7 are the arrival FIFOs of VCs 0 and 1.
TEST(VoqSwitchBuffers, AVoqPerVcAndOutputThenAnArrivalFifoPerVcSharingTheVcsCredits) {
  std::vector<PortSpec> ports(3);
  for (PortSpec& p : ports) {
    p.in_vcs = 2;
    p.in_depth = 32;
  }
  const auto b = make_input_buffers(InputBufferKind::kVoqSwitch, ports);
  const PortSpec& port = ports[0];
  EXPECT_EQ(b->queues(port), 8);
  for (int q = 0; q < 8; ++q) EXPECT_EQ(b->capacity(port, q, 8), 4);  // each may hold the whole VC
  PacketPool pool;
  LinkMessage m;
  m.vc = 1;
  EXPECT_EQ(b->queue_of(0, m, pool), 7);  // arrivals enter their VC's FIFO
  EXPECT_EQ(b->voq_of(port, 6, 2), 2);
  EXPECT_EQ(b->voq_of(port, 7, 0), 3);
  EXPECT_EQ(b->voq_of(port, 7, 2), 5);
  EXPECT_EQ(b->voq_of(port, 4, 1), -1);  // a VOQ's flits bid where they are
  const int classes[8] = {0, 0, 0, 1, 1, 1, 0, 1};
  for (int q = 0; q < 8; ++q) EXPECT_EQ(b->flow_class(port, q), classes[q]) << "queue " << q;
}

// UGAL's and PB's Q, hand-computed: each granted phit counts once, from its grant (credits taken) until its
// credit is back, whether it is queued, on the wire or downstream.
TEST(OutputUnitLoad, EachPhitCountsOnceFromItsGrantUntilItsCreditIsBack) {
  const std::string failure = test::in_child([] {
    PortSpec net;  // port 0: 2 downstream VCs of 32 phits; port 1: an ejection port (a sink)
    net.out_vcs = 2;
    net.out_depth = 32;
    PortSpec eject;
    eject.out_depth = 0;
    OutputUnit out("out", {net, eject}, 8, 64, FlowControlKind::kCredits, nullptr);
    std::ostringstream err;
    const auto expect = [&](const char* what, int got, int want) {
      if (got != want) err << what << ": " << got << ", expected " << want << "\n";
    };
    out.enqueue(0, 1, 0, kHeadFlit | kTailFlit, 8, 1, 0);  // A on VC 0
    out.enqueue(0, 2, 1, kHeadFlit | kTailFlit, 8, 1, 0);  // B on VC 1
    out.enqueue(0, 3, 0, kHeadFlit | kTailFlit, 8, 1, 0);  // C on VC 0
    expect("queued", out.load(0, 0), 24);  // 48 before: the queue, and again the credits it holds
    expect("at cycle start, grants of this cycle taken out", out.load_at_cycle_start(0, 0), 0);
    expect("at the next cycle start", out.load_at_cycle_start(0, 1), 24);
    LinkMessage back;  // A's 8 phits freed downstream, credited back at cycle 30
    back.vc = 0;
    back.phits = 8;
    back.arrival = 30;
    out.file_credit(0, back);
    expect("before the credit arrives", out.load(0, 29), 24);
    expect("after", out.load(0, 30), 16);
    out.enqueue(1, 4, 0, kHeadFlit | kTailFlit, 8, 31, 30);
    expect("ejection port: its queue", out.load(1, 30), 8);
    return err.str();
  });
  EXPECT_EQ(failure, "");
}

// QCN's CNMs (OutputUnit::enable_urgent): VC 1 of port 0 carries CNMs, which have 2 flits of room of their
// own; a full data queue does not stop them, nor they the data's room; the port's next event is the CNM's.
TEST(OutputUnitUrgent, CnmsHaveRoomOfTheirOwnAndGoFirst) {
  const std::string failure = test::in_child([] {
    PortSpec net;
    net.out_vcs = 2;
    net.out_depth = 64;
    OutputUnit out("out", {net}, 8, 16, FlowControlKind::kCredits, nullptr);
    out.enable_urgent({1}, 2);
    std::ostringstream err;
    const auto expect = [&](const char* what, bool got, bool want) {
      if (got != want) err << what << ": " << got << ", expected " << want << "\n";
    };
    out.enqueue(0, 1, 0, kHeadFlit | kTailFlit, 8, 5, 0);  // two data packets fill the 16-phit queue
    out.enqueue(0, 2, 0, kHeadFlit | kTailFlit, 8, 5, 0);
    expect("data room", out.has_space_for(0, 0, 8, 0), false);
    expect("CNM room", out.has_space_for(0, 1, 8, 0), true);
    out.enqueue(0, 3, 1, kHeadFlit | kTailFlit, 8, 3, 0);  // a CNM, ready before the data
    expect("data room after a CNM", out.has_space_for(0, 0, 8, 0), false);
    expect("CNM room after one", out.has_space_for(0, 1, 8, 0), true);
    out.enqueue(0, 4, 1, kHeadFlit | kTailFlit, 8, 3, 0);
    expect("CNM room after two", out.has_space_for(0, 1, 8, 0), false);
    if (out.port(0).occupancy != 16) err << "data occupancy " << out.port(0).occupancy << ", expected 16\n";
    if (out.next_event(0, 0) != 3) err << "next event " << out.next_event(0, 0) << ", expected 3 (the CNM)\n";
    return err.str();
  });
  EXPECT_EQ(failure, "");
}

}  // namespace
}  // namespace hiradix
