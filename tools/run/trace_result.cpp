#include "tools/run/trace_result.h"

#include <algorithm>

#include <fmt/format.h>

#include "testbench/network.h"

namespace hiradix {

// traffic.pattern: trace: whether the trace was delivered within the run, and when (seed-001 §5.4's
// execution time). Its packets are those of the messages created before the run's end; it is complete when
// every one was created (none refused by a full NIC queue) and delivered, tail included, before the end.
// Execution: from the first message's cycle to the last tail, in cycles and, at units.*, in microseconds.
nlohmann::json trace_json(Network& net, const Config& config, Cycle simulated) {
  const Cycle end = config.warmup + config.measure;
  std::uint64_t messages = 0, packets = 0;
  Cycle first = end;
  for (const TraceMessage& m : *config.traffic.trace) {
    if (m.time >= end) continue;
    ++messages;
    packets += static_cast<std::uint64_t>(m.packets);
    first = std::min(first, m.time);
  }
  const Stats& s = net.stats();
  const std::uint64_t delivered = s.ejected() - s.ejected_after(simulated);
  const bool complete = s.refused_total() == 0 && s.created() == packets && delivered == packets;
  const double ns_per_cycle = config.resolved["units"]["phit_bytes"].get<double>() * 8.0 /
                              config.resolved["units"]["link_gbps"].get<double>();
  nlohmann::json j = {{"messages", messages}, {"packets", packets}, {"refused", s.refused_total()},
                      {"delivered", delivered}, {"complete", complete}, {"first_message_cycle", first},
                      {"completion_cycle", nullptr}, {"execution_cycles", nullptr}, {"execution_us", nullptr}};
  if (complete && packets > 0) {
    j["completion_cycle"] = s.last_tail();
    j["execution_cycles"] = s.last_tail() - first;
    j["execution_us"] = static_cast<double>(s.last_tail() - first) * ns_per_cycle / 1000.0;
  }
  return j;
}

std::string trace_warning(const nlohmann::json& t, const Config& config) {
  const std::uint64_t packets = t["packets"].get<std::uint64_t>(), refused = t["refused"].get<std::uint64_t>();
  return fmt::format("the trace was not delivered by the run's end (cycle {}): {} of its {} packets delivered{}; its "
                     "execution time is not measured (null): a longer sim.measure{} delivers it",
                     config.warmup + config.measure, t["delivered"].get<std::uint64_t>(), packets,
                     refused ? fmt::format(", {} refused by a full NIC queue", refused) : "", refused ? " and a larger nic.queue" : "");
}

std::string trace_summary(const nlohmann::json& j) {
  if (!j.contains("trace")) return "";
  const nlohmann::json& t = j["trace"];
  const std::string size = fmt::format(": {} messages, {} packets", t["messages"].get<long long>(), t["packets"].get<long long>());
  if (t["execution_cycles"].is_null())
    return size + fmt::format(", {} delivered by the end (not complete)", t["delivered"].get<long long>());
  return size + fmt::format(", executed in {} cycles ({:.1f} us) from cycle {}", t["execution_cycles"].get<long long>(),
                            t["execution_us"].get<double>(), t["first_message_cycle"].get<long long>());
}

}  // namespace hiradix
