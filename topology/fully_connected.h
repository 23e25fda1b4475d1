// A fully connected network: `routers` routers, each linked to every other by one link (link class
// `network`), `p` terminal ports per router, and nodes with `nics` NICs each, attached to consecutive
// routers. The test topology of the routings written against the Topology interface only
// (router/routing/generic_*), and the first with several NICs per node.
//
// Port numbering of every router: [0, p) terminals, [p, p + routers - 1) network; network port p + j of
// router x leads to router (x + 1 + j) mod routers (as a Dragonfly group's local ports).
// Nodes: nodes() = routers * p / nics, p / nics per router. Node n's home router is n / (p / nics) and its
// index there i = n % (p / nics); its NIC k attaches to router (home + k) mod routers, terminal port
// k * (p / nics) + i, so a router's terminal ports serve NIC 0 of its own nodes first, then NIC 1 of the
// previous router's nodes, and so on. Domains: one router each (ADV+i sends to the nodes homed i routers on).
#pragma once
#include <string>
#include <vector>

#include "topology/topology.h"

namespace hiradix {

class FullyConnected final : public Topology {
 public:
  // Throws std::invalid_argument for an inconsistent shape (the registry entry checks the keys first).
  FullyConnected(int routers, int p, int nics);

  std::string name() const override { return "fully_connected"; }
  std::string describe() const override;
  std::string title() const override;
  int routers() const override { return routers_; }
  int nodes() const override { return routers_ * per_router_; }
  int radix(int) const override { return p_ + routers_ - 1; }
  int max_radix() const override { return p_ + routers_ - 1; }
  const std::vector<std::string>& link_classes() const override;
  int port_class(int, int port) const override { return port < p_ ? 0 : 1; }
  PortEnd peer(int router, int port) const override;
  int nics_per_node() const override { return nics_; }
  PortEnd nic_port(int node, int nic) const override;
  int node_at(int router, int port) const override;
  int min_ports(int router, int target, int* out) const override;
  int distance(int router, int target) const override { return router == target ? 0 : 1; }
  std::string domain_name() const override { return "router"; }
  int domains() const override { return routers_; }
  int domain_size() const override { return 1; }
  int domain_of(int router) const override { return router; }
  int index_in_domain(int) const override { return 0; }
  int router_in_domain(int domain, int) const override { return domain; }
  int consecutive_domains() const override { return routers_ - 1; }  // every other router is one hop away

  int p() const { return p_; }
  // The network port of `router` that leads to `target` (target != router).
  int port_to(int router, int target) const;

 private:
  int routers_, p_, nics_, per_router_;  // per_router_: nodes homed per router, p / nics
};

}  // namespace hiradix
