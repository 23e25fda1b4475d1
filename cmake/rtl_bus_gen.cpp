// Writes the Verilog of the routing unit's two buses (hiradix_bus.vh, hiradix_bus_fields.vh:
// router/routing/rtl_bus_verilog.h) from the routings' field declarations (router/routing/*_rtl.h). Compiled
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
  } catch (const std::exception& e) {
    std::cerr << "router/routing/*_rtl.h: " << e.what() << "\n";
    return 1;
  }
  std::ofstream widths(dir + "/hiradix_bus.vh"), fields(dir + "/hiradix_bus_fields.vh");
  write_bus_widths(widths, b);
  write_bus_fields(fields, b);
  return widths && fields ? 0 : 1;
}
