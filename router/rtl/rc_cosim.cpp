#include "router/rtl/rc_cosim.h"

#include <stdexcept>
#include <utility>

#include <systemc>

#include "router/common/lfsr.h"
#include "router/rtl/rtl_bus.h"
#include "tlm/ranks.h"
#include "tlm/wire_bytes.h"

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
  set_threads(1);
  if (!options_.trace_path.empty()) {
    lanes_.front()->rtl.open_trace(options_.trace_path);
    tracing_ = true;
  }
}

RcCoSim::~RcCoSim() { finish(); }

void RcCoSim::set_threads(int threads) {
  lanes_.resize(static_cast<std::size_t>(threads));
  for (std::unique_ptr<Lane>& l : lanes_)
    if (!l) {
      l = std::make_unique<Lane>();
      if (band_map_) l->bands = std::make_unique<RtlBandSelect>(*band_map_);
    }
}

void RcCoSim::end_window() {
  bool stop = false;
  for (std::unique_ptr<Lane>& l : lanes_) stop |= std::exchange(l->stop, false);
  if (ranks().size() > 1) {  // MPI ranks: every rank stops at the window's end where any found a mismatch
    std::int64_t any = stop;
    ranks().max(&any, 1);
    stop = any != 0;
    stopped_everywhere_ |= stop;
  }
  if (stop) sc_core::sc_stop();
}

// Read between windows, when end_window has told every rank of a mismatch found by any.
bool RcCoSim::stopped() const { return stopped_everywhere_ || mismatches() > 0; }

bool RcCoSim::deferred() const { return lanes_.size() > 1 || ranks().size() > 1; }

std::uint64_t RcCoSim::sum(std::uint64_t Lane::*counter) const {
  std::uint64_t n = 0;
  for (const std::unique_ptr<Lane>& l : lanes_) n += (*l).*counter;
  return n;
}

void RcCoSim::mismatched(Lane& l, Cycle now, int router, nlohmann::json record) {
  if (++l.mismatches == 1 || std::make_pair(now, router) < std::make_pair(l.mismatch_cycle, l.mismatch_router)) {
    // The decision's number in the run's order exists only on one thread of one process.
    if (!deferred()) record["decision"] = l.decisions;
    l.mismatch = std::move(record);
    l.mismatch_cycle = now;
    l.mismatch_router = router;
  }
  if (deferred())
    l.stop = true;
  else
    sc_core::sc_stop();
}

const RcCoSim::Lane* RcCoSim::earliest_lane() const {
  const Lane* first = nullptr;
  for (const std::unique_ptr<Lane>& l : lanes_)
    if (l->mismatches > 0 && (!first || std::make_pair(l->mismatch_cycle, l->mismatch_router) <
                                            std::make_pair(first->mismatch_cycle, first->mismatch_router)))
      first = l.get();
  return first;
}

nlohmann::json RcCoSim::mismatch() const {
  const Lane* first = earliest_lane();
  return first ? first->mismatch : nlohmann::json();
}

RoutingDecision RcCoSim::decide(Cycle now, const RoutingContext& ctx, Packet& pkt, std::uint64_t& lfsr) {
  Lane& l = lane();
  RcInputs& in = l.inputs;
  pack_inputs(in, config_, ctx, pkt, lfsr, ports_);
  // A node with several NICs (topology.nics): the header names the NIC the packet is delivered at, by its
  // terminal address (rc_fields.h, RcInputs::dst), as a multi-rail network addresses a NIC.
  if (network_.nics_per_node() > 1) {
    const PortEnd nic = network_.nic_port(static_cast<int>(pkt.dst), pkt.dst_nic);
    in.dst = static_cast<std::uint32_t>(nic.router * config_.p + nic.port);
  }
  ++l.decisions;
  if (!state_blocks_.empty() && ctx.in_port < config_.p) read_state_block(l, now, ctx, pkt, in);
  const RcOutputs rtl = l.rtl.evaluate(in);
  if (tracing_ && now >= options_.trace_from && now <= options_.trace_to) {
    // Decisions of one cycle are spread over its first nanosecond's picoseconds, so each one shows.
    trace_slot_ = now == trace_cycle_ ? trace_slot_ + 1 : 0;
    trace_cycle_ = now;
    l.rtl.dump(now * 1000 + std::min<std::uint64_t>(trace_slot_, 999));
  }

  if (options_.mode == RcMode::kLockstep) {
    RoutingContext c = ctx;
    c.random = lfsr_advance(lfsr);
    const RouteState before = pkt.route;
    const RoutingDecision d = model_.route(c, pkt);
    RcOutputs model = pack_outputs(d, pkt.route, c.random);
    pkt.route = before;
    if (l.decisions == options_.inject_mismatch_at) model.out_vc ^= 1;
    if (model != rtl)
      mismatched(l, now, ctx.router,
                 {{"cycle", now}, {"router", ctx.router}, {"inputs", hiradix::to_json(in)},
                  {"model", hiradix::to_json(model)}, {"rtl", hiradix::to_json(rtl)}});
  }

  const bool misrouted = pkt.route.misrouted;
  pkt.route = unpack_route_state(rtl.route);
  pkt.route.misrouted = misrouted;
  lfsr = rtl.lfsr;
  return unpack_decision(rtl);
}

void RcCoSim::attach_bands(const BandMap& bands) {
  band_map_ = std::make_unique<BandMap>(bands);
  for (std::unique_ptr<Lane>& l : lanes_) l->bands = std::make_unique<RtlBandSelect>(bands);
}

int RcCoSim::band(Cycle now, int router, std::uint32_t dst, int vn, int model_band) {
  Lane& l = lane();
  ++l.band_selects;
  const int rtl = l.bands->band(dst, vn);
  if (options_.mode == RcMode::kLockstep && rtl != model_band)
    mismatched(l, now, router,
               {{"cycle", now}, {"router", router}, {"block", "band_select"}, {"inputs", {{"dst", dst}, {"vn", vn}}},
                {"model", model_band}, {"rtl", rtl}});
  return rtl;
}

void RcCoSim::attach_vn_selects(int units, int vns, bool tie_first) {
  links_per_node_ = network_.nics_per_node();
  vn_units_.clear();
  for (int u = 0; u < units; ++u) vn_units_.push_back(std::make_unique<RtlVnSelect>(vns, tie_first));
}

int RcCoSim::vn_select(Cycle now, int unit, const std::uint32_t* load, int model_vn) {
  Lane& l = lane();
  ++l.vn_selects;
  RtlVnSelect& select = *vn_units_[static_cast<std::size_t>(unit)];
  const int rtl = select.least_loaded(load);
  if (options_.mode == RcMode::kLockstep && rtl != model_vn) {
    const int node = unit / links_per_node_, nic = unit % links_per_node_;
    mismatched(l, now, network_.nic_port(node, nic).router,  // ordered as its router's events
               {{"cycle", now}, {"node", node}, {"nic", nic}, {"block", "vn_select"},
                {"inputs", {{"load", std::vector<std::uint32_t>(load, load + select.vns())}}},
                {"model", model_vn}, {"rtl", rtl}});
  }
  return rtl;
}

void RcCoSim::read_state_block(Lane& l, Cycle now, const RoutingContext& ctx, const Packet& pkt, RcInputs& in) {
  RtlStateBlock& block = *state_blocks_[static_cast<std::size_t>(ctx.router)];
  std::uint32_t values[8];
  // The destination's group (Topology::domain_of: a Dragonfly's group, a Flattened Butterfly's row).
  block.read(now, network_.domain_of(network_.nic_port(static_cast<int>(pkt.dst), 0).router), values);
  ++l.state_reads;
  bool agree = true;
  for (std::size_t i = 0; i < fed_entries_.size(); ++i) agree &= in.values[static_cast<std::size_t>(fed_entries_[i])] == values[i];
  if (!agree && options_.mode == RcMode::kLockstep) {
    nlohmann::json model, rtl;
    for (std::size_t i = 0; i < fed_entries_.size(); ++i) {
      model[block.feeds()[i]] = in.values[static_cast<std::size_t>(fed_entries_[i])];
      rtl[block.feeds()[i]] = values[i];
    }
    mismatched(l, now, ctx.router,
               {{"cycle", now}, {"router", ctx.router}, {"state_block", block.name()}, {"model", model}, {"rtl", rtl}});
    return;  // this decision goes on with the C++ state's values
  }
  for (std::size_t i = 0; i < fed_entries_.size(); ++i) in.values[static_cast<std::size_t>(fed_entries_[i])] = values[i];
}

nlohmann::json RcCoSim::to_json() const {
  // MPI ranks: each counted the decisions of its own routers and NICs (a collective: every rank calls it).
  std::uint64_t counts[] = {decisions(), mismatches(), sum(&Lane::band_selects), sum(&Lane::vn_selects), sum(&Lane::state_reads)};
  ranks().sum(counts, 5);
  nlohmann::json j = {{"mode", options_.mode == RcMode::kRtl ? "rtl" : "lockstep"},
                      {"decisions", counts[0]},
                      {"mismatches", counts[1]}};
  if (band_map_) j["band_selects"] = counts[2];
  if (!vn_units_.empty()) j["vn_selects"] = counts[3];
  if (!state_blocks_.empty()) {
    j["state_block"] = state_blocks_.front()->name();
    j["state_block_reads"] = counts[4];
  }
  if (ranks().size() > 1) {
    if (nlohmann::json first = earliest_mismatch_of_all_ranks(); !first.is_null()) j["mismatch"] = std::move(first);
  } else if (mismatches() > 0) {
    j["mismatch"] = mismatch();
  }
  return j;
}

nlohmann::json RcCoSim::earliest_mismatch_of_all_ranks() const {
  // Each rank's earliest as (cycle, router, record); the earliest of them by (cycle, router).
  std::vector<char> mine;
  if (const Lane* first = earliest_lane()) {
    const std::string text = first->mismatch.dump();
    wire::put(mine, std::uint64_t{first->mismatch_cycle});
    wire::put(mine, std::int64_t{first->mismatch_router});
    wire::put_bytes(mine, text.data(), text.size());
  }
  nlohmann::json earliest;
  std::pair<std::uint64_t, std::int64_t> at{~std::uint64_t{0}, 0};
  for (const std::vector<char>& theirs : ranks().gather_all(mine)) {
    if (theirs.empty()) continue;  // that rank found none
    std::size_t read = 0;
    std::pair<std::uint64_t, std::int64_t> when;
    when.first = wire::take<std::uint64_t>(theirs, read);
    when.second = wire::take<std::int64_t>(theirs, read);
    if (earliest.is_null() || when < at) {
      at = when;
      earliest = nlohmann::json::parse(theirs.begin() + static_cast<std::ptrdiff_t>(read), theirs.end());
    }
  }
  return earliest;
}

}  // namespace hiradix
