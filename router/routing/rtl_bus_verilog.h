// The Verilog of the routing unit's buses (router/routing/rtl_bus_layout.h), written by the configure-time
// generator (cmake/rtl_bus_gen.cpp) for Verilator and by `hiradix synth` beside its wrappers for Yosys:
//   hiradix_bus.vh         CFG_W and IN_W, the buses' widths (the unit's and every submodule's ports)
//   hiradix_bus_fields.vh  one wire per declared field, sliced from the buses (every routing submodule)
#pragma once
#include <ostream>

#include "router/routing/rtl_bus_layout.h"

namespace hiradix::rtl_decl {

inline const char* bus_banner() {
  return "// Generated from router/routing/*_rtl.h (router/routing/rtl_bus_verilog.h): do not edit.\n";
}

inline void write_bus_widths(std::ostream& v, const BusLayout& b) {
  v << bus_banner() << "localparam integer CFG_W = " << b.config_bits << ";  // the configuration bus\n"
    << "localparam integer IN_W = " << b.input_bits << ";  // the input bus\n";
}

inline void write_bus_fields(std::ostream& v, const BusLayout& b) {
  v << bus_banner() << "// Every declared field, sliced from the unit's buses `cfg` and `state`; a routing reads those it needs.\n"
    << "/* verilator lint_off UNUSEDSIGNAL */\n";
  for (const Slot& s : b.config)
    v << "wire [" << s.field->bits() << "-1:0] cfg_" << s.field->name << " = cfg[" << s.lsb << " +: " << s.field->bits() << "];\n";
  for (const Slot& s : b.inputs)
    v << "wire [" << s.field->bits() << "-1:0] " << s.field->name << " = state[" << s.lsb << " +: " << s.field->bits() << "];\n";
  v << "/* verilator lint_on UNUSEDSIGNAL */\n";
}

}  // namespace hiradix::rtl_decl
