#include "router/rtl/rc_cosim.h"

#include <stdexcept>

#include <systemc>

#include "router/common/lfsr.h"

namespace hiradix {

RcMode parse_rc_mode(const std::string& name) {
  if (name == "model") return RcMode::kModel;
  if (name == "rtl") return RcMode::kRtl;
  if (name == "lockstep") return RcMode::kLockstep;
  throw std::invalid_argument("router.rc_mode: unknown mode '" + name + "'");
}

RcCoSim::RcCoSim(const RcCoSimOptions& options, const RoutingAlgorithm& model, const RcConfig& config)
    : options_(options), model_(model), config_(config), ports_(config.p + config.a - 1 + config.h) {
  if (!options_.trace_path.empty()) {
    rtl_.open_trace(options_.trace_path);
    tracing_ = true;
  }
}

RcCoSim::~RcCoSim() { rtl_.close_trace(); }

RoutingDecision RcCoSim::decide(Cycle now, const RoutingContext& ctx, Packet& pkt, std::uint64_t& lfsr) {
  RcInputs& in = inputs_;
  pack_inputs(in, config_, ctx, pkt, lfsr, ports_);
  const RcOutputs rtl = rtl_.evaluate(in);
  ++decisions_;
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

nlohmann::json RcCoSim::to_json() const {
  nlohmann::json j = {{"mode", options_.mode == RcMode::kRtl ? "rtl" : "lockstep"},
                      {"decisions", decisions_},
                      {"mismatches", mismatches_}};
  if (!mismatch_.is_null()) j["mismatch"] = mismatch_;
  return j;
}

}  // namespace hiradix
