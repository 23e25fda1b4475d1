#include "tools/run/summary.h"

#include <iostream>
#include <memory>
#include <sstream>

#include <fmt/format.h>

#include "config/config.h"
#include "router/routing/routing_registry.h"
#include "tools/run/simulation.h"
#include "tools/run/trace_result.h"

namespace hiradix {

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
  // A run on several threads has no run-wide decision number (router/rtl/rc_cosim.h).
  const std::string decision = m.contains("decision") ? fmt::format(" decision {}", m["decision"].get<long long>()) : "";
  std::string out = fmt::format("cycle {} router {}{}{}, fields that differ:\n", m.value("cycle", 0LL), m.value("router", -1),
                                decision, what);
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

void report_run(const nlohmann::json& result, int code, const std::string& path, bool quiet) {
  if (!quiet) std::cout << summarize(result) << "  result       " << path << "\n";
  if (code == kExitDeadlock) std::cerr << "hiradix: deadlock: " << result["deadlock"].get<std::string>() << "\n";
  if (code == kExitConservation) std::cerr << "hiradix: packet conservation violated, see " << path << "\n";
  if (code == kExitRtlMismatch)
    std::cerr << "hiradix: RTL and model routing decisions differ:\n"
              << mismatch_diff(result["rtl"]["mismatch"]) << "the whole record (inputs, both outputs) is in " << path
              << " (rtl.mismatch); replay with: hiradix rtl-replay " << path << "\n";
}

}  // namespace hiradix
