// The topology registry: one entry per topology, picked by `topology.type`. An entry carries everything the
// rest of hiradix needs to know about a topology, so that no other layer names it: its config keys with
// their defaults and documentation (the schema fragment `hiradix keys` prints), its link classes with the
// keys of each class's latency, VCs and buffer depth, how its keys are resolved and checked, and its factory.
//
// Adding a topology: one file with the Topology implementation and its `*_topology_entry()` function, and
// one line in topology_registry.cpp (docs/architecture.md).
#pragma once
#include <memory>
#include <string>
#include <vector>

#include "config/schema/key_spec.h"
#include "topology/topology.h"
#include "topology/topology_options.h"

namespace hiradix {

// The keys of one link class: links.<key>_latency, router.vcs.<key> (0 = the minimum the routing needs) and
// router.buffers.<key> (phits per VC). Every topology's class 0 is the terminal class, whose keys are named
// `injection` and shared by all topologies (terminal_link_class()).
struct LinkClassKeys {
  std::string name;  // as the topology's link_classes()
  KeySpec latency, vcs, buffer;
};

struct TopologyEntry {
  std::string name;                        // the value of topology.type
  std::string doc;                         // what it is, for topology.type's documentation
  std::vector<KeySpec> keys;               // its topology.* keys
  std::vector<LinkClassKeys> link_classes; // as its Topology::link_classes(), terminal first
  std::string size_key;                    // the key that sets the network's size (advice when it is too big)
  // Resolves the network-dependent defaults of `options` in place and checks the keys against each other;
  // throws KeyError naming the key.
  void (*resolve)(TopologyOptions& options);
  // Builds the topology from resolved options.
  std::unique_ptr<Topology> (*make)(const TopologyOptions& options);
};

const std::vector<TopologyEntry>& topology_registry();
// The entry called `name`; throws KeyError naming topology.type if there is none.
const TopologyEntry& topology_entry(const std::string& name);
LinkClassKeys terminal_link_class();
// The one router-to-router class `network` of fully_connected, mesh and torus (links.network_latency,
// router.vcs.network, router.buffers.network).
LinkClassKeys network_link_class();

// The schema fragments, each key once even when several topologies declare it: topology.type and every
// entry's topology keys; and one field (latency, vcs or buffer) of every entry's link classes.
std::vector<KeySpec> topology_keys();
std::vector<KeySpec> link_class_keys(KeySpec LinkClassKeys::*field);
// Whether the topology `entry` reads `key` (a topology or link-class key).
bool topology_reads(const TopologyEntry& entry, const std::string& key);
// Whether some topology declares `key`.
bool is_topology_key(const std::string& key);

// Resolves the network-dependent defaults of `options` in place; throws KeyError naming a bad key.
void resolve_topology_options(TopologyOptions& options);
// The topology of `options` (resolved first; throws KeyError).
std::unique_ptr<Topology> make_topology(const TopologyOptions& options);

}  // namespace hiradix
