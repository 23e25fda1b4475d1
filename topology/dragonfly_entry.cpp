// The Dragonfly's registry entry: its keys (seed-003 Table I defaults: h = 8, i.e. 16,512 nodes), its
// link classes local and global, and the balanced defaults p = h, a = 2h (docs/papers/seed-000-thesis.md §2.1).
#include <memory>

#include "topology/dragonfly.h"
#include "topology/topology_registry.h"

namespace hiradix {

namespace {

void resolve(TopologyOptions& o) {
  const long long h = o.integer("topology.h");
  if (o.integer("topology.p") == 0) o.set("topology.p", h);
  if (o.integer("topology.a") == 0) o.set("topology.a", 2 * h);
  const long long radix = o.integer("topology.p") + o.integer("topology.a") - 1 + h;
  if (radix > kMaxRadix)
    throw KeyError("topology.h", "router radix p + a - 1 + h = " + std::to_string(radix) + " exceeds the supported " +
                                     std::to_string(kMaxRadix) + " ports");
}

std::unique_ptr<Topology> make(const TopologyOptions& o) {
  return std::make_unique<Dragonfly>(static_cast<int>(o.integer("topology.p")), static_cast<int>(o.integer("topology.a")),
                                     static_cast<int>(o.integer("topology.h")),
                                     o.text("topology.arrangement") == "palmtree" ? Arrangement::kPalmtree : Arrangement::kConsecutive);
}

}  // namespace

TopologyEntry dragonfly_topology_entry() {
  TopologyEntry e;
  e.name = "dragonfly";
  e.doc = "the canonical Dragonfly, G = a*h + 1 groups";
  e.keys = {
      {"topology.p", KeyType::kInt, "0", 0, 64, {}, "Terminal ports per router. Dragonfly: 0 = h (balanced, a = 2p = 2h); fully_connected: 0 = topology.nics (one node per router); mesh, torus: 0 = 1 (the concentration: nodes per router); flattened_butterfly: 0 = balanced, the smallest size in topology.dims (the common size S of a Flattened Butterfly, seed-000 §2.6: I = S); kns: terminals per end node, 0 = 1 (its switches have none)."},
      {"topology.a", KeyType::kInt, "0", 0, 64, {}, "Dragonfly: routers per group; 0 = 2h (balanced)."},
      {"topology.h", KeyType::kInt, "8", 1, 32, {}, "Dragonfly: global links per router (seed-003 Table I: 8, i.e. 16,512 nodes)."},
      {"topology.arrangement", KeyType::kString, "palmtree", 0, 0, {"palmtree", "consecutive"}, "Dragonfly: global link arrangement (seed-000 §2.2-2.3)."},
  };
  e.link_classes = {
      terminal_link_class(),
      {"local",
       {"links.local_latency", KeyType::kInt, "10", 1, kUnbounded, {}, "Dragonfly: local link latency in cycles, for packets and credits (seed-003 Table I)."},
       {"router.vcs.local", KeyType::kInt, "0", 0, 32, {}, "Dragonfly: VCs of local ports; 0 = the minimum the routing needs (MIN 2, Valiant lgl 4), times routing.vns."},
       {"router.buffers.local", KeyType::kInt, "32", 1, kUnbounded, {}, "Dragonfly: input buffer per local VC, phits (seed-003 Table I)."}},
      {"global",
       {"links.global_latency", KeyType::kInt, "100", 1, kUnbounded, {}, "Dragonfly: global link latency in cycles (seed-003 Table I)."},
       {"router.vcs.global", KeyType::kInt, "0", 0, 32, {}, "Dragonfly: VCs of global ports; 0 = the minimum the routing needs (MIN 1, Valiant 2), times routing.vns."},
       {"router.buffers.global", KeyType::kInt, "256", 1, kUnbounded, {}, "Dragonfly: input buffer per global VC, phits (seed-003 Table I)."}},
  };
  e.size_key = "topology.h";
  e.resolve = resolve;
  e.make = make;
  return e;
}

}  // namespace hiradix
