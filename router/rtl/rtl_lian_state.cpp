// LIAN's counters and readings (rtl/hiradix_lian_state.v) in the network's co-simulation: the packets the
// C++ state counts as forwarded from, and arrived in, the injection buffers drive `fwd` and `arr` (an
// arrival in the cycle its head lands, which the link may report early), and a decision reads the three
// readings for its destination group. The block's groups are the balanced Dragonfly's 2 h^2 + 1, so there
// is one model per h (CMakeLists.txt, Vcosim_lian_state_h*).
#include <algorithm>
#include <stdexcept>
#include <string>
#include <vector>

#include "Vcosim_lian_state_h2.h"
#include "Vcosim_lian_state_h4.h"
#include "router/rtl/clocked_block.h"
#include "router/rtl/rtl_state_block.h"

namespace hiradix {
namespace {

// The models' sizes but h (CMakeLists.txt).
constexpr int kMaxForwards = HIRADIX_COSIM_LIAN_E, kMaxArrivals = HIRADIX_COSIM_LIAN_P;
constexpr long long kMaxWindow = HIRADIX_COSIM_LIAN_W_MAX, kMaxWPercent = HIRADIX_COSIM_LIAN_WP_MAX;

template <class Model, int H>
class RtlLianState final : public RtlStateBlock {
  static constexpr int kGroupBits = verilated::bits_for(2 * H * H + 1);

 public:
  // Stored packets persist; the window empties W_MAX + 1 cycles after the last event.
  RtlLianState(const StateBlockSetup& s, int router) : block_(static_cast<Cycle>(kMaxWindow) + 1) {
    refuse_above("topology.p", "lian_state", s.injection_grants, kMaxForwards, "forwards per cycle (p x the crossbar's ticks)");
    refuse_above("topology.p", "lian_state", s.p, kMaxArrivals, "injection arrivals per cycle (p)");
    const long long window = s.integer("routing.tpr_window"), w = s.integer("routing.lian_w_percent");
    refuse_above("routing.tpr_window", "lian_state", window, kMaxWindow, "cycles of window");
    refuse_above("routing.lian_w_percent", "lian_state", w, kMaxWPercent, "percent");
    Model& m = block_.model();
    verilated::assign(m.cfg_window, static_cast<std::uint64_t>(window));
    verilated::assign(m.cfg_w_percent, static_cast<std::uint64_t>(w));
    verilated::assign(m.cfg_gcs, static_cast<std::uint64_t>(s.integer("routing.lian_gcs")));
    verilated::assign(m.own_group, static_cast<std::uint64_t>(s.group_of(router)));
    std::uint64_t global = 0;
    for (int k = 0; k < H; ++k)
      verilated::set_bits(global, k * kGroupBits, kGroupBits,
                          static_cast<std::uint64_t>(s.global_group(router, k)));
    verilated::assign(m.global_group, global);
    m.fwd = m.arr = 0;
    verilated::reset(m);
  }
  const char* name() const override { return "lian_state"; }
  const std::vector<std::string>& feeds() const override {
    static const std::vector<std::string> kFeeds = {"tpr_count", "lian_saturated", "lian_il"};
    return kFeeds;
  }
  void forwarded(int group, Cycle now) override {
    advance(now);
    forwards_.add(group, name());
  }
  void arrived(int group, Cycle at) override { arrivals_.push_back({at, group}); }
  void read(Cycle now, int dst_group, std::uint32_t* values) override {
    advance(now);
    Model& m = block_.model();
    verilated::assign(m.dst_group, static_cast<std::uint64_t>(dst_group));
    m.eval();
    values[0] = m.tpr_count;
    values[1] = m.lian_saturated;
    values[2] = m.lian_il;
  }

 private:
  struct Arrival {
    Cycle at;
    int group;
  };
  static constexpr Cycle kNever = ~Cycle{0};
  void advance(Cycle now) {
    const auto next_event = [&] {
      Cycle next = forwards_.any() ? block_.cycle() : kNever;
      for (const Arrival& a : arrivals_) next = std::min(next, a.at);
      return next;
    };
    block_.advance(now, next_event, [&](Cycle c) {
      EventSlots<kMaxArrivals, kGroupBits> arrived;
      std::size_t kept = 0;
      for (const Arrival& a : arrivals_) {  // few: the heads on the injection links
        if (a.at == c) arrived.add(a.group, name());
        else arrivals_[kept++] = a;
      }
      arrivals_.resize(kept);
      Model& m = block_.model();
      verilated::assign(m.arr, arrived.valid());
      verilated::assign(m.arr_group, arrived.groups());
      verilated::assign(m.fwd, forwards_.valid());
      verilated::assign(m.fwd_group, forwards_.groups());
      const bool any = forwards_.any() || arrived.any();
      forwards_.clear();
      return any;
    });
  }
  ClockedBlock<Model> block_;
  EventSlots<kMaxForwards, kGroupBits> forwards_;  // those of block_.cycle()
  std::vector<Arrival> arrivals_;                  // heads reported, not yet clocked in
};

}  // namespace

std::unique_ptr<RtlStateBlock> make_rtl_lian_state(const StateBlockSetup& setup, int router) {
  switch (setup.h) {
    case 2: return std::make_unique<RtlLianState<Vcosim_lian_state_h2, 2>>(setup, router);
    case 4: return std::make_unique<RtlLianState<Vcosim_lian_state_h4, 4>>(setup, router);
    default:
      config_fail("topology.h", "the co-simulated lian_state is Verilated for h = 2 and 4 (its groups are "
                                  "2 h^2 + 1); got h = " + std::to_string(setup.h));
  }
}

}  // namespace hiradix
