#include "tools/run/simulation.h"

#include <sys/resource.h>

#include <algorithm>
#include <array>
#include <chrono>
#include <cstdlib>

#include <fmt/format.h>

#include "router/routing/routing_registry.h"
#include "testbench/network.h"
#include "testbench/power_report.h"
#include "tools/run/provenance.h"
#include "tools/run/result_sections.h"
#include "tools/run/trace_result.h"
#include "testbench/stall_probe.h"

namespace hiradix {

namespace {
double peak_memory_mib() {
  rusage u{};
  getrusage(RUSAGE_SELF, &u);
  return static_cast<double>(u.ru_maxrss) / 1024.0;  // ru_maxrss is in KiB on Linux
}

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

BinSample sample_bin(Network& net, Cycle at) {
  BinSample s;
  for (int r = 0; r < net.routers(); ++r) {
    if (!net.runs_here(r)) continue;  // MPI ranks: another rank's router, summed below
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
  if (ranks().size() > 1) {
    std::uint64_t sums[] = {s.observations, s.sum_observed, static_cast<std::uint64_t>(s.total), 0, 0, 0, 0};
    for (std::size_t l = 0; l < 4; ++l) sums[3 + l] = static_cast<std::uint64_t>(s.routers_at_level[l]);
    ranks().sum(sums, 7);  // total is a sum of counters >= 0, so unsigned is exact
    s.observations = sums[0], s.sum_observed = sums[1], s.total = static_cast<std::int64_t>(sums[2]);
    for (std::size_t l = 0; l < 4; ++l) s.routers_at_level[l] = static_cast<int>(sums[3 + l]);
    std::int64_t largest[] = {s.peak, s.has_levels};
    ranks().max(largest, 2);
    s.peak = static_cast<std::int32_t>(largest[0]), s.has_levels = largest[1] != 0;
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

// What is not the network's behaviour: the simulator's effort and the result's provenance (and the
// network's size, which the resolved config determines).
nlohmann::json simulation_json(Network& net, Cycle simulated, double elaboration, double wall,
                               const nlohmann::json& resolved_config) {
  std::uint64_t activations = 0;
  for (int r = 0; r < net.routers(); ++r) activations += net.router(r).activity().activations;
  activations = ranks().sum(activations);  // MPI ranks: each counts its own routers
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
                       {"windows", net.windows()}, {"messages_across", ranks().sum(net.messages_across())},
                       {"threads", net.threads()}, {"ranks", ranks().size()}};
  return j;
}

// What MPI ranks do not run yet, refused before the first cycle (README, "Ranks"): a run without partitions,
// what needs the decisions of the RTL in the loop in one process's order (its waveform, a mismatch planted at
// the n-th decision).
std::string not_with_ranks() {
  return " with MPI ranks (" + std::to_string(ranks().size()) + " here); run it in one process";
}
void refuse_what_ranks_cannot_run(const Config& config) {
  if (!config.partitioned)
    config_fail("sim.partitions", "MPI ranks run the partitions of a partitioned run, and this one has none (sim.partitions none, "
                                  "or auto on a network under 128 routers); set sim.partitions domains");
  if (!config.rc.trace_path.empty())
    config_fail("rtl.trace", "the waveform of one routing unit's decisions in one process's order does not run" + not_with_ranks());
  if (config.rc.inject_mismatch_at)
    config_fail("rtl.inject_mismatch_at", "it counts the decisions in one process's order: not" + not_with_ranks());
}

}  // namespace

RunOutcome run_simulation(const Config& config, const ProgressHook& on_progress) {
  setenv("SYSTEMC_DISABLE_COPYRIGHT_MESSAGE", "1", 1);
  sc_core::sc_report_handler::set_actions(sc_core::SC_INFO, sc_core::SC_DO_NOTHING);  // e.g. "stopped by user"
  const auto t0 = std::chrono::steady_clock::now();
  // Deliberately never destroyed: the run owns its process, and SystemC's port registry takes time
  // quadratic in the number of sockets to tear them down.
  if (ranks().size() > 1) refuse_what_ranks_cannot_run(config);
  Network& net = *new Network("network", config);
  // Forward progress over the run's last stretch: a delivery, a grant, or a packet entering the network (one
  // injected in the stretch's last cycles has had no time for a grant: it is not a stall).
  const StallProbe& stall = *new StallProbe("stall_probe", [n = &net] {
    return n->stats().ejected() + n->stats().injected() + n->grants(); }, config.warmup + config.measure, config.watchdog);
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
    xoff = ranks().sum(xoff);
    xon = ranks().sum(xon);
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

}  // namespace hiradix
