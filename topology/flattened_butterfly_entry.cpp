// The registry entry of the Flattened Butterfly / HyperX (topology/flattened_butterfly.h): the shape
// topology.dims (the mesh's key), terminals per router topology.p (0 = balanced), the links between two
// neighbours topology.trunk, and one router-to-router link class, `network`.
#include <algorithm>
#include <memory>

#include "topology/flattened_butterfly.h"
#include "topology/topology_registry.h"

namespace hiradix {

namespace {

constexpr long long kMaxRouters = 1 << 20;

void resolve(TopologyOptions& o) {
  const std::vector<long long> dims = o.integers("topology.dims");
  if (dims.size() < 2 || dims.size() > static_cast<std::size_t>(FlattenedButterfly::kMaxDims))
    throw KeyError("topology.dims", o.type + ": " + std::to_string(dims.size()) + " dimensions; 2 to " +
                                        std::to_string(FlattenedButterfly::kMaxDims) + " are supported (one dimension is fully_connected)");
  long long routers = 1, network_ports = 0;
  for (const long long k : dims) {
    if (k < 2) throw KeyError("topology.dims", o.type + ": every dimension needs at least 2 routers, got " + std::to_string(k));
    routers *= k;
    network_ports += k - 1;
    if (routers > kMaxRouters)
      throw KeyError("topology.dims", o.type + ": " + OptionValues::list_text(dims) + " has more than " + std::to_string(kMaxRouters) + " routers");
  }
  // topology.p = 0: balanced, as many terminals as routers per dimension (seed-000 §2.6: I = S); a HyperX
  // whose sizes differ takes its smallest size, so that no dimension carries more than its terminals' load.
  const bool balanced = o.integer("topology.p") == 0;
  if (balanced) o.set("topology.p", *std::min_element(dims.begin(), dims.end()));
  const long long trunk = o.integer("topology.trunk");
  const long long radix = o.integer("topology.p") + network_ports * trunk;
  if (radix > kMaxRadix)
    throw KeyError(trunk > 1 ? "topology.trunk" : balanced || network_ports >= kMaxRadix ? "topology.dims" : "topology.p",
                   o.type + ": router radix p + trunk * sum of (S_d - 1) = " + std::to_string(o.integer("topology.p")) +
                       " + " + std::to_string(trunk) + " * " + std::to_string(network_ports) + " exceeds the supported " +
                       std::to_string(kMaxRadix) + " ports");
}

std::unique_ptr<Topology> make(const TopologyOptions& o) {
  std::vector<int> dims;
  for (const long long k : o.integers("topology.dims")) dims.push_back(static_cast<int>(k));
  return std::make_unique<FlattenedButterfly>(dims, static_cast<int>(o.integer("topology.p")),
                                              static_cast<int>(o.integer("topology.trunk")));
}

}  // namespace

TopologyEntry flattened_butterfly_topology_entry() {
  TopologyEntry e;
  e.name = "flattened_butterfly";
  e.doc = "Flattened Butterfly / HyperX, topology.dims: each router linked to every router that differs from it in one coordinate";
  e.keys = {
      {"topology.dims", KeyType::kIntList, "[4, 4]", 2, 4096, {}, ""},  // documented by the mesh's entry (the first)
      {"topology.p", KeyType::kInt, "0", 0, 64, {}, ""},                // documented by the Dragonfly's entry (the first)
      {"topology.trunk", KeyType::kInt, "1", 1, 16, {}, "Links between two neighbouring routers of a Flattened Butterfly / HyperX (trunking; each one a port pair): the minimal routings spread over them adaptively (min, valiant, ugal, rvlb; dor takes one port per neighbour and refuses a trunk)"},
  };
  e.link_classes = {terminal_link_class(), network_link_class()};
  e.size_key = "topology.dims";
  e.resolve = resolve;
  e.make = make;
  return e;
}

}  // namespace hiradix
