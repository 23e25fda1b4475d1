// TPR's windowed counters (rtl/hiradix_tpr_window.v) in the network's co-simulation: the packets the C++
// state counts as forwarded from the injection ports drive `fwd`, and a decision reads the destination
// group's count of the last W cycles (`lookup_count`), saturated at the routing unit's TPR_W bits as the
// C++ gather saturates it.
#include <algorithm>
#include <stdexcept>
#include <string>
#include <vector>

#include "Vcosim_tpr_state.h"
#include "router/rtl/clocked_block.h"
#include "router/rtl/rtl_state_block.h"
#include "rtl_fields.h"

namespace hiradix {
namespace {

// The model's sizes (CMakeLists.txt, Vcosim_tpr_state).
constexpr int kMaxGroups = HIRADIX_COSIM_TPR_G, kMaxForwards = HIRADIX_COSIM_TPR_E;
constexpr long long kMaxWindow = HIRADIX_COSIM_TPR_W_MAX;
constexpr int kGroupBits = verilated::bits_for(kMaxGroups);

class RtlTprState final : public RtlStateBlock {
 public:
  // The window's line is empty, and its counts zero, W_MAX + 1 cycles after the last forward.
  explicit RtlTprState(const StateBlockSetup& s) : block_(static_cast<Cycle>(kMaxWindow) + 1) {
    refuse_above("topology.h", "tpr_state", s.groups, kMaxGroups, "groups");
    refuse_above("topology.p", "tpr_state", s.injection_grants, kMaxForwards, "forwards per cycle (p x the crossbar's ticks)");
    const long long window = s.integer("routing.tpr_window");
    refuse_above("routing.tpr_window", "tpr_state", window, kMaxWindow, "cycles of window");
    Vcosim_tpr_state& m = block_.model();
    verilated::assign(m.cfg_window, static_cast<std::uint64_t>(window));
    m.fwd = 0;
    verilated::reset(m);
  }
  const char* name() const override { return "tpr_state"; }
  const std::vector<std::string>& feeds() const override {
    static const std::vector<std::string> kFeeds = {"tpr_count"};
    return kFeeds;
  }
  void forwarded(int group, Cycle now) override {
    advance(now);
    forwards_.add(group, name());
  }
  void read(Cycle now, int dst_group, std::uint32_t* values) override {
    advance(now);
    Vcosim_tpr_state& m = block_.model();
    verilated::assign(m.lookup_group, static_cast<std::uint64_t>(dst_group));
    m.eval();
    values[0] = static_cast<std::uint32_t>(std::min<std::uint64_t>(m.lookup_count, (1u << rtl::TPR_W) - 1));
  }

 private:
  void advance(Cycle now) {
    block_.advance(now, [&] { return forwards_.any() ? block_.cycle() : kNever; }, [&](Cycle) {
      Vcosim_tpr_state& m = block_.model();
      verilated::assign(m.fwd, forwards_.valid());
      verilated::assign(m.fwd_group, forwards_.groups());
      const bool any = forwards_.any();
      forwards_.clear();
      return any;
    });
  }
  static constexpr Cycle kNever = ~Cycle{0};
  ClockedBlock<Vcosim_tpr_state> block_;
  EventSlots<kMaxForwards, kGroupBits> forwards_;  // those of block_.cycle()
};

}  // namespace

std::unique_ptr<RtlStateBlock> make_rtl_tpr_state(const StateBlockSetup& setup, int) {
  return std::make_unique<RtlTprState>(setup);
}

}  // namespace hiradix
