// A progress report for long runs and sweeps: on a terminal a single line rewritten in place (done /
// total, simulated cycles, rate, ETA); otherwise a plain line every `interval` seconds, so logs of batch
// jobs stay readable. Written to stderr so stdout keeps only results.
#pragma once
#include <chrono>
#include <cstdint>
#include <ostream>
#include <string>
#include <utility>

namespace hiradix {

class Progress {
 public:
  // `unit`: what `done` counts ("points" or "cycles"); `tty`: rewrite one line in place.
  Progress(std::string what, std::string unit, std::uint64_t total, std::ostream& out, bool tty, double interval_seconds);
  // Progress on a terminal (stderr) or plain lines every `plain_interval` seconds; nothing when `quiet`.
  static Progress for_stderr(std::string what, std::string unit, std::uint64_t total, bool quiet, double plain_interval = 10);

  // `done` of `total` units; `cycles` simulated so far (for sweeps: by the finished points). The first
  // call's `done` is the starting point of the rate (a resumed sweep starts with points already done).
  void update(std::uint64_t done, std::uint64_t cycles);
  void finish();  // the final line (and a newline on a terminal)
  // The time left as a range of seconds from a cost model (tools/sweep/sweep_eta.h), instead of the pace of
  // `done`; negative: not known yet.
  void set_remaining(double low, double high) {
    remaining_ = {low, high};
    remaining_set_ = true;
  }

  std::string line() const;  // the current text, without control characters

 private:
  using Clock = std::chrono::steady_clock;
  std::string what_, unit_;
  std::uint64_t total_, done_ = 0, start_done_ = 0, cycles_ = 0;
  std::ostream* out_;
  bool tty_, enabled_ = true, started_ = false, printed_ = false, final_printed_ = false;
  double interval_;
  std::pair<double, double> remaining_{-1, -1};
  bool remaining_set_ = false;
  Clock::time_point start_, last_;
};

std::string format_duration(double seconds);  // "45s", "3m05s", "2h07m"
std::string format_count(double value);       // "950", "12.3k", "4.56M", "7.89G"
// "ETA 4m10s" when the range of seconds is narrow (within 15 %), else "ETA 2m30s-6m05s"; "ETA ?" if negative.
std::string format_eta(double low, double high);

}  // namespace hiradix
