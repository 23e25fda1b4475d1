// The registry entry of the KNS (topology/kns.h): the shape topology.dims (the mesh's key; every size the
// same k, seed-001 §2.1), terminals per end node topology.p, what an end node adds as a router
// (topology.node_latency, topology.node_buffer), and one router-to-router link class, `network`.
#include <memory>

#include "topology/kns.h"
#include "topology/topology_registry.h"

namespace hiradix {

namespace {

constexpr long long kMaxRouters = 1 << 20;

void resolve(TopologyOptions& o) {
  // topology.p is shared with the Dragonfly, whose schema default is 0: here 0 means one node per end node.
  if (o.integer("topology.p") == 0) o.set("topology.p", 1);
  const std::vector<long long> dims = o.integers("topology.dims");
  if (dims.empty() || dims.size() > static_cast<std::size_t>(Kns::kMaxDims))
    throw KeyError("topology.dims", "kns: " + std::to_string(dims.size()) + " dimensions; 1 to " + std::to_string(Kns::kMaxDims) +
                                        " are supported");
  const long long k = dims[0];
  // One k for every dimension: the paper's k-ary n-direct network (a switch per line of k nodes).
  for (std::size_t d = 0; d < dims.size(); ++d)
    if (dims[d] != k)
      throw KeyError("topology.dims", "kns: every dimension needs the same size k (a k-ary n-direct network); " +
                                          OptionValues::list_text(dims) + " differs in dimension " + std::to_string(d));
  if (k < 2) throw KeyError("topology.dims", "kns: every dimension needs at least 2 end nodes, got " + std::to_string(k));
  if (k > kMaxRadix)
    throw KeyError("topology.dims", "kns: a switch has k = " + std::to_string(k) + " ports, more than the supported " +
                                        std::to_string(kMaxRadix));
  long long nodes = 1;
  for (std::size_t d = 0; d < dims.size(); ++d) {
    nodes *= k;
    if (nodes + nodes / k * static_cast<long long>(dims.size()) > kMaxRouters)
      throw KeyError("topology.dims", "kns: " + OptionValues::list_text(dims) + " has more than " + std::to_string(kMaxRouters) +
                                          " routers (end nodes and switches)");
  }
  const long long radix = o.integer("topology.p") + static_cast<long long>(dims.size());
  if (radix > kMaxRadix)
    throw KeyError("topology.p", "kns: end node radix p + dimensions = " + std::to_string(radix) + " exceeds the supported " +
                                     std::to_string(kMaxRadix) + " ports");
}

std::unique_ptr<Topology> make(const TopologyOptions& o) {
  const std::vector<long long> dims = o.integers("topology.dims");
  return std::make_unique<Kns>(static_cast<int>(dims[0]), static_cast<int>(dims.size()), static_cast<int>(o.integer("topology.p")),
                               static_cast<int>(o.integer("topology.node_latency")), static_cast<int>(o.integer("topology.node_buffer")));
}

}  // namespace

TopologyEntry kns_topology_entry() {
  TopologyEntry e;
  e.name = "kns";
  e.doc = "k-ary n-direct 1-indirect hybrid (seed-001 §2.1), topology.dims [k, k, ...]: k^n end nodes on a grid, each line of k "
          "along one dimension joined by one k-port switch; end nodes forward between their dimension ports";
  e.keys = {
      {"topology.dims", KeyType::kIntList, "[4, 4]", 2, 4096, {}, ""},  // documented by the mesh's entry (the first)
      {"topology.p", KeyType::kInt, "0", 0, 64, {}, ""},                // documented by the Dragonfly's entry (the first)
      {"topology.node_latency", KeyType::kInt, "0", 0, 64, {},
       "kns: extra cycles an end node's routing stage takes on top of router.latency.rc (its NIC forwarding between dimension "
       "ports; the paper gives no value, seed-001 §3.2), at every end node a packet passes, its source and destination included; "
       "0 = the switches' pipeline."},
      {"topology.node_buffer", KeyType::kInt, "0", 0, 1 << 20, {},
       "kns: input buffer per VC, phits, of an end node's dimension ports (the buffers a forwarded packet waits in; seed-001 "
       "§3.2 leaves them open); 0 = router.buffers.network, the switches' depth."},
  };
  e.link_classes = {terminal_link_class(), network_link_class()};
  e.size_key = "topology.dims";
  e.resolve = resolve;
  e.make = make;
  return e;
}

}  // namespace hiradix
