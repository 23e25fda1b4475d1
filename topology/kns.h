// KNS, the k-ary n-direct s-indirect hybrid topology with s = 1 (`topology.type: kns`, `topology.dims:
// [k, k, ...]`, `topology.p` terminals per end node); seed-001 §2.1 (docs/papers/seed-001-sasha-osha.md),
// issue 27.
//
// N = k^n end nodes sit on an n-dimensional grid, k per dimension. Nodes along a dimension are not wired to
// each other: the k nodes that differ only in coordinate d share one k-port switch, SW[d][the other
// coordinates], so there are S = N * n / k switches and every end node has n network ports, one per
// dimension. End nodes forward packets between their dimension ports (the NIC acts as a small router,
// seed-001 §2.1 and §6.2 [IMPL]), so here both are routers of the topology:
//  - routers 0 .. N-1 are the end nodes, numbered row-major with dimension 0 (X) fastest, as the mesh
//    (r = c0 + k * (c1 + k * ...), seed-001 §1.5). Ports: [0, p) terminals, then port p + d towards the
//    switch of dimension d. Radix p + n. Node m attaches to end node m / p at terminal port m % p.
//  - routers N .. N+S-1 are the switches, those of dimension 0 first: switch N + d * N/k + j joins the
//    end nodes whose coordinates other than d give index j (the node number with digit d removed, so the
//    X switch of row y is j = y). Its port c leads to the end node with c_d = c. Radix k, no terminals.
// Every port leads to a router; every link is one port pair, used both ways.
//
// Why switches are routers with no terminals, numbered last: the core asks nodes_per_router() for the
// terminals of a router with terminals (p here; Topology::nodes_per_router), and the end nodes are the grid
// (grid() = [k, ...], for tornado, neighbor, transpose) whose numbering permutations use.
//
// One router-to-router link class, `network` (links.network_latency, router.vcs.network,
// router.buffers.network, shared with the mesh): every link joins an end node and a switch. What the
// end node adds as a router of its own (seed-001 §3.2 leaves it a [GAP]):
//  - topology.node_latency: extra cycles of an end node's routing stage (Topology::extra_rc_latency), paid
//    at every end node a packet passes, its source's and destination's too (the NIC handles those as well);
//  - topology.node_buffer: the input buffer per VC of an end node's dimension ports, the buffers a
//    forwarded packet waits in (Topology::input_buffer; 0 = router.buffers.network, the switches' depth).
// The rest of an end node's pipeline (router.latency.va, .sa, .st, speed-up, output queues) is the switches'.
//
// Minimal paths: a differing coordinate costs two hops (node -> switch -> node), so two end nodes are
// 2 * (differing coordinates) hops apart and the diameter is 2n (distance(), min_ports() for every pair of
// routers, switches included, for the routings written against the Topology interface).
//
// Domains: the rows along dimension 0 (N / k of them): row y's k end nodes, then one switch of each
// dimension, switch j of every dimension belonging to row j (for dimension 0 that is the row's own switch;
// for the others an arbitrary but fixed share, so that the domains partition the routers). ADV+i sends to
// the nodes of the row i rows on.
#pragma once
#include <string>
#include <vector>

#include "topology/topology.h"

namespace hiradix {

class Kns final : public Topology {
 public:
  static constexpr int kMaxDims = 6;  // as the mesh's (routing.dor_order names at most 6 dimensions)

  // Throws std::invalid_argument for an inconsistent shape (the registry entry checks the keys first).
  // node_latency: extra cycles of an end node's routing stage; node_buffer: phits per VC of an end node's
  // dimension ports (0 = the network class's).
  Kns(int k, int dims, int p, int node_latency = 0, int node_buffer = 0);

  std::string name() const override { return "kns"; }
  std::string describe() const override;  // "kns 4x4 p=1"
  std::string title() const override;     // "KNS 4-ary 2-direct 1-indirect (p = 1)"
  int routers() const override { return nodes_ + switches_; }
  int nodes() const override { return nodes_ * p_; }
  int radix(int router) const override { return is_switch(router) ? k_ : p_ + n_; }
  int max_radix() const override { return k_ > p_ + n_ ? k_ : p_ + n_; }
  const std::vector<std::string>& link_classes() const override;
  int port_class(int router, int port) const override { return !is_switch(router) && port < p_ ? 0 : 1; }
  PortEnd peer(int router, int port) const override;
  PortEnd nic_port(int node, int) const override { return {node / p_, node % p_}; }
  int node_at(int router, int port) const override { return router * p_ + port; }
  int nodes_per_router() const override { return p_; }
  int extra_rc_latency(int router) const override { return is_switch(router) ? 0 : node_latency_; }
  int input_buffer(int router, int port) const override { return is_switch(router) || port < p_ ? 0 : node_buffer_; }
  std::string input_buffer_key() const override { return "topology.node_buffer"; }
  int min_ports(int router, int target, int* out) const override;
  int distance(int router, int target) const override;
  std::string domain_name() const override { return "row"; }
  int domains() const override { return nodes_ / k_; }
  int domain_size() const override { return k_ + n_; }
  int domain_of(int router) const override { return is_switch(router) ? switch_index(router) : router / k_; }
  int index_in_domain(int router) const override { return is_switch(router) ? k_ + switch_dimension(router) : router % k_; }
  int router_in_domain(int domain, int index) const override {
    return index < k_ ? domain * k_ + index : switch_at(index - k_, domain);
  }
  int consecutive_domains() const override { return 1; }  // the next row: through one switch of dimension 1
  std::vector<int> grid() const override { return std::vector<int>(static_cast<std::size_t>(n_), k_); }

  int k() const { return k_; }
  int dims() const { return n_; }
  int p() const { return p_; }
  int end_nodes() const { return nodes_; }  // N = k^n, the routers with terminals
  int switches() const { return switches_; }
  bool is_switch(int router) const { return router >= nodes_; }
  // End node `node`'s coordinate in dimension d.
  int coordinate(int node, int d) const { return node / stride_[static_cast<std::size_t>(d)] % k_; }
  // The port of an end node towards its switch of dimension d.
  int dimension_port(int d) const { return p_ + d; }
  // A switch's dimension and index j (0 .. N/k - 1), and the switch of dimension d and index j.
  int switch_dimension(int router) const { return (router - nodes_) / per_dim_; }
  int switch_index(int router) const { return (router - nodes_) % per_dim_; }
  int switch_at(int d, int j) const { return nodes_ + d * per_dim_ + j; }
  // The switch end node `node` reaches on its port of dimension d, and the end node at port c of switch
  // `router` (the node of its line with coordinate c in its dimension).
  int switch_of(int node, int d) const;
  int node_on(int router, int c) const;

 private:
  // The number of coordinates, other than those of dimensions `skip_a` and `skip_b` (-1: none), in which
  // end nodes a and b differ.
  int differing(int a, int b, int skip_a, int skip_b) const;

  int k_, n_, p_, node_latency_, node_buffer_;
  int nodes_ = 1, switches_ = 0, per_dim_ = 0;  // N, S, N / k
  std::vector<int> stride_;                    // k^d
};

}  // namespace hiradix
