#include "testbench/stall_probe.h"

#include <algorithm>

namespace hiradix {

StallProbe::StallProbe(sc_core::sc_module_name name, std::function<std::uint64_t()> progress, Cycle end, Cycle stretch)
    : sc_core::sc_module(name), progress_(std::move(progress)), end_(end), stretch_(std::min(stretch, end)) {
  SC_METHOD(sample);
  sensitive << event_;
  dont_initialize();
  event_.notify(cycles_to_time(end_ - stretch_));
}

void StallProbe::sample() {
  at_probe_ = progress_();
  taken_ = true;
}

bool StallProbe::stalled(Cycle simulated, bool loaded) const {
  return taken_ && stretch_ > 0 && simulated >= end_ && loaded && progress_() == at_probe_;
}

std::string StallProbe::report(std::uint64_t packets_in_network, Cycle watchdog) const {
  return "no switch grant and no delivery in the last " + std::to_string(stretch_) + " cycles of the run (cycle " +
         std::to_string(end_ - stretch_) + " to " + std::to_string(end_) + ") with " + std::to_string(packets_in_network) +
         " packets in the network: stalled before the end (the watchdog, " + std::to_string(watchdog) +
         " cycles, had not fired yet)";
}

}  // namespace hiradix
