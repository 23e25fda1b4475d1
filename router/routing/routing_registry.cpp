#include "router/routing/routing_registry.h"

#include <stdexcept>

namespace hiradix {

// The routings, in registry order: one line each. Each routing's file defines its NAME_routing_entry();
// the list declares them and calls them in that order.
#define HIRADIX_ROUTINGS(X) \
  X(min)                    \
  X(valiant)                \
  X(ugal)                   \
  X(base)                   \
  X(ectn)                   \
  X(pb)                     \
  X(olm)                    \
  X(hybrid)                 \
  X(rvlb)                   \
  X(rpb)                    \
  X(acor)                   \
  X(pb_acor)                \
  X(tpr)                    \
  X(lian)                   \
  X(dor)                    \
  X(hybrid_dor)             \
  X(osha)                   \
  X(marbp)                  \
  X(sasha)                  \
  X(qcn_switch)             \
  X(drb)                    \
  X(prdrb)

#define HIRADIX_DECLARE_ENTRY(name) RoutingEntry name##_routing_entry();
HIRADIX_ROUTINGS(HIRADIX_DECLARE_ENTRY)
#undef HIRADIX_DECLARE_ENTRY

const std::vector<RoutingEntry>& routing_registry() {
#define HIRADIX_CALL_ENTRY(name) name##_routing_entry(),
  static const std::vector<RoutingEntry> entries = {HIRADIX_ROUTINGS(HIRADIX_CALL_ENTRY)};
#undef HIRADIX_CALL_ENTRY
  return entries;
}

std::string routing_key_value(const nlohmann::json& config, const std::string& key) {
  const nlohmann::json* j = &config;
  for (std::size_t from = 0;;) {
    const std::size_t dot = key.find('.', from);
    if (!j->is_object()) return "";
    const auto it = j->find(key.substr(from, dot == std::string::npos ? std::string::npos : dot - from));
    if (it == j->end()) return "";
    j = &*it;
    if (dot == std::string::npos) return j->is_string() ? j->get<std::string>() : "";
    from = dot + 1;
  }
}

RoutingKey& key_of(RoutingEntry& entry, const std::string& key) {
  for (RoutingKey& k : entry.keys)
    if (k.spec.key == key) return k;
  throw std::logic_error("routing " + entry.name + " has no key " + key);
}

RoutingDisplay routing_display_of(const std::string& algorithm, const nlohmann::json& config) {
  for (const RoutingEntry& e : routing_registry())
    if (e.name == algorithm) return e.display_under ? e.display_under(e, config) : e.display;
  return {algorithm, 0};
}

const RoutingEntry& routing_entry(const std::string& name) {
  for (const RoutingEntry& e : routing_registry())
    if (e.name == name) return e;
  throw std::invalid_argument("routing.algorithm: unknown algorithm '" + name + "'");
}

namespace {

KeySpec algorithm_key() {
  KeySpec k{"routing.algorithm", KeyType::kString, "min", 0, 0, {}, "Routing mechanism: "};
  for (const RoutingEntry& e : routing_registry()) {
    k.doc += (k.choices.empty() ? "" : ", ") + e.name + " (" + e.doc + ")";
    k.choices.push_back(e.name);
  }
  k.doc += ".";
  return k;
}

}  // namespace

const std::vector<RoutingKey>& routing_keys() {
  static const std::vector<RoutingKey> keys = [] {
    std::vector<RoutingKey> all = {
        {algorithm_key()},
        {{"routing.vc_scheme", KeyType::kString, "slot", 0, 0, {"slot", "hop_count"},
          "VC of each hop: its slot in the routing's canonical path (deadlock-free), or hop_count, the count-based "
          "reading of seed-000 §1.6, which deadlocks (kept to demonstrate it)."}},
        {{"routing.vns", KeyType::kInt, "1", 1, kMaxVirtualNetworks, {},
          "Virtual networks (seed 001 §1.3): disjoint copies of the routing's VC set on every link class, VN v "
          "owning VCs [v*n, v*n + n) of a class with n VCs per VN; each packet's VN is chosen once at its source "
          "NIC (routing.vn_select) and kept for its life, and each hop's VC is the routing's inside its VN. "
          "router.vcs.*: 0 gives vns times what the routing needs; a count given must be a multiple of vns. 1 = no "
          "VNs. Not with osha (its own two VNs), the in-transit routings and OLM/Hybrid (they read per-VC state), or "
          "routing.ugal_load: vc. With router.rc_mode rtl/lockstep the RTL unit decides inside the VN, as the model's "
          "routing does, and the router adds the offset after either."}},
        {{"routing.vn_select", KeyType::kString, "round_robin", 0, 0, {"round_robin", "random"},
          "How a source NIC picks the VN of each new packet when routing.vns > 1: round_robin = the VNs in turn, "
          "per NIC; random = uniformly, from the NIC's own random stream (deterministic per seed)."}},
    };
    for (const RoutingEntry& e : routing_registry()) all.insert(all.end(), e.keys.begin(), e.keys.end());
    return all;
  }();
  return keys;
}

void resolve_routing_options(RoutingOptions& options, const Topology& topo) {
  for (const RoutingKey& k : routing_keys()) {
    if (k.resolve) options.set(k.spec.key, k.resolve(options.integer(k.spec.key), topo));
    if (k.resolve_for_routing) options.set(k.spec.key, k.resolve_for_routing(options.integer(k.spec.key), options.algorithm));
  }
}

std::unique_ptr<RoutingAlgorithm> make_routing(const RoutingOptions& options, const Topology& topo) {
  RoutingOptions resolved = options;
  resolve_routing_options(resolved, topo);
  return routing_entry(options.algorithm).make(resolved, topo);
}

}  // namespace hiradix
