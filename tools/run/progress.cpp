#include "tools/run/progress.h"

#include <unistd.h>

#include <cmath>
#include <iostream>

#include <fmt/format.h>

namespace hiradix {

Progress::Progress(std::string what, std::string unit, std::uint64_t total, std::ostream& out, bool tty, double interval)
    : what_(std::move(what)), unit_(std::move(unit)), total_(total), out_(&out), tty_(tty), interval_(interval) {
  start_ = last_ = Clock::now();
}

Progress Progress::for_stderr(std::string what, std::string unit, std::uint64_t total, bool quiet, double plain_interval) {
  const bool tty = isatty(STDERR_FILENO) == 1;
  Progress p(std::move(what), std::move(unit), total, std::cerr, tty, tty ? 0.2 : plain_interval);
  p.enabled_ = !quiet;
  return p;
}

std::string format_duration(double s) {
  if (!std::isfinite(s) || s < 0) return "?";
  const long t = std::lround(s);
  if (t < 60) return fmt::format("{}s", t);
  if (t < 3600) return fmt::format("{}m{:02d}s", t / 60, t % 60);
  return fmt::format("{}h{:02d}m", t / 3600, (t % 3600) / 60);
}

std::string format_count(double v) {
  if (v < 1e3) return fmt::format("{:.0f}", v);
  if (v < 1e6) return fmt::format("{:.3g}k", v / 1e3);
  if (v < 1e9) return fmt::format("{:.3g}M", v / 1e6);
  return fmt::format("{:.3g}G", v / 1e9);
}

std::string format_eta(double low, double high) {
  if (low < 0) return "ETA ?";
  if (high <= 1.15 * low + 1) return "ETA " + format_duration(high);
  return "ETA " + format_duration(low) + "-" + format_duration(high);
}

std::string Progress::line() const {
  const double elapsed = std::chrono::duration<double>(Clock::now() - start_).count();
  std::string s = fmt::format("{}: {}/{} {}", what_, done_, total_, unit_);
  if (unit_ != "cycles") s += fmt::format(", {} cycles", format_count(static_cast<double>(cycles_)));
  if (elapsed > 0) s += fmt::format(", {} cycles/s", format_count(static_cast<double>(cycles_) / elapsed));
  // ETA from the cost model when one is set, else from this session's pace (a resumed sweep does not count
  // the points it found done).
  const double session_done = static_cast<double>(done_ - start_done_);
  if (done_ >= total_)
    s += fmt::format(", done in {}", format_duration(elapsed));
  else if (remaining_set_)
    s += ", " + format_eta(remaining_.first, remaining_.second);
  else if (session_done > 0)
    s += fmt::format(", ETA {}", format_duration(elapsed / session_done * static_cast<double>(total_ - done_)));
  else
    s += ", ETA ?";
  return s;
}

void Progress::update(std::uint64_t done, std::uint64_t cycles) {
  if (!started_) {
    started_ = true;
    start_done_ = done;
  }
  done_ = done;
  cycles_ = cycles;
  if (!enabled_) return;
  const auto now = Clock::now();
  if (printed_ && std::chrono::duration<double>(now - last_).count() < interval_) return;
  last_ = now;
  printed_ = true;
  final_printed_ = !tty_ && done_ >= total_;
  if (tty_)
    *out_ << "\r\x1b[K" << line() << std::flush;  // rewrite the line in place
  else
    *out_ << line() << "\n" << std::flush;
}

void Progress::finish() {
  if (!enabled_ || final_printed_) return;  // plain mode: the final state is already on its own line
  if (tty_)
    *out_ << "\r\x1b[K" << line() << "\n" << std::flush;
  else
    *out_ << line() << "\n" << std::flush;
}

}  // namespace hiradix
