// The registry entries of the mesh and the torus (topology/mesh.h): the shape topology.dims, terminals per
// router topology.p, and one router-to-router link class, `network`.
#include <memory>

#include "topology/mesh.h"
#include "topology/topology_registry.h"

namespace hiradix {

namespace {

constexpr long long kMaxRouters = 1 << 20;

void resolve(TopologyOptions& o) {
  // topology.p is shared with the Dragonfly, whose schema default is 0: here 0 means one node per router.
  if (o.integer("topology.p") == 0) o.set("topology.p", 1);
  const std::vector<long long> dims = o.integers("topology.dims");
  if (dims.size() > static_cast<std::size_t>(Mesh::kMaxDims))
    throw KeyError("topology.dims", o.type + ": " + std::to_string(dims.size()) + " dimensions; at most " +
                                        std::to_string(Mesh::kMaxDims) + " are supported");
  long long routers = 1;
  for (const long long k : dims) {
    if (k < 2) throw KeyError("topology.dims", o.type + ": every dimension needs at least 2 routers, got " + std::to_string(k));
    routers *= k;
    if (routers > kMaxRouters)
      throw KeyError("topology.dims", o.type + ": " + OptionValues::list_text(dims) + " has more than " + std::to_string(kMaxRouters) + " routers");
  }
  const long long radix = o.integer("topology.p") + 2 * static_cast<long long>(dims.size());
  if (radix > kMaxRadix)
    throw KeyError("topology.p", o.type + ": router radix p + 2 * dimensions = " + std::to_string(radix) + " exceeds the supported " +
                                     std::to_string(kMaxRadix) + " ports");
}

template <bool kTorus>
std::unique_ptr<Topology> make(const TopologyOptions& o) {
  std::vector<int> dims;
  for (const long long k : o.integers("topology.dims")) dims.push_back(static_cast<int>(k));
  return std::make_unique<Mesh>(dims, static_cast<int>(o.integer("topology.p")), kTorus);
}

TopologyEntry entry(bool torus) {
  TopologyEntry e;
  e.name = torus ? "torus" : "mesh";
  e.doc = torus ? "a k0 x k1 x ... torus, topology.dims; rings of k >= 3 routers with a wrap-around link, a 2-ary dimension is one link"
                : "a k0 x k1 x ... mesh, topology.dims; an edge router has no port out of the mesh";
  e.keys = {
      {"topology.dims", KeyType::kIntList, "[4, 4]", 2, 4096, {},
       "mesh, torus, flattened_butterfly: routers per dimension, [k0, k1, ...] (1 to 6 dimensions, a flattened_butterfly 2 to 6, sizes may differ: HyperX; `--set topology.dims=[8,8]`); kns: end nodes per dimension, [k, k, ...], all the same k (1 to 6 dimensions); routers and nodes "
       "are numbered row-major, dimension 0 (X) fastest (seed-001 §1.5; a kns numbers its end nodes so, then its switches)."},
      {"topology.p", KeyType::kInt, "0", 0, 64, {}, ""},  // documented by the Dragonfly's entry (the first)
  };
  e.link_classes = {terminal_link_class(), network_link_class()};
  e.size_key = "topology.dims";
  e.resolve = resolve;
  e.make = torus ? make<true> : make<false>;
  return e;
}

}  // namespace

TopologyEntry mesh_topology_entry() { return entry(false); }
TopologyEntry torus_topology_entry() { return entry(true); }

}  // namespace hiradix
