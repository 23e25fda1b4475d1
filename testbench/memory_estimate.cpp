#include "testbench/memory_estimate.h"

#include <unistd.h>

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <fstream>
#include <sstream>

#include <fmt/format.h>

#include "router/input_unit.h"
#include "router/output_unit.h"
#include "testbench/stats.h"
#include "topology/topology_registry.h"
#include "tlm/link.h"
#include "tlm/packet.h"

namespace hiradix {

namespace {

constexpr double kMiB = 1024.0 * 1024.0;
// Measured on this model (release build, docs/decisions.md "Memory estimate"): the process with SystemC and
// an empty network, and what each router (its sc_modules, per-router state), each port (its input and
// output units, sockets and link beyond the buffers' slots) and each terminal (NIC module, sockets, link)
// costs. A least-squares fit of nine networks from 36 to 11,544 routers (radix 3 to 45, Dragonflies,
// a mesh, a torus) at a low load gave 11 MiB, 4.0 KiB, 3.9 KiB and 3.1 KiB, within 3 % of every measured
// peak; the constants below are those plus 10 %, so the estimate stays above. Buffers are allocated
// whole; once filled their measured cost is 1.27-1.35x the bytes of the slots counted here, hence
// kSlotOverhead (at a low load most of their pages are never touched, which the estimate ignores: it is
// a bound for the saturated run).
constexpr double kProcessMiB = 12;
constexpr double kPerRouterBytes = 4.5 * 1024;
constexpr double kPerPortBytes = 4.3 * 1024;
constexpr double kPerTerminalBytes = 3.5 * 1024;
constexpr double kSlotOverhead = 1.4;
constexpr double kJsonBytesPerBin = 1024;  // a time-series bin in result.json, in memory and as text

}  // namespace

MemoryEstimate estimate_memory(const Config& c) {
  MemoryEstimate e;
  const std::unique_ptr<Topology> topo = make_topology(c);
  const std::vector<LinkClassKeys>& class_keys = topology_entry(c.topology.type).link_classes;
  const double routers = topo->routers();
  const double nodes = topo->nodes();
  const double terminals = nodes * topo->nics_per_node();  // NICs: each has its injection queue and credits
  const double flit = std::max(1, c.router.flit_size);
  const double packet = std::max(1, c.router.packet_size);
  // Flit slots of the network's input buffers, per link class (a port's VCs times the flits a VC holds),
  // and its output queues.
  std::vector<double> in_slots(c.links.size(), 0.0);
  double ports = 0;
  for (int r = 0; r < topo->routers(); ++r)
    for (int port = 0; port < topo->radix(r); ++port) {
      const LinkClassParams& l = c.links[static_cast<std::size_t>(topo->port_class(r, port))];
      const int own = topo->port_class(r, port) == 0 ? 0 : topo->input_buffer(r, port);  // a KNS node's own depth
      in_slots[static_cast<std::size_t>(topo->port_class(r, port))] += l.vcs * std::floor((own ? own : l.buffer) / flit);
      ++ports;
    }
  double in_all = 0, in_network = 0;  // every input slot; those of router-to-router ports (credit records)
  for (std::size_t cls = 0; cls < in_slots.size(); ++cls) {
    in_all += in_slots[cls];
    if (cls > 0) in_network += in_slots[cls];
  }
  const double out_queue = ports * (std::floor(c.router.output_queue_phits / flit) + 1);
  const double credits = ports + in_network;
  e.buffers_mib = kSlotOverhead * (in_all * sizeof(VcEntry) + out_queue * sizeof(QueuedPacket) + credits * sizeof(LinkMessage)) / kMiB;
  // NIC: the injection queue at its bound (a 16-byte record per waiting packet) and its credit records.
  const LinkClassParams& injection = c.links[0];
  const double nic = std::floor(c.nic_queue / packet) * 16 + (injection.vcs * std::floor(injection.buffer / flit) + 1) * sizeof(LinkMessage);
  e.nic_mib = terminals * nic / kMiB;
  // Packet pool: at most one packet per flit slot in the network, and never more than are generated; the
  // pool's vector may hold twice its peak (doubling growth), plus its free list.
  const double cycles = static_cast<double>(c.warmup) + static_cast<double>(c.measure);
  const double max_load = std::max(c.traffic.initial.load, c.traffic.has_change ? c.traffic.after.load : 0.0);
  const double generated = nodes * max_load / packet * cycles + nodes;  // the offered load is per node
  const double slots = in_all + out_queue;
  e.packets_mib = 2 * std::min(slots, generated) * (sizeof(Packet) + sizeof(PacketId)) / kMiB + generated / 8 / kMiB;
  // Time series of a transient: two vectors of bins and their JSON.
  if (c.change_after_warmup >= 0 && c.bin > 0) {
    const double span = static_cast<double>(c.measure) + static_cast<double>(c.bins_before);
    const double bins = std::ceil(span / static_cast<double>(c.bin));
    e.time_series_mib = bins * (2 * sizeof(TimeBin) + kJsonBytesPerBin) / kMiB;
  }
  e.fixed_mib = kProcessMiB + (routers * kPerRouterBytes + ports * kPerPortBytes + terminals * kPerTerminalBytes) / kMiB;
  e.total_mib = e.buffers_mib + e.nic_mib + e.packets_mib + e.time_series_mib + e.fixed_mib;

  // The key to shrink: the largest buffer class, the output queues, the NIC queue, the time-series bins or
  // the network's size.
  std::vector<std::pair<double, std::string>> parts;
  for (std::size_t cls = in_slots.size(); cls-- > 0;)
    parts.emplace_back(in_slots[cls] * sizeof(VcEntry) / kMiB, class_keys[cls].buffer.key);
  parts.emplace_back(out_queue * sizeof(QueuedPacket) / kMiB, "router.output_queue");
  parts.emplace_back(e.nic_mib, "nic.queue");
  parts.emplace_back(e.time_series_mib, "stats.bin");
  parts.emplace_back(e.fixed_mib + e.packets_mib, topology_entry(c.topology.type).size_key);
  std::size_t worst = 0;
  for (std::size_t i = 1; i < parts.size(); ++i)
    if (parts[i].first > parts[worst].first) worst = i;
  e.dominant_key = parts[worst].second;
  return e;
}

double default_memory_limit_mib() {
  std::ifstream in("/proc/meminfo");
  for (std::string line; std::getline(in, line);)
    if (line.compare(0, 9, "MemTotal:") == 0) return 0.9 * std::strtod(line.c_str() + 9, nullptr) / 1024.0;
  const double pages = static_cast<double>(sysconf(_SC_PHYS_PAGES)), page = static_cast<double>(sysconf(_SC_PAGESIZE));
  return pages > 0 && page > 0 ? 0.9 * pages * page / kMiB : 4096;
}

double parse_memory_limit(const std::string& flag, const std::string& text) {
  char* end = nullptr;
  const double v = std::strtod(text.c_str(), &end);
  double unit = 1;
  const std::string suffix = end ? std::string(end) : "";
  if (suffix == "" || suffix == "M" || suffix == "MiB") unit = 1;
  else if (suffix == "G" || suffix == "GiB") unit = 1024;
  else if (suffix == "T" || suffix == "TiB") unit = 1024 * 1024;
  else config_fail(flag + " " + text, "expected MiB or a number with M, G or T (e.g. 512M, 30G)");
  if (text.empty() || end == text.c_str() || !std::isfinite(v) || v <= 0)
    config_fail(flag + " " + text, "expected a positive amount of memory (e.g. 512M, 30G)");
  return v * unit;
}

void check_memory(const Config& config, double limit_mib, const std::string& flag) {
  const double limit = limit_mib > 0 ? limit_mib : default_memory_limit_mib();
  const MemoryEstimate e = estimate_memory(config);
  if (e.total_mib <= limit) return;
  config_fail("memory", fmt::format("this config needs about {:.0f} MiB (buffers {:.0f}, NIC queues {:.0f}, packets {:.0f}, "
                                    "time series {:.0f}, network and process {:.0f}), more than the limit of {:.0f} MiB{}; "
                                    "shrink {} or raise the limit with {}",
                                    e.total_mib, e.buffers_mib, e.nic_mib, e.packets_mib, e.time_series_mib, e.fixed_mib, limit,
                                    limit_mib > 0 ? "" : " (90% of physical memory)", e.dominant_key, flag));
}

}  // namespace hiradix
