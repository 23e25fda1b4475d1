#include "tools/run/simulation.h"

#include <sys/resource.h>

#include <algorithm>
#include <array>
#include <chrono>
#include <cmath>
#include <cstdlib>
#include <limits>
#include <sstream>

#include <fmt/format.h>

#include "router/routing/routing_registry.h"
#include "testbench/network.h"
#include "testbench/power_report.h"
#include "tools/run/provenance.h"
#include "tools/run/trace_result.h"
#include "testbench/stall_probe.h"

namespace hiradix {

namespace {
double peak_memory_mib() {
  rusage u{};
  getrusage(RUSAGE_SELF, &u);
  return static_cast<double>(u.ru_maxrss) / 1024.0;  // ru_maxrss is in KiB on Linux
}
}  // namespace

namespace {

// The contention counters of the whole network at a cycle boundary, after catching up the lazy tail
// bookkeeping (as at the end of warm-up), and the routers' congestion levels (ACOR-Switch, PB-ACOR): what
// the time series of a transient reports per bin.
struct BinSample {
  std::uint64_t observations = 0, sum_observed = 0;
  std::int64_t total = 0;  // sum of all counters at the boundary
  std::int32_t peak = 0;   // largest counter at the boundary
  std::array<int, 4> routers_at_level{};  // routers per level (levels are 0..3)
  bool has_levels = false;
  // DRB: the sources' MetaPaths at the boundary (paths open, source-destination pairs), and their openings and
  // installed solutions so far; metapaths < 0 without DRB.
  long long open_paths = 0, metapaths = -1;
  std::uint64_t opened = 0, installed = 0;
};

// DRB: every source's MetaPath counts summed, the paths open and the source-destination pairs with a MetaPath.
struct MetaPathTotals {
  MetaPathSource::Counts counts;
  long long open_paths = 0, metapaths = 0;
};

MetaPathTotals metapath_totals(Network& net) {
  MetaPathTotals t;
  MetaPathSource::Counts& sum = t.counts;
  for (int n = 0; n < net.topology().nodes(); ++n) {
    const MetaPathSource& m = *net.nic(n).metapath();
    const MetaPathSource::Counts& c = m.counts();
    sum.opened += c.opened, sum.closed += c.closed, sum.installed += c.installed, sum.misses += c.misses, sum.saved += c.saved;
    sum.acks += c.acks, sum.waited += c.waited, sum.excess += c.excess, sum.below_zero_load += c.below_zero_load;
    t.open_paths += m.open_paths();
    t.metapaths += m.destinations();
  }
  return t;
}

BinSample sample_bin(Network& net, Cycle at) {
  BinSample s;
  for (int r = 0; r < net.routers(); ++r) {
    Router& router = net.router(r);
    if (at > 0) router.catch_up(at - 1);
    if (RoutingState* state = router.routing_state()) {
      const int level = state->level(at);
      if (level >= 0) {
        ++s.routers_at_level[static_cast<std::size_t>(std::min(level, 3))];
        s.has_levels = true;
      }
    }
    const ContentionCounters& c = router.contention();
    s.observations += c.observations();
    s.sum_observed += c.sum_observed();
    for (int p = 0; p < router.radix(); ++p) {
      s.total += c.value(p);
      s.peak = std::max(s.peak, c.value(p));
    }
  }
  if (net.path_headers()) {
    const MetaPathTotals t = metapath_totals(net);
    s.open_paths = t.open_paths;
    s.metapaths = t.metapaths;
    s.opened = t.counts.opened;
    s.installed = t.counts.installed;
  }
  return s;
}

// Simulates from cycle `from` to `to`, stopping at every progress slice (when there is a hook) and at
// every cycle in `samples` (ascending; a sample is taken there); stops early when the network stops
// (deadlock, RTL mismatch). Without hook and samples it is one sc_start.
void advance(Network& net, Cycle from, Cycle to, const ProgressHook& on_progress, const std::vector<Cycle>& samples,
             std::vector<BinSample>& taken) {
  std::size_t k = taken.size();
  if ((!on_progress && k >= samples.size()) || to == from) {
    net.set_window_limit(to);
    sc_core::sc_start(cycles_to_time(to - from));
    return;
  }
  for (Cycle t = from; t < to && !net.stopped();) {
    Cycle next = on_progress ? std::min(to, t + kProgressSlice) : to;
    if (k < samples.size()) next = std::min(next, samples[k]);
    net.set_window_limit(next);
    sc_core::sc_start(cycles_to_time(next - t));
    t = next;
    if (k < samples.size() && samples[k] == t) {
      taken.push_back(sample_bin(net, t));
      ++k;
    }
    if (on_progress) on_progress(t);
  }
}

// The time-series bins' contention samples of a transient: the bin boundaries (the bins of Network/Stats:
// from max(change - stats.before, warm-up) to the end, stats.bin wide); none for a steady run.
std::vector<Cycle> contention_sample_cycles(const Config& config) {
  std::vector<Cycle> samples;
  if (!config.traffic.has_change) return samples;
  const Cycle change = config.traffic.change_at;  // absolute by now (resolved by the network)
  const Cycle end = config.warmup + config.measure;
  Cycle begin = change > config.bins_before ? change - config.bins_before : 0;
  begin = std::max(begin, config.warmup);
  for (Cycle c = begin; c < end; c += config.bin) samples.push_back(c);
  if (!samples.empty()) samples.push_back(end);
  return samples;
}

// Warm-up, then the measurement window (unless the network stopped); returns the contention samples taken.
std::vector<BinSample> simulate(Network& net, const Config& config, const ProgressHook& on_progress) {
  const std::vector<Cycle> samples = contention_sample_cycles(config);
  std::vector<BinSample> taken;
  advance(net, 0, config.warmup, on_progress, {}, taken);
  for (int r = 0; r < net.routers(); ++r) {
    net.router(r).catch_up(config.warmup - 1);  // warm-up events still pending in the bookkeeping
    net.router(r).contention().reset_statistics();
    // The activity and power objects cover the measurement window; without warm-up it is the whole run,
    // and sc_start(0) above has already run cycle 0's injections, which belong to it.
    if (config.warmup > 0) net.router(r).reset_events();
    if (GroupBroadcast* b = net.router(r).broadcast()) b->reset_statistics();
  }
  if (!samples.empty() && samples.front() == config.warmup) taken.push_back(sample_bin(net, config.warmup));
  if (!net.stopped()) advance(net, config.warmup, config.warmup + config.measure, on_progress, samples, taken);
  return taken;
}

// The contention counters seen by headers over the run (after the bookkeeping still pending at the end).
nlohmann::json contention_json(Network& net, Cycle simulated) {
  std::uint64_t observations = 0, observed_sum = 0;
  std::int32_t max_counter = 0;
  for (int r = 0; r < net.routers(); ++r) {
    if (simulated > 0) net.router(r).catch_up(simulated - 1);
    const ContentionCounters& c = net.router(r).contention();
    observations += c.observations();
    observed_sum += c.sum_observed();
    max_counter = std::max(max_counter, c.max());
  }
  return {{"mean_at_header", observations ? static_cast<double>(observed_sum) / observations : 0.0}, {"max", max_counter}};
}

// Group broadcasts (ECtN, PB) in the measurement window: their cost as a fraction of the capacity of the
// links they use (one phit per cycle per link).
nlohmann::json broadcast_json(Network& net, Cycle measured) {
  std::uint64_t messages = 0, phits = 0, superseded = 0, links = 0;
  for (int r = 0; r < net.routers(); ++r) {
    const GroupBroadcast& b = *net.router(r).broadcast();
    messages += b.messages_sent();
    phits += b.control_phits();
    superseded += b.superseded();
    links += static_cast<std::uint64_t>(b.links());
  }
  const BroadcastParams& bp = net.router(0).broadcast()->params();
  const double link_cycles = static_cast<double>(links) * static_cast<double>(std::max<Cycle>(measured, 1));
  const char* mode = bp.mode == BroadcastMode::kMessage ? "message" : bp.mode == BroadcastMode::kPiggyback ? "piggyback" : "free";
  return {{"mode", mode}, {"period", bp.period}, {"message_bits", bp.entries * bp.entry_bits},
          {"message_phits", bp.mode == BroadcastMode::kFree ? 0 : bp.phits()}, {"messages", messages},
          {"superseded", superseded}, {"control_phits", phits},
          {"local_link_overhead", static_cast<double>(phits) / link_cycles}};
}

// Contention trace of a transient: per bin, the headers that reached the head of a VC in it and the mean
// counter value they saw (on their minimal output), and the mean (over all router ports) and largest
// counter at the bin's end.
void add_contention_to_bins(nlohmann::json& bins, Network& net, const std::vector<BinSample>& taken) {
  std::size_t ports = 0;
  for (int r = 0; r < net.routers(); ++r) ports += static_cast<std::size_t>(net.router(r).radix());
  for (std::size_t i = 0; i < bins.size() && i + 1 < taken.size(); ++i) {
    const BinSample &a = taken[i], &b = taken[i + 1];
    const std::uint64_t n = b.observations - a.observations;
    bins[i]["contention_headers"] = n;
    bins[i]["contention_mean_at_header"] = n ? static_cast<double>(b.sum_observed - a.sum_observed) / static_cast<double>(n) : 0.0;
    bins[i]["contention_mean"] = static_cast<double>(b.total) / static_cast<double>(std::max<std::size_t>(ports, 1));
    bins[i]["contention_max"] = b.peak;
    // The levels at the bin's end.
    if (b.has_levels) bins[i]["routers_at_level"] = b.routers_at_level;
    if (b.metapaths >= 0) {  // DRB: MSPs per flow at the bin's end, and the bin's openings and installations
      bins[i]["msps_per_flow"] = b.metapaths ? static_cast<double>(b.open_paths) / static_cast<double>(b.metapaths) : 0.0;
      bins[i]["paths_opened"] = b.opened - a.opened;
      bins[i]["solutions_installed"] = b.installed - a.installed;
    }
  }
}

// Conservation (DESIGN §3.5): every created packet is either delivered or still somewhere in the network.
nlohmann::json conservation_json(Network& net, Cycle simulated) {
  const Stats& s = net.stats();
  const std::uint64_t held = net.packets_in_flight();
  const std::uint64_t late = s.ejected_after(simulated);
  const bool conserved = s.created() == s.ejected() + held && s.misdelivered() == 0 && s.duplicates() == 0;
  return {{"created", s.created()},
          {"delivered", s.ejected() - late},
          {"in_flight", held + late},
          {"misdelivered", s.misdelivered()},
          {"duplicates", s.duplicates()},
          {"ok", conserved}};
}

// The run's status and exit code, from the result's conservation and the network's deadlock detection.
void set_status(RunOutcome& out, Network& net, const StallProbe& stall, Cycle watchdog, Cycle simulated) {
  nlohmann::json& j = out.result;
  const Stats& s = net.stats();
  j["status"] = "ok";
  if (net.rc_cosim() && net.rc_cosim()->stopped()) {
    j["status"] = "rtl_mismatch";
    out.exit_code = kExitRtlMismatch;
  } else if (net.deadlocked()) {
    j["status"] = "deadlock";
    j["deadlock"] = net.deadlock_report();
    out.exit_code = kExitDeadlock;
  } else if (stall.stalled(simulated, s.injected() > s.ejected())) {
    j["status"] = "deadlock";
    j["deadlock"] = stall.report(s.injected() - s.ejected(), watchdog);
    out.exit_code = kExitDeadlock;
  } else if (!j["conservation"]["ok"].get<bool>()) {
    j["status"] = "conservation_violated";
    out.exit_code = kExitConservation;
  }
}

// Why a run's window measured nothing (its latencies, hops and misrouted fraction are null).
std::string no_packet_warning(const nlohmann::json& j, const Config& config) {
  const std::string window = fmt::format("the measurement window (sim.measure = {} cycles after sim.warmup = {}", config.measure, config.warmup);
  const std::string what = "latency, hops and misrouted fraction are not measured (null)";
  if (j["offered_load"].get<double>() == 0)
    return "no packet was offered in " + window + "; traffic.load " + config.resolved["traffic"]["load"].dump() + "): " + what;
  return "packets were offered but none reached its destination in " + window + "): " + what +
         "; a longer sim.measure measures them";
}

// routing.recomp: the recomputations over the whole run, warm-up included.
nlohmann::json recomputation_json(Network& net) {
  std::uint64_t recomputations = 0;
  for (int r = 0; r < net.routers(); ++r) recomputations += net.router(r).activity().recomputations;
  const std::uint64_t injected = net.stats().injected();
  return {{"count", recomputations}, {"per_injected_packet", injected ? static_cast<double>(recomputations) / injected : 0.0}};
}

// The network's size: routers, nodes, the least and most ports of a router, the links of each class.
nlohmann::json network_size_json(const Topology& t) {
  nlohmann::json links = nlohmann::json::object();
  for (std::size_t c = 0; c < t.link_classes().size(); ++c) links[t.link_classes()[c]] = t.links(static_cast<int>(c));
  return {{"routers", t.routers()}, {"nodes", t.nodes()}, {"radix_min", t.min_radix()}, {"radix_max", t.max_radix()}, {"links", links}};
}

// The flow rules of the switches (routings of commodity OpenFlow switches): per kind, the fewest and the
// most any switch holds, and their total over the network.
nlohmann::json openflow_json(Network& net) {
  nlohmann::json per_kind = nlohmann::json::object();
  const auto kinds = {std::make_pair("ordinary", &RuleCounts::ordinary), std::make_pair("conditional", &RuleCounts::conditional),
                      std::make_pair("alternative", &RuleCounts::alternative)};
  std::vector<RuleCounts> counts;
  for (int r = 0; r < net.routers(); ++r) counts.push_back(*net.routing().rule_counts(r));
  const auto summary = [&](auto value) {
    long long lo = value(counts[0]), hi = lo, sum = 0;
    for (const RuleCounts& c : counts) lo = std::min<long long>(lo, value(c)), hi = std::max<long long>(hi, value(c)), sum += value(c);
    return nlohmann::json{{"min_per_switch", lo}, {"max_per_switch", hi}, {"network", sum}};
  };
  for (const auto& [name, member] : kinds) per_kind[name] = summary([m = member](const RuleCounts& c) { return c.*m; });
  per_kind["total"] = summary([](const RuleCounts& c) { return c.total(); });
  return {{"rules", per_kind}};
}
// The value per port a routing's state reports (RoutingAlgorithm::port_reading), at the end of the run, over
// the ports that have one: mean, least, most, and how many ports.
nlohmann::json port_readings_json(Network& net) {
  double sum = 0, lo = std::numeric_limits<double>::infinity(), hi = -lo;
  long long ports = 0;
  for (int r = 0; r < net.routers(); ++r)
    for (int p = 0; p < net.topology().radix(r); ++p) {
      const double x = net.router(r).routing_state()->port_reading(p);
      if (std::isnan(x)) continue;
      sum += x, lo = std::min(lo, x), hi = std::max(hi, x), ++ports;
    }
  if (ports == 0) return nullptr;
  return {{net.routing().port_reading(), {{"mean", sum / static_cast<double>(ports)}, {"min", lo}, {"max", hi}, {"ports", ports}}}};
}

// QCN's notifications in the measurement window: samples, CNMs made, dropped and delivered, the sampled
// queues' mean length, and the share of the router-to-router and ejection links' capacity CNMs took (a CNM
// counts as a flit: an upper bound); and their conservation over the whole run.
nlohmann::json qcn_json(Network& net, Cycle measured) {
  QcnCounts sum;
  std::uint64_t made_total = 0, links = 0, samples = 0, sampled_phits = 0;
  const Topology& topo = net.topology();
  for (int r = 0; r < net.routers(); ++r) {
    const CongestionNotifier& q = *net.router(r).qcn();
    sum.cnms_made += q.counts().cnms_made;
    sum.cnms_dropped += q.counts().cnms_dropped;
    sum.cnm_phits_sent += q.counts().cnm_phits_sent;
    made_total += q.made_total();
    links += static_cast<std::uint64_t>(topo.radix(r));  // every output port: router-to-router links and ejection
    for (int p = 0; p < topo.radix(r); ++p) {
      samples += q.port_samples(p);
      sampled_phits += q.port_sampled_phits(p);
    }
  }
  // The queue whose samples were longest on average, with at least a tenth of the busiest port's samples.
  nlohmann::json busiest;
  double busiest_mean = -1;
  std::uint64_t most_samples = 0;
  for (int r = 0; r < net.routers(); ++r)
    for (int p = 0; p < topo.radix(r); ++p) most_samples = std::max(most_samples, net.router(r).qcn()->port_samples(p));
  for (int r = 0; r < net.routers(); ++r)
    for (int p = 0; p < topo.radix(r); ++p) {
      const CongestionNotifier& q = *net.router(r).qcn();
      const std::uint64_t n = q.port_samples(p);
      if (n == 0 || 10 * n < most_samples) continue;
      const double mean = static_cast<double>(q.port_sampled_phits(p)) / static_cast<double>(n);
      if (mean <= busiest_mean) continue;
      busiest_mean = mean;
      busiest = {{"router", r}, {"port", p}, {"samples", n}, {"mean_phits", mean}, {"q_eq_phits", q.q_eq(p)}};
    }
  const Stats& s = net.stats();
  const std::uint64_t held = net.cnms_in_flight();
  const double capacity = static_cast<double>(links) * static_cast<double>(std::max<Cycle>(measured, 1));
  return {{"sampled_buffers", net.router(0).qcn()->params().site == QcnCpSite::kInput ? "input" : "output"},
          {"samples", samples},
          {"cnms_made", sum.cnms_made},
          {"cnms_dropped", sum.cnms_dropped},
          {"cnms_delivered", s.cnms_delivered()},
          {"sampled_queue_mean_phits", samples ? nlohmann::json(static_cast<double>(sampled_phits) / samples) : nlohmann::json()},
          {"busiest_queue", busiest},
          {"cnm_share_of_link_capacity", static_cast<double>(sum.cnm_phits_sent) / capacity},
          {"conservation", {{"made", made_total}, {"delivered", s.cnms_delivered_total()}, {"in_flight", held},
                            {"ok", made_total == s.cnms_delivered_total() + held}}}};
}

// DRB and PR-DRB over the whole run: the ACKs (made at destinations, taken by the sources' controllers, in
// between, conserved) and, per ACK taken, the routers' waits in its header and its packet's latency beyond
// the path's zero-load latency; what the MetaPaths did (paths opened one by one and closed; PR-DRB: solutions saved,
// installed from the database, and congestions with no saved solution) and the MSPs per flow at the end.
nlohmann::json drb_json(Network& net) {
  const MetaPathTotals t = metapath_totals(net);
  const MetaPathSource::Counts& sum = t.counts;
  const long long open = t.open_paths, metapaths = t.metapaths;
  const std::uint64_t made = net.acks_made(), taken = net.acks_taken(), held = net.acks_in_flight();
  const auto per_ack = [&sum](std::uint64_t x) { return sum.acks ? static_cast<double>(x) / static_cast<double>(sum.acks) : 0.0; };
  nlohmann::json j = {{"acks", {{"made", made}, {"taken", taken}, {"in_flight", held}, {"ok", made == taken + held}}},
                      {"wait_mean", per_ack(sum.waited)},
                      {"latency_above_zero_load_mean", per_ack(sum.excess)},
                      {"latency_below_zero_load", sum.below_zero_load},
                      {"paths_opened", sum.opened},
                      {"paths_closed", sum.closed},
                      {"msps_per_flow_at_end", metapaths ? static_cast<double>(open) / static_cast<double>(metapaths) : 0.0}};
  if (net.routing().metapath()->predictive)
    j["solutions"] = {{"saved", sum.saved}, {"installed", sum.installed}, {"misses", sum.misses}};
  // The per-router latency map: each router's mean wait per data head over the run (results.csv: its min,
  // mean and max over the routers).
  std::vector<double> waits(static_cast<std::size_t>(net.routers()));
  std::vector<std::uint64_t> heads(waits.size());
  for (int r = 0; r < net.routers(); ++r) {
    waits[static_cast<std::size_t>(r)] = net.path_headers()->mean_wait(r);
    heads[static_cast<std::size_t>(r)] = net.path_headers()->heads(r);
  }
  j["router_wait_mean"] = waits;
  j["router_heads"] = heads;
  return j;
}

// What is not the network's behaviour: the simulator's effort and the result's provenance (and the
// network's size, which the resolved config determines).
nlohmann::json simulation_json(Network& net, Cycle simulated, double elaboration, double wall,
                               const nlohmann::json& resolved_config) {
  std::uint64_t activations = 0;
  for (int r = 0; r < net.routers(); ++r) activations += net.router(r).activity().activations;
  nlohmann::json j = {{"cycles", simulated},
          {"routers", net.routers()},
          {"router_activations", activations},
          {"elaboration_seconds", elaboration},
          {"wall_seconds", wall},
          {"router_cycles_per_second", wall > 0 ? net.routers() * static_cast<double>(simulated) / wall : 0.0},
          {"peak_memory_mib", peak_memory_mib()},
          {"hiradix_version", hiradix_version()},
          {"git_commit", git_commit()},
          {"config_sha256", config_sha256(resolved_config)},
          {"network", network_size_json(net.topology())}};
  if (net.partitions() > 1)  // sim.partitions domains: how the run was cut
    j["partitions"] = {{"count", net.partitions()}, {"cut_links", net.cut_links()}, {"lookahead_cycles", net.lookahead()},
                       {"windows", net.windows()}, {"messages_across", net.messages_across()}, {"threads", net.threads()}};
  return j;
}

}  // namespace

RunOutcome run_simulation(const Config& config, const ProgressHook& on_progress) {
  setenv("SYSTEMC_DISABLE_COPYRIGHT_MESSAGE", "1", 1);
  sc_core::sc_report_handler::set_actions(sc_core::SC_INFO, sc_core::SC_DO_NOTHING);  // e.g. "stopped by user"
  const auto t0 = std::chrono::steady_clock::now();
  // Deliberately never destroyed: the run owns its process, and SystemC's port registry takes time
  // quadratic in the number of sockets to tear them down.
  Network& net = *new Network("network", config);
  // Forward progress over the run's last stretch: a delivery, a grant, or a packet entering the network (one
  // injected in the stretch's last cycles has had no time for a grant: it is not a stall).
  const StallProbe& stall = *new StallProbe("stall_probe", [n = &net] {
    std::uint64_t moved = n->stats().ejected() + n->stats().injected();
    for (int r = 0; r < n->routers(); ++r) moved += n->router(r).activity().grants;
    return moved; }, config.warmup + config.measure, config.watchdog);
  const auto t1 = std::chrono::steady_clock::now();
  const std::vector<BinSample> taken = simulate(net, config, on_progress);
  const auto t2 = std::chrono::steady_clock::now();
  net.finish_traces();
  const double elaboration = std::chrono::duration<double>(t1 - t0).count();
  const double wall = std::chrono::duration<double>(t2 - t1).count();
  const Cycle simulated = now_cycle();

  RunOutcome out;
  nlohmann::json& j = out.result;
  j["config"] = config.resolved;
  // A run stopped early (deadlock) is normalised by the cycles it actually measured.
  const Cycle measured = simulated > config.warmup ? simulated - config.warmup : 0;
  j.update(net.stats().to_json(std::max<Cycle>(measured, 1), net.topology().nodes()));
  // Those nodes send nothing, yet count in the per-node loads (config/permutation_patterns.h).
  if (!net.permutations().empty()) j["permutation_fixed_points"] = net.permutations().fixed_points_json();
  j["contention"] = contention_json(net, simulated);
  if (net.routers() && net.router(0).broadcast()) j["broadcast"] = broadcast_json(net, measured);
  const EventCounts events = total_events(net);
  j["activity"] = activity_json(events, net.topology().link_classes());
  if (config.power)
    j["power"] = power_json(events, *config.power, config.link_pj_per_bit, net.topology().link_classes(),
                            config.router.broadcast.phit_bits, j["packets"].get<std::uint64_t>(), measured, net.routers());

  j["conservation"] = conservation_json(net, simulated);
  if (config.router.flow_control == FlowControlKind::kPause) {  // the frames of the measurement window
    std::uint64_t xoff = 0, xon = 0;
    for (int r = 0; r < net.routers(); ++r) {
      xoff += net.router(r).flow_receiver().xoff_frames();
      xon += net.router(r).flow_receiver().xon_frames();
    }
    j["flow_control"] = {{"xoff_frames", xoff}, {"xon_frames", xon}};
  }
  if (net.routing().rule_counts(0)) j["openflow"] = openflow_json(net);
  if (config.qcn.sampling) j["qcn"] = qcn_json(net, measured);
  if (!net.routing().port_reading().empty()) j["port_readings"] = port_readings_json(net);
  if (net.path_headers()) j["drb"] = drb_json(net);
  if (const BurstLatency* b = net.stats().bursts()) j["bursts"] = b->to_json();
  if (config.traffic.has_change) {
    j["time_series"] = net.stats().time_series_json();
    j["reaction"] = net.stats().reaction_json(config.traffic.change_at);
    add_contention_to_bins(j["time_series"], net, taken);
  }
  if (net.rc_cosim()) {
    j["rtl"] = net.rc_cosim()->to_json();
    // The record names its network, so it replays on it whatever the routing unit's inputs carry (a
    // forwarding table's rows carry no shape).
    if (j["rtl"].contains("mismatch") && !j["rtl"]["mismatch"].contains("state_block"))
      j["rtl"]["mismatch"]["network"] = config.resolved["topology"];
  }
  set_status(out, net, stall, config.watchdog, simulated);
  if (j["packets"].get<std::uint64_t>() == 0) j["warnings"] = {no_packet_warning(j, config)};
  if (config.traffic.trace) {
    j["trace"] = trace_json(net, config, simulated);
    if (!j["trace"]["complete"].get<bool>()) j["warnings"].push_back(trace_warning(j["trace"], config));
  }
  if (net.routing().recomputes_at_injection()) j["recomputation"] = recomputation_json(net);
  j["simulation"] = simulation_json(net, simulated, elaboration, wall, config.resolved);
  return out;
}

namespace {

// The leaves of `model` and `rtl` that differ, with dotted names.
void differing_fields(const nlohmann::json& model, const nlohmann::json& rtl, const std::string& prefix, std::string& out) {
  for (const auto& [key, value] : model.items()) {
    const std::string name = prefix.empty() ? key : prefix + "." + key;
    const nlohmann::json other = rtl.contains(key) ? rtl[key] : nlohmann::json();
    if (value == other) continue;
    if (value.is_object() && other.is_object())
      differing_fields(value, other, name, out);
    else
      out += fmt::format("               {}: model {}, rtl {}\n", name, value.dump(), other.dump());
  }
}

}  // namespace

std::string mismatch_diff(const nlohmann::json& m) {
  // A state block's readings (router/rtl/rtl_state_block.h) differ before the decision is made.
  const std::string what = m.contains("state_block") ? ", " + m["state_block"].get<std::string>() + " readings" : "";
  std::string out = fmt::format("cycle {} router {} decision {}{}, fields that differ:\n", m.value("cycle", 0LL),
                                m.value("router", -1), m.value("decision", 0LL), what);
  differing_fields(m.value("model", nlohmann::json::object()), m.value("rtl", nlohmann::json::object()), "", out);
  return out;
}

std::string summarize(const nlohmann::json& j) {
  const auto& c = j["config"];
  const auto& lat = j["latency"];
  std::ostringstream s;
  const std::unique_ptr<Topology> topo = topology_of(c);
  const std::string algorithm = c["routing"]["algorithm"].get<std::string>();
  s << fmt::format("hiradix: {}, {} routers, routing {} ({})\n", topo ? topo->describe() : "(unknown topology)",
                   j["simulation"]["routers"].get<int>(), algorithm, routing_display_of(algorithm, c).name);
  if (topo) {
    std::string links;
    for (std::size_t k = 0; k < topo->link_classes().size(); ++k)
      links += fmt::format("{}{} {}", k ? ", " : "", topo->link_classes()[k], topo->links(static_cast<int>(k)));
    const std::string radix = topo->min_radix() == topo->max_radix() ? std::to_string(topo->max_radix())
                                                                      : fmt::format("{}-{}", topo->min_radix(), topo->max_radix());
    s << fmt::format("  network      {} routers, {} nodes, radix {}, links: {}\n", topo->routers(), topo->nodes(), radix, links);
  }
  const std::string pattern = c["traffic"]["pattern"].get<std::string>();
  if (pattern == "trace")  // a trace's messages set the load
    s << fmt::format("  traffic      trace {}{}\n", c["traffic"]["trace_file"].get<std::string>(), trace_summary(j));
  else
    s << fmt::format("  traffic      {}{} load {:.3f}{}\n", pattern,
                     pattern == "adv" ? " offset " + std::to_string(c["traffic"]["offset"].get<int>()) : "", c["traffic"]["load"].get<double>(),
                     j.contains("time_series") ? " (with a change at +" + std::to_string(c["traffic"]["change"]["at"].get<long long>()) + ")" : "");
  const nlohmann::json fixed_points = j.value("permutation_fixed_points", nlohmann::json::object());
  for (const auto& [pattern, fixed] : fixed_points.items())
    if (fixed.get<int>() > 0)
      s << fmt::format("               {}: {} of {} nodes are their own destination and send nothing (loads are per node over all)\n",
                       pattern, fixed.get<int>(), j["simulation"]["network"]["nodes"].get<int>());
  s << fmt::format("  status       {}\n", j["status"].get<std::string>());
  if (j.contains("deadlock")) s << "  deadlock     " << j["deadlock"].get<std::string>() << "\n";
  for (const auto& w : j.value("warnings", nlohmann::json::array())) s << "  warning      " << w.get<std::string>() << "\n";
  if (j.contains("rtl")) {
    const auto& r = j["rtl"];
    s << fmt::format("  rtl          {}: {} routing decisions by the RTL, {} mismatches\n", r["mode"].get<std::string>(),
                     r["decisions"].get<long long>(), r["mismatches"].get<long long>());
    if (r.contains("mismatch")) s << "  mismatch     " << mismatch_diff(r["mismatch"]);
  }
  s << fmt::format("  load         offered {:.4f}  accepted {:.4f} phits/node/cycle\n", j["offered_load"].get<double>(),
                   j["accepted_load"].get<double>());
  if (j.contains("hotspot")) {  // the accepted load split by destination: the victims' flows apart (seed-001 §6.8)
    const auto& h = j["hotspot"];
    s << fmt::format("  hotspot      accepted: cold {:.4f}  hot {:.4f} phits/node/cycle; cold latency {}\n",
                     h["cold_accepted_load"].get<double>(), h["hot_accepted_load"].get<double>(),
                     h["cold_latency"].is_null() ? std::string("not measured") : fmt::format("avg {:.1f} cycles", h["cold_latency"].get<double>()));
  }
  if (lat["total"]["average"].is_null()) {
    s << "  latency      not measured (no packet delivered in the window)\n";
  } else {
    s << fmt::format("  latency      avg {:.1f}  p50 {}  p99 {} cycles (injection {:.1f}, network {:.1f})\n",
                     lat["total"]["average"].get<double>(), lat["total"]["p50"].get<long long>(), lat["total"]["p99"].get<long long>(),
                     lat["injection"]["average"].get<double>(), lat["network"]["average"].get<double>());
    s << fmt::format("  paths        misrouted {:.3f}, avg hops {:.2f}", j["misrouted_fraction"].get<double>(),
                     j["average_hops"].get<double>());
    for (const auto& [name, frac] : j["path_types"].items()) s << fmt::format(", {} {:.3f}", name, frac.get<double>());
    s << "\n";
  }
  if (j.contains("power")) {
    const auto& p = j["power"];
    const std::string per_packet =
        p["energy_per_packet_pj"].is_null() ? "no packet" : fmt::format("{:.1f} pJ per packet", p["energy_per_packet_pj"].get<double>());
    s << fmt::format("  power        {}, {:.1f} mW average (dynamic {:.1f}, leakage {:.3f}) at {} ns per cycle\n",
                     per_packet, p["average_mw"].get<double>(), p["dynamic_mw"].get<double>(),
                     p["leakage_mw"].get<double>(), p["clock_ns"].get<double>());
  }
  if (j.contains("qcn")) {  // QCN's notifications, its busiest queue against Q_eq, and the sources' fairness
    const auto& q = j["qcn"];
    s << fmt::format("  qcn          {} CNMs made, {} delivered, {:.4f} of link capacity; conservation {}\n",
                     q["cnms_made"].get<long long>(), q["cnms_delivered"].get<long long>(),
                     q["cnm_share_of_link_capacity"].get<double>(), q["conservation"]["ok"].get<bool>() ? "ok" : "VIOLATED");
    if (!q["busiest_queue"].is_null())
      s << fmt::format("  qcn          busiest {} buffer router {} port {}: {:.1f} phits on average at its samples (Q_eq {})\n",
                       q["sampled_buffers"].get<std::string>(), q["busiest_queue"]["router"].get<int>(),
                       q["busiest_queue"]["port"].get<int>(), q["busiest_queue"]["mean_phits"].get<double>(),
                       q["busiest_queue"]["q_eq_phits"].get<long long>());
    if (j.contains("fairness") && !j["fairness"]["jain_index"].is_null())
      s << fmt::format("  fairness     Jain's index {:.3f} over {} sources\n", j["fairness"]["jain_index"].get<double>(),
                       j["fairness"]["sources"].get<int>());
  }
  if (j.contains("port_readings") && !j["port_readings"].is_null())  // a routing's value per port at the end
    for (const auto& [name, r] : j["port_readings"].items())
      s << fmt::format("  routing      {} at the end: mean {:.2f}, min {:.2f}, max {:.2f} over {} ports\n", name,
                       r["mean"].get<double>(), r["min"].get<double>(), r["max"].get<double>(), r["ports"].get<long long>());
  const auto& cons = j["conservation"];
  s << fmt::format("  packets      {} delivered in window, {} in flight at end, conservation {}\n",
                   j["packets"].get<long long>(), cons["in_flight"].get<long long>(), cons["ok"].get<bool>() ? "ok" : "VIOLATED");
  const auto& sim = j["simulation"];
  s << fmt::format("  simulation   {} cycles in {:.2f} s (+{:.2f} s elaboration), {:.0f} router-cycles/s, peak memory {:.0f} MiB\n",
                   sim["cycles"].get<long long>(), sim["wall_seconds"].get<double>(), sim["elaboration_seconds"].get<double>(),
                   sim["router_cycles_per_second"].get<double>(), sim["peak_memory_mib"].get<double>());
  return s.str();
}

}  // namespace hiradix
