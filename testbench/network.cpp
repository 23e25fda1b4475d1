#include "testbench/network.h"

#include <algorithm>
#include <functional>
#include <map>
#include <sstream>
#include <stdexcept>

#include "router/rtl/rtl_state_blocks.h"
#include "tlm/wire_bytes.h"


namespace hiradix {

namespace {
constexpr Cycle kWatchdogPeriod = 1000;
}

Network::Network(sc_core::sc_module_name name, const Config& config)
    : sc_core::sc_module(name),
      config_(config),
      topo_(make_topology(config)),
      classes_(config.links),
      routing_(make_routing(config.routing, *topo_)),
      scheduler_("scheduler"),
      stats_(*topo_, *routing_, config.warmup, config.warmup + config.measure),
      permutations_(config.traffic, *topo_, config.seed) {
  stats_.set_vns(config.router.vns * routing_->source_virtual_networks());  // SASHA's VNs are counted too
  if (config.traffic.uses(PatternKind::kHotspot)) stats_.set_hot_nodes(permutations_.hot_nodes(), topo_->nodes());
  if (config.traffic.has_change) {
    const Cycle begin = config.traffic.change_at > config.bins_before ? config.traffic.change_at - config.bins_before : 0;
    stats_.enable_time_series(std::max(begin, config.warmup), config.warmup + config.measure, config.bin);
    if (config.traffic.period > 0)
      stats_.enable_bursts(config.traffic.change_at, config.traffic.period, config.traffic.burst, config.warmup + config.measure);
  }
  if (config.rc.mode != RcMode::kModel)
    rc_cosim_ = std::make_unique<RcCoSim>(config.rc, *routing_, rc_config(config.routing, *topo_), *topo_,
                                          make_rtl_state_blocks(*routing_, config.routing, *topo_, config.router,
                                                                config.link_vcs()));
  if (rc_cosim_ && config.router.bands.banded() && !config.router.bands.per_destination) rc_cosim_->attach_bands(config.router.bands);
  if (config.qcn.sampling) {  // CNMs are routed by min on VCs of their own (router/flow/qcn_params.h)
    RoutingOptions min;
    min.algorithm = "min";
    cnm_routing_ = make_routing(min, *topo_);
    stats_.enable_per_source(topo_->nodes());
  }
  assign_ranks();
  build_routers_and_nics();
  wire();
  if (config.partitioned) partition();
  // What the routing shares between routers (group state, views).
  routing_->connect_routers(std::vector<WiredRouter*>(routers_.begin(), routers_.end()));
  SC_METHOD(watchdog);
  sensitive << watchdog_event_;
  dont_initialize();
  watchdog_event_.notify(cycles_to_time(kWatchdogPeriod));
}

// Routers and NICs live in the arena, each router followed by the NICs of the nodes first met at its
// terminal ports (a node's several NICs are one module, testbench/nic.h).
void Network::build_routers_and_nics() {
  const Config& config = config_;
  NicParams np;
  np.packet_size = config.router.packet_size;
  np.flit_size = config.router.flit_size;
  np.queue_phits = config.nic_queue;
  np.injection_vcs = classes_[0].vcs;
  np.vc_by_destination = config.nic_vc_by_destination;
  np.vns = config.router.vns;
  np.bands = config.router.bands;
  np.vn_select = parse_vn_select(config.routing.text("routing.vn_select"));
  if (const int own = routing_->source_virtual_networks(); own > 1) {  // SASHA: its NICs pick among its VNs
    np.vns = own;
    np.vn_select = VnSelect::kAdaptive;
    np.vn_metric = parse_vn_metric(config.routing.text("routing.sasha_metric"));
    np.vn_tie = parse_vn_tie(config.routing.text("routing.sasha_tie"));
    np.xmit_wait_interval = static_cast<Cycle>(config.routing.integer("routing.sasha_interval"));
    if (rc_cosim_) {  // the RTL picks each NIC link's VN too (router/rtl/rtl_vn_select.h)
      rc_cosim_->attach_vn_selects(topo_->nodes() * topo_->nics_per_node(), own, np.vn_tie == VnTie::kFirst);
      np.rtl_vn_select = rc_cosim_.get();
    }
  }
  np.injection_depth = classes_[0].buffer;
  np.flow_control = config.router.flow_control;  // the injection link speaks the routers' flow control
  if (config.qcn.sampling) np.qcn = &config.qcn;
  if (const MetaPathParams* m = routing_->metapath()) {  // DRB, PR-DRB
    path_headers_ = std::make_unique<PathHeaders>();
    path_headers_->count_routers(topo_->routers());
    np.metapath = m;
    np.path_headers = path_headers_.get();
    const RouterParams& rp = config.router;
    np.path_timing = {static_cast<Cycle>(rp.rc_latency + rp.va_latency + rp.sa_latency + rp.st_latency), classes_[0].latency, classes_[1].latency};
    if (m->free_acks) {
      free_acks_ = std::make_unique<FreeAcks>(*topo_, nics_, np.path_timing, rp.flit_size);
      np.free_acks = free_acks_.get();
    }
  }
  routers_.reserve(static_cast<std::size_t>(topo_->routers()));
  nics_.assign(static_cast<std::size_t>(topo_->nodes()), nullptr);
  for (int r = 0; r < topo_->routers(); ++r) {
    ArenaRecording memory;  // the router's and its NICs' spans: what its partition prefetches (partition())
    const std::vector<PortSpec> ports = port_specs(r);
    RouterParams params = config.router;
    params.rc_latency += topo_->extra_rc_latency(r);  // a KNS end node's forwarding latency (0 elsewhere)
    routers_.push_back(new (arena_allocate(sizeof(Router), alignof(Router)))
                           Router(("router_" + std::to_string(r)).c_str(), r, ports, params, *routing_, pool_,
                                  scheduler_, config.seed));
    if (rc_cosim_) routers_.back()->attach_rc_cosim(rc_cosim_.get());
    if (cnm_routing_) routers_.back()->attach_qcn(config.qcn, *cnm_routing_, config.seed);
    if (path_headers_)
      routers_.back()->attach_path_monitor(path_headers_.get(), np.path_timing, np.metapath->record_wait, np.metapath->flows);
    if (r == config.trace_router && runs_here(r)) attach_traces(*routers_.back(), ports);  // on the rank that runs it
    for (int port = 0; port < topo_->radix(r); ++port) {
      if (topo_->port_class(r, port) != 0) continue;
      const int node = topo_->node_at(r, port);
      if (nics_[static_cast<std::size_t>(node)]) continue;  // built at the router of another of its NICs
      nics_[static_cast<std::size_t>(node)] = new (arena_allocate(sizeof(Nic), alignof(Nic)))
          Nic(("nic_" + std::to_string(node)).c_str(), node, np, *topo_, config.traffic, stats_, pool_, scheduler_,
              config.seed, &permutations_);
    }
    router_memory_.push_back(memory.take());
  }
}

void Network::attach_traces(Router& router, const std::vector<PortSpec>& ports) {
  const Config& config = config_;
  const std::string name = "router_" + std::to_string(router.id());
  if (!config.trace_vcd.empty()) {
    // The bid signal: a bit per VC, or under router.queues voq_sw per output (its VOQs bid by output).
    const bool by_output = config.router.input_buffers == InputBufferKind::kVoqSwitch;
    int bid_width = 1;
    for (const LinkClassParams& c : classes_) bid_width = std::max(bid_width, c.vcs);
    if (by_output) bid_width = router.radix();
    stage_trace_ = std::make_unique<StageTrace>(config.trace_vcd, name, router.radix(), bid_width, by_output,
                                                config.rc.trace_from, config.rc.trace_to);
    router.attach_stage_trace(stage_trace_.get());
  }
  if (!config.trace_contention.empty()) {
    contention_trace_ = std::make_unique<ContentionTrace>(config.trace_contention, ports, topo_->link_classes(),
                                                          config.rc.trace_from, config.rc.trace_to);
    router.attach_contention_trace(contention_trace_.get());
  }
  if (!config.trace_routing.empty()) {  // the routing's own trace (its entry's trace key)
    routing_trace_ = routing_->open_trace(config.trace_routing, config.rc.trace_from, config.rc.trace_to);
    if (RoutingState* state = router.routing_state()) state->attach_trace(routing_trace_.get());
  }
}

// Each router output port to its peer's input port, with its link class's latency; NICs to their ports.
void Network::wire() {
  for (int r = 0; r < topo_->routers(); ++r) {
    Router& router = *routers_[static_cast<std::size_t>(r)];
    for (int port = 0; port < topo_->radix(r); ++port) {
      const int cls = topo_->port_class(r, port);
      const Cycle latency = classes_[static_cast<std::size_t>(cls)].latency;
      if (cls != 0) {
        const PortEnd peer = topo_->peer(r, port);
        connect(router.out(port), routers_[static_cast<std::size_t>(peer.router)]->in(peer.port), latency);
      } else {
        const int node = topo_->node_at(r, port);
        Nic& n = *nics_[static_cast<std::size_t>(node)];
        const int k = nic_at(node, r, port);
        connect(n.out(k), router.in(port), latency);
        connect(router.out(port), n.in(k), latency);
      }
    }
  }
}

// MPI ranks (tlm/ranks.h): rank r runs the r-th contiguous block of the partitions, the topology's domains.
void Network::assign_ranks() {
  const Ranks& world = ranks();
  if (world.size() == 1 || !config_.partitioned) return;  // a run without partitions is refused with ranks
  const int parts = topo_->domains();
  if (parts < world.size())
    config_fail("sim.partitions", "the network has " + std::to_string(parts) + " " + topo_->domain_name() + "s to cut and " +
                                      std::to_string(world.size()) + " MPI ranks to share them: use at most " + std::to_string(parts) + " ranks");
  for (int p = 0; p < parts; ++p) rank_of_.push_back(p * world.size() / parts);
}

// sim.partitions domains: a partition per topology domain, each router's NICs in its partition; the links
// between domains cut (tlm/cut_links.h), the smallest latency among them the windows' length.
void Network::partition() {
  const int parts = topo_->domains();
  if (parts < 2) return;  // one domain: one wheel, as without partitions
  if (free_acks_) throw std::logic_error("DRB's free ACKs cross partitions without a link (refused by the config)");
  for (int r = 0; r < topo_->routers(); ++r) scheduler_.assign(routers_[static_cast<std::size_t>(r)], topo_->domain_of(r));
  for (int node = 0; node < topo_->nodes(); ++node) {
    const int part = topo_->domain_of(topo_->nic_port(node, 0).router);
    for (int k = 1; k < topo_->nics_per_node(); ++k)
      if (const int other = topo_->domain_of(topo_->nic_port(node, k).router); other != part)
        config_fail("sim.partitions", "node " + std::to_string(node) + "'s NICs attach to routers of " + topo_->domain_name() + "s " +
                                          std::to_string(part) + " and " + std::to_string(other) + ": a node must lie in one partition");
    scheduler_.assign(nics_[static_cast<std::size_t>(node)], part);
  }
  cut_links_ = std::make_unique<CutLinks>(parts);
  Cycle lookahead = kNever;
  for (int r = 0; r < topo_->routers(); ++r)
    for (int port = 0; port < topo_->radix(r); ++port) {
      const int cls = topo_->port_class(r, port);
      if (cls == 0) continue;
      const PortEnd peer = topo_->peer(r, port);
      if (topo_->domain_of(peer.router) == topo_->domain_of(r)) continue;
      cut_links_->cut(routers_[static_cast<std::size_t>(r)]->out(port), topo_->domain_of(r),
                      routers_[static_cast<std::size_t>(peer.router)]->in(peer.port), topo_->domain_of(peer.router));
      lookahead = std::min(lookahead, classes_[static_cast<std::size_t>(cls)].latency);
    }
  pool_.set_partitions(parts);
  scheduler_.partition(parts, lookahead == kNever ? 1 : lookahead, this);
  for (int r = 0; r < topo_->routers(); ++r)
    scheduler_.add_memory(topo_->domain_of(r), router_memory_[static_cast<std::size_t>(r)]);
  router_memory_ = {};
  Ranks& world = ranks();
  if (!rank_of_.empty()) {  // MPI ranks: this one runs its block of partitions only
    const int first = static_cast<int>(std::find(rank_of_.begin(), rank_of_.end(), world.rank()) - rank_of_.begin());
    scheduler_.set_owned(first, first + static_cast<int>(std::count(rank_of_.begin(), rank_of_.end(), world.rank())));
  }
  if (config_.threads > 1 || world.size() > 1) {  // the NICs' reports wait in their partition's log until the window's end
    scheduler_.set_threads(config_.threads);
    stats_.set_serial_partitions(parts);
    for (int p = 0; p < parts; ++p) stats_logs_.emplace_back(p);
    for (Nic* nic : nics_) nic->report_to(&stats_logs_[static_cast<std::size_t>(nic->partition())]);
    if (rc_cosim_) rc_cosim_->set_threads(scheduler_.threads());  // a routing unit per thread
  }
}

void Network::exchange() {
  if (rc_cosim_) rc_cosim_->end_window();  // a mismatch's stop, from this thread
  apply_stats_logs();
  pool_.rebalance();
}

void Network::apply_stats_logs() {
  Ranks& world = ranks();
  if (world.size() == 1) {
    for (StatsLog& log : stats_logs_) log.apply(stats_);
    return;
  }
  std::vector<char> mine;
  for (std::size_t p = 0; p < stats_logs_.size(); ++p)
    if (rank_of_[p] == world.rank()) stats_logs_[p].pack(mine);
  const std::vector<std::vector<char>> all = world.gather_all(mine);
  std::vector<std::size_t> read(all.size(), 0);
  for (std::size_t p = 0; p < stats_logs_.size(); ++p) {
    const int r = rank_of_[p];
    if (r == world.rank()) stats_logs_[p].apply(stats_);
    else StatsLog::apply_packed(all[static_cast<std::size_t>(r)], read[static_cast<std::size_t>(r)], stats_);
  }
}

std::uint64_t Network::grants() const {
  std::uint64_t n = 0;
  for (const auto& r : routers_) n += r->activity().grants;
  return ranks().sum(n);
}

int Network::nic_at(int node, int router, int port) const {
  for (int k = 0; k < topo_->nics_per_node(); ++k) {
    const PortEnd e = topo_->nic_port(node, k);
    if (e.router == router && e.port == port) return k;
  }
  throw std::logic_error("topology " + topo_->name() + ": node_at(" + std::to_string(router) + ", " + std::to_string(port) +
                         ") = " + std::to_string(node) + ", none of whose NICs attaches there");
}

std::vector<PortSpec> Network::port_specs(int router) const {
  std::vector<PortSpec> ports(static_cast<std::size_t>(topo_->radix(router)));
  for (int port = 0; port < topo_->radix(router); ++port) {
    PortSpec& s = ports[static_cast<std::size_t>(port)];
    s.link_class = static_cast<std::uint8_t>(topo_->port_class(router, port));
    const LinkClassParams& c = classes_[s.link_class];
    s.in_vcs = c.vcs;
    s.in_depth = c.buffer;
    if (s.link_class == 0) {
      s.out_vcs = 1;
      s.out_depth = 0;  // ejection: the NIC consumes at link rate
    } else {
      // A topology may give a port an input buffer of its own (Topology::input_buffer: a KNS end node's
      // forwarding buffers); the credits of an output are the depth of the input it feeds.
      if (const int own = topo_->input_buffer(router, port)) s.in_depth = own;
      const PortEnd peer = topo_->peer(router, port);
      const int peer_own = topo_->input_buffer(peer.router, peer.port);
      s.out_vcs = c.vcs;
      s.out_depth = peer_own ? peer_own : c.buffer;
    }
    s.in_xoff = s.in_depth - c.pause_headroom;  // pause flow control (load_config checked them)
    s.in_xon = s.in_xoff - c.pause_hysteresis;
  }
  return ports;
}

std::size_t Network::cnms_in_flight() const {
  std::uint64_t n = 0;
  for (const auto& r : routers_) n += r->cnms_held();
  return ranks().sum(n);  // another rank's routers hold nothing here
}

std::uint64_t Network::acks_made() const {
  std::uint64_t n = 0;
  for (const Nic* nic : nics_) n += nic->acks_made();
  return ranks().sum(n);  // MPI ranks: another rank's NICs made none here
}

std::uint64_t Network::acks_taken() const {
  std::uint64_t n = 0;
  for (const Nic* nic : nics_) n += nic->acks_taken();
  return ranks().sum(n);
}

std::size_t Network::acks_in_flight() const {
  std::size_t n = 0;
  for (const auto& r : routers_) n += r->acks_held();
  for (const Nic* nic : nics_) n += nic->acks_waiting() + nic->acks_arriving();
  return ranks().sum(n);
}

std::size_t Network::packets_in_flight() const {
  std::uint64_t n = 0;
  for (const auto& r : routers_) n += r->packets_held();
  for (const auto& nic : nics_) n += nic->queued();
  return ranks().sum(n);  // another rank's routers and NICs hold nothing here
}

void Network::watchdog() {
  const Cycle now = now_cycle();
  const std::uint64_t progress = stats_.ejected() + grants();
  const bool loaded = stats_.injected() > stats_.ejected();
  if (!loaded && external_traffic_) {  // asleep until traffic_submitted()
    watchdog_armed_ = false;
    return;
  }
  if (progress != last_progress_ || !loaded) {
    last_progress_ = progress;
    last_progress_cycle_ = now;
  } else if (now - last_progress_cycle_ >= config_.watchdog) {
    deadlock_report_ = describe_deadlock();
    sc_core::sc_stop();
    return;
  }
  watchdog_event_.notify(cycles_to_time(kWatchdogPeriod));
}

void Network::traffic_submitted() {
  if (watchdog_armed_) return;
  watchdog_armed_ = true;
  last_progress_cycle_ = now_cycle();
  watchdog_event_.notify(cycles_to_time(kWatchdogPeriod));
}

// Builds the wait-for graph of blocked input VCs (a VC waits for the downstream VC it needs credits from,
// or under pause flow control whose class is paused) and reports a cycle in it.
std::string Network::describe_deadlock() {
  using Node = std::pair<int, int>;  // (router, flattened input vc index)
  std::map<Node, Node> waits;
  for (auto& r : routers_) {
    for (const Router::Blocked& b : r->blocked_candidates(now_cycle())) {
      if (topo_->port_class(r->id(), b.out_port) == 0) continue;  // ejection never blocks
      const PortEnd peer = topo_->peer(r->id(), b.out_port);
      Router& d = *routers_[static_cast<std::size_t>(peer.router)];
      waits[{r->id(), r->inputs().vc_index(b.in_port, b.in_vc)}] = {peer.router, d.inputs().vc_index(peer.port, b.out_vc)};
    }
  }
  if (ranks().size() > 1) {  // MPI ranks: each knows its own routers' waits; the graph is all of them
    std::vector<int> mine;
    for (const auto& [from, to] : waits) mine.insert(mine.end(), {from.first, from.second, to.first, to.second});
    std::vector<char> bytes;
    wire::put_vector(bytes, mine);
    for (const std::vector<char>& theirs : ranks().gather_all(bytes)) {
      std::size_t at = 0;
      const std::vector<int> w = wire::take_vector<int>(theirs, at);
      for (std::size_t i = 0; i + 3 < w.size(); i += 4) waits[{w[i], w[i + 1]}] = {w[i + 2], w[i + 3]};
    }
  }
  std::ostringstream s;
  const bool pause = config_.router.flow_control == FlowControlKind::kPause;
  s << "no switch grant for " << config_.watchdog << " cycles with " << stats_.injected() - stats_.ejected()
    << " packets in the network; " << waits.size() << " input VCs wait for "
    << (pause ? "a paused class downstream" : "downstream credits");
  auto name = [&](const Node& n) {
    Router& r = *routers_[static_cast<std::size_t>(n.first)];
    const int port = r.inputs().port_of(n.second);
    return "router " + std::to_string(n.first) + " in-port " + std::to_string(port) + " vc " +
           std::to_string(n.second - r.inputs().vc_index(port, 0));
  };
  for (const auto& start : waits) {  // follow the chain from each blocked VC; a revisit is a cycle
    std::map<Node, int> seen;
    Node cur = start.first;
    int step = 0;
    while (waits.count(cur) && !seen.count(cur)) {
      seen[cur] = step++;
      cur = waits[cur];
    }
    if (!seen.count(cur)) continue;
    s << (pause ? "; cycle of paused classes (VCs): " : "; cycle of waiting VCs: ");
    Node n = cur;
    do {
      s << name(n) << " -> ";
      n = waits[n];
    } while (n != cur);
    s << name(cur);
    return s.str();
  }
  s << "; no cycle among them (a stall, not a VC deadlock)";
  return s.str();
}

void Network::finish_traces() {
  if (rc_cosim_) rc_cosim_->finish();
  if (stage_trace_) stage_trace_->finish();
  if (contention_trace_) contention_trace_->finish();
  if (routing_trace_) routing_trace_->finish();
}

}  // namespace hiradix
