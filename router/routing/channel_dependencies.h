// The channel dependency graph (CDG) of a routing on its network, and the deadlock check made from it before
// a run (issue 13, "Deadlock-prone configs"). A channel is a router-to-router output port and one of its VCs;
// an edge c -> c' says that a packet holding c may wait for c' (the next hop of one of its paths). Under
// virtual cut-through and wormhole alike, a routing whose CDG has no cycle cannot deadlock (Dally & Seitz);
// for the in-transit routings, which route a blocked head again, the graph that must be acyclic is that of
// their escape channels, the minimal hops (Duato): see channel_dependencies() for exactly what is enumerated.
// That escape graph holds the direct dependencies, Duato's condition under virtual cut-through (a blocked
// packet sits in one buffer); under wormhole his condition also counts indirect ones (through the adaptive
// channels a packet's body still holds), which are not enumerated.
// Injection and ejection channels are left out: nothing waits on an ejection channel (the NIC consumes), and
// no router channel waits on an injection one, so neither can lie on a cycle.
#pragma once
#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "router/routing/routing_algorithm.h"
#include "topology/topology.h"

namespace hiradix {

struct Channel {
  int router, port, vc;
};

// A CDG over every router-to-router channel of a topology: per channel, the set of channels (output port, VC)
// of the router its link leads to that it depends on, as a bit set.
class ChannelGraph {
 public:
  // `vcs`: the VCs of each link class (index = link class, as Topology's).
  ChannelGraph(const Topology& topo, std::vector<int> vcs);

  long id(int router, int port, int vc) const { return (static_cast<long>(router) * radix_ + port) * vcs_max_ + vc; }
  Channel channel(long id) const;
  int vcs(int link_class) const { return vcs_[static_cast<std::size_t>(link_class)]; }
  // The dependency of channel `from` on VC `vc` of output `port` of the router that `from` leads to.
  void add(long from, int port, int vc);
  bool has(long from, long to) const;
  std::size_t edges() const;
  std::size_t channels_with_edges() const;
  // Every edge of `other` (a graph of the same topology and VCs) is in this one.
  bool contains(const ChannelGraph& other) const;
  bool operator==(const ChannelGraph& other) const { return bits_ == other.bits_; }

  // A cycle of channels c0 -> c1 -> ... -> ck-1 -> c0 (c0 not repeated; starting at its smallest channel),
  // empty when the graph is acyclic. It is a shortest cycle through one of the channels of the first cycle
  // the search meets, so the message stays short.
  std::vector<long> find_cycle() const;
  // "R3 p5 local VC0": router, port, link class name, VC.
  std::string name(long id) const;
  // "A -> B -> ... -> A".
  std::string describe(const std::vector<long>& cycle) const;

  // For the enumeration (channel_dependencies.cpp): OR `set` (words() words over the output slots port * VC
  // count + vc of the router `from` leads to) into `from`'s dependencies.
  int words() const { return words_; }
  int slot_bits() const { return radix_ * vcs_max_; }
  void add_set(long from, const std::uint64_t* set);
  int slot_of(long id) const { return static_cast<int>(id % (static_cast<long>(radix_) * vcs_max_)); }
  int router_of(long id) const { return static_cast<int>(id / vcs_max_ / radix_); }
  // The input slot (input port * VC count + VC) of the router channel `id` leads to, and back: the channel
  // arriving at input slot `slot` of `router`.
  int arrival_slot(long id) const;
  long arriving(int router, int slot) const;
  // The far end of router-to-router port `port` of `router` (from a table: the walks ask at every hop).
  PortEnd peer(int router, int port) const {
    const std::size_t i = static_cast<std::size_t>(router) * radix_ + port;
    return {peer_router_[i], peer_port_[i]};
  }
  const Topology& topology() const { return topo_; }
  // Makes the graph closed under the rotation of the topology's domains (rotation_symmetric): every
  // channel gets the dependencies of all the channels of its orbit, moved along.
  void close_under_rotation();
  // Virtual networks (routing.vns): adds `vns` copies of `one_vn`, the graph of one VN on that VN's VCs
  // (this graph's VCs / vns per class), VN v's on VCs [v * n_c, (v + 1) * n_c) of each class c.
  void add_vn_copies(const ChannelGraph& one_vn, int vns);

 private:
  long successor(long from, int bit) const {
    return static_cast<long>(peer_router_[static_cast<std::size_t>(from / vcs_max_)]) * radix_ * vcs_max_ + bit;
  }
  const Topology& topo_;
  std::vector<int> vcs_;
  int radix_, vcs_max_, words_;
  long channels_;
  std::vector<int> peer_router_, peer_port_;  // per router * radix + port; -1 for terminal ports
  std::vector<std::uint64_t> bits_;            // per channel: words_ words
};

// Whether rotating the domains (router i of domain d -> router i of domain d + 1 mod domains, every port
// kept) maps every link onto a link: true for the palmtree Dragonfly (its global links depend only on the
// groups' difference, seed-000 §2.2), false for the consecutive one.
bool rotation_symmetric(const Topology& topo);

// How the CDG is enumerated: kReduced composes a source routing's paths from their segments and, on a
// rotation-symmetric topology, enumerates only what starts (or turns) in domain 0 and closes the graph under
// the rotation (the default, fast); kFull walks every path whole from every source (tests compare the two).
enum class CdgMethod : std::uint8_t { kReduced, kFull };

// The CDG of `routing` on `topo` with `vcs` VCs per link class, by driving the routing's own decisions: each
// routing enumerates its own (RoutingAlgorithm::enumerate_dependencies), the Dragonfly's families with the
// walks below (enumerate_route_paths, enumerate_valiant_paths, enumerate_escape_channels), the routings
// defined on any topology (generic_*_routing.h) with their own:
//  - MIN (MinRouting): route() walks every path, from every source router to every destination router.
//  - Valiant and its source-adaptive kin (ValiantRouting and subclasses: UGAL, PB): the paths of every
//    choice the injection decision can make, each walked with ValiantRouting::follow(): Valiant through
//    every R_ROOT the policy can draw (intermediate_draws), and the minimal path where it can occur (a
//    degenerate draw, R_ROOT = source or destination; for a subclass, whose prefer_minimal may pick it by the
//    loads, for every pair). So for UGAL and PB both choices are taken as possible for every (source,
//    R_ROOT, destination): exact for thresholds a load can cross, a superset otherwise. kReduced walks the
//    segments source -> R_ROOT and R_ROOT -> destination once each (per route state the packet reaches
//    R_ROOT with) and joins every arrival at R_ROOT to every first hop out of it, which is exact because the
//    draw's conditions on source and destination are independent (R_ROOT != source, R_ROOT != destination).
//    With RVLB's restriction (ValiantRouting::restricted(): RVLB, RPB; seed-000 §3.3) a destination in the
//    source's domain draws R_ROOT in that domain: those paths are walked whole (a^3 per domain), and the
//    joins at R_ROOT only reach destinations outside the source's domain (arrivals keep it).
//    On a rotation-symmetric topology it walks only the minimal paths from domain 0, phase A towards the
//    R_ROOTs of domain 0 and phase B from them, then closes the graph under the rotation: exact because
//    every routing here treats domains alike (the rotation of a path is a path; tests compare with kFull).
//  - In-transit routings (reroutes_blocked_heads(): Base, ECtN, OLM, Hybrid): a blocked head is routed again,
//    so it always has its minimal hop; the escape graph has an edge from every channel (every VC the config
//    gives each port, so a superset of the channels packets occupy) to the minimal hop route() reports
//    (RoutingDecision::min_port, min_vc) at the next router, for every output port that is minimal towards
//    some destination there. Sound when the minimal hop's VC depends on the input channel and the port only,
//    as OLM's VC rule makes it; minimal hops whose VC is beyond the port's VCs are not channels and left out.
//    On a rotation-symmetric topology kReduced does the channels of domain 0 and closes under the rotation.
// Destinations are one terminal per router (the others of a router differ only in the ejection port).
// Throws std::invalid_argument for a routing it has no enumeration for, std::logic_error for a path that
// takes a VC beyond its port's VCs or does not end.
// With `vns` virtual networks (routing.vns; `vcs` are then every VN's together) each VN is a disjoint copy
// of the routing's VCs in which it decides as if alone (Router::route_candidate adds the VN's offset), and a
// packet never changes VN: the graph is the routing's on one VN's VCs, copied onto each VN's (no edge joins
// two copies, so it is acyclic exactly when one copy is; each copy is enumerated all the same).
ChannelGraph channel_dependencies(const Topology& topo, const RoutingAlgorithm& routing, const std::vector<int>& vcs,
                                  CdgMethod method = CdgMethod::kReduced, int vns = 1);

// The walks of the Dragonfly's routing families, each over `g`'s topology, for their enumerate_dependencies():
//  - every path route() takes from every source router to every destination router (MIN);
class ValiantRouting;
void enumerate_route_paths(const RoutingAlgorithm& routing, ChannelGraph& g, CdgMethod method);
//  - route() from every source router to every destination router of the pairs `pairs` yields (it calls
//    its argument once per pair): for a deterministic routing whose reduced enumeration knows a set of
//    pairs whose paths make every dependency of all paths (DorRouting);
void enumerate_route_pairs(const RoutingAlgorithm& routing, ChannelGraph& g,
                           const std::function<void(const std::function<void(int, int)>&)>& pairs);
//  - the paths of every choice of the Valiant family's injection decision;
void enumerate_valiant_paths(const ValiantRouting& routing, ChannelGraph& g, CdgMethod method);
//  - the escape channels of an in-transit routing (its minimal hops).
void enumerate_escape_channels(const RoutingAlgorithm& routing, ChannelGraph& g, CdgMethod method);

struct DeadlockAnalysis {
  enum class Verdict : std::uint8_t { kAcyclic, kCyclic, kUnchecked };
  Verdict verdict = Verdict::kUnchecked;
  std::string graph;   // "paths" or "escape channels" (what the graph is of)
  std::string cycle;   // kCyclic: the cycle, "A -> B -> ... -> A"
  std::string reason;  // kUnchecked: why
  std::size_t channels = 0, edges = 0;
  double seconds = 0;
};

// Builds the CDG (channel_dependencies) and looks for a cycle; kUnchecked for a routing without an
// enumeration (the reason says which).
DeadlockAnalysis analyse_deadlock(const Topology& topo, const RoutingAlgorithm& routing, const std::vector<int>& vcs,
                                  int vns = 1);

}  // namespace hiradix
