#include "router/rtl/rc_interface.h"

#include <algorithm>
#include <memory>
#include <stdexcept>

#include "router/common/lfsr.h"
#include "router/routing/routing_registry.h"
#include "router/rtl/rtl_bus.h"
#include "router/rtl/unit_geometry.h"
#include "rtl_declarations.h"

namespace hiradix {

static_assert(kStateVcs == rtl::READY_W, "the routing unit sees the state of VCs 0..READY_W-1");

using rtl_decl::Entries;
using rtl_decl::Field;
using rtl_decl::FromKey;
using rtl_decl::Slot;

namespace {
constexpr std::uint32_t mask(int bits) { return (1u << bits) - 1; }

const char* json_name(const Field& f) { return *f.json ? f.json : f.name; }

// The choices of a kChoice field, in code order.
std::vector<std::string> choices_of(const Field& f) {
  std::vector<std::string> out(1);
  for (const char* c = f.choices; *c; ++c)
    if (*c == '|') out.emplace_back();
    else out.back() += *c;
  return out;
}

// The key that feeds field `f` for routing `algorithm` (its own, or a kSource declaration's).
std::string key_feeding(const Field& f, const std::string& algorithm) {
  for (const Field* s : rtl_bus().sources)
    if (std::string(s->name) == f.name && algorithm == s->algorithm) return s->key;
  return f.key;
}

// A configuration field's value from its key, checked against its width.
std::int64_t config_value(const Field& f, const RoutingOptions& options) {
  const std::string key = key_feeding(f, options.algorithm);
  switch (f.from) {
    case FromKey::kPhits: {
      const long long t = options.threshold_phits(key);
      if (t < -(1LL << (f.width - 1)) || t >= (1LL << (f.width - 1)))
        throw std::invalid_argument(key + " (" + std::to_string(t) + " phits: " + std::to_string(options.integer(key)) +
                                    " flits of " + std::to_string(options.flit_phits) + " phits) does not fit the RTL's signed " +
                                    std::to_string(f.width) + "-bit field");
      return t;
    }
    case FromKey::kChoice: {
      const std::vector<std::string> choices = choices_of(f);
      const auto it = std::find(choices.begin(), choices.end(), options.text(key));
      if (it == choices.end()) throw std::invalid_argument(key + " = " + options.text(key) + " has no RTL code");
      return it - choices.begin();
    }
    case FromKey::kInteger:
      break;
  }
  const long long v = options.integer(key);
  check_fits(key, v, f.width);
  return v;
}


// Whether the submodule of RTL code `code` reads `network`'s geometry (Submodule::topologies).
bool serves(int code, const Topology& network) {
  for (const rtl_decl::Submodule& m : rtl_decl::kAllSubmodules)
    for (int i = 0; i < m.count; ++i)
      if (m.routings[i].code == code) return lists_topology(m.topologies, network.name());
  return false;
}

// The code of routing `algorithm` on `network`: its registry entry's, unless that code's submodule does not
// read this network's geometry and another code declared for the routing's name does (RoutingCode::algorithm:
// `min` off the Dragonfly is `generic_min`).
int code_on(const std::string& algorithm, int registered, const Topology& network) {
  if (registered < 0 || serves(registered, network)) return registered;
  for (const rtl_decl::Submodule& m : rtl_decl::kAllSubmodules)
    for (int i = 0; i < m.count; ++i)
      if (algorithm == m.routings[i].routing() && lists_topology(m.topologies, network.name())) return m.routings[i].code;
  return registered;
}

}  // namespace

RcConfig rc_config(const RoutingOptions& given, const Topology& network) {
  RoutingOptions options = given;
  resolve_routing_options(options, network);
  RcConfig c;
  const int code = code_on(options.algorithm, routing_entry(options.algorithm).rtl_code, network);
  if (code < 0)  // a routing registered without RTL (rtl_code -1)
    throw std::invalid_argument("routing.algorithm " + options.algorithm + " has no RTL routing unit; run it with router.rc_mode: model");
  check_fits("the RTL code of routing.algorithm", code, rtl::ALG_W);
  if (!serves(code, network))
    throw std::invalid_argument("routing.algorithm " + options.algorithm + " has no RTL on topology.type " + network.name() +
                                " (its submodule reads another topology's geometry: Submodule::topologies)");
  c.algorithm = static_cast<std::uint8_t>(code);
  c.hop_count_vcs = options.text("routing.vc_scheme") == "hop_count";
  const UnitGeometry* geometry = unit_geometry(network);
  if (!geometry)
    throw std::invalid_argument("topology.type " + network.name() + " has no geometry in the RTL routing unit (it has " +
                                unit_geometry_topologies() + ": router/rtl/unit_geometry.h)");
  geometry->shape(network, c);
  for (const Slot& s : rtl_bus().config) c.fields[static_cast<std::size_t>(s.index)] = config_value(*s.field, options);
  // An input read only under a flag (UGAL-G's group loads) must fit the RTL's entries when the flag is set.
  for (const Slot& s : rtl_bus().inputs)
    if (*s.field->when && s.field->entries == Entries::kPerGroupLink && c.field(s.field->when) != 0 &&
        c.a * c.h > rtl::MAX_GLINKS)
      throw std::invalid_argument(key_feeding(*rtl_bus().find(rtl_bus().config, s.field->when)->field, options.algorithm) +
                                  ": the group's a * h = " + std::to_string(c.a * c.h) + " global links exceed the RTL's " +
                                  std::to_string(rtl::MAX_GLINKS) + " " + s.field->name + " entries (rtl/hiradix_fields.vh MAX_GLINKS)");
  return c;
}

// The RTL's header is the Dragonfly's: local and global hop counters, "a global hop in this phase", and
// the routing's own 8 flag bits whole, bits 0 and 1 under MM+L's names (rtl/hiradix_fields.vh; the
// in-transit routings check theirs match). A mesh's one router-to-router class (1) is counted in the local
// counter.
namespace {
constexpr int kLocal = static_cast<int>(PortClass::kLocal), kGlobal = static_cast<int>(PortClass::kGlobal);

// Where each field of the packed route state sits for router ids of router_w bits and hop counters of hops_w
// (rtl/hiradix_fields.vh RS_*): one function for today's widths and the older records'.
struct RouteLayout {
  int router_w, hops_w;
  constexpr int phase() const { return router_w; }
  constexpr int path() const { return phase() + 1; }
  constexpr int local_hops() const { return path() + 3; }
  constexpr int global_hops() const { return local_hops() + hops_w; }
  constexpr int phase_global() const { return global_hops() + hops_w; }
  constexpr int flag0() const { return phase_global() + 1; }
  constexpr int flag1() const { return flag0() + 1; }
  constexpr int flags_high() const { return flag1() + 1; }
  constexpr int width() const { return flags_high() + 6; }
};
constexpr RouteLayout kLayout{rtl::ROUTER_W, rtl::HOPS_W};
static_assert(rtl::RS_INTER_LSB == 0 && kLayout.phase() == rtl::RS_PHASE_BIT && kLayout.path() == rtl::RS_PATH_LSB &&
                  kLayout.local_hops() == rtl::RS_LHOPS_LSB && kLayout.global_hops() == rtl::RS_GHOPS_LSB &&
                  kLayout.phase_global() == rtl::RS_PGLOBAL_BIT && kLayout.flag0() == rtl::RS_LMIS_BIT &&
                  kLayout.flag1() == rtl::RS_MANDG_BIT && kLayout.flags_high() == rtl::RS_FLAGS_HI_LSB &&
                  kLayout.width() == rtl::RS_W && rtl::RS_W <= 64,
              "RouteLayout follows rtl/hiradix_fields.vh");
// Records written before 2026-11-27 carry no "route_format": 12-bit router ids, 3-bit hop counters.
constexpr RouteLayout kLayoutFormat1{12, 3};
constexpr int kRouteFormat = 2;

constexpr std::uint64_t low_bits(int bits) { return (std::uint64_t{1} << bits) - 1; }
std::uint64_t field(std::uint64_t v, int lsb, int bits) { return v >> lsb & low_bits(bits); }
std::uint64_t at(std::uint64_t value, int lsb, int bits) { return (value & low_bits(bits)) << lsb; }

std::uint64_t pack(const RouteState& rs, const RouteLayout& l) {
  return at(rs.intermediate, 0, l.router_w) | at(rs.phase, l.phase(), 1) | at(rs.path_bits, l.path(), 3) |
         at(rs.hops[kLocal], l.local_hops(), l.hops_w) | at(rs.hops[kGlobal], l.global_hops(), l.hops_w) |
         at(rs.phase_classes >> kGlobal, l.phase_global(), 1) | at(rs.flags, l.flag0(), 1) |
         at(rs.flags >> 1, l.flag1(), 1) | at(rs.flags >> 2, l.flags_high(), 6);
}

RouteState unpack(std::uint64_t v, const RouteLayout& l) {
  RouteState rs;
  rs.intermediate = static_cast<std::uint32_t>(field(v, 0, l.router_w));
  rs.phase = static_cast<std::uint8_t>(field(v, l.phase(), 1));
  rs.path_bits = static_cast<std::uint8_t>(field(v, l.path(), 3));
  rs.hops[kLocal] = static_cast<std::uint8_t>(field(v, l.local_hops(), l.hops_w));
  rs.hops[kGlobal] = static_cast<std::uint8_t>(field(v, l.global_hops(), l.hops_w));
  // The RTL carries only the global bit of phase_classes, the one the routings read (phase_took_global).
  rs.phase_classes = static_cast<std::uint8_t>(field(v, l.phase_global(), 1) << kGlobal);
  rs.flags = static_cast<std::uint8_t>(field(v, l.flag0(), 1) | field(v, l.flag1(), 1) << 1 | field(v, l.flags_high(), 6) << 2);
  return rs;
}

// A record's packed route state in today's layout (`j` the record's inputs or outputs).
std::uint64_t route_from_json(const nlohmann::json& j) {
  const std::uint64_t v = j.at("route").get<std::uint64_t>();
  return j.value("route_format", 1) == kRouteFormat ? v : pack(unpack(v, kLayoutFormat1), kLayout);
}
}  // namespace

std::uint64_t pack_route_state(const RouteState& rs) { return pack(rs, kLayout); }

RouteState unpack_route_state(std::uint64_t v) { return unpack(v, kLayout); }

void pack_inputs(RcInputs& in, const RcConfig& cfg, const RoutingContext& ctx, const Packet& before, std::uint64_t lfsr, int ports) {
  if (in.cfg.fields != cfg.fields || in.cfg.algorithm != cfg.algorithm) in.cfg = cfg;  // once per run when reused
  in.router = static_cast<std::uint16_t>(ctx.router);
  in.in_port = static_cast<std::uint8_t>(ctx.in_port);
  in.in_vc = static_cast<std::uint8_t>(ctx.in_vc);
  in.dst = before.dst;
  in.route = pack_route_state(before.route);
  in.lfsr = lfsr;
  // Inputs present only with another one come second, once that one's presence is known.
  for (const bool second : {false, true})
    for (const Slot& s : rtl_bus().inputs) {
      if ((s.with >= 0) != second) continue;
      const Field& f = *s.field;
      std::uint32_t* values = in.values.data() + s.entry;
      const std::size_t k = static_cast<std::size_t>(s.index);
      const bool was = in.present[k];
      if (f.own == rtl_decl::Own::kScalar) {  // the common case, without the binding's call
        values[0] = static_cast<std::uint32_t>(ctx.own[s.own]) & mask(f.width);
        in.present[k] = 1;
        continue;
      }
      const bool with = s.with < 0 || in.present[static_cast<std::size_t>(s.with)];
      in.present[k] = with && f.binding.read(ctx, s.own, rtl_decl::entries_of(f.entries, ports, cfg.a * cfg.h), f.width, f.saturate, values) ? 1 : 0;
      if (was && !in.present[k]) std::fill(values, values + f.entry_total(), 0u);  // an absent input reads zeros
    }
}

RcInputs pack_inputs(const RcConfig& cfg, const RoutingContext& ctx, const Packet& before, std::uint64_t lfsr, int ports) {
  RcInputs in;
  pack_inputs(in, cfg, ctx, before, lfsr, ports);
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

namespace {
// The C++ reference on packed inputs; `network` (when known) maps the header's destination terminal back to
// the node and its NIC where nodes have several NICs (RcInputs::dst).
RcOutputs decide_on(const RoutingAlgorithm& algorithm, const RcInputs& in, const Topology* network) {
  Packet pkt;
  pkt.dst = in.dst;
  if (network && network->nics_per_node() > 1) {
    const int p = std::max<int>(in.cfg.p, 1), router = static_cast<int>(in.dst) / p, port = static_cast<int>(in.dst) % p;
    pkt.dst = static_cast<std::uint32_t>(network->node_at(router, port));
    for (int k = 0; k < network->nics_per_node(); ++k)
      if (const PortEnd e = network->nic_port(static_cast<int>(pkt.dst), k); e.router == router && e.port == port)
        pkt.dst_nic = static_cast<std::uint8_t>(k);
  }
  pkt.route = unpack_route_state(in.route);
  RoutingContext ctx;
  ctx.router = in.router;
  ctx.in_port = in.in_port;
  ctx.in_vc = in.in_vc;
  ctx.random = lfsr_advance(in.lfsr);
  // Every input, present or not, as the RTL sees it (absent ones are zeros).
  rtl_decl::ReplayStore store;
  for (const Slot& s : rtl_bus().inputs)
    s.field->binding.write(ctx, s.own, in.values.data() + s.entry, s.field->entry_total(), store);
  const RoutingDecision d = algorithm.route(ctx, pkt);
  return pack_outputs(d, pkt.route, ctx.random);
}
}  // namespace

RcOutputs reference_decision(const RoutingAlgorithm& algorithm, const RcInputs& in) { return decide_on(algorithm, in, nullptr); }

RoutingOptions routing_options(const RcConfig& cfg) {
  RoutingOptions o;
  for (const RoutingEntry& e : routing_registry())
    if (e.rtl_code == cfg.algorithm) o.algorithm = e.name;
  for (const rtl_decl::Submodule& m : rtl_decl::kAllSubmodules)  // a routing's second code (RoutingCode::algorithm)
    for (int i = 0; i < m.count; ++i)
      if (m.routings[i].code == cfg.algorithm && *m.routings[i].algorithm) o.algorithm = m.routings[i].algorithm;
  o.set("routing.vc_scheme", cfg.hop_count_vcs ? "hop_count" : "slot");
  // Each field's key, and every key that feeds it for another routing (one RTL field per role).
  for (const Slot& s : rtl_bus().config) {
    const Field& f = *s.field;
    const std::int64_t v = cfg.fields[static_cast<std::size_t>(s.index)];
    std::string text = std::to_string(v);
    if (f.from == FromKey::kChoice) {
      const std::vector<std::string> choices = choices_of(f);
      text = choices[static_cast<std::size_t>(std::clamp<std::int64_t>(v, 0, static_cast<std::int64_t>(choices.size()) - 1))];
    }
    o.set(f.key, text);
    for (const Field* src : rtl_bus().sources)
      if (std::string(src->name) == f.name) o.set(src->key, text);
  }
  return o;
}

// A choice field is recorded as its key's text, so under its key's name (routing.phase_a: phase_a = "lgl");
// a number as the RTL holds it, so under its JSON name (ugal_t: ugal_threshold, in phits).
nlohmann::json routing_unit_params(const RcConfig& cfg) {
  const RoutingOptions o = routing_options(cfg);
  nlohmann::json j = {{"algorithm", o.algorithm}, {"vc_scheme", o.text("routing.vc_scheme")}};
  for (const Slot& s : rtl_bus().config) {
    const Field& f = *s.field;
    const std::string key = f.key;
    if (f.from == FromKey::kChoice) j[key.substr(key.rfind('.') + 1)] = o.text(key);
    else j[json_name(f)] = cfg.fields[static_cast<std::size_t>(s.index)];
  }
  return j;
}

RcOutputs reference_decision(const RcInputs& in, const Topology& network) {
  const RoutingOptions o = routing_options(in.cfg);  // exact values: no default is resolved again
  return decide_on(*routing_entry(o.algorithm).make(o, network), in, &network);
}

RcOutputs reference_decision(const RcInputs& in) { return reference_decision(in, *record_network(in)); }

// The declared fields under their JSON names (a 1-bit scalar as a bool, an input of several entries as an
// array of all its entries), beside the unit's own.
nlohmann::json to_json(const RcInputs& in) {
  nlohmann::json j = {{"algorithm", in.cfg.algorithm}, {"hop_count_vcs", in.cfg.hop_count_vcs}, {"p", in.cfg.p}, {"a", in.cfg.a},
                      {"h", in.cfg.h}, {"palmtree", in.cfg.palmtree}, {"router", in.router}, {"in_port", in.in_port},
                      {"in_vc", in.in_vc}, {"dst", in.dst}, {"route", in.route}, {"route_format", kRouteFormat},
                      {"route_fields", {{"intermediate", unpack_route_state(in.route).intermediate},
                                        {"phase", unpack_route_state(in.route).phase}}},
                      {"lfsr", in.lfsr}};
  for (const Slot& s : rtl_bus().config) {
    const std::int64_t v = in.cfg.fields[static_cast<std::size_t>(s.index)];
    if (s.field->width == 1) j[json_name(*s.field)] = v != 0;
    else j[json_name(*s.field)] = v;
  }
  for (const Slot& s : rtl_bus().inputs) {
    const std::uint32_t* v = in.values.data() + s.entry;
    if (s.field->entries != Entries::kOne) j[json_name(*s.field)] = std::vector<std::uint32_t>(v, v + s.field->entry_total());
    else if (s.field->width == 1) j[json_name(*s.field)] = v[0] != 0;
    else j[json_name(*s.field)] = v[0];
  }
  return j;
}

nlohmann::json to_json(const RcOutputs& out) {
  const RouteState rs = unpack_route_state(out.route);
  return {{"out_port", out.out_port}, {"out_vc", out.out_vc}, {"min_port", out.min_port},
          {"misroute", out.misroute}, {"no_slot", out.no_slot}, {"route", out.route}, {"route_format", kRouteFormat},
          {"route_fields", {{"intermediate", rs.intermediate}, {"phase", rs.phase}, {"path_bits", rs.path_bits},
                            {"local_hops", rs.hops[kLocal]}, {"global_hops", rs.hops[kGlobal]},
                            {"phase_global", rs.phase_classes >> kGlobal & 1}}},
          {"lfsr", out.lfsr}};
}

// A field a record lacks (one from before its routing) reads 0, as no routing then read it.
RcInputs inputs_from_json(const nlohmann::json& j) {
  RcInputs in;
  in.cfg.algorithm = j.at("algorithm").get<std::uint8_t>();
  in.cfg.hop_count_vcs = j.at("hop_count_vcs").get<bool>();
  in.cfg.p = j.at("p").get<std::uint8_t>();
  in.cfg.a = j.at("a").get<std::uint8_t>();
  in.cfg.h = j.at("h").get<std::uint8_t>();
  in.cfg.palmtree = j.at("palmtree").get<bool>();
  const auto number = [](const nlohmann::json& v) -> std::int64_t { return v.is_boolean() ? v.get<bool>() : v.get<std::int64_t>(); };
  for (const Slot& s : rtl_bus().config)
    if (j.contains(json_name(*s.field))) in.cfg.fields[static_cast<std::size_t>(s.index)] = number(j.at(json_name(*s.field)));
  for (const Slot& s : rtl_bus().inputs) {
    in.present[static_cast<std::size_t>(s.index)] = 1;
    if (!j.contains(json_name(*s.field))) continue;
    const nlohmann::json& v = j.at(json_name(*s.field));
    std::uint32_t* out = in.values.data() + s.entry;
    if (!v.is_array()) {
      out[0] = static_cast<std::uint32_t>(number(v));
      continue;
    }
    for (std::size_t k = 0; k < v.size() && k < static_cast<std::size_t>(s.field->entry_total()); ++k)
      out[k] = static_cast<std::uint32_t>(number(v[k]));
  }
  in.router = j.at("router").get<std::uint16_t>();
  in.in_port = j.at("in_port").get<std::uint8_t>();
  in.in_vc = j.value("in_vc", std::uint8_t{0});
  in.dst = j.at("dst").get<std::uint32_t>();
  in.route = route_from_json(j);
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
  out.route = route_from_json(j);
  out.lfsr = j.at("lfsr").get<std::uint64_t>();
  return out;
}

}  // namespace hiradix
