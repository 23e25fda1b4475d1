#include "router/rtl/rc_interface.h"

#include <algorithm>
#include <stdexcept>

#include "router/common/lfsr.h"
#include "router/routing/acor_routing.h"
#include "router/routing/in_transit_routing.h"
#include "router/routing/routing_registry.h"
#include "router/routing/valiant_routing.h"

namespace hiradix {

static_assert(std::tuple_size<decltype(RcInputs::group_load)>::value == rtl::MAX_GLINKS, "rc_fields.h follows hiradix_fields.vh");
static_assert(kStateVcs == rtl::READY_W, "the routing unit sees the state of VCs 0..READY_W-1");
static_assert(rtl::MAX_PORTS * rtl::READY_W == std::tuple_size<decltype(RcInputs::occupancy)>::value);

namespace {
constexpr std::uint32_t mask(int bits) { return (1u << bits) - 1; }

void check_fits(const char* what, long long value, int bits) {
  if (value < 0 || value > static_cast<long long>(mask(bits)))
    throw std::invalid_argument(std::string(what) + " = " + std::to_string(value) + " does not fit the RTL's " +
                                std::to_string(bits) + "-bit field (rtl/hiradix_fields.vh)");
}

// A UGAL threshold (a key in flits) in phits, as the RTL's signed THRESH_W-bit field takes it.
std::int16_t threshold_field(const RoutingOptions& options, const char* key) {
  const long long t = options.threshold_phits(key);
  if (t < -(1 << (rtl::THRESH_W - 1)) || t >= (1 << (rtl::THRESH_W - 1)))
    throw std::invalid_argument(std::string(key) + " (" + std::to_string(t) + " phits: " + std::to_string(options.integer(key)) +
                                " flits of " + std::to_string(options.flit_phits) + " phits) does not fit the RTL's signed " +
                                std::to_string(rtl::THRESH_W) + "-bit field");
  return static_cast<std::int16_t>(t);
}

}  // namespace

RcConfig rc_config(const RoutingOptions& given, const Topology& network) {
  // The RTL routing unit's geometry is the canonical Dragonfly's (rtl/topology/hiradix_dragonfly_geometry.v).
  const Dragonfly& topo = topology_as<Dragonfly>(network, "the RTL routing unit");
  RoutingOptions options = given;
  resolve_routing_options(options, topo);
  RcConfig c;
  const int code = routing_entry(options.algorithm).rtl_code;
  check_fits("the RTL code of routing.algorithm", code, rtl::ALG_W);
  c.algorithm = static_cast<std::uint8_t>(code);
  c.phase_a = static_cast<std::uint8_t>(parse_phase_a(options.text("routing.phase_a")));  // PhaseA follows rtl::PHASE_A_*
  c.hop_count_vcs = options.text("routing.vc_scheme") == "hop_count";
  c.vc_load = options.text("routing.ugal_load") == "vc";
  c.ugal_threshold = threshold_field(options, "routing.ugal_threshold");
  // One field per role: Hybrid's contention th is the counter threshold, OLM's or Hybrid's percent the
  // relative candidate threshold.
  const bool hybrid = c.algorithm == rtl::ALG_HYBRID;
  const char* th_key = hybrid ? "routing.hybrid_contention_threshold" : "routing.contention_threshold";
  const long long th = options.integer(th_key);
  check_fits(th_key, th, rtl::COUNT_W);
  c.contention_threshold = static_cast<std::uint8_t>(th);
  if (c.algorithm == rtl::ALG_OLM || hybrid) {
    const char* pct_key = hybrid ? "routing.hybrid_threshold" : "routing.olm_threshold";
    const long long pct = options.integer(pct_key);
    check_fits(pct_key, pct, rtl::OCC_W);
    const long long min_occupancy = options.integer("routing.olm_min_occupancy");
    check_fits("routing.olm_min_occupancy", min_occupancy, rtl::OCC_W);
    c.occupancy_threshold = static_cast<std::uint8_t>(pct);
    c.min_occupancy = static_cast<std::uint8_t>(min_occupancy);
  }
  const long long ectn_th = options.integer("routing.ectn_threshold");
  check_fits("routing.ectn_threshold", ectn_th, rtl::COMB_W);
  c.ectn_threshold = static_cast<std::uint8_t>(ectn_th);
  check_fits("topology.p", topo.p(), rtl::GEOM_W);
  check_fits("topology.a", topo.a(), rtl::GEOM_W);
  check_fits("topology.h", topo.h(), rtl::GEOM_W);
  check_fits("routers", topo.routers() - 1, rtl::ROUTER_W);
  check_fits("terminals", topo.terminals() - 1, rtl::NODE_W);
  check_fits("router radix", topo.radix() - 1, rtl::PORT_W);
  c.p = static_cast<std::uint8_t>(topo.p());
  c.a = static_cast<std::uint8_t>(topo.a());
  c.h = static_cast<std::uint8_t>(topo.h());
  c.palmtree = topo.arrangement() == Arrangement::kPalmtree;
  c.acor_sequence = static_cast<std::uint8_t>(parse_acor_sequence(options.text("routing.acor_sequence")));  // follows rtl::ACOR_SEQ_*
  c.tpr_low = static_cast<std::uint8_t>(options.integer("routing.tpr_low"));  // key ranges fit TPR_W and THRESH_W
  c.tpr_high = static_cast<std::uint8_t>(options.integer("routing.tpr_high"));
  c.tpr_t_benign = threshold_field(options, "routing.tpr_t_benign");
  c.tpr_t_mix = threshold_field(options, "routing.tpr_t_mix");
  c.tpr_t_adv = threshold_field(options, "routing.tpr_t_adv");
  c.lian_sgc = static_cast<std::uint8_t>(options.integer("routing.lian_sgc"));  // key ranges fit PORT_W and TPR_W
  c.lian_ilc = static_cast<std::uint8_t>(options.integer("routing.lian_ilc"));
  c.ugal_group = options.algorithm == "ugal" && parse_ugal_info(options.text("routing.ugal_info")) == UgalInfo::kGroup;
  if (c.ugal_group && topo.a() * topo.h() > rtl::MAX_GLINKS)
    throw std::invalid_argument("routing.ugal_info group: the group's a * h = " + std::to_string(topo.a() * topo.h()) +
                                " global links exceed the RTL's " + std::to_string(rtl::MAX_GLINKS) +
                                " group_load entries (rtl/hiradix_fields.vh MAX_GLINKS)");
  return c;
}

// The RTL's header is the Dragonfly's: local and global hop counters, "a global hop in this phase", and
// MM+L's two flags (rtl/hiradix_fields.vh).
namespace {
constexpr int kLocal = static_cast<int>(PortClass::kLocal), kGlobal = static_cast<int>(PortClass::kGlobal);
}  // namespace

std::uint32_t pack_route_state(const RouteState& rs) {
  return (rs.intermediate & mask(rtl::ROUTER_W)) << rtl::RS_INTER_LSB |
         std::uint32_t{rs.phase & 1u} << rtl::RS_PHASE_BIT | std::uint32_t{rs.path_bits & 7u} << rtl::RS_PATH_LSB |
         (rs.hops[kLocal] & mask(rtl::HOPS_W)) << rtl::RS_LHOPS_LSB |
         (rs.hops[kGlobal] & mask(rtl::HOPS_W)) << rtl::RS_GHOPS_LSB |
         std::uint32_t{rs.phase_classes >> kGlobal & 1u} << rtl::RS_PGLOBAL_BIT |
         std::uint32_t{(rs.flags & InTransitRouting::kLocalMisrouted) != 0} << rtl::RS_LMIS_BIT |
         std::uint32_t{(rs.flags & InTransitRouting::kMandatoryGlobal) != 0} << rtl::RS_MANDG_BIT;
}

RouteState unpack_route_state(std::uint32_t v) {
  RouteState rs;
  rs.intermediate = v >> rtl::RS_INTER_LSB & mask(rtl::ROUTER_W);
  rs.phase = static_cast<std::uint8_t>(v >> rtl::RS_PHASE_BIT & 1);
  rs.path_bits = static_cast<std::uint8_t>(v >> rtl::RS_PATH_LSB & 7);
  rs.hops[kLocal] = static_cast<std::uint8_t>(v >> rtl::RS_LHOPS_LSB & mask(rtl::HOPS_W));
  rs.hops[kGlobal] = static_cast<std::uint8_t>(v >> rtl::RS_GHOPS_LSB & mask(rtl::HOPS_W));
  // The RTL carries only the global bit of phase_classes, the one the routings read (phase_took_global).
  rs.phase_classes = static_cast<std::uint8_t>((v >> rtl::RS_PGLOBAL_BIT & 1) << kGlobal);
  rs.flags = static_cast<std::uint8_t>((v >> rtl::RS_LMIS_BIT & 1 ? InTransitRouting::kLocalMisrouted : 0) |
                                       (v >> rtl::RS_MANDG_BIT & 1 ? InTransitRouting::kMandatoryGlobal : 0));
  return rs;
}

RcInputs pack_inputs(const RcConfig& cfg, const RoutingContext& ctx, const Packet& before, std::uint64_t lfsr, int ports) {
  RcInputs in;
  in.cfg = cfg;
  in.router = static_cast<std::uint16_t>(ctx.router);
  in.in_port = static_cast<std::uint8_t>(ctx.in_port);
  in.in_vc = static_cast<std::uint8_t>(ctx.in_vc);
  const std::uint16_t* port_load = ctx.port_load;
  in.dst = before.dst;
  in.route = pack_route_state(before.route);
  in.lfsr = lfsr;
  if (port_load) {
    for (int p = 0; p < ports; ++p) in.port_load[static_cast<std::size_t>(p)] = port_load[p];
    in.has_port_load = true;
  }
  if (ctx.port_ready) {
    constexpr std::int32_t kMaxCount = (1 << rtl::COUNT_W) - 1;  // the RTL's field saturates
    for (int p = 0; p < ports; ++p) {
      in.contention[static_cast<std::size_t>(p)] = static_cast<std::uint8_t>(std::min(ctx.contention[p], kMaxCount));
      in.port_ready[static_cast<std::size_t>(p)] = static_cast<std::uint8_t>(ctx.port_ready[p] & ((1u << rtl::READY_W) - 1));
    }
    in.has_port_state = true;
  }
  in.ectn_dest = static_cast<std::uint8_t>(ctx.ectn_dest);
  if (ctx.ectn_comb) {
    for (int p = 0; p < ports; ++p) in.ectn_comb[static_cast<std::size_t>(p)] = ctx.ectn_comb[p];
    in.has_comb = true;
  }
  in.pb_flag = ctx.pb_flag;
  if (ctx.group_load) {
    for (int l = 0; l < cfg.a * cfg.h; ++l) in.group_load[static_cast<std::size_t>(l)] = ctx.group_load[l];
    in.has_group_load = true;
  }
  in.acor_level = static_cast<std::uint8_t>(ctx.acor_level & 3);
  in.tpr_count = static_cast<std::uint8_t>(ctx.tpr_count & mask(rtl::TPR_W));
  in.lian_saturated = static_cast<std::uint8_t>(ctx.lian_saturated & mask(rtl::PORT_W));
  in.lian_il = static_cast<std::uint8_t>(ctx.lian_il & mask(rtl::TPR_W));
  if (ctx.occupancy) {
    for (int i = 0; i < ports * rtl::READY_W; ++i)
      in.occupancy[static_cast<std::size_t>(i)] = static_cast<std::uint8_t>(ctx.occupancy[i] & mask(rtl::OCC_W));
    in.has_occupancy = true;
  }
  if (ctx.vc_load) {
    for (int i = 0; i < ports * rtl::READY_W; ++i) in.vc_load[static_cast<std::size_t>(i)] = ctx.vc_load[i];
    in.has_vc_load = true;
  }
  return in;
}

RcOutputs pack_outputs(const RoutingDecision& d, const RouteState& after, std::uint64_t lfsr) {
  RcOutputs out;
  out.out_port = static_cast<std::uint8_t>(d.out_port & mask(rtl::PORT_W));
  out.out_vc = static_cast<std::uint8_t>(d.out_vc & mask(rtl::VC_W));
  out.min_port = static_cast<std::uint8_t>(d.min_port & mask(rtl::PORT_W));
  out.misroute = d.misroute;
  out.no_slot = d.no_slot;
  out.route = pack_route_state(after);
  out.lfsr = lfsr;
  return out;
}

RoutingDecision unpack_decision(const RcOutputs& out) {
  RoutingDecision d;
  d.out_port = out.out_port;
  d.out_vc = out.out_vc;
  d.min_port = out.min_port;
  d.misroute = out.misroute;
  d.no_slot = out.no_slot;
  return d;
}

RcOutputs reference_decision(const RoutingAlgorithm& algorithm, const RcInputs& in) {
  Packet pkt;
  pkt.dst = in.dst;
  pkt.route = unpack_route_state(in.route);
  RoutingContext ctx;
  ctx.router = in.router;
  ctx.in_port = in.in_port;
  ctx.random = lfsr_advance(in.lfsr);
  ctx.port_load = in.port_load.data();
  ctx.in_vc = in.in_vc;
  std::int32_t contention[64];
  std::uint32_t ready[64];
  for (std::size_t p = 0; p < 64; ++p) {
    contention[p] = in.contention[p];
    ready[p] = in.port_ready[p];
  }
  ctx.contention = contention;
  ctx.port_ready = ready;
  ctx.ectn_dest = in.ectn_dest;
  ctx.ectn_comb = in.ectn_comb.data();
  ctx.pb_flag = in.pb_flag;
  ctx.group_load = in.group_load.data();
  ctx.occupancy = in.occupancy.data();
  ctx.acor_level = in.acor_level;
  ctx.tpr_count = in.tpr_count;
  ctx.lian_saturated = in.lian_saturated;
  ctx.lian_il = in.lian_il;
  ctx.vc_load = in.vc_load.data();
  const RoutingDecision d = algorithm.route(ctx, pkt);
  return pack_outputs(d, pkt.route, ctx.random);
}

RoutingOptions routing_options(const RcConfig& cfg) {
  RoutingOptions o;
  for (const RoutingEntry& e : routing_registry())
    if (e.rtl_code == cfg.algorithm) o.algorithm = e.name;
  // One RTL field per role: the counter threshold is Hybrid's contention threshold too, the percent
  // threshold OLM's or Hybrid's.
  o.set("routing.ugal_threshold", cfg.ugal_threshold);
  o.set("routing.contention_threshold", cfg.contention_threshold);
  o.set("routing.hybrid_contention_threshold", cfg.contention_threshold);
  o.set("routing.ectn_threshold", cfg.ectn_threshold);
  o.set("routing.ugal_info", cfg.ugal_group ? "group" : "local");
  o.set("routing.olm_threshold", cfg.occupancy_threshold);
  o.set("routing.hybrid_threshold", cfg.occupancy_threshold);
  o.set("routing.olm_min_occupancy", cfg.min_occupancy);
  o.set("routing.phase_a", to_string(static_cast<PhaseA>(cfg.phase_a & 3)));
  o.set("routing.vc_scheme", cfg.hop_count_vcs ? "hop_count" : "slot");
  static const char* const kSequences[] = {"2l-a", "2l-b", "3l", "3l"};
  o.set("routing.acor_sequence", kSequences[cfg.acor_sequence & 3]);
  o.set("routing.tpr_low", cfg.tpr_low);
  o.set("routing.tpr_high", cfg.tpr_high);
  o.set("routing.tpr_t_benign", cfg.tpr_t_benign);
  o.set("routing.tpr_t_mix", cfg.tpr_t_mix);
  o.set("routing.tpr_t_adv", cfg.tpr_t_adv);
  o.set("routing.lian_sgc", cfg.lian_sgc);
  o.set("routing.lian_ilc", cfg.lian_ilc);
  o.set("routing.ugal_load", cfg.vc_load ? "vc" : "port");
  return o;
}

RcOutputs reference_decision(const RcInputs& in) {
  const Dragonfly topo(in.cfg.p, in.cfg.a, in.cfg.h, in.cfg.palmtree ? Arrangement::kPalmtree : Arrangement::kConsecutive);
  const RoutingOptions o = routing_options(in.cfg);  // exact values: no default is resolved again
  return reference_decision(*routing_entry(o.algorithm).make(o, topo), in);
}

nlohmann::json to_json(const RcInputs& in) {
  return {{"algorithm", in.cfg.algorithm}, {"phase_a", in.cfg.phase_a}, {"hop_count_vcs", in.cfg.hop_count_vcs},
          {"p", in.cfg.p}, {"a", in.cfg.a}, {"h", in.cfg.h}, {"palmtree", in.cfg.palmtree},
          {"ugal_threshold", in.cfg.ugal_threshold}, {"port_load", in.port_load},
          {"contention_threshold", in.cfg.contention_threshold}, {"in_vc", in.in_vc},
          {"contention", in.contention}, {"port_ready", in.port_ready},
          {"ectn_threshold", in.cfg.ectn_threshold}, {"ectn_dest", in.ectn_dest}, {"ectn_comb", in.ectn_comb},
          {"pb_flag", in.pb_flag},
          {"ugal_group", in.cfg.ugal_group}, {"group_load", in.group_load},
          {"occupancy_threshold", in.cfg.occupancy_threshold}, {"min_occupancy", in.cfg.min_occupancy},
          {"occupancy", in.occupancy}, {"acor_sequence", in.cfg.acor_sequence}, {"acor_level", in.acor_level},
          {"tpr_low", in.cfg.tpr_low}, {"tpr_high", in.cfg.tpr_high}, {"tpr_t_benign", in.cfg.tpr_t_benign},
          {"tpr_t_mix", in.cfg.tpr_t_mix}, {"tpr_t_adv", in.cfg.tpr_t_adv}, {"tpr_count", in.tpr_count},
          {"lian_sgc", in.cfg.lian_sgc}, {"lian_ilc", in.cfg.lian_ilc}, {"lian_saturated", in.lian_saturated},
          {"lian_il", in.lian_il}, {"vc_load_on", in.cfg.vc_load}, {"vc_load", in.vc_load},
          {"router", in.router}, {"in_port", in.in_port}, {"dst", in.dst}, {"route", in.route},
          {"route_fields", {{"intermediate", unpack_route_state(in.route).intermediate},
                            {"phase", unpack_route_state(in.route).phase}}},
          {"lfsr", in.lfsr}};
}

nlohmann::json to_json(const RcOutputs& out) {
  const RouteState rs = unpack_route_state(out.route);
  return {{"out_port", out.out_port}, {"out_vc", out.out_vc}, {"min_port", out.min_port},
          {"misroute", out.misroute}, {"no_slot", out.no_slot}, {"route", out.route},
          {"route_fields", {{"intermediate", rs.intermediate}, {"phase", rs.phase}, {"path_bits", rs.path_bits},
                            {"local_hops", rs.hops[kLocal]}, {"global_hops", rs.hops[kGlobal]},
                            {"phase_global", rs.phase_classes >> kGlobal & 1}}},
          {"lfsr", out.lfsr}};
}

RcInputs inputs_from_json(const nlohmann::json& j) {
  RcInputs in;
  in.cfg.algorithm = j.at("algorithm").get<std::uint8_t>();
  in.cfg.phase_a = j.at("phase_a").get<std::uint8_t>();
  in.cfg.hop_count_vcs = j.at("hop_count_vcs").get<bool>();
  in.cfg.p = j.at("p").get<std::uint8_t>();
  in.cfg.a = j.at("a").get<std::uint8_t>();
  in.cfg.h = j.at("h").get<std::uint8_t>();
  in.cfg.palmtree = j.at("palmtree").get<bool>();
  in.cfg.ugal_threshold = j.at("ugal_threshold").get<std::int16_t>();
  in.port_load = j.at("port_load").get<std::array<std::uint16_t, 64>>();
  in.has_port_load = true;
  in.cfg.contention_threshold = j.at("contention_threshold").get<std::uint8_t>();
  in.in_vc = j.at("in_vc").get<std::uint8_t>();
  in.contention = j.at("contention").get<std::array<std::uint8_t, 64>>();
  in.port_ready = j.at("port_ready").get<std::array<std::uint8_t, 64>>();
  in.has_port_state = true;
  in.cfg.ectn_threshold = j.value("ectn_threshold", std::uint8_t{0});
  in.ectn_dest = j.value("ectn_dest", std::uint8_t{0});
  in.ectn_comb = j.value("ectn_comb", std::array<std::uint8_t, 64>{});
  in.has_comb = true;
  in.pb_flag = j.value("pb_flag", false);
  // Records from before UGAL-G have neither field: UGAL-L, no group loads.
  in.cfg.ugal_group = j.value("ugal_group", false);
  if (j.contains("group_load")) {
    in.group_load = j.at("group_load").get<std::array<std::uint16_t, 256>>();
    in.has_group_load = true;
  }
  // Records from before OLM / Hybrid have no occupancy: zero, as those routings were not there to read it.
  in.cfg.occupancy_threshold = j.value("occupancy_threshold", std::uint8_t{0});
  in.cfg.min_occupancy = j.value("min_occupancy", std::uint8_t{0});
  if (j.contains("occupancy")) in.occupancy = j.at("occupancy").get<decltype(in.occupancy)>();
  in.has_occupancy = true;
  // Records from before ACOR: its fields at 0 (no routing then read them).
  in.cfg.acor_sequence = j.value("acor_sequence", std::uint8_t{0});
  in.acor_level = j.value("acor_level", std::uint8_t{0});
  // Records from before TPR: its fields at 0.
  in.cfg.tpr_low = j.value("tpr_low", std::uint8_t{0});
  in.cfg.tpr_high = j.value("tpr_high", std::uint8_t{0});
  in.cfg.tpr_t_benign = j.value("tpr_t_benign", std::int16_t{0});
  in.cfg.tpr_t_mix = j.value("tpr_t_mix", std::int16_t{0});
  in.cfg.tpr_t_adv = j.value("tpr_t_adv", std::int16_t{0});
  in.tpr_count = j.value("tpr_count", std::uint8_t{0});
  // Records from before LIAN: its fields at 0.
  in.cfg.lian_sgc = j.value("lian_sgc", std::uint8_t{0});
  in.cfg.lian_ilc = j.value("lian_ilc", std::uint8_t{0});
  in.lian_saturated = j.value("lian_saturated", std::uint8_t{0});
  in.lian_il = j.value("lian_il", std::uint8_t{0});
  // Records from before the per-VC reading: UGAL's Q per port.
  in.cfg.vc_load = j.value("vc_load_on", false);
  if (j.contains("vc_load")) in.vc_load = j.at("vc_load").get<decltype(in.vc_load)>();
  in.has_vc_load = true;
  in.router = j.at("router").get<std::uint16_t>();
  in.in_port = j.at("in_port").get<std::uint8_t>();
  in.dst = j.at("dst").get<std::uint32_t>();
  in.route = j.at("route").get<std::uint32_t>();
  in.lfsr = j.at("lfsr").get<std::uint64_t>();
  return in;
}

RcOutputs outputs_from_json(const nlohmann::json& j) {
  RcOutputs out;
  out.out_port = j.at("out_port").get<std::uint8_t>();
  out.out_vc = j.at("out_vc").get<std::uint8_t>();
  out.min_port = j.at("min_port").get<std::uint8_t>();
  out.misroute = j.at("misroute").get<bool>();
  out.no_slot = j.at("no_slot").get<bool>();
  out.route = j.at("route").get<std::uint32_t>();
  out.lfsr = j.at("lfsr").get<std::uint64_t>();
  return out;
}

}  // namespace hiradix
