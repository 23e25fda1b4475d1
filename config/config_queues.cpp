// The input ports' queue scheme (router.queues, router.bands; router/buffers/) and flow control thresholds
// (router.pause.*; router/flow/), and their checks against the routing and the network: part of
// load_config's router and VC sections (config_sections.cpp).
#include <algorithm>
#include <map>
#include <string>

#include "config/config_values.h"
#include "router/routing/routing_registry.h"
#include "router/rtl/rtl_band_select.h"
#include "topology/topology_registry.h"

namespace hiradix {

// The queue scheme and the flow control (the schema's choices are the schemes that exist).
// Band-based queues are VC FIFOs too: the band picks the VC (read_vcs_and_buffers fills the band map).
// A _voq_sw suffix adds per-output VOQs to the bands' VCs (seed 001 runs every scheme with and without).
// Per-destination queues are bbq's lanes with a band per node (read_bands sets their count).
void read_queue_scheme(ConfigValues& v, RouterParams& rp) {
  static const std::map<std::string, InputBufferKind> queues = {
      {"vc", InputBufferKind::kVcFifos},         {"voq_sw", InputBufferKind::kVoqSwitch},
      {"voq_net", InputBufferKind::kVcFifos},
      {"bbq", InputBufferKind::kVcFifos},        {"bbq_voq_sw", InputBufferKind::kVoqSwitch},
      {"dbbq", InputBufferKind::kVcFifos},       {"dbbq_voq_sw", InputBufferKind::kVoqSwitch}};
  static const std::map<std::string, FlowControlKind> flows = {{"credits", FlowControlKind::kCredits},
                                                               {"pause", FlowControlKind::kPause}};
  const std::string scheme = v.S("router.queues");
  rp.input_buffers = queues.at(scheme);
  if (scheme.rfind("bbq", 0) == 0 || scheme.rfind("dbbq", 0) == 0) {
    rp.bands.count = static_cast<int>(v.I("router.bands"));
    rp.bands.by_column = scheme[0] == 'd';
  } else if (v.I("router.bands") != 2) {
    config_fail("router.bands", "is read only by router.queues bbq and dbbq (and their _voq_sw); router.queues is " + scheme);
  }
  v.set("router.bands", v.I("router.bands"));
  rp.bands.per_destination = scheme == "voq_net";
  if (!rp.bands.per_destination && v.I("router.voq_max_queues") != 64)
    config_fail("router.voq_max_queues", "is read only by router.queues voq_net; router.queues is " + scheme);
  v.set("router.voq_max_queues", v.I("router.voq_max_queues"));
  rp.flow_control = flows.at(v.S("router.flow_control"));
  v.set("router.queues", v.S("router.queues"));
  v.set("router.flow_control", v.S("router.flow_control"));
}

// Why `routing` cannot run in more than one VN or with band-based queues (`what`), or "". The routing
// decides as if alone on its own VCs (Router::decide_rare adds the VN's offset and picks the band), so a
// routing that reads the input VC or the state of each output VC (in-transit routings: the input VC and the
// ready VCs; OLM and Hybrid: occupancies; UGAL with routing.ugal_load: vc) would read the wrong VCs:
// refused until the router gives it its VN's and band's.
std::string vc_translation_refusal(const RoutingAlgorithm& routing, const RoutingOptions& options, const std::string& what) {
  const std::string who = "routing.algorithm " + options.algorithm;
  if (routing.reroutes_blocked_heads()) return who + " reads the input VC and each output's ready VCs, which " + what + " do not translate yet";
  if (routing.needs_occupancy()) return who + " reads output-VC occupancies, which " + what + " do not translate yet";
  for (const RoutingKey& k : routing_keys())
    if (k.spec.key == "routing.ugal_load" && options.text(k.spec.key) == "vc" &&
        std::find(k.used_by.begin(), k.used_by.end(), options.algorithm) != k.used_by.end())
      return "routing.ugal_load: vc reads the load of each output VC, which " + what + " do not translate yet";
  return "";
}

// Band-based queues (router/common/band_map.h): the band map of the network, or a clear error.
void read_bands(Config& c, const RoutingAlgorithm& routing, const Topology& topo) {
  BandMap& bands = c.router.bands;
  const std::string scheme = bands.per_destination ? "voq_net" : bands.by_column ? "dbbq" : "bbq";
  const std::string refusal =
      vc_translation_refusal(routing, c.routing, bands.per_destination ? "per-destination queues" : "band-based queues");
  if (!refusal.empty()) config_fail("router.queues", refusal);
  if (c.nic_vc_by_destination)
    config_fail("nic.injection_vc", "destination picks the injection VC by destination, as router.queues " + scheme +
                                        " does already: use round_robin (among the routing's VCs; the band picks within)");
  bands.nodes = topo.nodes();
  if (bands.per_destination) {  // a queue per node: the destination is the queue, no RTL select to check
    bands.count = bands.nodes;
    return;
  }
  if (c.rc.mode != RcMode::kModel && static_cast<std::uint32_t>(bands.nodes) > RtlBandSelect::kMaxNodes)
    config_fail("router.rc_mode", "the RTL queue select of " + scheme + " numbers nodes in 16 bits; the network has " +
                                      std::to_string(bands.nodes) + " nodes");
  if (!bands.by_column) return;
  const int vns = c.router.vns * routing.own_virtual_networks();
  if (vns != 2)
    config_fail("router.queues", "dbbq bands two virtual networks by two formulas (rows, then columns); this network has " +
                                     std::to_string(vns) + " (routing.vns times the routing's own): set routing.vns: 2, use "
                                     "routing.algorithm osha, or router.queues bbq");
  const std::vector<int> grid = topo.grid();
  if (grid.empty())
    config_fail("router.queues", "dbbq bands its second virtual network by the column of the destination's router, and topology.type " +
                                     c.topology.type + " has no router grid: use bbq");
  int routers = 1;
  for (int k : grid) routers *= k;
  bands.columns = grid[0];
  bands.nodes_per_router = topo.nodes() / routers;
}

// Per-output VOQs (router/buffers/voq_switch_buffers.h): a head moves into the VOQ of its route at RC, so a
// routing that routes a waiting head again would have to move it back.
void check_voq_switch(const Config& c, const RoutingAlgorithm& routing) {
  const std::string who = "routing.algorithm " + c.routing.algorithm;
  if (routing.reroutes_blocked_heads())
    config_fail("router.queues", "voq_sw moves a head into the VOQ of its output at RC, and " + who +
                                     " routes a blocked head again (in transit): not supported yet");
  if (routing.recomputes_at_injection())
    config_fail("router.queues", "voq_sw moves a head into the VOQ of its output at RC, and " + who +
                                     " computes a blocked injected head's route again: not supported yet (set "
                                     "routing.source_decision: once, or routing.recomp: false)");
}

// Pause flow control (router/flow/pause_flow_control.h): each class's headroom above Xoff holds what an XOFF
// lets in after the count reached Xoff (twice the link latency of phits, the packet on the link, and the
// upstream router's output queue, reserved at its grants: a NIC has none), or the run could lose a flit.
void read_pause(ConfigValues& v, Config& c, const Topology& topo) {
  const bool pause = c.router.flow_control == FlowControlKind::kPause;
  for (const char* key : {"router.pause.headroom", "router.pause.hysteresis"}) {
    if (!pause && v.I(key) != 0) config_fail(key, "is read only by router.flow_control pause; router.flow_control is credits");
    v.set(key, v.I(key));
  }
  if (!pause) return;
  const int packet = c.router.packet_size;
  const int given = static_cast<int>(v.I("router.pause.headroom"));
  const int hysteresis = v.I("router.pause.hysteresis") ? static_cast<int>(v.I("router.pause.hysteresis")) : packet;
  const std::vector<LinkClassKeys>& classes = topology_entry(c.topology.type).link_classes;
  const std::string own = topo.input_buffer_key();
  for (std::size_t i = 0; i < c.links.size(); ++i) {
    LinkClassParams& l = c.links[i];
    const int in_flight = static_cast<int>(2 * l.latency) + packet + (i == 0 ? 0 : c.router.output_queue_phits);
    if (given != 0 && given < in_flight)
      config_fail("router.pause.headroom", "must hold what reaches a " + classes[i].name + " input after its XOFF: 2 x " +
                                               std::to_string(l.latency) + " cycles of link + a packet (" + std::to_string(packet) +
                                               ")" + (i == 0 ? "" : " + the upstream output queue (" +
                                               std::to_string(c.router.output_queue_phits) + ")") + " = " +
                                               std::to_string(in_flight) + " phits; got " + std::to_string(given));
    l.pause_headroom = given ? given : in_flight;
    l.pause_hysteresis = hysteresis;
    // Xon >= 0 and Xoff above it: the buffer holds the headroom, the hysteresis and a phit.
    const int needed = l.pause_headroom + hysteresis + 1;
    const auto check = [&](const std::string& key, int buffer) {
      if (buffer < needed)
        config_fail(key, "under router.flow_control pause must hold the headroom (" + std::to_string(l.pause_headroom) +
                             " phits) and the hysteresis (" + std::to_string(hysteresis) + ") above a phit: at least " +
                             std::to_string(needed) + " phits; got " + std::to_string(buffer));
    };
    check(classes[i].buffer.key, l.buffer);
    if (i > 0 && !own.empty() && v.I(own) != 0) check(own, static_cast<int>(v.I(own)));
  }
}

}  // namespace hiradix
