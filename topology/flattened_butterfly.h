// The Flattened Butterfly and HyperX (`topology.type: flattened_butterfly`, `topology.dims: [S0, S1, ...]`,
// `topology.p` terminals per router), issue 27; docs/papers/seed-000-thesis.md §2.6: router c links to
// router c' iff they differ in exactly one coordinate, so every dimension is all-to-all; with all S_d equal
// it is a Flattened Butterfly, with sizes that differ a HyperX.
//
// Routers: row-major with dimension 0 fastest, as the mesh (topology/mesh.h): router
// r = c0 + S0 * (c1 + S1 * (c2 + ...)) has coordinates (c0, c1, ...). Node n attaches to router n / p at
// terminal port n % p.
//
// Ports, the same numbering in every router: [0, p) terminals, then per dimension d in order its S_d - 1
// neighbours of its line in d, in the order of their coordinate (the router's own skipped), each by T
// parallel links (`topology.trunk`, trunking as in the HyperX; default 1): the port of router c towards
// coordinate x != c_d of dimension d over link j < T is first_port(d) + (x < c_d ? x : x - 1) * T + j, and
// leads to that router's port towards c_d over its link j. Radix p + T sum_d (S_d - 1); every port leads to
// a router; every link is one port pair, used both ways.
//
// Minimal paths correct each differing coordinate with one hop, in any order: min_ports() gives, per
// differing dimension, the T ports straight to the target's coordinate; distance() is the number of
// differing coordinates, the diameter the number of dimensions.
//
// One router-to-router link class, `network` (links.network_latency, router.vcs.network,
// router.buffers.network, shared with the mesh). Domains: the rows along dimension 0 (S0 routers each, an
// all-to-all row), so that ADV+i sends to the row i rows on.
#pragma once
#include <string>
#include <vector>

#include "topology/topology.h"

namespace hiradix {

class FlattenedButterfly final : public Topology {
 public:
  static constexpr int kMaxDims = 6;  // as the mesh's (routing.dor_order names at most 6 dimensions)

  // Throws std::invalid_argument for an inconsistent shape (the registry entry checks the keys first).
  FlattenedButterfly(std::vector<int> dims, int p, int trunk = 1);

  std::string name() const override { return "flattened_butterfly"; }
  std::string describe() const override;  // "flattened_butterfly 4x4 p=4", "... p=4 trunk=2"
  std::string title() const override;     // "Flattened Butterfly 4 × 4 (p = 4)", "HyperX 3 × 4 (p = 3, trunk 2)"
  int routers() const override { return routers_; }
  int nodes() const override { return routers_ * p_; }
  int radix(int) const override { return radix_; }
  int max_radix() const override { return radix_; }
  const std::vector<std::string>& link_classes() const override;
  int port_class(int, int port) const override { return port < p_ ? 0 : 1; }
  PortEnd peer(int router, int port) const override;
  PortEnd nic_port(int node, int) const override { return {node / p_, node % p_}; }
  int node_at(int router, int port) const override { return router * p_ + port; }
  // Per differing dimension, in dimension order, the trunk's ports straight to the target's coordinate.
  int min_ports(int router, int target, int* out) const override;
  int distance(int router, int target) const override;
  std::string domain_name() const override { return "row"; }
  int domains() const override { return routers_ / dims_[0]; }
  int domain_size() const override { return dims_[0]; }
  int domain_of(int router) const override { return router / dims_[0]; }
  int index_in_domain(int router) const override { return router % dims_[0]; }
  int router_in_domain(int domain, int index) const override { return domain * dims_[0] + index; }
  // In 2D every router reaches every other row directly (S1 - 1 of them, the rows after its own modulo S1);
  // in more dimensions the next row is one hop away (in dimension 1), as on the mesh.
  int consecutive_domains() const override { return dims() == 2 ? dims_[1] - 1 : 1; }

  int p() const { return p_; }
  int trunk() const { return trunk_; }  // parallel links between two neighbours
  int dims() const { return static_cast<int>(dims_.size()); }
  int size(int d) const { return dims_[static_cast<std::size_t>(d)]; }
  const std::vector<int>& shape() const { return dims_; }
  std::vector<int> grid() const override { return dims_; }  // the router numbering is the grid's
  int stride(int d) const { return stride_[static_cast<std::size_t>(d)]; }  // router ID step of dimension d
  int coordinate(int router, int d) const { return router / stride(d) % size(d); }
  // The first of dimension d's (S_d - 1) T ports.
  int first_port(int d) const { return first_port_[static_cast<std::size_t>(d)]; }
  // The port of `router` towards the router of its line in dimension d at coordinate x (x != its own), over
  // link j of the trunk.
  int port_towards(int router, int d, int x, int j = 0) const {
    const int c = coordinate(router, d);
    return first_port(d) + (x < c ? x : x - 1) * trunk_ + j;
  }
  // A router-to-router port's dimension, the coordinate in it of the router it leads to, and its link of
  // the trunk.
  int port_dimension(int port) const { return port_dim_[static_cast<std::size_t>(port)]; }
  int port_coordinate(int router, int port) const {
    const int x = port_rank_[static_cast<std::size_t>(port)];
    return x < coordinate(router, port_dimension(port)) ? x : x + 1;
  }
  int port_link(int port) const { return (port - first_port(port_dimension(port))) % trunk_; }

 private:
  std::vector<int> dims_, stride_, first_port_;
  int p_, trunk_, routers_ = 1, radix_;
  std::vector<signed char> port_dim_;  // per port; -1 for terminals
  std::vector<short> port_rank_;       // per router-to-router port: the neighbour's rank in its line
};

}  // namespace hiradix
