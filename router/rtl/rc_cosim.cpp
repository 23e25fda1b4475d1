#include "router/rtl/rc_cosim.h"

#include <stdexcept>

#include <systemc>

#include "router/common/lfsr.h"
#include "router/rtl/rtl_bus.h"

namespace hiradix {

RcMode parse_rc_mode(const std::string& name) {
  if (name == "model") return RcMode::kModel;
  if (name == "rtl") return RcMode::kRtl;
  if (name == "lockstep") return RcMode::kLockstep;
  throw std::invalid_argument("router.rc_mode: unknown mode '" + name + "'");
}

RcCoSim::RcCoSim(const RcCoSimOptions& options, const RoutingAlgorithm& model, const RcConfig& config, const Topology& network,
                 std::vector<std::unique_ptr<RtlStateBlock>> state_blocks)
    : options_(options),
      model_(model),
      config_(config),
      network_(network),
      state_blocks_(std::move(state_blocks)),
      ports_(config.p + config.a - 1 + config.h) {
  if (!state_blocks_.empty())
    for (const std::string& name : state_blocks_.front()->feeds())
      fed_entries_.push_back(rtl_bus().find(rtl_bus().inputs, name)->entry);
  if (!options_.trace_path.empty()) {
    rtl_.open_trace(options_.trace_path);
    tracing_ = true;
  }
}

RcCoSim::~RcCoSim() { rtl_.close_trace(); }

RoutingDecision RcCoSim::decide(Cycle now, const RoutingContext& ctx, Packet& pkt, std::uint64_t& lfsr) {
  RcInputs& in = inputs_;
  pack_inputs(in, config_, ctx, pkt, lfsr, ports_);
  // A node with several NICs (topology.nics): the header names the NIC the packet is delivered at, by its
  // terminal address (rc_fields.h, RcInputs::dst), as a multi-rail network addresses a NIC.
  if (network_.nics_per_node() > 1) {
    const PortEnd nic = network_.nic_port(static_cast<int>(pkt.dst), pkt.dst_nic);
    in.dst = static_cast<std::uint32_t>(nic.router * config_.p + nic.port);
  }
  ++decisions_;
  if (!state_blocks_.empty() && ctx.in_port < config_.p) read_state_block(now, ctx, pkt, in);
  const RcOutputs rtl = rtl_.evaluate(in);
  if (tracing_ && now >= options_.trace_from && now <= options_.trace_to) {
    // Decisions of one cycle are spread over its first nanosecond's picoseconds, so each one shows.
    trace_slot_ = now == trace_cycle_ ? trace_slot_ + 1 : 0;
    trace_cycle_ = now;
    rtl_.dump(now * 1000 + std::min<std::uint64_t>(trace_slot_, 999));
  }

  if (options_.mode == RcMode::kLockstep) {
    RoutingContext c = ctx;
    c.random = lfsr_advance(lfsr);
    const RouteState before = pkt.route;
    const RoutingDecision d = model_.route(c, pkt);
    RcOutputs model = pack_outputs(d, pkt.route, c.random);
    pkt.route = before;
    if (decisions_ == options_.inject_mismatch_at) model.out_vc ^= 1;
    if (model != rtl) {
      if (++mismatches_ == 1)
        mismatch_ = {{"cycle", now}, {"router", ctx.router}, {"decision", decisions_},
                     {"inputs", hiradix::to_json(in)}, {"model", hiradix::to_json(model)}, {"rtl", hiradix::to_json(rtl)}};
      sc_core::sc_stop();
    }
  }

  const bool misrouted = pkt.route.misrouted;
  pkt.route = unpack_route_state(rtl.route);
  pkt.route.misrouted = misrouted;
  lfsr = rtl.lfsr;
  return unpack_decision(rtl);
}

void RcCoSim::attach_bands(const BandMap& bands) { bands_ = std::make_unique<RtlBandSelect>(bands); }

int RcCoSim::band(Cycle now, int router, std::uint32_t dst, int vn, int model_band) {
  ++band_selects_;
  const int rtl = bands_->band(dst, vn);
  if (options_.mode == RcMode::kLockstep && rtl != model_band) {
    if (++mismatches_ == 1)
      mismatch_ = {{"cycle", now}, {"router", router}, {"decision", decisions_}, {"block", "band_select"},
                   {"inputs", {{"dst", dst}, {"vn", vn}}}, {"model", model_band}, {"rtl", rtl}};
    sc_core::sc_stop();
  }
  return rtl;
}

void RcCoSim::attach_vn_selects(int units, int vns, bool tie_first) {
  links_per_node_ = network_.nics_per_node();
  vn_units_.clear();
  for (int u = 0; u < units; ++u) vn_units_.push_back(std::make_unique<RtlVnSelect>(vns, tie_first));
}

int RcCoSim::vn_select(Cycle now, int unit, const std::uint32_t* load, int model_vn) {
  ++vn_selects_;
  RtlVnSelect& select = *vn_units_[static_cast<std::size_t>(unit)];
  const int rtl = select.least_loaded(load);
  if (options_.mode == RcMode::kLockstep && rtl != model_vn) {
    if (++mismatches_ == 1)
      mismatch_ = {{"cycle", now}, {"node", unit / links_per_node_}, {"nic", unit % links_per_node_},
                   {"decision", decisions_}, {"block", "vn_select"},
                   {"inputs", {{"load", std::vector<std::uint32_t>(load, load + select.vns())}}},
                   {"model", model_vn}, {"rtl", rtl}};
    sc_core::sc_stop();
  }
  return rtl;
}

void RcCoSim::read_state_block(Cycle now, const RoutingContext& ctx, const Packet& pkt, RcInputs& in) {
  RtlStateBlock& block = *state_blocks_[static_cast<std::size_t>(ctx.router)];
  std::uint32_t values[8];
  // The destination's group (Topology::domain_of: a Dragonfly's group, a Flattened Butterfly's row).
  block.read(now, network_.domain_of(network_.nic_port(static_cast<int>(pkt.dst), 0).router), values);
  ++state_reads_;
  bool agree = true;
  for (std::size_t i = 0; i < fed_entries_.size(); ++i) agree &= in.values[static_cast<std::size_t>(fed_entries_[i])] == values[i];
  if (!agree && options_.mode == RcMode::kLockstep) {
    if (++mismatches_ == 1) {
      nlohmann::json model, rtl;
      for (std::size_t i = 0; i < fed_entries_.size(); ++i) {
        model[block.feeds()[i]] = in.values[static_cast<std::size_t>(fed_entries_[i])];
        rtl[block.feeds()[i]] = values[i];
      }
      mismatch_ = {{"cycle", now}, {"router", ctx.router}, {"decision", decisions_}, {"state_block", block.name()},
                   {"model", model}, {"rtl", rtl}};
    }
    sc_core::sc_stop();
    return;  // this decision goes on with the C++ state's values
  }
  for (std::size_t i = 0; i < fed_entries_.size(); ++i) in.values[static_cast<std::size_t>(fed_entries_[i])] = values[i];
}

nlohmann::json RcCoSim::to_json() const {
  nlohmann::json j = {{"mode", options_.mode == RcMode::kRtl ? "rtl" : "lockstep"},
                      {"decisions", decisions_},
                      {"mismatches", mismatches_}};
  if (bands_) j["band_selects"] = band_selects_;
  if (!vn_units_.empty()) j["vn_selects"] = vn_selects_;
  if (!state_blocks_.empty()) {
    j["state_block"] = state_blocks_.front()->name();
    j["state_block_reads"] = state_reads_;
  }
  if (!mismatch_.is_null()) j["mismatch"] = mismatch_;
  return j;
}

}  // namespace hiradix
