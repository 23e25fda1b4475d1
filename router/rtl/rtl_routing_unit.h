// Facade of the Verilated routing unit (rtl/hiradix_routing_unit.v). Verilator's headers stay inside
// rtl_routing_unit.cpp (pimpl), out of every SystemC translation unit (DESIGN §3.3).
#pragma once
#include <cstdint>
#include <memory>
#include <string>

#include "router/rtl/rc_fields.h"

namespace hiradix {

class RtlRoutingUnit {
 public:
  RtlRoutingUnit();
  ~RtlRoutingUnit();
  RtlRoutingUnit(const RtlRoutingUnit&) = delete;
  RtlRoutingUnit& operator=(const RtlRoutingUnit&) = delete;

  // One decision: drive the inputs, evaluate the combinational unit, read the outputs.
  RcOutputs evaluate(const RcInputs& in);

  // Waveforms (FST, viewable in GTKWave): every evaluation between open and close is dumped at `time`
  // (in the trace's 1 ps units; the caller spaces decisions so that each is visible).
  void open_trace(const std::string& path);
  void dump(std::uint64_t time);
  void close_trace();

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

}  // namespace hiradix
