#include "testbench/simulation.h"

#include <sys/resource.h>

#include <algorithm>
#include <chrono>
#include <cstdlib>
#include <sstream>

#include <fmt/format.h>

#include "testbench/network.h"

namespace hiradix {

namespace {
double peak_memory_mib() {
  rusage u{};
  getrusage(RUSAGE_SELF, &u);
  return static_cast<double>(u.ru_maxrss) / 1024.0;  // ru_maxrss is in KiB on Linux
}
}  // namespace

namespace {
// sc_start(cycles), in slices with a progress call after each when there is a hook; stops early when the
// network stops (deadlock, RTL mismatch).
void advance(Network& net, Cycle cycles, const ProgressHook& on_progress) {
  if (!on_progress || cycles == 0) {
    sc_core::sc_start(cycles_to_time(cycles));
    return;
  }
  for (Cycle done = 0; done < cycles && !net.stopped();) {
    const Cycle slice = std::min(kProgressSlice, cycles - done);
    sc_core::sc_start(cycles_to_time(slice));
    done += slice;
    on_progress(now_cycle());
  }
}
}  // namespace

RunOutcome run_simulation(const Config& config, const ProgressHook& on_progress) {
  setenv("SYSTEMC_DISABLE_COPYRIGHT_MESSAGE", "1", 1);
  sc_core::sc_report_handler::set_actions(sc_core::SC_INFO, sc_core::SC_DO_NOTHING);  // e.g. "stopped by user"
  const auto t0 = std::chrono::steady_clock::now();
  // Deliberately never destroyed: the run owns its process, and SystemC's port registry takes time
  // quadratic in the number of sockets to tear them down.
  Network& net = *new Network("network", config);
  const auto t1 = std::chrono::steady_clock::now();
  advance(net, config.warmup, on_progress);
  for (int r = 0; r < net.routers(); ++r) {
    net.router(r).catch_up(config.warmup - 1);  // warm-up events still pending in the bookkeeping
    net.router(r).contention().reset_statistics();
  }
  if (!net.stopped()) advance(net, config.measure, on_progress);
  const auto t2 = std::chrono::steady_clock::now();
  const double elaboration = std::chrono::duration<double>(t1 - t0).count();
  const double wall = std::chrono::duration<double>(t2 - t1).count();
  const Cycle simulated = now_cycle();

  RunOutcome out;
  nlohmann::json& j = out.result;
  j["config"] = config.resolved;
  // A run stopped early (deadlock) is normalised by the cycles it actually measured.
  const Cycle measured = simulated > config.warmup ? simulated - config.warmup : 0;
  j.update(net.stats().to_json(std::max<Cycle>(measured, 1), net.topology().terminals()));

  std::uint64_t observations = 0, observed_sum = 0, activations = 0;
  std::int32_t max_counter = 0;
  for (int r = 0; r < net.routers(); ++r) {
    if (simulated > 0) net.router(r).catch_up(simulated - 1);  // bookkeeping still pending at the end
    const ContentionCounters& c = net.router(r).contention();
    observations += c.observations();
    observed_sum += c.sum_observed();
    max_counter = std::max(max_counter, c.max());
    activations += net.router(r).activity().activations;
  }
  j["contention"] = {{"mean_at_header", observations ? static_cast<double>(observed_sum) / observations : 0.0},
                     {"max", max_counter}};

  // Conservation: every created packet is either delivered or still somewhere in the network.
  Stats& s = net.stats();
  const std::uint64_t held = net.packets_in_flight();
  const std::uint64_t late = s.ejected_after(simulated);
  const bool conserved = s.created() == s.ejected() + held && s.misdelivered() == 0 && s.duplicates() == 0;
  j["conservation"] = {{"created", s.created()},
                       {"delivered", s.ejected() - late},
                       {"in_flight", held + late},
                       {"misdelivered", s.misdelivered()},
                       {"duplicates", s.duplicates()},
                       {"ok", conserved}};
  if (config.traffic.has_change) j["time_series"] = s.time_series_json();
  if (net.rc_cosim()) j["rtl"] = net.rc_cosim()->to_json();

  j["status"] = "ok";
  if (net.rc_cosim() && net.rc_cosim()->stopped()) {
    j["status"] = "rtl_mismatch";
    out.exit_code = kExitRtlMismatch;
  } else if (net.deadlocked()) {
    j["status"] = "deadlock";
    j["deadlock"] = net.deadlock_report();
    out.exit_code = kExitDeadlock;
  } else if (!conserved) {
    j["status"] = "conservation_violated";
    out.exit_code = kExitConservation;
  }
  j["simulation"] = {{"cycles", simulated},
                     {"routers", net.routers()},
                     {"router_activations", activations},
                     {"elaboration_seconds", elaboration},
                     {"wall_seconds", wall},
                     {"router_cycles_per_second", wall > 0 ? net.routers() * static_cast<double>(simulated) / wall : 0.0},
                     {"peak_memory_mib", peak_memory_mib()}};
  return out;
}

std::string summarize(const nlohmann::json& j) {
  const auto& c = j["config"];
  const auto& lat = j["latency"];
  std::ostringstream s;
  s << fmt::format("hiradix: dragonfly p={} a={} h={} ({}), {} routers, routing {}{}\n", c["topology"]["p"].get<int>(),
                   c["topology"]["a"].get<int>(), c["topology"]["h"].get<int>(), c["topology"]["arrangement"].get<std::string>(),
                   j["simulation"]["routers"].get<int>(), c["routing"]["algorithm"].get<std::string>(),
                   c["routing"]["algorithm"] == "valiant" ? " " + c["routing"]["phase_a"].get<std::string>() : "");
  s << fmt::format("  traffic      {} offset {} load {:.3f}{}\n", c["traffic"]["pattern"].get<std::string>(),
                   c["traffic"]["offset"].get<int>(), c["traffic"]["load"].get<double>(),
                   j.contains("time_series") ? " (with a change at +" + std::to_string(c["traffic"]["change"]["at"].get<long long>()) + ")" : "");
  s << fmt::format("  status       {}\n", j["status"].get<std::string>());
  if (j.contains("deadlock")) s << "  deadlock     " << j["deadlock"].get<std::string>() << "\n";
  if (j.contains("rtl")) {
    const auto& r = j["rtl"];
    s << fmt::format("  rtl          {}: {} routing decisions by the RTL, {} mismatches\n", r["mode"].get<std::string>(),
                     r["decisions"].get<long long>(), r["mismatches"].get<long long>());
    if (r.contains("mismatch")) {
      const auto& m = r["mismatch"];
      s << fmt::format("  mismatch     cycle {} router {} decision {}\n    inputs {}\n    model  {}\n    rtl    {}\n",
                       m["cycle"].get<long long>(), m["router"].get<int>(), m["decision"].get<long long>(),
                       m["inputs"].dump(), m["model"].dump(), m["rtl"].dump());
    }
  }
  s << fmt::format("  load         offered {:.4f}  accepted {:.4f} phits/node/cycle\n", j["offered_load"].get<double>(),
                   j["accepted_load"].get<double>());
  s << fmt::format("  latency      avg {:.1f}  p50 {}  p99 {} cycles (injection {:.1f}, network {:.1f})\n",
                   lat["total"]["average"].get<double>(), lat["total"]["p50"].get<long long>(), lat["total"]["p99"].get<long long>(),
                   lat["injection"]["average"].get<double>(), lat["network"]["average"].get<double>());
  s << fmt::format("  paths        misrouted {:.3f}, avg hops {:.2f}", j["misrouted_fraction"].get<double>(),
                   j["average_hops"].get<double>());
  for (const auto& [name, frac] : j["path_types"].items()) s << fmt::format(", {} {:.3f}", name, frac.get<double>());
  s << "\n";
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
