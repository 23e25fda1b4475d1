// Configuration: a YAML file plus `--set key=value` overrides, checked against one schema of documented
// keys (defaults from the seeds' tables), turned into a validated Config. Every bad input ends in a
// ConfigError naming the key and the reason.
#pragma once
#include <cstdint>
#include <memory>
#include <optional>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

#include <nlohmann/json.hpp>

#include "router/common/router_params.h"
#include "router/flow/qcn_params.h"
#include "topology/topology.h"
#include "topology/topology_options.h"
#include "config/schema/config_error.h"
#include "config/schema/key_spec.h"
#include "router/routing/routing_registry.h"
#include "router/rtl/rc_cosim.h"
#include "synth/report/power_model.h"
#include "config/traffic_schedule.h"

namespace hiradix {

// sim.partitions auto: the smallest network (in routers) cut into its domains. Below it the whole network's
// state fits in a core's caches and the windows gain nothing (an 8 x 8 mesh 6 % slower, h = 2 even;
// README, Partitions).
inline constexpr int kPartitionFromRouters = 128;


const std::vector<KeySpec>& config_schema();
std::string suggest_key(const std::string& unknown);  // nearest valid key, "" if none is close

// Per link class of the topology (topology/topology.h): link latency, and VCs and buffer depth of the
// input ports of that class.
struct LinkClassParams {
  Cycle latency = 1;
  int vcs = 1;
  int buffer = 32;
  // router.flow_control pause: phits of an input buffer of the class above Xoff, and from Xoff down to Xon.
  int pause_headroom = 0;
  int pause_hysteresis = 0;
};

struct Config {
  // topology: topology.type and its keys (resolved), and the parameters of its link classes, indexed as the
  // topology's link_classes() (0 = terminal)
  TopologyOptions topology;
  std::vector<LinkClassParams> links;
  // router
  RouterParams router;
  QcnParams qcn;      // qcn.*: congestion points, CNMs and reaction points (off by default)
  RoutingOptions routing;
  RcCoSimOptions rc;  // routing computation: model, rtl or lockstep
  int trace_router = -1;  // router whose stage activity goes to trace_vcd (window: rc.trace_from/to)
  std::string trace_vcd;
  std::string trace_contention;  // CSV of trace_router's contention counters
  std::string trace_routing;     // CSV of trace_router's routing decisions (the routing's trace key)
  // traffic and NICs
  TrafficSchedule traffic;  // change_at relative to the end of warm-up until resolved by the network
  std::int64_t change_after_warmup = -1;
  int nic_queue = 5040;
  bool nic_vc_by_destination = false;  // nic.injection_vc: destination (testbench/nic.h)
  // simulation
  Cycle warmup = 0, measure = 0, watchdog = 0, bin = 0, bins_before = 0;
  bool partitioned = false;  // sim.partitions domains: the scheduler's partitions, one per topology domain
  int threads = 1;           // sim.threads: the threads that run the partitions of each window
  std::uint64_t seed = 1;
  // synthesis (hiradix synth) and router.latency.rc: auto
  double synth_clock_ns = 1.0;
  int synth_rc_stages = 0;  // synth.rc_stages: 0 = auto, else 1 or 2
  std::string synth_liberty, synth_report;
  bool rc_latency_auto = false;  // router.rc_latency came from synth_report
  double synth_node_nm = 180;  // the liberty's process node (SRAM estimate)
  // power: per-event energies from power_report (a synth.json), link energy per bit per link class
  std::string power_report;
  std::optional<PowerModel> power;
  std::vector<double> link_pj_per_bit;  // indexed as links
  nlohmann::json resolved;  // every key with its value, defaults included

  // The parameters of the link class called `name` (as the topology's link_classes()); throws
  // std::out_of_range if the topology has no such class.
  const LinkClassParams& link(const std::string& name) const;
  std::vector<int> link_vcs() const;  // the VCs of each link class's input ports, indexed as links
  // The topology's keys without their `topology.` prefix ({"h": 2, "arrangement": "palmtree", ...}): how a
  // synthesis report records the network it was made for.
  nlohmann::json topology_params() const;
};

// The network's topology as the config describes it (topology.type and its keys).
std::unique_ptr<Topology> make_topology(const Config& config);
// The topology of a resolved config as result.json records it (its "topology" object); null if it has none
// that hiradix can build.
std::unique_ptr<Topology> topology_of(const nlohmann::json& resolved);

using Overrides = std::vector<std::pair<std::string, std::string>>;

// Parses "key=value" (the --set syntax); throws ConfigError on a malformed item.
std::pair<std::string, std::string> parse_override(const std::string& item);

// Loads `path` (may be empty: defaults only), applies overrides in order, validates.
Config load_config(const std::string& path, const Overrides& overrides);

// One row of the config reference: the key, its default as the schema writes it, what it allows ("integer
// ≥ 1, ≤ 4096", "`min`, `valiant`", "list") and its meaning. `hiradix keys` prints these rows as a Markdown
// table; Python's hiradix.keys() returns them as dicts, so the two cannot drift apart.
struct KeyReference {
  std::string key, default_value, allowed, meaning;
};
std::vector<KeyReference> config_reference();

// The config reference as a Markdown table (for the README and `hiradix keys`).
std::string config_reference_markdown();

}  // namespace hiradix
