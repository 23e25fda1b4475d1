#include "testbench/network.h"

#include <algorithm>
#include <functional>
#include <map>
#include <sstream>

namespace hiradix {

namespace {
constexpr Cycle kWatchdogPeriod = 1000;
}

Network::Network(sc_core::sc_module_name name, const Config& config)
    : sc_core::sc_module(name),
      config_(config),
      topo_(config.p, config.a, config.h, config.arrangement),
      routing_(make_routing(config.routing, topo_)),
      scheduler_("scheduler"),
      stats_(topo_.terminals(), topo_.p(), config.warmup, config.warmup + config.measure) {
  if (config.traffic.has_change) {
    const Cycle begin = config.traffic.change_at > config.bins_before ? config.traffic.change_at - config.bins_before : 0;
    stats_.enable_time_series(std::max(begin, config.warmup), config.warmup + config.measure, config.bin);
  }
  if (config.rc.mode != RcMode::kModel)
    rc_cosim_ = std::make_unique<RcCoSim>(config.rc, *routing_, rc_config(config.routing, topo_));
  const std::vector<PortSpec> ports = port_specs();
  NicParams np;
  np.packet_size = config.router.packet_size;
  np.flit_size = config.router.flit_size;
  np.queue_phits = config.nic_queue;
  np.injection_vcs = config.vcs_injection;
  np.injection_depth = config.buffer_injection;
  routers_.reserve(static_cast<std::size_t>(topo_.routers()));
  nics_.reserve(static_cast<std::size_t>(topo_.terminals()));
  for (int r = 0; r < topo_.routers(); ++r) {
    routers_.push_back(new (arena_allocate(sizeof(Router), alignof(Router)))
                           Router(("router_" + std::to_string(r)).c_str(), r, ports, config.router, *routing_, pool_,
                                  scheduler_, config.seed));
    if (rc_cosim_) routers_.back()->attach_rc_cosim(rc_cosim_.get());
    if (r == config.trace_router && !config.trace_vcd.empty()) {
      stage_trace_ = std::make_unique<StageTrace>(config.trace_vcd, "router_" + std::to_string(r), topo_.radix(),
                                                  std::max({config.vcs_injection, config.vcs_local, config.vcs_global}),
                                                  config.rc.trace_from, config.rc.trace_to);
      routers_.back()->attach_stage_trace(stage_trace_.get());
    }
    if (r == config.trace_router && !config.trace_contention.empty()) {
      contention_trace_ = std::make_unique<ContentionTrace>(config.trace_contention, ports, config.rc.trace_from,
                                                            config.rc.trace_to);
      routers_.back()->attach_contention_trace(contention_trace_.get());
    }
    for (int port = 0; port < topo_.p(); ++port) {
      const int t = r * topo_.p() + port;
      nics_.push_back(new (arena_allocate(sizeof(Nic), alignof(Nic)))
                          Nic(("nic_" + std::to_string(t)).c_str(), t, np, topo_, config.traffic, stats_, pool_,
                              scheduler_, config.seed));
    }
  }

  // UGAL-G reads the global output loads of every router of its group (seed-000 §3.5).
  if (routing_->needs_group_load()) {
    group_views_.reserve(static_cast<std::size_t>(topo_.groups()));
    for (int g = 0; g < topo_.groups(); ++g) {
      std::vector<const OutputUnit*> units;
      for (int x = 0; x < topo_.a(); ++x) units.push_back(&routers_[static_cast<std::size_t>(topo_.router_at(g, x))]->outputs());
      group_views_.emplace_back(std::move(units), topo_.global_port(0), topo_.h());
    }
    for (int r = 0; r < topo_.routers(); ++r)
      routers_[static_cast<std::size_t>(r)]->attach_group_view(&group_views_[static_cast<std::size_t>(topo_.group_of(r))]);
  }

  // Wiring: each router output port to its peer's input port; NICs to their router's terminal ports.
  for (int r = 0; r < topo_.routers(); ++r) {
    for (int port = topo_.p(); port < topo_.radix(); ++port) {
      const PortEnd peer = topo_.peer(r, port);
      const Cycle latency = topo_.port_class(port) == PortClass::kGlobal ? config.global_latency : config.local_latency;
      connect(routers_[r]->out(port), routers_[static_cast<std::size_t>(peer.router)]->in(peer.port), latency);
    }
    if (GroupBroadcast* b = routers_[r]->broadcast())  // control messages travel the local links
      for (int port = topo_.p(); port < topo_.p() + topo_.a() - 1; ++port)
        b->connect(port, routers_[static_cast<std::size_t>(topo_.peer(r, port).router)]->broadcast(), config.local_latency);
    for (int port = 0; port < topo_.p(); ++port) {
      Nic& n = *nics_[static_cast<std::size_t>(r * topo_.p() + port)];
      connect(n.out(), routers_[r]->in(port), config.injection_latency);
      connect(routers_[r]->out(port), n.in(), config.injection_latency);
    }
  }
  SC_METHOD(watchdog);
  sensitive << watchdog_event_;
  dont_initialize();
  watchdog_event_.notify(cycles_to_time(kWatchdogPeriod));
}

std::vector<PortSpec> Network::port_specs() const {
  std::vector<PortSpec> ports(static_cast<std::size_t>(topo_.radix()));
  for (int port = 0; port < topo_.radix(); ++port) {
    PortSpec& s = ports[static_cast<std::size_t>(port)];
    s.cls = topo_.port_class(port);
    switch (s.cls) {
      case PortClass::kTerminal:
        s.in_vcs = config_.vcs_injection;
        s.in_depth = config_.buffer_injection;
        s.out_vcs = 1;
        s.out_depth = 0;  // ejection: the NIC consumes at link rate
        break;
      case PortClass::kLocal:
        s.in_vcs = s.out_vcs = config_.vcs_local;
        s.in_depth = s.out_depth = config_.buffer_local;
        break;
      case PortClass::kGlobal:
        s.in_vcs = s.out_vcs = config_.vcs_global;
        s.in_depth = s.out_depth = config_.buffer_global;
        break;
    }
  }
  return ports;
}

std::size_t Network::packets_in_flight() const {
  std::size_t n = 0;
  for (const auto& r : routers_) n += r->packets_held();
  for (const auto& nic : nics_) n += nic->queued();
  return n;
}

void Network::watchdog() {
  const Cycle now = now_cycle();
  std::uint64_t progress = stats_.ejected();
  for (const auto& r : routers_) progress += r->activity().grants;
  const bool loaded = stats_.injected() > stats_.ejected();
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

// Builds the wait-for graph of blocked input VCs (a VC waits for the downstream VC it needs credits
// from) and reports a cycle in it.
std::string Network::describe_deadlock() {
  using Node = std::pair<int, int>;  // (router, flattened input vc index)
  std::map<Node, Node> waits;
  for (auto& r : routers_) {
    for (const Router::Blocked& b : r->blocked_candidates()) {
      if (topo_.port_class(b.out_port) == PortClass::kTerminal) continue;
      const PortEnd peer = topo_.peer(r->id(), b.out_port);
      Router& d = *routers_[static_cast<std::size_t>(peer.router)];
      waits[{r->id(), r->inputs().vc_index(b.in_port, b.in_vc)}] = {peer.router, d.inputs().vc_index(peer.port, b.out_vc)};
    }
  }
  std::ostringstream s;
  s << "no switch grant for " << config_.watchdog << " cycles with " << stats_.injected() - stats_.ejected()
    << " packets in the network; " << waits.size() << " input VCs wait for downstream credits";
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
    s << "; cycle of waiting VCs: ";
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
}

}  // namespace hiradix
