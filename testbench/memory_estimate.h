// Memory guard (issue 13): an estimate of a run's peak memory from its config, made before elaborating, so
// that a config that cannot fit (router.buffers.global: 100000000 on h = 2 grew to 22.9 GB before the OOM
// killer) is refused with exit code 2 and a line naming the key that dominates, instead of thrashing the
// machine. The estimate is an upper bound of what the model allocates (buffers are allocated whole at
// elaboration; the packet pool grows to the packets in flight, bounded by the buffers and by the packets
// generated) plus a per-router and per-terminal overhead measured on this model (docs/decisions.md).
#pragma once
#include <cstdint>
#include <string>

#include "config/config.h"

namespace hiradix {

struct MemoryEstimate {
  double total_mib = 0;
  double buffers_mib = 0;      // router input buffers, output queues, credit records
  double nic_mib = 0;          // injection queues (at their bound) and credit records
  double packets_mib = 0;      // packet pool at its bound
  double time_series_mib = 0;  // transient bins and their JSON
  double fixed_mib = 0;        // modules, sockets, per-router state, the process itself
  std::string dominant_key;    // the key to shrink first
};

MemoryEstimate estimate_memory(const Config& config);

// The default limit: 90% of the machine's physical memory (MemTotal), in MiB.
double default_memory_limit_mib();

// Parses a --max-memory value: MiB, or with a suffix M, G or T (e.g. 2048, 512M, 30G). Throws ConfigError.
double parse_memory_limit(const std::string& flag, const std::string& text);

// Throws ConfigError ("config error: memory: ...", exit code 2) when the estimate exceeds `limit_mib`
// (0 = default_memory_limit_mib()). `flag` is the option that raises the limit, named in the message.
void check_memory(const Config& config, double limit_mib, const std::string& flag = "--max-memory");

}  // namespace hiradix
