// ACOR-Switch's level block (rtl/hiradix_acor_level.v) in the network's co-simulation: the C++ state's
// recomputations counted at each router drive its `events`, and a decision reads `level_next`, the level
// after the recomputations of its cycle so far (the C++ level moves at once: a recomputation decides on
// the level its own event raised).
#include <stdexcept>
#include <string>
#include <vector>

#include "Vcosim_acor_state.h"
#include "router/rtl/clocked_block.h"
#include "router/rtl/rtl_state_block.h"
#include "rtl_fields.h"

namespace hiradix {
namespace {

// The model's sizes (CMakeLists.txt, Vcosim_acor_state).
constexpr int kMaxEvents = HIRADIX_COSIM_ACOR_E;
constexpr long long kMaxInterval = HIRADIX_COSIM_ACOR_HI_MAX;

class RtlAcorState final : public RtlStateBlock {
 public:
  explicit RtlAcorState(const StateBlockSetup& s) : block_(0) {
    refuse_above("topology.p", "acor_state", s.recomputations(), kMaxEvents, "recomputations per cycle (p x injection VCs)");
    const long long interval = s.integer("routing.acor_interval");
    refuse_above("routing.acor_interval", "acor_state", interval, kMaxInterval, "cycles of interval");
    const std::string sequence = s.text("routing.acor_sequence");
    Vcosim_acor_state& m = block_.model();
    m.cfg_acor_sequence = static_cast<std::uint8_t>(sequence == "3l" ? rtl::ACOR_SEQ_3L : sequence == "2l-a" ? rtl::ACOR_SEQ_2LA : rtl::ACOR_SEQ_2LB);
    verilated::assign(m.cfg_it1, static_cast<std::uint64_t>(s.integer("routing.acor_increase_1")));
    verilated::assign(m.cfg_it2, static_cast<std::uint64_t>(s.integer("routing.acor_increase_2")));
    verilated::assign(m.cfg_dt1, static_cast<std::uint64_t>(s.integer("routing.acor_decrease_1")));
    verilated::assign(m.cfg_dt2, static_cast<std::uint64_t>(s.integer("routing.acor_decrease_2")));
    verilated::assign(m.cfg_interval, static_cast<std::uint64_t>(interval));
    m.events = 0;
    verilated::reset(m);
  }
  const char* name() const override { return "acor_state"; }
  const std::vector<std::string>& feeds() const override {
    static const std::vector<std::string> kFeeds = {"acor_level"};
    return kFeeds;
  }
  void blocked(Cycle now) override {
    advance(now);
    if (++events_ > kMaxEvents) throw std::logic_error("acor_state co-simulation: more recomputations in a cycle than E");
  }
  void read(Cycle now, int, std::uint32_t* values) override {
    advance(now);
    Vcosim_acor_state& m = block_.model();
    m.events = static_cast<std::uint8_t>(events_);
    m.eval();
    values[0] = m.level_next;
  }

 private:
  // The interval's phase counts every cycle: the block never settles.
  void advance(Cycle now) {
    block_.advance(now, [] { return Cycle{0}; }, [&](Cycle) {
      block_.model().events = static_cast<std::uint8_t>(events_);
      const bool any = events_ > 0;
      events_ = 0;
      return any;
    });
  }
  ClockedBlock<Vcosim_acor_state> block_;
  int events_ = 0;  // recomputations counted in block_.cycle()
};

}  // namespace

std::unique_ptr<RtlStateBlock> make_rtl_acor_state(const StateBlockSetup& setup, int) {
  return std::make_unique<RtlAcorState>(setup);
}

}  // namespace hiradix
