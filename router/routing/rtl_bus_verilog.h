// The Verilog of the routing unit's buses (router/routing/rtl_bus_layout.h), written by the configure-time
// generator (cmake/rtl_bus_gen.cpp) for Verilator and by `hiradix synth` beside its wrappers for Yosys:
//   hiradix_bus.vh         CFG_W and IN_W, the buses' widths (the unit's and every submodule's ports)
//   hiradix_bus_fields.vh  one wire per declared field, sliced from the buses (every routing submodule)
// and the routing unit's members, from the routing families' submodule declarations (Submodule):
//   hiradix_routing_codes.vh       ALG_NAME, every routing's code on cfg_algorithm (the unit, the submodules)
//   hiradix_routing_submodules.vh  each submodule's decision wire and instance (the unit's body)
//   hiradix_routing_cases.vh       which decision each code takes (the unit's case on cfg_algorithm)
#pragma once
#include <cctype>
#include <ostream>
#include <set>
#include <stdexcept>
#include <string>

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

// ALG_NAME of routing `name` (pb_acor: ALG_PB_ACOR).
inline std::string routing_code_name(const char* name) {
  std::string s = "ALG_";
  for (const char* c = name; *c; ++c) s += static_cast<char>(std::toupper(static_cast<unsigned char>(*c)));
  return s;
}

// Throws std::logic_error for a routing declared twice or a code that repeats or does not fit ALG_W bits.
inline void check_routing_codes() {
  std::set<std::string> names;
  std::set<int> codes;
  for (const Submodule& m : kAllSubmodules)
    for (int i = 0; i < m.count; ++i) {
      const RoutingCode& r = m.routings[i];
      if (!names.insert(r.name).second) throw std::logic_error(std::string("routing ") + r.name + " is declared twice");
      if (r.code < 0 || r.code >= (1 << rtl::ALG_W))
        throw std::logic_error(std::string("routing ") + r.name + "'s code " + std::to_string(r.code) + " does not fit ALG_W = " +
                               std::to_string(rtl::ALG_W) + " bits (rtl/hiradix_fields.vh)");
      if (!codes.insert(r.code).second)
        throw std::logic_error(std::string("routing ") + r.name + "'s code " + std::to_string(r.code) + " is another routing's");
    }
}

inline void write_routing_codes(std::ostream& v) {
  v << bus_banner() << "// Every routing's code on cfg_algorithm (a submodule reads its own).\n/* verilator lint_off UNUSEDPARAM */\n";
  for (const Submodule& m : kAllSubmodules)
    for (int i = 0; i < m.count; ++i)
      v << "localparam integer " << routing_code_name(m.routings[i].name) << " = " << m.routings[i].code << ";\n";
  v << "/* verilator lint_on UNUSEDPARAM */\n";
}

// Inside the unit's generate block: a submodule is built when ROUTINGS has one of its codes (synthesis keeps
// the configured routing's only); left out, it decides nothing (zeros).
inline void write_routing_submodules(std::ostream& v) {
  v << bus_banner() << "// Each routing family's submodule (rtl/routing/hiradix_route_NAME.v) and its decision d_NAME.\n";
  for (const Submodule& m : kAllSubmodules) {
    const std::string d = std::string("d_") + m.name;
    v << "wire [D_W-1:0] " << d << ";\nif (";
    for (int i = 0; i < m.count; ++i) v << (i ? " || " : "") << "ROUTINGS[" << routing_code_name(m.routings[i].name) << "]";
    v << ") begin : g_" << m.name << "\n  hiradix_route_" << m.name;
    std::string params = *m.param ? std::string(".") + m.param + "(" + m.param + ")" : "";
    if (m.stages > 1) params += std::string(params.empty() ? "" : ", ") + ".STAGES(STAGES)";
    if (!params.empty()) v << " #(" << params << ")";
    v << " routing(.*, `HIRADIX_DECISION(" << d << "));\nend else begin : g_no_" << m.name << "\n  assign " << d
      << " = {D_W{1'b0}};\nend\n";
  }
}

// Inside the unit's case on cfg_algorithm.
inline void write_routing_cases(std::ostream& v) {
  v << bus_banner();
  for (const Submodule& m : kAllSubmodules)
    for (int i = 0; i < m.count; ++i)
      v << routing_code_name(m.routings[i].name) << "[ALG_W-1:0]: decision = d_" << m.name << ";\n";
}

// The C++ side's codes (rtl::ALG_NAME), for the registry entries' rtl_code.
inline void write_routing_codes_header(std::ostream& h) {
  h << "// Generated at configure time by cmake/rtl_bus_gen.cpp from router/routing/*_rtl.h: do not edit.\n"
    << "#pragma once\nnamespace hiradix::rtl {\n";
  for (const Submodule& m : kAllSubmodules)
    for (int i = 0; i < m.count; ++i)
      h << "constexpr int " << routing_code_name(m.routings[i].name) << " = " << m.routings[i].code << ";\n";
  h << "}  // namespace hiradix::rtl\n";
}

}  // namespace hiradix::rtl_decl
