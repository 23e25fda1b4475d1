// The activity scheduler's timing wheel (tlm/scheduler.h) against a reference model: each component has at
// most one pending wake-up, the earliest asked for; a cycle runs exactly the components pending for it, each
// once, in the order they were filed. Random wake-ups near and beyond the horizon, earlier ones superseding
// later ones, and components that wake others (and themselves) while they run.
#include <gtest/gtest.h>

#include <algorithm>
#include <map>
#include <vector>

#include "router/common/rng.h"
#include "tlm/scheduler.h"

namespace hiradix {
namespace {

struct Model;

// A component that records the cycles it runs in, and may wake others while it runs.
struct Probe final : Wakeable {
  Model* model = nullptr;
  int id = 0;
  std::vector<Cycle> ran;
  void tick(Cycle now) override;
};

// The reference: per component its pending cycle (kNever: none), the earliest asked for.
struct Model {
  WakeWheel wheel;
  std::vector<Probe> probes;
  std::map<int, Cycle> pending;
  std::vector<int> order;  // the components run in the current cycle, in order
  Rng rng{7, 1};
  bool wake_while_running = true;

  explicit Model(int n) : probes(static_cast<std::size_t>(n)) {
    for (int i = 0; i < n; ++i) {
      probes[static_cast<std::size_t>(i)].model = this;
      probes[static_cast<std::size_t>(i)].id = i;
      pending[i] = kNever;
    }
  }
  // ActivityScheduler::wake: a later request than one pending is dropped.
  void wake(int i, Cycle c) {
    Probe& p = probes[static_cast<std::size_t>(i)];
    if (c >= p.scheduled()) return;
    wheel.file(&p, c);
    pending[i] = c;
  }
};

void Probe::tick(Cycle now) {
  EXPECT_EQ(model->pending[id], now) << "component " << id << " ran at a cycle it was not pending for";
  model->pending[id] = kNever;
  ran.push_back(now);
  model->order.push_back(id);
  if (!model->wake_while_running) return;
  // Wake-ups from a running component are for later cycles: itself, or another (near or far).
  const int other = static_cast<int>(model->rng.below(static_cast<std::uint64_t>(model->probes.size())));
  model->wake(other, now + 1 + model->rng.below(400));
  if (model->rng.below(2)) model->wake(id, now + 1 + model->rng.below(20));
}

TEST(WakeWheel, RunsExactlyThePendingComponentsOfEachCycle) {
  Model m(40);
  Cycle now = 0;
  m.wheel.set_at(0);
  for (int step = 0; step < 20000; ++step) {
    // Some wake-ups from outside: near, beyond the horizon, and earlier ones that supersede.
    for (int k = 0; k < 3; ++k)
      m.wake(static_cast<int>(m.rng.below(m.probes.size())), now + 1 + m.rng.below(k == 0 ? 700 : 60));
    m.wheel.set_at(now + 1);
    const Cycle c = m.wheel.next_busy();
    ASSERT_NE(c, kNever);
    Cycle expected = kNever;
    for (const auto& [id, at] : m.pending) expected = std::min(expected, at);
    ASSERT_EQ(c, expected) << "the wheel's next busy cycle is the earliest pending wake-up";
    std::vector<int> due;
    for (const auto& [id, at] : m.pending)
      if (at == c) due.push_back(id);
    m.order.clear();
    m.wheel.set_at(c);
    m.wheel.run(c);
    std::vector<int> ran = m.order;
    std::sort(ran.begin(), ran.end());
    ASSERT_EQ(ran, due) << "cycle " << c << " runs each component pending for it, once";
    now = c;
  }
}

TEST(WakeWheel, RunsInFilingOrderAndAnEarlierWakeUpMovesAComponent) {
  Model m(4);
  m.wake_while_running = false;
  m.wheel.set_at(0);
  m.wake(2, 10);
  m.wake(0, 10);
  m.wake(3, 12);
  m.wake(1, 10);
  m.wake(3, 10);   // earlier: 3 leaves cycle 12 for cycle 10, after 1
  m.wake(0, 11);   // later than its pending 10: dropped
  m.wake(1, 700);  // later: dropped
  EXPECT_EQ(m.wheel.next_busy(), 10u);
  m.wheel.set_at(10);
  m.wheel.run(10);
  EXPECT_EQ(m.order, (std::vector<int>{2, 0, 1, 3}));
  m.wheel.set_at(11);
  EXPECT_EQ(m.wheel.next_busy(), kNever) << "3's superseded wake-up at 12 does not run it again";
}

TEST(WakeWheel, FarWakeUpsComeOntoTheWheelOnceAndTakeAllEmptiesIt) {
  Model m(3);
  m.wake_while_running = false;
  m.wheel.set_at(0);
  m.wake(0, 1000);  // beyond the horizon
  m.wake(0, 900);   // earlier, still beyond: the 1,000 entry is stale
  m.wake(1, 5);
  m.wheel.set_at(0);
  EXPECT_EQ(m.wheel.next_busy(), 5u);
  m.wheel.set_at(5);
  m.wheel.run(5);
  m.wheel.set_at(6);
  EXPECT_EQ(m.wheel.next_busy(), 900u);
  m.wheel.set_at(900);
  EXPECT_EQ(m.wheel.next_busy(), 900u);  // as the scheduler does before it runs a cycle: brings it onto the wheel
  m.wheel.run(900);
  m.wheel.set_at(901);
  EXPECT_EQ(m.wheel.next_busy(), kNever) << "the stale entry for cycle 1,000 does not run component 0 again";
  EXPECT_EQ(m.probes[0].ran, (std::vector<Cycle>{900}));
  m.wake(2, 950);
  m.wake(1, 2000);
  const std::vector<Wakeable*> all = m.wheel.take_all();
  EXPECT_EQ(all.size(), 2u);
  m.wheel.set_at(901);
  EXPECT_EQ(m.wheel.next_busy(), kNever) << "take_all leaves the wheel empty";
  m.wheel.file(&m.probes[2], 950);  // filed again, as ActivityScheduler::partition does
  EXPECT_EQ(m.wheel.next_busy(), 950u);
}

}  // namespace
}  // namespace hiradix
