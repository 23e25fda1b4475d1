// A QCN reaction point (IEEE 802.1Qau RP): the NIC's AIMD rate limiter for the traffic a CNM is about
// (docs/papers/seed-002-qcn-openflow.md §1.3, "Reaction point", with the thesis' seed-000 §3.7). The
// thesis and QCN-Switch disable it (the switches take the CNMs instead); it is built for plain QCN and for
// comparison. Each NIC holds one when `qcn.reaction` is on (testbench/nic.h).
//
// State: the current rate CR (what the NIC sends at) and the target rate TR (the rate before the last
// decrease, which recovery heads back to).
//   - A CNM with feedback Fb (0..63): TR <- CR, CR <- CR·(1 - Gd·Fb), and the byte counter starts again
//     (stage 0). With Gd = 1/128 one CNM at most halves the rate (Gd·63 = 0.49).
//   - Every BC bytes sent is a cycle: stage += 1; stages 1..F are fast recovery, CR <- (CR + TR)/2;
//     later stages are active increase, TR <- TR + R_AI, then CR <- (CR + TR)/2.
//   - Neither rate exceeds the line rate; CR stays at least min_rate (> 0), so a source is never stopped.
//   - Beside the byte counter a timer (802.1Qau: T = 15 ms, T/2 once past fast recovery) counts cycles of
//     its own while the rate is limited, each a recovery cycle too. When both counters are past F the
//     target climbs by i·R_HAI instead (hyper-active increase, i = the fewer of their stages past F).
// Not built: the randomised counter limits of 802.1Qau.
//
// Rates are doubles in bits per second (40 Gb/s = 40e9); the NIC turns CR into a gap between packets.
// The defaults are issue 29's: BC 150,000 bytes, F = 5, R_AI 5 Mb/s, R_HAI 50 Mb/s, Gd = 1/128.
#pragma once
#include <cstdint>

namespace hiradix {

struct QcnRpParams {
  double line_rate = 40e9;                  // b/s: the cap, and the rate before any CNM (Table 4-3: 40 Gb/s)
  std::int64_t byte_counter = 150'000;      // BC: bytes per recovery cycle
  int fast_recovery_cycles = 5;             // F
  double r_ai = 5e6;                        // b/s: active increase of TR per cycle
  double r_hai = 50e6;                      // b/s: hyper-active increase (not built: needs the timer)
  double gd = 1.0 / 128;                    // decrease per unit of Fb
  double min_rate = 10e6;                   // b/s: CR never goes below it, > 0
  double timer = 15e-3;                     // s: T, the timer's cycle in fast recovery (T/2 after); 0 = none
};

class QcnReactionPoint {
 public:
  static constexpr int kMaxFeedback = 63;

  // Throws std::invalid_argument naming the parameter when one is out of its range.
  explicit QcnReactionPoint(const QcnRpParams& params);

  // A CNM for this source arrived with feedback fb in 0..63 (out of range: std::invalid_argument).
  void cnm(int fb);

  // The NIC sent `bytes` more bytes of the limited traffic: each BC bytes is one recovery cycle.
  void sent(std::int64_t bytes) {
    bytes_ += bytes;
    while (bytes_ >= params_.byte_counter) {
      bytes_ -= params_.byte_counter;
      recovery_cycle();
    }
  }

  // `seconds` passed: the timer's cycles that ended in them (none while the rate is not limited).
  void elapse(double seconds);
  // Seconds until the timer's next cycle ends (infinity when it does not run).
  double timer_left() const;

  double rate() const { return current_; }          // CR, b/s
  double target_rate() const { return target_; }    // TR, b/s
  int stage() const { return stage_; }               // byte-counter cycles since the last CNM
  bool limited() const { return current_ < params_.line_rate; }
  const QcnRpParams& params() const { return params_; }

 private:
  static constexpr int kStageCap = 1 << 30;
  void recovery_cycle();  // the byte counter's
  void increase();        // a recovery cycle of either counter
  double timer_period() const { return timer_stage_ < params_.fast_recovery_cycles ? params_.timer : params_.timer / 2; }

  QcnRpParams params_;
  double current_;
  double target_;
  std::int64_t bytes_ = 0;  // bytes into the current cycle
  int stage_ = 0;
  int timer_stage_ = 0;
  double timer_elapsed_ = 0;  // s into the timer's current cycle
};

}  // namespace hiradix
