#include "router/stage_trace.h"

#include <stdexcept>

namespace hiradix {

namespace {
std::string vcd_id(int n) {  // printable identifiers '!'..'~', base 94
  std::string id;
  do {
    id += static_cast<char>('!' + n % 94);
    n /= 94;
  } while (n);
  return id;
}

int bits_for(int max_value) {
  int b = 1;
  while ((1 << b) <= max_value) ++b;
  return b;
}
}  // namespace

StageTrace::StageTrace(const std::string& path, const std::string& router_name, int ports, int bid_width,
                       bool bids_by_output, Cycle from, Cycle to)
    : out_(path), from_(from), to_(to) {
  if (!out_) throw std::runtime_error(path + ": cannot open the stage trace for writing");
  out_ << "$timescale 1ns $end\n$scope module " << router_name << " $end\n";
  const char* names[kKinds] = {"rc_out_port", bids_by_output ? "sa_bid_outputs" : "sa_bid_vcs", "sa_grant_out_port"};
  for (int p = 0; p < ports; ++p)
    for (int k = 0; k < kKinds; ++k) {
      const int w = k == kBid ? bid_width : bits_for(ports - 1);
      width_.push_back(w);
      idle_.push_back(k == kBid ? kIdleBid : kIdlePort);
      out_ << "$var wire " << w << " " << vcd_id(signal(p, static_cast<Kind>(k))) << " in" << p << "_" << names[k]
           << " $end\n";
    }
  out_ << "$upscope $end\n$enddefinitions $end\n";
  current_ = idle_;
  pending_ = idle_;
  stamp_ = open_ = from_;
  out_ << "#" << from_ << "\n$dumpvars\n";
  for (std::size_t s = 0; s < width_.size(); ++s) out_ << "bz " << vcd_id(static_cast<int>(s)) << "\n";
  out_ << "$end\n";
}

void StageTrace::finish() {
  if (!out_.is_open()) return;
  close_cycle();
  write_changes(open_ + 1, idle_);
  out_.close();
}

void StageTrace::set(Cycle now, int sig, std::uint64_t value) {
  if (now < from_ || now > to_) return;
  if (has_open_ && now != open_) close_cycle();
  if (!has_open_) {
    // Pulses of an earlier cycle end in the cycle after it (if nothing happens then).
    if (open_ + 1 < now) write_changes(open_ + 1, idle_);
    open_ = now;
    has_open_ = true;
  }
  pending_[static_cast<std::size_t>(sig)] = value;
}

void StageTrace::close_cycle() {
  if (!has_open_) return;
  write_changes(open_, pending_);
  pending_ = idle_;
  has_open_ = false;
}

void StageTrace::write_changes(Cycle at, const std::vector<std::uint64_t>& next) {
  bool stamped = false;
  for (std::size_t s = 0; s < next.size(); ++s) {
    if (next[s] == current_[s]) continue;
    if (!stamped && at != stamp_) out_ << "#" << at << "\n";
    stamped = true;
    stamp_ = at;
    if (next[s] == idle_[s]) {
      out_ << "bz";
    } else {
      out_ << "b";
      for (int b = width_[s] - 1; b >= 0; --b) out_ << ((next[s] >> b) & 1);
    }
    out_ << " " << vcd_id(static_cast<int>(s)) << "\n";
    current_[s] = next[s];
  }
}

}  // namespace hiradix
