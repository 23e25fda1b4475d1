// The sections of load_config (config/config.cpp), each reading its keys through ConfigValues, checking
// them against each other and recording their resolved values.
#include <algorithm>
#include <string>

#include "router/rtl/rc_interface.h"
#include "synth/report/synth_report.h"
#include "config/config_limits.h"
#include "config/config_values.h"
#include "config/permutation_patterns.h"
#include "config/skewed_patterns.h"
#include "config/trace_file.h"
#include "topology/topology_registry.h"

namespace hiradix {

using namespace config_detail;

namespace {

bool is_default(ConfigValues& v, const KeySpec& k) {
  switch (k.type) {
    case KeyType::kInt: return v.I(k.key) == std::stoll(k.default_value);
    case KeyType::kFloat: return v.F(k.key) == std::stod(k.default_value);
    case KeyType::kIntList: return v.L(k.key) == to_int_list(k, YAML::Load(k.default_value));
    case KeyType::kStringList: return v.SL(k.key) == to_string_list(k, YAML::Load(k.default_value));
    default: return v.S(k.key) == k.default_value;
  }
}

// The params a synthesis report (synth.json) read by `key` must have been made for: the network's and the
// routing unit's constants (routing_unit_params). A network the RTL cannot express has no such report.
nlohmann::json synthesized_for(const Config& c, const Topology& topo, const std::string& key) {
  nlohmann::json params = c.topology_params();
  try {
    params["routing"] = routing_unit_params(rc_config(c.routing, topo));
  } catch (const std::invalid_argument& e) {
    config_fail(key, std::string("hiradix synth cannot make a report for this network: ") + e.what());
  }
  return params;
}

}  // namespace

// Topology: topology.type, its keys (resolved by its registry entry, topology/topology_registry.h) and the
// latency of each of its link classes.
std::unique_ptr<Topology> read_topology(ConfigValues& v, Config& c) {
  c.topology.type = v.S("topology.type");
  const TopologyEntry& entry = topology_entry(c.topology.type);
  // A key of another topology would be ignored: refuse it unless it has its default value.
  for (const KeySpec& k : config_schema())
    if (is_topology_key(k.key) && !topology_reads(entry, k.key) && !is_default(v, k))
      config_fail(k.key, "is not a key of topology.type " + entry.name);
  for (const KeySpec& k : entry.keys)
    c.topology.set(k.key, k.type == KeyType::kInt       ? std::to_string(v.I(k.key))
                          : k.type == KeyType::kIntList ? OptionValues::list_text(v.L(k.key))
                                                        : v.S(k.key));
  std::unique_ptr<Topology> topo;
  try {
    resolve_topology_options(c.topology);
    topo = entry.make(c.topology);
  } catch (const KeyError& e) {
    config_fail(e.key(), e.what());
  }
  if (topo->max_radix() > kMaxRadix)
    config_fail("topology.type", "a router of " + std::to_string(topo->max_radix()) + " ports exceeds the supported " +
                                     std::to_string(kMaxRadix));
  v.set("topology.type", entry.name);
  for (const KeySpec& k : entry.keys) {
    if (k.type == KeyType::kInt) v.set(k.key, c.topology.integer(k.key));
    else if (k.type == KeyType::kIntList) v.set(k.key, c.topology.integers(k.key));
    else v.set(k.key, c.topology.text(k.key));
  }
  c.links.assign(entry.link_classes.size(), LinkClassParams{});
  for (std::size_t i = 0; i < entry.link_classes.size(); ++i) {
    const std::string& key = entry.link_classes[i].latency.key;
    c.links[i].latency = static_cast<Cycle>(v.I(key));
    v.set(key, c.links[i].latency);
  }
  return topo;
}

// Router: stage latencies, speed-up, allocator, switching, packet and flit size, output queue.
void read_router(ConfigValues& v, Config& c) {
  RouterParams& rp = c.router;
  rp.rc_latency = static_cast<int>(v.I("router.latency.rc"));
  rp.va_latency = static_cast<int>(v.I("router.latency.va"));
  rp.sa_latency = static_cast<int>(v.I("router.latency.sa"));
  rp.st_latency = static_cast<int>(v.I("router.latency.st"));
  const double speedup = v.F("router.speedup");
  to_fraction(speedup, rp.speedup_num, rp.speedup_den);
  rp.allocator = v.S("router.allocator") == "input_first" ? AllocatorKind::kInputFirst : AllocatorKind::kOutputFirst;
  rp.input_pointer_on_output_grant = v.S("router.input_pointer") == "output_grant";
  rp.transit_priority = v.S("router.output_arbiter") == "transit_priority";
  rp.poll = v.S("sim.scheduling") == "poll";
  v.set("sim.scheduling", v.S("sim.scheduling"));
  rp.packet_size = static_cast<int>(v.I("packet.size"));
  rp.wormhole = v.S("router.switching") == "wormhole";
  rp.flit_size = rp.wormhole ? static_cast<int>(v.I("packet.flit")) : rp.packet_size;
  if (rp.wormhole && rp.packet_size % rp.flit_size != 0)
    config_fail("packet.flit", "packet.size (" + std::to_string(rp.packet_size) + ") must be a multiple of the flit size; got " +
                            std::to_string(rp.flit_size));
  rp.output_queue_phits = static_cast<int>(v.I("router.output_queue"));
  for (const char* k : {"router.latency.rc", "router.latency.va", "router.latency.sa", "router.latency.st"})
    v.set(k, v.I(k));
  v.set("router.speedup", speedup);
  v.set("router.allocator", v.S("router.allocator"));
  v.set("router.input_pointer", v.S("router.input_pointer"));
  v.set("router.output_arbiter", v.S("router.output_arbiter"));
  v.set("router.switching", v.S("router.switching"));
  read_queue_scheme(v, rp);
  v.set("packet.size", rp.packet_size);
  v.set("packet.flit", rp.flit_size);
}

// Routing: every key of the registry, network-dependent defaults resolved (router/routing/routing_registry.h),
// and the group broadcast of a routing that shares state over its group (router/common/group_broadcast.h).
std::unique_ptr<RoutingAlgorithm> read_routing(ConfigValues& v, Config& c, const Topology& topo) {
  RouterParams& rp = c.router;
  c.routing.algorithm = v.S("routing.algorithm");
  c.routing.flit_phits = rp.flit_size;
  for (const RoutingKey& k : routing_keys())
    c.routing.set(k.spec.key, k.spec.type == KeyType::kInt ? std::to_string(v.I(k.spec.key)) : v.S(k.spec.key));
  for (const RoutingKey& k : routing_keys()) {  // as given: a resolved default may differ from the schema's
    const std::string& key = k.spec.key;
    if (!k.used_by.empty() && c.routing.text(key) != YAML::Load(k.spec.default_value).as<std::string>() &&
        std::find(k.used_by.begin(), k.used_by.end(), c.routing.algorithm) == k.used_by.end())
    {
      std::string readers;
      for (const std::string& name : k.used_by) readers += (readers.empty() ? "" : ", ") + name;
      config_fail(key, "is read only by routing.algorithm " + readers + "; routing.algorithm is " + c.routing.algorithm);
    }
  }
  resolve_routing_options(c.routing, topo);
  for (const RoutingKey& k : routing_keys()) {
    const std::string& key = k.spec.key;
    if (k.spec.type == KeyType::kInt) v.set(key, c.routing.integer(key));
    else v.set(key, c.routing.text(key));
  }
  v.set("broadcast.phit_bits", v.I("broadcast.phit_bits"));
  // The group broadcast of a routing that shares state over its group (router/common/group_broadcast.h).
  std::unique_ptr<RoutingAlgorithm> routing;
  try {
    routing = make_routing(c.routing, topo);
  } catch (const KeyError& e) {  // a routing's own key that does not fit the network (routing.dor_order)
    config_fail(e.key(), e.what());
  } catch (const std::invalid_argument& e) {
    config_fail("routing.algorithm", e.what());
  }
  rp.vns = static_cast<int>(c.routing.integer("routing.vns"));
  if (rp.vns > 1) {
    const std::string refusal = vc_translation_refusal(*routing, c.routing, "VNs");
    if (!refusal.empty()) config_fail("routing.vns", refusal);
  }
  rp.broadcast.phit_bits = static_cast<int>(v.I("broadcast.phit_bits"));
  v.set("broadcast.mode", v.S("broadcast.mode"));
  if (const auto needs = routing->broadcast_needs()) {
    const std::string mode = v.S("broadcast.mode");
    rp.broadcast.mode = mode == "auto"      ? needs->default_mode
                        : mode == "message" ? BroadcastMode::kMessage
                        : mode == "piggyback" ? BroadcastMode::kPiggyback
                                              : BroadcastMode::kFree;
    rp.broadcast.latency = c.links[static_cast<std::size_t>(needs->link_class)].latency;
    rp.broadcast.period = needs->period;
    rp.broadcast.entries = needs->entries;
    rp.broadcast.entry_bits = needs->entry_bits;
    // A message sent every period cycles that takes the link for `phits` of them in message mode would
    // leave no cycle for data if period <= phits.
    if (rp.broadcast.mode == BroadcastMode::kMessage && rp.broadcast.period <= static_cast<Cycle>(rp.broadcast.phits()))
      config_fail(needs->period_key, "a broadcast takes the local links " + std::to_string(rp.broadcast.phits()) +
                                         " cycles in message mode; the period must be longer or data never gets the link");
  }
  return routing;
}

// Synthesis keys, and router.latency.rc: auto from the synthesis report.
void read_synthesis(ConfigValues& v, Config& c, const Topology& topo, bool rc_auto) {
  RouterParams& rp = c.router;
  c.synth_clock_ns = v.F("synth.clock_ns");
  c.synth_liberty = v.S("synth.liberty");
  c.synth_report = v.S("synth.report");
  const std::string stages = v.S("synth.rc_stages");
  c.synth_rc_stages = stages == "auto" ? 0 : std::stoi(stages);
  v.set("synth.rc_stages", stages);
  v.set("synth.clock_ns", c.synth_clock_ns);
  v.set("synth.liberty", c.synth_liberty);
  v.set("synth.report", c.synth_report);
  if (rc_auto) {
    rp.rc_latency = routing_unit_cycles(c.synth_report, synthesized_for(c, topo, "synth.report"));
    c.rc_latency_auto = true;
    v.set("router.latency.rc", rp.rc_latency);
  }
}

// Routing computation against the RTL (the network must fit the RTL's field widths), and the traces.
void read_rtl_and_traces(ConfigValues& v, Config& c, const Topology& topo) {
  c.rc.mode = parse_rc_mode(v.S("router.rc_mode"));
  c.rc.trace_path = v.S("rtl.trace");
  c.rc.trace_from = static_cast<Cycle>(v.I("trace.from"));
  c.rc.trace_to = static_cast<Cycle>(v.I("trace.to"));
  if (c.rc.trace_to < c.rc.trace_from) config_fail("trace.to", "must not be before trace.from");
  c.trace_router = static_cast<int>(v.I("trace.router"));
  c.trace_vcd = v.S("trace.vcd");
  if (c.trace_router >= topo.routers())
    config_fail("trace.router", "the network has only " + std::to_string(topo.routers()) + " routers");
  c.trace_contention = v.S("trace.contention");
  if (c.trace_router < 0 && !c.trace_contention.empty()) config_fail("trace.contention", "needs trace.router: the router to trace");
  v.set("trace.vcd", c.trace_vcd);
  v.set("trace.contention", c.trace_contention);
  // The routing's own trace (its entry's trace key; read_routing checked that no other routing's is set).
  const std::string& trace_key = routing_entry(c.routing.algorithm).trace_key;
  if (!trace_key.empty()) c.trace_routing = c.routing.text(trace_key);
  if (!c.trace_routing.empty() && c.trace_router < 0) config_fail(trace_key, "needs trace.router: the router to trace");
  if (c.trace_router >= 0 && c.trace_vcd.empty() && c.trace_contention.empty() && c.trace_routing.empty())
    config_fail("trace.router", "traces nothing: trace.vcd, trace.contention" +
                                (trace_key.empty() ? std::string() : " and " + trace_key) + " are all empty");
  c.rc.inject_mismatch_at = static_cast<std::uint64_t>(v.I("rtl.inject_mismatch_at"));
  if (c.rc.mode != RcMode::kModel) {
    try {
      rc_config(c.routing, topo);
    } catch (const std::invalid_argument& e) {
      config_fail("router.rc_mode", std::string("the RTL routing unit cannot run this network: ") + e.what());
    }
  }
  if (c.rc.inject_mismatch_at && c.rc.mode != RcMode::kLockstep)
    config_fail("rtl.inject_mismatch_at", "only a lockstep run compares decisions (set router.rc_mode: lockstep)");
  if (!c.rc.trace_path.empty() && c.rc.mode == RcMode::kModel)
    config_fail("rtl.trace", "traces the RTL routing unit: set router.rc_mode to rtl or lockstep");
  v.set("router.rc_mode", v.S("router.rc_mode"));
  v.set("rtl.trace", c.rc.trace_path);
  for (const char* k : {"trace.router", "trace.from", "trace.to", "rtl.inject_mismatch_at"}) v.set(k, v.I(k));
}

// VCs of each link class: at least what the routing needs for deadlock freedom (its VC rule:
// routing.vc_rule()); 0 = that minimum. Buffers hold whole flits: a whole packet under virtual cut-through,
// one flit under wormhole.
void read_vcs_and_buffers(ConfigValues& v, Config& c, const RoutingAlgorithm& routing, const Topology& topo) {
  const RouterParams& rp = c.router;
  const VcRequirement need = routing.vcs_needed();
  const bool in_transit = routing.reroutes_blocked_heads();
  // routing.phase_a is the Dragonfly's Valiant policy (local and global hops); no other topology reads it.
  const std::string who = c.routing.algorithm != "min" && !in_transit && c.topology.type == "dragonfly"
                              ? c.routing.algorithm + " with phase_a " + c.routing.text("routing.phase_a")
                              : c.routing.algorithm;
  auto at_least = [&](const std::string& key, int phits_needed, const char* what) {
    const int phits = static_cast<int>(v.I(key));
    if (phits < phits_needed)
      config_fail(key, std::string("must hold at least ") + what + " (" + std::to_string(phits_needed) + " phits); got " +
                    std::to_string(phits));
    v.set(key, phits);
    return phits;
  };
  const char* unit = rp.wormhole ? "one flit" : "one packet for virtual cut-through";
  const std::vector<LinkClassKeys>& classes = topology_entry(c.topology.type).link_classes;
  // Virtual networks (routing.vns): each is a disjoint copy of the routing's VCs on every class, the
  // terminal (injection) class too, so a class needs vns times the routing's VCs and splits evenly.
  // Band-based queues (router.queues bbq, dbbq) make each of those VCs router.bands VCs, on every class;
  // per-destination queues (voq_net) one VC per node.
  c.nic_vc_by_destination = v.S("nic.injection_vc") == "destination";
  if (rp.bands.banded() || rp.bands.per_destination) read_bands(c, routing, topo);
  const int vns = rp.vns;
  const int bands = rp.bands.count;
  const std::string bands_are = rp.bands.per_destination ? std::to_string(bands) + " destinations of router.queues voq_net"
                                                         : "router.bands = " + std::to_string(bands);
  const auto in_vns = [vns, bands, &bands_are](int n) {
    std::string s;
    if (vns > 1) s += " (" + std::to_string(n / bands) + " in each of routing.vns = " + std::to_string(vns) + " virtual networks)";
    if (bands > 1) s += " (" + bands_are + " times each of the routing's " + std::to_string(n / bands) + ")";
    return s;
  };
  const int max_queues = static_cast<int>(v.I("router.voq_max_queues"));
  // QCN's CNMs (qcn.sampling) take min's VCs of their own above the routing's (router/flow/qcn_params.h).
  read_qcn(v, c, routing, topo);
  const VcRequirement cnm = cnm_vcs(c, topo);
  for (std::size_t i = 0; i < classes.size(); ++i) {
    const std::string& key = classes[i].vcs.key;
    const int routing_needs = vns * bands * (i < need.per_class.size() ? need[static_cast<int>(i)] : 1);
    const int needed = routing_needs + cnm[static_cast<int>(i)];
    const std::string cnms = cnm[static_cast<int>(i)] ? " and " + std::to_string(cnm[static_cast<int>(i)]) + " for QCN's CNMs" : "";
    const int given = static_cast<int>(v.I(key));
    if (given != 0 && given < needed)
      config_fail(key, who + " needs at least " + std::to_string(routing_needs) + " " + classes[i].name + " VCs for deadlock freedom" +
                           in_vns(routing_needs / vns) + " (" + routing.vc_rule() + ")" + cnms + "; got " + std::to_string(given));
    if (given % vns != 0)
      config_fail(key, "must be a multiple of routing.vns = " + std::to_string(vns) +
                           " (each virtual network owns an equal share of the " + classes[i].name + " VCs); got " +
                           std::to_string(given));
    if (const int own = routing.source_virtual_networks(); i == 0 && own > 1 && given % (own * bands) != 0)  // sasha
      config_fail(key, "must be a multiple of " + std::to_string(own * bands) + ": " + c.routing.algorithm + "'s NICs put each of its " +
                           std::to_string(own) + " virtual networks on its own share of the " + classes[i].name + " VCs; got " +
                           std::to_string(given));
    if (given % (vns * bands) != 0)
      config_fail(key, "must be a multiple of " + bands_are + (vns > 1 ? " times routing.vns" : "") +
                           " (each of the routing's " + classes[i].name + " VCs is one VC per band); got " + std::to_string(given));
    if (const int queues = std::max(needed, given); rp.bands.per_destination && queues > max_queues)
      config_fail("router.voq_max_queues",
                  "router.queues voq_net needs a queue per destination in each of the " + std::to_string(queues / bands) + " " +
                      classes[i].name + " VCs: " + std::to_string(bands) + " nodes x " + std::to_string(queues / bands) + " = " +
                      std::to_string(queues) + " queues per port, more than router.voq_max_queues = " + std::to_string(max_queues) +
                      " (a queue per destination grows with the network, as seed 001 says of VOQnet): a smaller network or "
                      "fewer VCs" + (max_queues < kMaxPortQueues ? ", or raise the key (at most 64)" : ""));
    if (needed > kMaxPortVcs)
      config_fail(classes[i].vcs.key, who + " needs " + std::to_string(needed) + " " + classes[i].name + " VCs" + in_vns(needed / vns) +
                                          ", more than the " + std::to_string(kMaxPortVcs) + " a port has" +
                                          (bands > 1 ? ": fewer router.bands" : ""));
    c.links[i].vcs = given == 0 ? needed : given;
    c.qcn.cnm_vc_base[i] = c.links[i].vcs - cnm[static_cast<int>(i)];  // the CNMs' VCs are the top ones
    v.set(key, c.links[i].vcs);
    c.links[i].buffer = at_least(classes[i].buffer.key, rp.flit_size, unit);
  }
  // A topology's own input buffers (a KNS end node's, Topology::input_buffer; 0 = its class's) hold what a
  // class's must.
  const std::string own = topo.input_buffer_key();
  if (!own.empty() && v.I(own) != 0) at_least(own, rp.flit_size, unit);
  at_least("router.output_queue", rp.flit_size, unit);
  if (rp.input_buffers == InputBufferKind::kVoqSwitch) check_voq_switch(c, routing);
  read_pause(v, c, topo);
  if (routing.source_virtual_networks() > 1 && c.router.flow_control != FlowControlKind::kCredits &&
      c.routing.text("routing.sasha_metric") == "occupancy")  // the NIC reads the occupancy off its credits
    config_fail("routing.sasha_metric", "occupancy is read off the injection link's credits, and router.flow_control is not "
                                        "credits: use xmit_wait");
  c.nic_queue = at_least("nic.queue", rp.packet_size, "one packet");
  v.set("nic.injection_vc", v.S("nic.injection_vc"));
}

// Power: the link energy per bit of each link class (power.link_pj_per_bit.<class>, named as the class's
// router.vcs key; 0 for a class without one) and, with power.report, the per-event energies of a synthesis
// report made for this network, routing, VCs, buffers and phit width.
void read_power(ConfigValues& v, Config& c, const Topology& topo) {
  c.synth_node_nm = v.F("synth.node_nm");
  v.set("synth.node_nm", c.synth_node_nm);
  const std::vector<LinkClassKeys>& classes = topology_entry(c.topology.type).link_classes;
  c.link_pj_per_bit.assign(classes.size(), 0.0);
  for (std::size_t i = 0; i < classes.size(); ++i) {
    const std::string& vcs = classes[i].vcs.key;
    const std::string key = "power.link_pj_per_bit." + vcs.substr(vcs.rfind('.') + 1);
    if (!find_key(key)) continue;
    c.link_pj_per_bit[i] = v.F(key);
    v.set(key, c.link_pj_per_bit[i]);
  }
  c.power_report = v.S("power.report");
  v.set("power.report", c.power_report);
  if (c.power_report.empty()) return;
  if (c.topology.type != "dragonfly") config_fail("power.report", "hiradix synth (and so its energies) covers the Dragonfly only");
  nlohmann::json expect = synthesized_for(c, topo, "power.report");
  expect["vcs"] = {{"injection", c.link("terminal").vcs}, {"local", c.link("local").vcs}, {"global", c.link("global").vcs}};
  expect["buffers"] = {{"injection", c.link("terminal").buffer}, {"local", c.link("local").buffer},
                       {"global", c.link("global").buffer}};
  expect["output_queue"] = c.router.output_queue_phits;
  expect["phit_bits"] = c.router.broadcast.phit_bits;
  c.power = load_power_model(c.power_report, expect);
}

namespace {

// A permutation pattern is defined on the topology and moves some node (one that maps every node to itself,
// as tornado on a 2 x 2 mesh, would send nothing at all).
void check_permutation(PatternKind kind, const Topology& topo, const std::string& key) {
  const std::string refusal = permutation_refusal(kind, topo);
  if (!refusal.empty()) config_fail(key, to_string(kind) + " " + refusal);
  if (kind != PatternKind::kRandomPermutation && fixed_points(permutation_table(kind, topo, 0)) == topo.nodes())
    config_fail(key, to_string(kind) + " maps every node of " + topo.describe() + " to itself: no packet would be sent");
}

}  // namespace

// Traffic: the pattern (or mix), offset and load, and the change of a transient.
void read_traffic(ConfigValues& v, Config& c, const Topology& topo) {
  const int domains = topo.domains();
  auto phase = [&](const std::string& pattern, int offset, double load, const YAML::Node& mix_node,
                   const char* mix_key, const char* pattern_key, const char* offset_key) {
    TrafficPhase ph;
    ph.load = load;
    if (pattern == "mix") {
      nlohmann::json mix_json;
      ph.components = to_mix(*find_key(mix_key), mix_node, mix_json);
      if (ph.components.empty()) config_fail(mix_key, "pattern mix needs a non-empty list of {pattern, offset, weight}");
    } else {
      PatternComponent comp;
      comp.kind = parse_pattern(pattern);
      comp.offset = offset;
      ph.components.push_back(comp);
    }
    for (std::size_t i = 0; i < ph.components.size(); ++i) {
      const PatternComponent& comp = ph.components[i];
      if (is_permutation(comp.kind))
        check_permutation(comp.kind, topo, pattern == "mix" ? std::string(mix_key) + "[" + std::to_string(i) + "].pattern" : pattern_key);
      if (comp.kind == PatternKind::kAdversarial && ((comp.offset % domains) + domains) % domains == 0)
        config_fail(pattern == "mix" ? mix_key : offset_key,
             "ADV+" + std::to_string(comp.offset) + " targets the source " + topo.domain_name() + " itself (" +
                 std::to_string(domains) + " " + topo.domain_name() + "s)");
      if (comp.kind == PatternKind::kAdvLocal && topo.domain_size() < 2)
        config_fail(pattern_key, "advl needs at least 2 routers per " + topo.domain_name());
      // With one domain ADVC's "next domains" are the source's own: it would be uniform traffic, self included.
      if (comp.kind == PatternKind::kAdvConsecutive && domains < 2)
        config_fail(pattern_key, "advc needs at least 2 " + topo.domain_name() + "s; " + topo.describe() + " has 1");
    }
    return ph;
  };
  const std::string pattern = v.S("traffic.pattern");
  const int offset = static_cast<int>(v.I("traffic.offset"));
  const double load = v.F("traffic.load");
  c.traffic.initial = phase(pattern, offset, load, v.node("traffic.mix"), "traffic.mix", "traffic.pattern", "traffic.offset");
  v.set("traffic.pattern", pattern);
  v.set("traffic.offset", offset);
  v.set("traffic.load", load);
  {
    nlohmann::json mj = nlohmann::json::array();
    if (pattern == "mix") to_mix(*find_key("traffic.mix"), v.node("traffic.mix"), mj);
    v.set("traffic.mix", mj);
  }
  c.change_after_warmup = v.I("traffic.change.at");
  v.set("traffic.change.at", c.change_after_warmup);
  // Bursts of varying patterns (seed-004 §3.7 Fig. 17b): checked here, their phases made with `after`'s.
  const std::vector<std::string> burst_patterns = v.SL("traffic.change.patterns");
  if (!burst_patterns.empty()) {
    if (v.I("traffic.change.period") == 0)
      config_fail("traffic.change.patterns", "needs traffic.change.period (a pattern per burst of bursty repetitive traffic)");
    if (v.S("traffic.change.pattern") != "same")
      config_fail("traffic.change.patterns", "gives the bursts' patterns: leave traffic.change.pattern at same (it is '" +
                                                 v.S("traffic.change.pattern") + "')");
  }
  if (c.change_after_warmup >= 0) {
    std::string p2 = v.S("traffic.change.pattern");
    if (p2 == "same") p2 = pattern;
    int o2 = static_cast<int>(v.I("traffic.change.offset"));
    if (o2 == 0) o2 = offset;
    double l2 = v.F("traffic.change.load");
    if (l2 < 0) l2 = load;
    YAML::Node m2 = v.node("traffic.change.mix");
    if (m2.size() == 0) m2 = v.node("traffic.mix");
    c.traffic.has_change = true;
    // One offset, load and mix for every burst, whatever its pattern: the list varies the pattern only.
    for (std::size_t i = 0; i < burst_patterns.size(); ++i) {
      const std::string key = "traffic.change.patterns[" + std::to_string(i) + "]";
      const std::string& name = burst_patterns[i];
      c.traffic.bursts.push_back(phase(name == "same" ? pattern : name, o2, l2, m2, "traffic.change.mix", key.c_str(), "traffic.change.offset"));
    }
    c.traffic.after = burst_patterns.empty() ? phase(p2, o2, l2, m2, "traffic.change.mix", "traffic.change.pattern", "traffic.change.offset")
                                             : c.traffic.bursts.front();
    v.set("traffic.change.pattern", burst_patterns.empty() ? p2 : "same");
    v.set("traffic.change.offset", o2);
    v.set("traffic.change.load", l2);
  }
  // A periodic change (seed-004 §3.7): bursts of the changed traffic every period cycles.
  const std::int64_t period = v.I("traffic.change.period"), burst = v.I("traffic.change.burst");
  if (period > 0) {
    if (c.change_after_warmup < 0) config_fail("traffic.change.period", "needs traffic.change.at (the first burst's cycle after warm-up)");
    if (burst <= 0 || burst >= period)
      config_fail("traffic.change.burst", "must be in [1, traffic.change.period - 1] = [1, " + std::to_string(period - 1) + "], got " + std::to_string(burst));
    c.traffic.period = static_cast<Cycle>(period);
    c.traffic.burst = static_cast<Cycle>(burst);
  } else if (burst != 0) {
    config_fail("traffic.change.burst", "needs traffic.change.period");
  }
  v.set("traffic.change.period", period);
  v.set("traffic.change.burst", burst);
  v.set("traffic.change.patterns", burst_patterns);
  // hotspot and zipf (seed-001 §4, config/skewed_patterns.h): their keys, checked where a phase uses them.
  c.traffic.hotspot_fraction = v.F("traffic.hotspot_fraction");
  const std::vector<long long> hot = v.L("traffic.hotspot_nodes");
  if (c.traffic.uses(PatternKind::kHotspot)) {
    const std::string refusal = hotspot_refusal(hot, topo.nodes());
    if (!refusal.empty()) config_fail("traffic.hotspot_nodes", refusal + " (" + topo.describe() + ")");
  }
  c.traffic.hotspot_nodes.assign(hot.begin(), hot.end());
  // Its choices are the schema's (refused there whatever the pattern); unused without hotspot, as the
  // other traffic.hotspot_* keys.
  c.traffic.hotspot_by_source = v.S("traffic.hotspot_mode") == "sources";
  c.traffic.zipf_exponent = v.F("traffic.zipf_exponent");
  v.set("traffic.hotspot_fraction", c.traffic.hotspot_fraction);
  v.set("traffic.hotspot_nodes", hot);
  v.set("traffic.hotspot_mode", v.S("traffic.hotspot_mode"));
  v.set("traffic.zipf_exponent", c.traffic.zipf_exponent);
  // The injection process: under on_off the load during ON is the phase's times (on + off) / on.
  c.traffic.on_off = v.S("traffic.process") == "on_off";
  c.traffic.on_cycles = v.F("traffic.on_cycles");
  c.traffic.off_cycles = v.F("traffic.off_cycles");
  if (c.traffic.on_off) {
    const auto check = [&](double phase_load, const char* key) {
      const double on_load = phase_load * c.traffic.on_scale();
      if (on_load > 1)
        config_fail(key, "traffic.process on_off offers it at " + std::to_string(phase_load) + " x (on + off) / on = " +
                             std::to_string(on_load) + " phits/cycle during ON, above a link's 1: lower the load or traffic.off_cycles");
    };
    check(c.traffic.initial.load, "traffic.load");
    if (c.traffic.has_change) check(c.traffic.after.load, "traffic.change.load");
  }
  // A trace sets every packet's cycle and destination: it stands alone.
  const std::string trace_file = v.S("traffic.trace_file");
  if (c.traffic.uses(PatternKind::kTrace)) {
    if (c.traffic.initial.components.size() > 1) config_fail("traffic.mix", "a trace cannot be a mix component");
    if (c.traffic.has_change) config_fail("traffic.change.at", "a trace cannot change (nor follow a change)");
    if (c.traffic.on_off) config_fail("traffic.process", "a trace sets its own creation cycles: use bernoulli");
    if (trace_file.empty()) config_fail("traffic.trace_file", "pattern trace needs a trace file");
    try {
      c.traffic.trace = std::make_shared<const std::vector<TraceMessage>>(read_trace(trace_file, topo.nodes()));
    } catch (const TraceError& e) {
      config_fail("traffic.trace_file", e.what());
    }
  }
  v.set("traffic.trace_file", trace_file);
  v.set("traffic.process", v.S("traffic.process"));
  v.set("traffic.on_cycles", c.traffic.on_cycles);
  v.set("traffic.off_cycles", c.traffic.off_cycles);
}

// Simulation: warm-up, measurement, seed, watchdog and bins.
void read_simulation(ConfigValues& v, Config& c, const Topology& topo, const RoutingAlgorithm& routing) {
  const RouterParams& rp = c.router;
  c.warmup = static_cast<Cycle>(v.I("sim.warmup"));
  c.measure = static_cast<Cycle>(v.I("sim.measure"));
  c.seed = static_cast<std::uint64_t>(v.I("sim.seed"));
  c.watchdog = static_cast<Cycle>(v.I("sim.watchdog"));
  // auto: partitions pay where the network's state outgrows the caches (measured: README, Partitions), and
  // wherever threads are asked for; not with DRB's free ACKs, which reach another partition's NIC without
  // a link (refused with domains).
  c.threads = static_cast<int>(v.I("sim.threads"));
  std::string partitions = v.S("sim.partitions");
  const bool free_acks = routing.metapath() && routing.metapath()->free_acks;
  if (partitions == "auto")
    partitions = (topo.routers() >= kPartitionFromRouters || c.threads > 1) && topo.domains() > 1 && !free_acks ? "domains" : "none";
  if (partitions == "domains" && free_acks)
    config_fail("sim.partitions", "routing.drb_acks free hands ACKs straight to another node's NIC, across partitions; "
                                  "use sim.partitions none or auto, or routing.drb_acks network");
  if (c.threads > 1) {
    if (partitions == "none" || topo.domains() < 2)
      config_fail("sim.threads", "threads run the partitions of a partitioned run, and this one has none (" +
                                     (topo.domains() < 2 ? "a network of one " + topo.domain_name()
                                      : free_acks       ? std::string("routing.drb_acks free")
                                                        : std::string("sim.partitions none")) +
                                     "); use sim.threads 1");
    // Each thread has its own routing unit (router/rtl/rc_cosim.h); what needs the run's one order does not.
    if (!c.rc.trace_path.empty())
      config_fail("sim.threads", "rtl.trace dumps the decisions of one routing unit in the run's order, and each thread has "
                                 "its own; use sim.threads 1");
    if (c.rc.inject_mismatch_at)
      config_fail("sim.threads", "rtl.inject_mismatch_at counts the decisions in the order of a run on one thread; use sim.threads 1");
  }
  c.partitioned = partitions == "domains";
  v.set("sim.partitions", partitions);
  v.set("sim.threads", c.threads);
  c.bin = static_cast<Cycle>(v.I("stats.bin"));
  c.bins_before = static_cast<Cycle>(v.I("stats.before"));
  if (c.change_after_warmup >= 0) c.traffic.change_at = c.warmup + static_cast<Cycle>(c.change_after_warmup);
  if (c.change_after_warmup >= static_cast<std::int64_t>(c.measure))
    config_fail("traffic.change.at", "must fall inside the measurement window (< sim.measure = " + std::to_string(c.measure) + ")");
  // A packet may legitimately wait a credit round trip on the longest link without any grant anywhere.
  Cycle longest = 0;
  for (const LinkClassParams& l : c.links) longest = std::max(longest, l.latency);
  int extra_rc = 0;  // the slowest router's routing stage (a KNS end node's forwarding latency; 0 elsewhere)
  for (int r = 0; r < topo.routers(); ++r) extra_rc = std::max(extra_rc, topo.extra_rc_latency(r));
  const Cycle quiet = 2 * longest + static_cast<Cycle>(rp.rc_latency + extra_rc + rp.va_latency + rp.sa_latency + rp.st_latency + 2 * rp.packet_size);
  if (c.watchdog <= quiet)
    config_fail("sim.watchdog", "must exceed " + std::to_string(quiet) +
                             " cycles (a credit round trip on the longest link plus a router and two packets), or a healthy network "
                             "could be taken for a stalled one; got " + std::to_string(c.watchdog));
  for (const char* k : {"sim.warmup", "sim.measure", "sim.seed", "sim.watchdog", "stats.bin", "stats.before"})
    v.set(k, v.I(k));
  c.watchdog = effective_watchdog(c.watchdog, quiet, c.warmup + c.measure);  // a stall must be seen within the run
  // A waveform window that starts after the run wrote an empty trace without a word.
  const bool traced = (c.trace_router >= 0 && (!c.trace_vcd.empty() || !c.trace_contention.empty())) ||
                      (c.rc.mode != RcMode::kModel && !c.rc.trace_path.empty());
  if (traced && c.rc.trace_from >= c.warmup + c.measure)
    config_fail("trace.from", "cycle " + std::to_string(c.rc.trace_from) + " is after the run's last cycle (" +
                                  std::to_string(c.warmup + c.measure - 1) + " = sim.warmup + sim.measure - 1): the trace would be empty");
}

}  // namespace hiradix
