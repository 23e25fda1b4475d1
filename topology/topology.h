// The topology interface (docs/architecture.md): routers and their ports, what each port leads to, named
// link classes, where the nodes' NICs attach, minimal ports and distances, and "domains" (a partition of
// the routers that routings and traffic patterns refer to: a Dragonfly group, a HyperX row). The core
// (network assembly, NICs, statistics, traces, config) sees only this; a routing written for one topology
// asks for its concrete class (topology_as<Dragonfly>) once, when it is built.
//
// Port numbering is the topology's; link class 0 is always the terminal class (router <-> NIC links).
#pragma once
#include <stdexcept>
#include <string>
#include <vector>

namespace hiradix {

// The most ports a router may have: the router keeps per-port bitmasks in 64-bit words (router/router.h).
inline constexpr int kMaxRadix = 64;

struct PortEnd {
  int router;
  int port;
};

class Topology {
 public:
  virtual ~Topology() = default;
  virtual std::string name() const = 0;      // the value of topology.type
  virtual std::string describe() const = 0;  // one line for summaries: "dragonfly p=2 a=4 h=2 (palmtree)"
  virtual std::string title() const = 0;     // for figure titles: "Dragonfly h = 2 (p = 2, a = 4)"

  virtual int routers() const = 0;
  virtual int nodes() const = 0;
  virtual int radix(int router) const = 0;
  virtual int max_radix() const = 0;

  // Link classes by name (class 0: "terminal"); per class the config gives latency, VCs and buffers.
  virtual const std::vector<std::string>& link_classes() const = 0;
  virtual int port_class(int router, int port) const = 0;
  // The far end of a router-to-router port (not of a terminal port).
  virtual PortEnd peer(int router, int port) const = 0;

  // Nodes and their NICs: node n has nics_per_node() NICs; NIC k attaches to terminal port nic_port(n, k),
  // and node_at(router, port) is the node a terminal port serves. The nodes of router r are the
  // nodes_per_router() consecutive numbers from r * nodes_per_router().
  virtual int nics_per_node() const { return 1; }
  virtual PortEnd nic_port(int node, int nic) const = 0;
  virtual int node_at(int router, int port) const = 0;
  // Every router has the same number of terminals, except in a topology with routers that have none (a KNS's
  // switches, topology/kns.h): those are numbered after every router with terminals and it overrides this
  // with the terminals of one of those.
  virtual int nodes_per_router() const { return nodes() / routers(); }

  // Routers unlike the others: a KNS end node forwards packets between its dimension ports in its NIC, with a
  // latency and buffers of its own (seed-001 §2.1). Both hooks read 0 for every router of the other
  // topologies, so their networks are built exactly as before (testbench/network.cpp).
  //  - extra cycles of the routing stage of `router`, on top of router.latency.rc;
  //  - the input buffer per VC, in phits, of router-to-router port `port` of `router` where it is not its
  //    link class's router.buffers.<class> (0: the class's), and the key that sets it (for errors).
  virtual int extra_rc_latency(int router) const { (void)router; return 0; }
  virtual int input_buffer(int router, int port) const { (void)router; (void)port; return 0; }
  virtual std::string input_buffer_key() const { return ""; }

  // Minimal paths between routers: the output ports on a minimal path from `router` towards `target`
  // (several in meshes, tori, HyperX; one in a canonical Dragonfly) written to `out` in ascending port order
  // (the generic routings draw among them in that order, as the RTL among a forwarding table's row:
  // router/routing/forwarding_table.h), their number returned (0 when router == target); and the
  // router-to-router hops of a minimal path.
  virtual int min_ports(int router, int target, int* out) const = 0;
  virtual int distance(int router, int target) const = 0;

  // Domains: the routers are partitioned into domains() domains of domain_size() routers each, numbered so
  // that router_in_domain(d, i) enumerates them; nodes of domain d are the nodes_per_domain() consecutive
  // node numbers from d * nodes_per_domain() (traffic patterns such as ADV+i target a domain).
  virtual std::string domain_name() const = 0;
  virtual int domains() const = 0;
  virtual int domain_size() const = 0;
  virtual int domain_of(int router) const = 0;
  virtual int index_in_domain(int router) const = 0;
  virtual int router_in_domain(int domain, int index) const = 0;
  int nodes_per_domain() const { return nodes() / domains(); }
  // ADVC's span (seed-000 §4.2): how many consecutive domains after its own a router reaches directly.
  virtual int consecutive_domains() const = 0;

  // The router grid, for topologies whose routers sit on one (meshes, tori, Flattened Butterflies): its size per dimension,
  // (k0, k1, ...), with routers numbered row-major, dimension 0 fastest (router c0 + k0 * (c1 + k1 * ...)).
  // Empty for the others (a Dragonfly). The coordinate traffic patterns (tornado, neighbor, transpose) are
  // defined where it is not empty (config/permutation_patterns.h).
  virtual std::vector<int> grid() const { return {}; }

  // Links of link class `cls`: a router-to-router link (a pair of ports, used both ways) once, a terminal
  // link once per terminal port. For the size a run prints and records (tools/run/simulation.cpp).
  long links(int cls) const {
    long ports = 0;
    for (int r = 0; r < routers(); ++r)
      for (int p = 0; p < radix(r); ++p) ports += port_class(r, p) == cls;
    return cls == 0 ? ports : ports / 2;
  }
  int min_radix() const {
    int least = max_radix();
    for (int r = 0; r < routers(); ++r) least = radix(r) < least ? radix(r) : least;
    return least;
  }

  // The name under which result.json counts the phase-0 path shape `bits` (RouteState::path_bits, 0..7)
  // that this topology's routings record; 0 is always "min".
  virtual std::string path_type_name(int bits) const { return generic_path_type_name(bits); }
  static std::string generic_path_type_name(int bits) { return bits == 0 ? "min" : "shape" + std::to_string(bits); }
};

// The topology as the concrete class a routing was written for; throws std::invalid_argument naming
// `who` when it is another one.
template <typename T>
const T& topology_as(const Topology& t, const std::string& who) {
  if (const T* concrete = dynamic_cast<const T*>(&t)) return *concrete;
  throw std::invalid_argument(who + " is not defined on a " + t.name() + " topology");
}

}  // namespace hiradix
