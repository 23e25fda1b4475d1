#include "router/rtl/rtl_routing_unit.h"

#include <algorithm>
#include <stdexcept>

#include "Vhiradix_routing_unit.h"
#include "router/common/lfsr.h"
#include "router/rtl/rtl_bus.h"
#include "rtl_fields.h"
#include "verilated.h"
#include "verilated_fst_c.h"

namespace hiradix {

struct RtlRoutingUnit::Impl {
  VerilatedContext context;
  Vhiradix_routing_unit unit{&context, "routing_unit"};
  std::unique_ptr<VerilatedFstC> trace;
  std::vector<std::int64_t> cfg_driven;  // the configuration fields now on `cfg`
  std::vector<std::uint8_t> driven;      // per input: `state` holds its entries (else they are zeros)
  std::vector<std::uint32_t> one_driven;  // per input of one entry: the value `state` holds
};

namespace {
static_assert(sizeof(EData) == 4, "Verilator's wide signals are 32-bit words");

// Writes `count` entries of `bits` (<= 32) bits, entry 0 at bit `lsb`, into a Verilated wide signal's
// 32-bit words: the field's range cleared, then each entry ORed in (the other fields' bits untouched).
template <typename Wide>
void put(Wide& words, int lsb, int bits, const std::uint32_t* values, int count) {
  const int end = lsb + bits * count;  // one past the field's last bit
  for (int bit = lsb; bit < end;) {
    const int word = bit / 32, at = bit % 32, n = std::min(end - bit, 32 - at);
    words[word] &= ~((n == 32 ? 0xffffffffu : ((1u << n) - 1)) << at);
    bit += n;
  }
  const std::uint64_t mask = bits == 32 ? 0xffffffffull : (1ull << bits) - 1;
  for (int e = 0, bit = lsb; e < count; ++e, bit += bits) {
    const std::uint64_t v = (values[e] & mask) << (bit % 32);
    words[bit / 32] |= static_cast<std::uint32_t>(v);
    if (bit % 32 + bits > 32) words[bit / 32 + 1] |= static_cast<std::uint32_t>(v >> 32);
  }
}

// A row of the Dragonfly router's group table (rtl/hiradix_routing_unit.v: dst_link, inter_link, lgl_link):
// in group `group`, the router that holds the global link towards group `to`, and the link's global port
// there, packed {owner, k} in GEOM_W bits each, as Dragonfly::global_owner wires them (topology/dragonfly.cpp,
// seed-000 §2.2-2.3); what a fabric manager writes into the table at start. 0 for the router's own group.
// Off the Dragonfly (cfg.a = 1) the same formula on the unit's cfg_h, which no routing there reads.
std::uint32_t group_table_row(const RcConfig& c, std::uint32_t group, std::uint32_t to) {
  if (c.h == 0 || group == to) return 0;
  const std::uint32_t a = c.a, h = c.h, groups = a * h + 1;
  const std::uint32_t d = c.palmtree ? (to + groups - group % groups) % groups - 1 : (to < group ? to : to - 1);
  const std::uint32_t q = d / h, owner = c.palmtree ? a - 1 - q : q;
  constexpr std::uint32_t kMask = (1u << rtl::GEOM_W) - 1;
  return (owner & kMask) << rtl::GEOM_W | (d % h & kMask);
}
}  // namespace

RtlRoutingUnit::RtlRoutingUnit() : impl_(std::make_unique<Impl>()) {
  impl_->driven.assign(rtl_bus().inputs.size(), 0);
  impl_->one_driven.assign(rtl_bus().inputs.size(), 0);
  for (int w = 0; w < (rtl_bus().input_bits + 31) / 32; ++w) impl_->unit.state[w] = 0;
}
RtlRoutingUnit::~RtlRoutingUnit() {
  close_trace();
  impl_->unit.final();
}

RcOutputs RtlRoutingUnit::evaluate(const RcInputs& in) {
  Vhiradix_routing_unit& u = impl_->unit;
  u.cfg_algorithm = in.cfg.algorithm;
  u.cfg_hop_count_vcs = in.cfg.hop_count_vcs;
  u.cfg_p = in.cfg.p;
  u.cfg_a = in.cfg.a;
  u.cfg_h = in.cfg.h;
  u.cfg_palmtree = in.cfg.palmtree;
  // The configuration bus changes only with the configuration (once per run).
  if (impl_->cfg_driven != in.cfg.fields) {
    for (const rtl_decl::Slot& s : rtl_bus().config) {
      const std::uint32_t v = static_cast<std::uint32_t>(in.cfg.fields[static_cast<std::size_t>(s.index)]);
      put(u.cfg, s.lsb, s.field->width, &v, 1);
    }
    impl_->cfg_driven = in.cfg.fields;
  }
  // The inputs: each one present, or absent now but driven before (then zeros); most decisions read few.
  for (const rtl_decl::Slot& s : rtl_bus().inputs) {
    const std::size_t k = static_cast<std::size_t>(s.index);
    if (!in.present[k] && !impl_->driven[k]) continue;
    if (s.field->entries == rtl_decl::Entries::kOne) {  // one value: written when it changes
      const std::uint32_t v = in.present[k] ? in.values[static_cast<std::size_t>(s.entry)] : 0;
      if (v != impl_->one_driven[k]) put(u.state, s.lsb, s.field->width, &v, 1);
      impl_->one_driven[k] = v;
      impl_->driven[k] = in.present[k];
      continue;
    }
    static const std::vector<std::uint32_t> kZeros(static_cast<std::size_t>(std::max(rtl::MAX_PORTS * rtl::READY_W, rtl::MAX_GLINKS)), 0);
    put(u.state, s.lsb, s.field->width, in.present[k] ? in.values.data() + s.entry : kZeros.data(), s.field->entry_total());
    impl_->driven[k] = in.present[k];
  }
  // The router's straps and the header's destination fields (rtl/hiradix_routing_unit.v): what the NIC
  // and the fabric manager give a real router, so the unit divides nothing (cfg.a = 1 off the Dragonfly).
  const std::uint32_t a = std::max<std::uint32_t>(in.cfg.a, 1), p = std::max<std::uint32_t>(in.cfg.p, 1);
  const std::uint32_t dst_router = in.dst / p;
  u.router = in.router;
  u.here_group = in.router / a;
  u.here_index = in.router % a;
  u.in_port = in.in_port;
  u.in_vc = in.in_vc;
  u.dst_group = dst_router / a;
  u.dst_index = dst_router % a;
  u.dst_terminal = in.dst % p;
  // The group table's three reads: the destination's group, the header's intermediate's (which the header
  // also carries as group and index), and the group of Valiant's lgl draw from this decision's random state
  // (the unit's lfsr_out; rtl/routing/hiradix_valiant_draws.v's draw(random[31:0], groups)).
  const std::uint32_t inter = static_cast<std::uint32_t>(in.route & ((1u << rtl::ROUTER_W) - 1));
  const std::uint32_t groups = a * in.cfg.h + 1;
  const std::uint32_t lgl_group = lfsr_draw(static_cast<std::uint32_t>(lfsr_advance(in.lfsr)), groups);
  u.dst_link = group_table_row(in.cfg, u.here_group, u.dst_group);
  // The consecutive arrangement's far ends of this group's global links (the unit's peer_index_above and
  // peer_index_below, straps of the group): in a group numbered above this one, and in one below, the owner
  // of that group's link back here, which is the same router in every such group (a row of their tables).
  if (!in.cfg.palmtree) {
    u.peer_index_above = group_table_row(in.cfg, u.here_group + 1, u.here_group) >> rtl::GEOM_W;
    u.peer_index_below = u.here_group == 0 ? 0 : group_table_row(in.cfg, u.here_group - 1, u.here_group) >> rtl::GEOM_W;
  }
  u.inter_group = inter / a;
  u.inter_index = inter % a;
  u.inter_link = group_table_row(in.cfg, u.here_group, inter / a);
  u.lgl_link = group_table_row(in.cfg, u.here_group, lgl_group);
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
