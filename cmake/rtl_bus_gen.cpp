// Writes the Verilog of the routing unit's two buses (hiradix_bus.vh, hiradix_bus_fields.vh:
// router/routing/rtl_bus_verilog.h), the routings' codes and the unit's submodules (hiradix_routing_*.vh,
// rtl_routing_codes.h) and the context slots of the routings' own inputs (rtl_own_slots.h) from the
// routings' declarations (router/routing/*_rtl.h). Compiled
// and run by CMake at configure time (cmake/rtl_bus.cmake), before Verilator reads the unit.
// Usage: rtl_bus_gen OUTPUT_DIR
#include <fstream>
#include <iostream>

#include "router/routing/rtl_bus_verilog.h"

using namespace hiradix::rtl_decl;

int main(int argc, char** argv) {
  if (argc != 2) {
    std::cerr << "usage: rtl_bus_gen OUTPUT_DIR\n";
    return 2;
  }
  const std::string dir = argv[1];
  BusLayout b;
  try {
    b = lay_out_buses();
    check_routing_codes();
  } catch (const std::exception& e) {
    std::cerr << "router/routing/*_rtl.h: " << e.what() << "\n";
    return 1;
  }
  std::ofstream widths(dir + "/hiradix_bus.vh"), fields(dir + "/hiradix_bus_fields.vh");
  write_bus_widths(widths, b);
  write_bus_fields(fields, b);
  // The context slots of the routings' own inputs, as constants for their accessors (HIRADIX_OWN_SCALAR).
  std::ofstream slots(dir + "/rtl_own_slots.h");
  slots << "// Generated at configure time by cmake/rtl_bus_gen.cpp from router/routing/*_rtl.h: do not edit.\n"
        << "#pragma once\nnamespace hiradix::rtl_own {\n";
  for (const Slot& s : b.inputs)
    if (s.own >= 0) slots << "constexpr int " << s.field->name << " = " << s.own << ";\n";
  slots << "}  // namespace hiradix::rtl_own\n";
  // The routings' codes and the unit's submodules (their instances and the choice of decision).
  std::ofstream codes(dir + "/hiradix_routing_codes.vh"), submodules(dir + "/hiradix_routing_submodules.vh"),
      cases(dir + "/hiradix_routing_cases.vh"), codes_h(dir + "/rtl_routing_codes.h");
  write_routing_codes(codes);
  write_routing_submodules(submodules);
  write_routing_cases(cases);
  write_routing_codes_header(codes_h);
  return widths && fields && slots && codes && submodules && cases && codes_h ? 0 : 1;
}
