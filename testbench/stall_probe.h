// The end-of-run stall check (issue 13): the watchdog (testbench/network.cpp) stops a run after
// sim.watchdog cycles without forward progress, so a network that stalls less than that before the end
// used to finish with status ok and thousands of packets in flight. StallProbe notes the network's
// progress (packets ejected + switch grants) at the start of the run's last `stretch` cycles; if nothing
// moved from there to the end while packets are still in the network, the run is a deadlock.
#pragma once
#include <cstdint>
#include <functional>
#include <string>

#include <systemc>

#include "tlm/cycle.h"

namespace hiradix {

class StallProbe : public sc_core::sc_module {
 public:
  SC_HAS_PROCESS(StallProbe);
  // `progress` returns a counter that grows whenever the network moves; it is read at cycle `end - stretch`.
  StallProbe(sc_core::sc_module_name name, std::function<std::uint64_t()> progress, Cycle end, Cycle stretch);

  // After the run: true when the probe was read, the run reached `end`, packets are still in the network
  // (`loaded`) and `progress` has not moved since the probe.
  bool stalled(Cycle simulated, bool loaded) const;
  // One line for result.json's `deadlock`.
  std::string report(std::uint64_t packets_in_network, Cycle watchdog) const;

 private:
  void sample();
  std::function<std::uint64_t()> progress_;
  Cycle end_, stretch_;
  bool taken_ = false;
  std::uint64_t at_probe_ = 0;
  sc_core::sc_event event_;
};

}  // namespace hiradix
