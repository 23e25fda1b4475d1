// The routing registry: one entry per routing mechanism, picked by `routing.algorithm` (BookSim's
// routing-function map, without its globals). An entry carries everything the rest of hiradix needs to
// know about a routing, so that no other layer names it: its config keys with their defaults and
// documentation (the schema fragment `hiradix keys` prints), how defaults that depend on the network are
// resolved, its RTL code, and its factory. The VCs it needs per link class, the router state it reads and
// the group-wide state it owns are the algorithm's own (RoutingAlgorithm).
//
// Adding a routing: one file with the algorithm and its `*_entry()` function, and one line in
// routing_registry.cpp (docs/architecture.md).
#pragma once
#include <memory>
#include <string>
#include <vector>

#include "config/schema/key_spec.h"
#include "router/routing/routing_algorithm.h"
#include "rtl_fields.h"
#include "topology/topology.h"

namespace hiradix {

// A routing key: its schema entry and, for a key whose default depends on the network, how the value
// given is resolved (e.g. 0 = min(6, p)); the resolved value is what runs and what result.json records.
struct RoutingKey {
  KeySpec spec;
  long long (*resolve)(long long given, const Topology& topo) = nullptr;
  // ... or on the routing (e.g. ACOR's IT_2, -1 = Table 5-3's value for acor or pb_acor).
  long long (*resolve_for_routing)(long long given, const std::string& algorithm) = nullptr;
  // Only the routings in `used_by` read it: a value other than the default with another routing is an error.
  std::vector<std::string> used_by = {};
};

struct RoutingEntry {
  std::string name;              // the value of routing.algorithm
  std::string doc;               // what it is, for routing.algorithm's documentation
  std::vector<RoutingKey> keys;  // the keys it introduces (it may also read keys of the entries before it)
  int rtl_code;                  // cfg_algorithm of the RTL routing unit (rtl/hiradix_fields.vh, ALG_*)
  // Builds the routing for `topo` (throws std::invalid_argument if it is not defined on that topology).
  std::unique_ptr<RoutingAlgorithm> (*make)(const RoutingOptions& options, const Topology& topo);
};

const std::vector<RoutingEntry>& routing_registry();
// The entry called `name`; throws std::invalid_argument naming routing.algorithm if there is none.
const RoutingEntry& routing_entry(const std::string& name);
// routing.algorithm, routing.vc_scheme, then every entry's keys in registry order.
const std::vector<RoutingKey>& routing_keys();
// Resolves the network-dependent defaults of `options` in place.
void resolve_routing_options(RoutingOptions& options, const Topology& topo);
// The algorithm of options.algorithm with its keys resolved for `topo`.
std::unique_ptr<RoutingAlgorithm> make_routing(const RoutingOptions& options, const Topology& topo);

}  // namespace hiradix
