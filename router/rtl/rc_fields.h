// One routing decision as bits (DESIGN §3.2): the packed inputs and outputs shared by the C++ reference
// and the Verilated RTL, with the widths of rtl/hiradix_fields.vh. Plain data: no SystemC, no Verilator.
#pragma once
#include <array>
#include <cstdint>

namespace hiradix {

// What configures a routing unit (constants once synthesized).
struct RcConfig {
  std::uint8_t algorithm = 0;  // rtl::ALG_*, ALG_W bits (rtl/hiradix_fields.vh)
  std::uint8_t phase_a = 0;    // rtl::PHASE_A_*
  bool hop_count_vcs = false;
  std::uint8_t p = 0, a = 0, h = 0;
  bool palmtree = true;
  std::int16_t ugal_threshold = 0;  // UGAL's T, phits
  std::uint8_t contention_threshold = 0;  // Base's th; Hybrid's contention th
  std::uint8_t ectn_threshold = 0;        // ECtN's combined threshold
  bool ugal_group = false;  // UGAL-G: Q adds the path's first global channel (group_load)
  std::uint8_t occupancy_threshold = 0;   // OLM's / Hybrid's relative candidate threshold, percent
  std::uint8_t min_occupancy = 0;         // OLM's / Hybrid's ThMin, percent
  std::uint8_t acor_sequence = 0;         // ACOR's sequence of phase-A policies, rtl::ACOR_SEQ_*
  std::uint8_t tpr_low = 0, tpr_high = 0;  // TPR's LI_l, LI_h (TPR_W bits, packets)
  std::int16_t tpr_t_benign = 0, tpr_t_mix = 0, tpr_t_adv = 0;  // TPR's (and LIAN's) T per region, phits
  std::uint8_t lian_sgc = 0, lian_ilc = 0;  // LIAN's SGCth (PORT_W bits) and ILCth (TPR_W bits)
  bool vc_load = false;  // routing.ugal_load: vc: UGAL's Q is the first hop's VC load (vc_load)
};

struct RcInputs {
  RcConfig cfg;
  std::uint16_t router = 0;
  std::uint8_t in_port = 0;
  std::uint8_t in_vc = 0;
  std::uint32_t dst = 0;       // destination terminal
  std::uint32_t route = 0;     // packed header route state (pack_route_state)
  std::uint64_t lfsr = 0;      // the router's LFSR state before this decision
  std::array<std::uint16_t, 64> port_load{};  // per output port, LOAD_W bits (source-adaptive routings)
  bool has_port_load = false;  // port_load was filled (else it is all zero)
  // In-transit routings (Base): per output port the contention counter (COUNT_W bits, saturated) and the
  // VCs 0..READY_W-1 that can take a whole packet now.
  std::array<std::uint8_t, 64> contention{};
  std::array<std::uint8_t, 64> port_ready{};
  bool has_port_state = false;
  // ECtN at injection towards another group: the combined counter of the destination's link, and per
  // output port (global ports) that of its own link; COMB_W bits, saturated. PB: the minimal link's flag.
  std::uint8_t ectn_dest = 0;
  std::array<std::uint8_t, 64> ectn_comb{};
  bool has_comb = false;
  bool pb_flag = false;
  // UGAL-G at injection: per global link of the router's group (router index * h + global port), the
  // load of its output port at the owner router, LOAD_W bits; a * h <= MAX_GLINKS entries used.
  std::array<std::uint16_t, 256> group_load{};
  bool has_group_load = false;
  // OLM and Hybrid: per output port p and VC v < READY_W, occupancy[p * READY_W + v] in percent (OCC_W bits).
  std::array<std::uint8_t, 64 * 4> occupancy{};
  bool has_occupancy = false;
  std::uint8_t acor_level = 0;  // ACOR at injection: this decision's level, 0-based (2 bits)
  std::uint8_t tpr_count = 0;   // TPR at injection: the destination group's windowed count (TPR_W bits); LIAN: floor(G)
  std::uint8_t lian_saturated = 0;  // LIAN at injection: global links to saturated groups (PORT_W bits)
  std::uint8_t lian_il = 0;     // LIAN at injection: ceil of the larger relevant IL counter (TPR_W bits)
  // UGAL's Q per VC (routing.ugal_load: vc): per output port p and VC v < READY_W, vc_load[p * READY_W + v]
  // (LOAD_W bits, saturated).
  std::array<std::uint16_t, 64 * 4> vc_load{};
  bool has_vc_load = false;
};

struct RcOutputs {
  std::uint8_t out_port = 0, out_vc = 0, min_port = 0;
  bool misroute = false, no_slot = false;
  std::uint32_t route = 0;     // new packed header route state
  std::uint64_t lfsr = 0;      // the router's LFSR state after this decision
  bool operator==(const RcOutputs& o) const {
    return out_port == o.out_port && out_vc == o.out_vc && min_port == o.min_port && misroute == o.misroute &&
           no_slot == o.no_slot && route == o.route && lfsr == o.lfsr;
  }
  bool operator!=(const RcOutputs& o) const { return !(*this == o); }
};

}  // namespace hiradix
