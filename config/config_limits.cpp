#include "config/config_limits.h"

#include <algorithm>
#include <string>

namespace hiradix {

std::vector<KeySpec> with_type_limits(std::vector<KeySpec> schema) {
  auto limit = [](KeySpec& k, double lo, double hi) {
    k.min = std::max(k.min, lo);
    k.max = std::min(k.max, hi);
  };
  for (KeySpec& k : schema) {
    const std::string& n = k.key;
    auto starts = [&](const char* prefix) { return n.compare(0, std::string(prefix).size(), prefix) == 0; };
    auto ends = [&](const std::string& suffix) {
      return n.size() >= suffix.size() && n.compare(n.size() - suffix.size(), suffix.size(), suffix) == 0;
    };
    if (starts("router.buffers.") || n == "router.output_queue" || n == "nic.queue")
      limit(k, 1, static_cast<double>(kMaxQueuePhits));
    else if (starts("links.") && ends("_latency"))
      limit(k, 1, static_cast<double>(kMaxLinkLatency));
    else if (n == "traffic.offset" || n == "traffic.change.offset")
      limit(k, -static_cast<double>(kMaxTrafficOffset), static_cast<double>(kMaxTrafficOffset));
    else if (n == "trace.router")
      limit(k, -1, static_cast<double>(kMaxRouterId));
  }
  return schema;
}

Cycle effective_watchdog(Cycle watchdog, Cycle minimum, Cycle run_cycles) {
  const Cycle cap = std::max(minimum + 1, run_cycles / 4);
  return std::min(watchdog, cap);
}

}  // namespace hiradix
