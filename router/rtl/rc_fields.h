// One routing decision as bits (DESIGN §3.2): the packed inputs and outputs shared by the C++ reference
// and the Verilated RTL. The unit's own fields (which routing, the VC scheme, the Dragonfly's geometry, the
// packet) are named here; every routing's configuration fields and inputs are the ones it declares in
// router/routing/*_rtl.h, held by their position on the unit's buses (router/rtl/rtl_bus.h). Plain data:
// no SystemC, no Verilator.
#pragma once
#include <cstdint>
#include <string>
#include <vector>

namespace hiradix {

// What configures a routing unit (constants once synthesized).
struct RcConfig {
  std::uint8_t algorithm = 0;  // rtl::ALG_*, ALG_W bits (rtl/hiradix_fields.vh)
  bool hop_count_vcs = false;  // routing.vc_scheme hop_count
  std::uint8_t p = 0, a = 0, h = 0;
  bool palmtree = true;
  // Per declared configuration field, in bus order (rtl_bus().config): its value (signed fields as such).
  std::vector<std::int64_t> fields;

  RcConfig();
  // The value of the declared field `name` (cfg_NAME in the RTL); throws std::out_of_range if none.
  std::int64_t field(const std::string& name) const;
  void set_field(const std::string& name, std::int64_t value);
};

struct RcInputs {
  RcConfig cfg;
  std::uint16_t router = 0;
  std::uint8_t in_port = 0;
  std::uint8_t in_vc = 0;
  // The destination's terminal address, router * p + port of the NIC the packet is delivered at: the node's
  // id when nodes have one NIC (every topology numbers a router's nodes r * p ...), the NIC's when they have
  // several (RcCoSim::decide; reference_decision on the record's network maps it back).
  std::uint32_t dst = 0;
  std::uint64_t route = 0;     // packed header route state (pack_route_state), RS_W bits
  std::uint64_t lfsr = 0;      // the router's LFSR state before this decision
  // Every declared input's entries, input after input in bus order (rtl_bus().inputs: `entry` offsets),
  // each within its width; and per input whether the decision's context had it (else its entries are 0,
  // and the RTL sees zeros).
  std::vector<std::uint32_t> values;
  std::vector<std::uint8_t> present;

  RcInputs();
  // The entries of the declared input `name`, marked present; throws std::out_of_range if none.
  std::uint32_t* input(const std::string& name);
  const std::uint32_t* input(const std::string& name) const;
};

struct RcOutputs {
  std::uint8_t out_port = 0, out_vc = 0, min_port = 0;
  bool misroute = false, no_slot = false;
  std::uint64_t route = 0;     // new packed header route state
  std::uint64_t lfsr = 0;      // the router's LFSR state after this decision
  bool operator==(const RcOutputs& o) const {
    return out_port == o.out_port && out_vc == o.out_vc && min_port == o.min_port && misroute == o.misroute &&
           no_slot == o.no_slot && route == o.route && lfsr == o.lfsr;
  }
  bool operator!=(const RcOutputs& o) const { return !(*this == o); }
};

}  // namespace hiradix
