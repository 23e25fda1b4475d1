#include "topology/topology_registry.h"

#include <algorithm>
#include <stdexcept>

#include "tlm/packet.h"

namespace hiradix {

// Each topology's file defines its entry.
TopologyEntry dragonfly_topology_entry();
TopologyEntry fully_connected_topology_entry();
TopologyEntry mesh_topology_entry();
TopologyEntry torus_topology_entry();
TopologyEntry flattened_butterfly_topology_entry();
TopologyEntry kns_topology_entry();

const std::vector<TopologyEntry>& topology_registry() {
  static const std::vector<TopologyEntry> entries = {dragonfly_topology_entry(), fully_connected_topology_entry(), mesh_topology_entry(),
                                                       torus_topology_entry(), flattened_butterfly_topology_entry(),
                                                       kns_topology_entry()};
  return entries;
}

const TopologyEntry& topology_entry(const std::string& name) {
  for (const TopologyEntry& e : topology_registry())
    if (e.name == name) return e;
  throw KeyError("topology.type", "unknown topology '" + name + "'");
}

LinkClassKeys terminal_link_class() {
  return {"terminal",
          {"links.injection_latency", KeyType::kInt, "1", 1, kUnbounded, {}, "NIC-to-router and router-to-NIC link latency in cycles (not in the seeds)."},
          {"router.vcs.injection", KeyType::kInt, "0", 0, 32, {}, "VCs of injection ports (seed-000 Table 3-1: a single queue; seed-003 Table I: 3); 0 = one per virtual network (routing.vns; sasha: its two, which its NICs pick), so 1 without VNs. With several, the NIC puts each packet into the next injection VC, round robin, that has room for its first flit, so a packet blocked at the head of one VC does not stop the next."},
          {"router.buffers.injection", KeyType::kInt, "32", 1, kUnbounded, {}, "Input buffer per injection VC, phits."}};
}

LinkClassKeys network_link_class() {
  return {"network",
          {"links.network_latency", KeyType::kInt, "10", 1, kUnbounded, {}, "fully_connected, mesh, torus, flattened_butterfly, kns: router-to-router link latency in cycles, for packets and credits (kns: every link joins an end node and a switch)."},
          {"router.vcs.network", KeyType::kInt, "0", 0, 32, {}, "fully_connected, mesh, torus, flattened_butterfly, kns: VCs of router-to-router ports; 0 = the minimum the routing needs (min: the most hops of a minimal path, valiant: twice that, dor: 1 on a mesh and a flattened_butterfly, 2 on a torus; osha and sasha: twice dor's, one set per virtual network (on kns twice hybrid_dor's: 2); hybrid_dor: 1; ugal and rvlb as valiant), times routing.vns."},
          {"router.buffers.network", KeyType::kInt, "32", 1, kUnbounded, {}, "fully_connected, mesh, torus, flattened_butterfly, kns: input buffer per router-to-router VC, phits (kns: the switches' inputs, and the end nodes' unless topology.node_buffer sets theirs)."}};
}

namespace {

void add_once(std::vector<KeySpec>& keys, const KeySpec& k) {
  if (std::none_of(keys.begin(), keys.end(), [&](const KeySpec& o) { return o.key == k.key; })) keys.push_back(k);
}

}  // namespace

std::vector<KeySpec> topology_keys() {
  KeySpec type{"topology.type", KeyType::kString, "dragonfly", 0, 0, {}, "Topology: "};
  for (const TopologyEntry& e : topology_registry()) {
    type.doc += (type.choices.empty() ? "" : ", ") + e.name + " (" + e.doc + ")";
    type.choices.push_back(e.name);
  }
  type.doc += ".";
  std::vector<KeySpec> keys = {type};
  for (const TopologyEntry& e : topology_registry())
    for (const KeySpec& k : e.keys) add_once(keys, k);
  return keys;
}

std::vector<KeySpec> link_class_keys(KeySpec LinkClassKeys::*field) {
  std::vector<KeySpec> keys;
  for (const TopologyEntry& e : topology_registry())
    for (const LinkClassKeys& c : e.link_classes) add_once(keys, c.*field);
  return keys;
}

bool topology_reads(const TopologyEntry& entry, const std::string& key) {
  for (const KeySpec& k : entry.keys)
    if (k.key == key) return true;
  for (const LinkClassKeys& c : entry.link_classes)
    if (c.latency.key == key || c.vcs.key == key || c.buffer.key == key) return true;
  return false;
}

bool is_topology_key(const std::string& key) {
  for (const TopologyEntry& e : topology_registry())
    if (topology_reads(e, key)) return true;
  return false;
}

void resolve_topology_options(TopologyOptions& options) { topology_entry(options.type).resolve(options); }

std::unique_ptr<Topology> make_topology(const TopologyOptions& options) {
  TopologyOptions resolved = options;
  resolve_topology_options(resolved);
  std::unique_ptr<Topology> topo = topology_entry(resolved.type).make(resolved);
  if (topo->link_classes().size() > static_cast<std::size_t>(kMaxLinkClasses))  // a new topology's entry, not the user
    throw std::logic_error("topology " + resolved.type + " defines " + std::to_string(topo->link_classes().size()) +
                           " link classes; the header counts hops for at most kMaxLinkClasses = " + std::to_string(kMaxLinkClasses));
  return topo;
}

std::string TopologyOptions::default_of(const std::string& key) const {
  for (const KeySpec& k : topology_entry(type).keys)
    if (k.key == key) return k.default_value;
  throw std::invalid_argument(key + ": topology " + type + " has no such key");
}

}  // namespace hiradix
