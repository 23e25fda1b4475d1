// A VCD waveform (GTKWave) of one router's pipeline activity in a cycle window: per input port, the
// output port its head was routed to (RC), the queues (VCs) that bid for the switch (SA request; under
// router.queues voq_sw the outputs its VOQs bid for) and the output port granted (SA grant, the start of ST).
// Signals are pulses: high-impedance in cycles without an event.
#pragma once
#include <cstdint>
#include <fstream>
#include <string>
#include <vector>

#include "tlm/cycle.h"

namespace hiradix {

class StageTrace {
 public:
  // `bid_width`: bits of the bid signal (the most VCs of a port, or the ports when `bids_by_output`).
  StageTrace(const std::string& path, const std::string& router_name, int ports, int bid_width, bool bids_by_output,
             Cycle from, Cycle to);
  ~StageTrace() { finish(); }
  // Ends the open pulses and flushes the file (the network, and so its routers, is never destroyed).
  void finish();

  void routed(Cycle now, int in_port, int out_port) { set(now, signal(in_port, kRc), static_cast<std::uint64_t>(out_port)); }
  void bid(Cycle now, int in_port, std::uint64_t queue_mask) { set(now, signal(in_port, kBid), queue_mask); }
  void granted(Cycle now, int in_port, int out_port) { set(now, signal(in_port, kGrant), static_cast<std::uint64_t>(out_port)); }

 private:
  enum Kind { kRc, kBid, kGrant, kKinds };
  // No event (z): a port number is never all ones, and a bid mask never 0 (an input with no bid is not
  // traced), while all 64 queues of a port may bid at once.
  static constexpr std::uint64_t kIdlePort = ~0ull, kIdleBid = 0;
  int signal(int port, Kind k) const { return port * kKinds + k; }
  void set(Cycle now, int sig, std::uint64_t value);
  void close_cycle();
  void write_changes(Cycle at, const std::vector<std::uint64_t>& next);

  std::ofstream out_;
  Cycle from_, to_;
  std::vector<int> width_;    // bits per signal
  std::vector<std::uint64_t> idle_;     // per signal: its no-event value (kIdlePort or kIdleBid)
  std::vector<std::uint64_t> current_;  // value written last (idle_ = z)
  std::vector<std::uint64_t> pending_;  // values of the open cycle
  Cycle open_ = 0;
  Cycle stamp_ = 0;  // last time written
  bool has_open_ = false;
};

}  // namespace hiradix
