// The fully connected topology's registry entry (topology/fully_connected.h): routers, terminal ports and
// NICs per node, and one router-to-router link class, `network`.
#include <memory>

#include "topology/fully_connected.h"
#include "topology/topology_registry.h"

namespace hiradix {

namespace {

void resolve(TopologyOptions& o) {
  const long long routers = o.integer("topology.routers"), nics = o.integer("topology.nics");
  // topology.p is shared with the Dragonfly, whose schema default is 0: here 0 means one node per router.
  if (o.integer("topology.p") == 0) o.set("topology.p", nics);
  const long long p = o.integer("topology.p");
  if (p % nics != 0)
    throw KeyError("topology.p", "fully_connected: " + std::to_string(p) + " terminal ports per router do not split into nodes of topology.nics = " +
                                     std::to_string(nics) + " NICs (p must be a multiple of nics)");
  if (nics > routers)
    throw KeyError("topology.nics", "fully_connected: " + std::to_string(nics) + " NICs per node need as many routers, topology.routers is " +
                                        std::to_string(routers));
  if (p + routers - 1 > kMaxRadix)
    throw KeyError("topology.routers", "fully_connected: router radix p + routers - 1 = " + std::to_string(p + routers - 1) +
                                           " exceeds the supported " + std::to_string(kMaxRadix) + " ports");
}

std::unique_ptr<Topology> make(const TopologyOptions& o) {
  return std::make_unique<FullyConnected>(static_cast<int>(o.integer("topology.routers")), static_cast<int>(o.integer("topology.p")),
                                          static_cast<int>(o.integer("topology.nics")));
}

}  // namespace

TopologyEntry fully_connected_topology_entry() {
  TopologyEntry e;
  e.name = "fully_connected";
  e.doc = "topology.routers routers, each linked to every other; a test topology for the routings defined on any topology";
  e.keys = {
      {"topology.routers", KeyType::kInt, "4", 2, 64, {}, "fully_connected: routers, each linked to every other by one link."},
      {"topology.p", KeyType::kInt, "0", 0, 64, {}, "Terminal ports per router (fully_connected: 0 = topology.nics, one node per router)."},
      {"topology.nics", KeyType::kInt, "1", 1, 64, {}, "fully_connected: NICs per node, on consecutive routers (node n's NIC k at router home + k); the network has routers * p / nics nodes."},
  };
  e.link_classes = {
      terminal_link_class(),
      network_link_class(),
  };
  e.size_key = "topology.routers";
  e.resolve = resolve;
  e.make = make;
  return e;
}

}  // namespace hiradix
