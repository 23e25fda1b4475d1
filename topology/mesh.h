// Meshes and tori of any number of dimensions (`topology.type: mesh` or `torus`, `topology.dims: [k0, k1,
// ...]`, `topology.p` terminals per router): the direct networks of seed 004's 8x8 mesh and seed 001's
// tori (issue 27).
//
// Routers: row-major with dimension 0 (X) fastest (seed 001 §1.5's node numbering): router
// r = c0 + k0 * (c1 + k1 * (c2 + ...)) has coordinates (c0, c1, ...). Nodes: node n attaches to router
// n / p at terminal port n % p, so node IDs are row-major too (the p nodes of a router consecutive).
//
// Ports of every router: [0, p) terminals, then for each dimension d in order its minus port (towards
// c_d - 1) and its plus port (towards c_d + 1), each only where that neighbour exists: a mesh router on an
// edge OMITS the ports that would lead out of the mesh (its radix is smaller; no port is left unconnected),
// so port numbers above p differ between routers, and port(router, d, dir) gives them. Every port leads to
// a router; every link is one port pair, used in both directions.
//
// A torus dimension of k >= 3 routers is a ring: every router has both ports, and the link from c = k - 1
// to c = 0 (plus) and back (minus) is the dimension's wrap-around link (wraps()). A dimension of k = 2 has
// one link between its two routers, not two parallel ones: in a torus it is the same as in a mesh (one
// port per router, towards the other; no wrap-around link), so a 2-ary torus dimension is a 2-ary mesh one.
//
// One router-to-router link class, `network` (the keys links.network_latency, router.vcs.network,
// router.buffers.network, shared with fully_connected). Domains: the rows along dimension 0 (k0 routers
// each), so that ADV+i sends to the row i rows on.
#pragma once
#include <string>
#include <vector>

#include "topology/topology.h"

namespace hiradix {

class Mesh final : public Topology {
 public:
  static constexpr int kMaxDims = 6;  // also what the routings' header state assumes (dor_routing.h)
  static constexpr int kMinus = 0, kPlus = 1;

  // Throws std::invalid_argument for an inconsistent shape (the registry entry checks the keys first).
  Mesh(std::vector<int> dims, int p, bool torus);

  std::string name() const override { return torus_ ? "torus" : "mesh"; }
  std::string describe() const override;  // "mesh 8x8 p=1"
  std::string title() const override;     // "Mesh 8 × 8 (p = 1)"
  int routers() const override { return routers_; }
  int nodes() const override { return routers_ * p_; }
  int radix(int router) const override { return radix_[static_cast<std::size_t>(router)]; }
  int max_radix() const override { return max_radix_; }
  const std::vector<std::string>& link_classes() const override;
  int port_class(int, int port) const override { return port < p_ ? 0 : 1; }
  PortEnd peer(int router, int port) const override;
  PortEnd nic_port(int node, int) const override { return {node / p_, node % p_}; }
  int node_at(int router, int port) const override { return router * p_ + port; }
  // The productive ports: per dimension whose coordinate differs, the direction of the shorter way round
  // (both on a ring when the two ways are equally long), in dimension order.
  int min_ports(int router, int target, int* out) const override;
  int distance(int router, int target) const override;
  std::string domain_name() const override { return "row"; }
  int domains() const override { return routers_ / dims_[0]; }
  int domain_size() const override { return dims_[0]; }
  int domain_of(int router) const override { return router / dims_[0]; }
  int index_in_domain(int router) const override { return router % dims_[0]; }
  int router_in_domain(int domain, int index) const override { return domain * dims_[0] + index; }
  int consecutive_domains() const override { return 1; }  // the next row is one hop away (in dimension 1)
  std::vector<int> grid() const override { return dims_; }  // the router numbering above is the grid's

  bool torus() const { return torus_; }
  int p() const { return p_; }
  int dims() const { return static_cast<int>(dims_.size()); }
  int size(int d) const { return dims_[static_cast<std::size_t>(d)]; }
  const std::vector<int>& shape() const { return dims_; }
  int stride(int d) const { return stride_[static_cast<std::size_t>(d)]; }  // router ID step of dimension d
  int coordinate(int router, int d) const { return router / stride_[static_cast<std::size_t>(d)] % dims_[static_cast<std::size_t>(d)]; }
  // Whether dimension d is a ring with a wrap-around link (a torus dimension of k >= 3).
  bool ring(int d) const { return torus_ && size(d) >= 3; }
  // The port of `router` towards its neighbour in dimension d, direction kMinus or kPlus; -1 if it has none.
  int port(int router, int d, int dir) const { return port_of_[static_cast<std::size_t>((router * dims() + d) * 2 + dir)]; }
  // A router-to-router port's dimension and direction.
  int port_dimension(int router, int port) const { return port_dim_[static_cast<std::size_t>(router * max_radix_ + port)]; }
  int port_direction(int router, int port) const { return port_dir_[static_cast<std::size_t>(router * max_radix_ + port)]; }
  // Whether the link of router-to-router port `port` of `router` is its dimension's wrap-around link.
  bool wraps(int router, int port) const;

 private:
  std::vector<int> dims_, stride_;
  int p_, routers_, max_radix_ = 0;
  bool torus_;
  std::vector<int> radix_;
  std::vector<int> port_of_;        // per (router, dimension, direction)
  std::vector<PortEnd> peer_;       // per router * max_radix_ + port
  std::vector<signed char> port_dim_, port_dir_;  // per router * max_radix_ + port; -1 for terminals
};

}  // namespace hiradix
