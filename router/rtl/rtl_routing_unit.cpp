#include "router/rtl/rtl_routing_unit.h"

#include <stdexcept>

#include "Vhiradix_routing_unit.h"
#include "rtl_fields.h"
#include "verilated.h"
#include "verilated_fst_c.h"

namespace hiradix {

struct RtlRoutingUnit::Impl {
  VerilatedContext context;
  Vhiradix_routing_unit unit{&context, "routing_unit"};
  std::unique_ptr<VerilatedFstC> trace;
  bool load_driven = false;   // port_load holds nonzero words from an earlier decision
  bool state_driven = false;  // contention / port_ready likewise
  bool comb_driven = false;   // ectn_comb likewise
  bool group_driven = false;  // group_load likewise
  bool occupancy_driven = false;  // occupancy likewise
  bool vc_load_driven = false;    // vc_load likewise
};

namespace {
// Packs `bits`-wide fields, entry 0 in the lowest bits, into Verilator's 32-bit words (zeroed first).
template <typename Array, typename Words>
void pack_fields(const Array& values, int bits, Words& words, int word_count) {
  for (int w = 0; w < word_count; ++w) words[w] = 0;
  for (int p = 0; p < static_cast<int>(values.size()); ++p) {
    const std::uint64_t v = values[static_cast<std::size_t>(p)] & ((1u << bits) - 1);
    const int bit = p * bits;
    words[bit / 32] |= static_cast<std::uint32_t>(v << (bit % 32));
    if (bit % 32 + bits > 32) words[bit / 32 + 1] |= static_cast<std::uint32_t>(v >> (32 - bit % 32));
  }
}
}  // namespace

RtlRoutingUnit::RtlRoutingUnit() : impl_(std::make_unique<Impl>()) {}
RtlRoutingUnit::~RtlRoutingUnit() {
  close_trace();
  impl_->unit.final();
}

RcOutputs RtlRoutingUnit::evaluate(const RcInputs& in) {
  Vhiradix_routing_unit& u = impl_->unit;
  u.cfg_algorithm = in.cfg.algorithm;
  u.cfg_phase_a = in.cfg.phase_a;
  u.cfg_hop_count_vcs = in.cfg.hop_count_vcs;
  u.cfg_p = in.cfg.p;
  u.cfg_a = in.cfg.a;
  u.cfg_h = in.cfg.h;
  u.cfg_palmtree = in.cfg.palmtree;
  u.cfg_ugal_t = static_cast<std::uint16_t>(in.cfg.ugal_threshold);
  u.cfg_contention_th = in.cfg.contention_threshold;
  u.in_vc = in.in_vc;
  // The wide per-port inputs are packed only for decisions that read them (most do not); zero otherwise.
  if (in.has_port_load || impl_->load_driven) {
    static const std::array<std::uint16_t, 64> kZero{};
    pack_fields(in.has_port_load ? in.port_load : kZero, rtl::LOAD_W, u.port_load, (rtl::MAX_PORTS * rtl::LOAD_W + 31) / 32);
  }
  impl_->load_driven = in.has_port_load;
  if (in.has_port_state || impl_->state_driven) {
    static const std::array<std::uint8_t, 64> kZero{};
    pack_fields(in.has_port_state ? in.contention : kZero, rtl::COUNT_W, u.contention, (rtl::MAX_PORTS * rtl::COUNT_W + 31) / 32);
    pack_fields(in.has_port_state ? in.port_ready : kZero, rtl::READY_W, u.port_ready, (rtl::MAX_PORTS * rtl::READY_W + 31) / 32);
  }
  impl_->state_driven = in.has_port_state;
  u.cfg_ectn_th = in.cfg.ectn_threshold;
  u.ectn_dest = in.ectn_dest;
  u.pb_flag = in.pb_flag;
  if (in.has_comb || impl_->comb_driven) {
    static const std::array<std::uint8_t, 64> kZero{};
    pack_fields(in.has_comb ? in.ectn_comb : kZero, rtl::COMB_W, u.ectn_comb, (rtl::MAX_PORTS * rtl::COMB_W + 31) / 32);
  }
  impl_->comb_driven = in.has_comb;
  u.cfg_ugal_group = in.cfg.ugal_group;
  if (in.has_group_load || impl_->group_driven) {
    static const std::array<std::uint16_t, rtl::MAX_GLINKS> kZero{};
    pack_fields(in.has_group_load ? in.group_load : kZero, rtl::LOAD_W, u.group_load, (rtl::MAX_GLINKS * rtl::LOAD_W + 31) / 32);
  }
  impl_->group_driven = in.has_group_load;
  if (in.has_occupancy || impl_->occupancy_driven) {
    static const std::array<std::uint8_t, 64 * 4> kZero{};
    pack_fields(in.has_occupancy ? in.occupancy : kZero, rtl::OCC_W, u.occupancy,
                (rtl::MAX_PORTS * rtl::READY_W * rtl::OCC_W + 31) / 32);
  }
  impl_->occupancy_driven = in.has_occupancy;
  u.cfg_vc_load = in.cfg.vc_load;
  if (in.has_vc_load || impl_->vc_load_driven) {
    static const std::array<std::uint16_t, 64 * 4> kZero{};
    pack_fields(in.has_vc_load ? in.vc_load : kZero, rtl::LOAD_W, u.vc_load, (rtl::MAX_PORTS * rtl::READY_W * rtl::LOAD_W + 31) / 32);
  }
  impl_->vc_load_driven = in.has_vc_load;
  u.cfg_occupancy_th = in.cfg.occupancy_threshold;
  u.cfg_min_occupancy = in.cfg.min_occupancy;
  u.cfg_acor_sequence = in.cfg.acor_sequence;
  u.acor_level = in.acor_level;
  u.cfg_tpr_li = static_cast<std::uint32_t>(in.cfg.tpr_high) << rtl::TPR_W | in.cfg.tpr_low;
  const auto t16 = [](std::int16_t t) { return static_cast<std::uint64_t>(static_cast<std::uint16_t>(t)); };
  u.cfg_tpr_t = t16(in.cfg.tpr_t_adv) << (2 * rtl::THRESH_W) | t16(in.cfg.tpr_t_mix) << rtl::THRESH_W | t16(in.cfg.tpr_t_benign);
  u.tpr_count = in.tpr_count;
  u.cfg_lian_sgc = in.cfg.lian_sgc;
  u.cfg_lian_ilc = in.cfg.lian_ilc;
  u.lian_saturated = in.lian_saturated;
  u.lian_il = in.lian_il;
  u.router = in.router;
  u.in_port = in.in_port;
  u.dst = in.dst;
  u.rs_in = in.route;
  u.lfsr_in = in.lfsr;
  u.eval();
  RcOutputs out;
  out.out_port = u.out_port;
  out.out_vc = u.out_vc;
  out.min_port = u.min_port;
  out.misroute = u.misroute;
  out.no_slot = u.no_slot;
  out.route = u.rs_out;
  out.lfsr = u.lfsr_out;
  return out;
}

void RtlRoutingUnit::open_trace(const std::string& path) {
  impl_->context.traceEverOn(true);
  impl_->trace = std::make_unique<VerilatedFstC>();
  impl_->unit.trace(impl_->trace.get(), 99);
  impl_->trace->open(path.c_str());
  if (!impl_->trace->isOpen()) throw std::runtime_error(path + ": cannot open the waveform file");
}

void RtlRoutingUnit::dump(std::uint64_t time) {
  if (impl_->trace) impl_->trace->dump(time);
}

void RtlRoutingUnit::close_trace() {
  if (!impl_->trace) return;
  impl_->trace->close();
  impl_->trace.reset();
}

}  // namespace hiradix
