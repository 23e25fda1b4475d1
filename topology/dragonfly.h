// Canonical Dragonfly geometry: port numbering, global-link arrangements and minimal next hops.
// Wiring as in docs/papers/seed-000-thesis.md §2.1-2.3 (G = a*h + 1, one global link per group pair).
//
// Port numbering of every router: [0, p) terminals, [p, p+a-1) local, [p+a-1, p+a-1+h) global.
// Local port j of router x leads to router (x + 1 + j) mod a of the same group.
#pragma once
#include <cstdint>
#include <string>
#include <vector>

#include "topology/topology.h"

namespace hiradix {

// The port classes are the Dragonfly's link classes, numbered as Topology's (0 = terminal).
enum class PortClass : std::uint8_t { kTerminal = 0, kLocal = 1, kGlobal = 2 };
enum class Arrangement : std::uint8_t { kPalmtree, kConsecutive };

class Dragonfly final : public Topology {
 public:
  Dragonfly(int p, int a, int h, Arrangement arrangement);

  // ---- Topology ----
  std::string name() const override { return "dragonfly"; }
  std::string describe() const override;
  std::string title() const override;
  // Valiant's phase-0 hops: bit0 = l1, bit1 = g, bit2 = l2 (seed-000 Table 5-1), e.g. "lg-"; 0 = "min".
  std::string path_type_name(int bits) const override;
  int routers() const override { return a_ * groups_; }
  int nodes() const override { return routers() * p_; }
  int radix(int) const override { return radix(); }
  int max_radix() const override { return radix(); }
  const std::vector<std::string>& link_classes() const override;
  int port_class(int, int port) const override { return static_cast<int>(port_class(port)); }
  PortEnd peer(int router, int port) const override;  // the far end of a local or global port
  PortEnd nic_port(int node, int) const override { return {router_of_terminal(node), port_of_terminal(node)}; }
  int node_at(int router, int port) const override { return router * p_ + port; }
  int min_ports(int router, int target, int* out) const override {
    if (router == target) return 0;
    *out = min_port(router, target);
    return 1;
  }
  int distance(int router, int target) const override { return min_hops(router, target); }
  std::string domain_name() const override { return "group"; }
  int domains() const override { return groups_; }
  int domain_size() const override { return a_; }
  int domain_of(int router) const override { return group_of(router); }
  int index_in_domain(int router) const override { return index_of(router); }
  int router_in_domain(int domain, int index) const override { return router_at(domain, index); }
  int consecutive_domains() const override { return h_; }  // the groups a router's h global links reach

  // ---- Dragonfly geometry ----

  int p() const { return p_; }
  int a() const { return a_; }
  int h() const { return h_; }
  Arrangement arrangement() const { return arrangement_; }
  int groups() const { return groups_; }
  int terminals() const { return nodes(); }
  int radix() const { return p_ + a_ - 1 + h_; }

  int group_of(int router) const { return router / a_; }
  int index_of(int router) const { return router % a_; }
  int router_at(int group, int index) const { return group * a_ + index; }
  int router_of_terminal(int terminal) const { return terminal / p_; }
  int port_of_terminal(int terminal) const { return terminal % p_; }

  PortClass port_class(int port) const {
    return port < p_ ? PortClass::kTerminal : (port < p_ + a_ - 1 ? PortClass::kLocal : PortClass::kGlobal);
  }
  // The local port of router index `from_index` towards `to_index` (both in [0, a), distinct).
  int local_port_to(int from_index, int to_index) const {
    const int d = to_index - from_index - 1;  // in [-a, a - 2]: its remainder mod a by one addition
    return p_ + (d < 0 ? d + a_ : d);
  }
  int global_port(int k) const { return p_ + a_ - 1 + k; }

  // Which router index of `group` owns the global link to `to_group`, and on which global port (0..h-1).
  void global_owner(int group, int to_group, int& index, int& k) const {
    const Owner& o = owner_[static_cast<std::size_t>(group) * groups_ + to_group];
    index = o.index;
    k = o.k;
  }

  // The next output port on the (unique) minimal path from `router` to `target` router; -1 if equal.
  int min_port(int router, int target) const;
  // Router-to-router hops of the minimal path.
  int min_hops(int router, int target) const;

 private:
  struct Owner {
    std::uint16_t index, k;
  };
  void compute_owner(int group, int to_group, int& index, int& k) const;
  int p_, a_, h_, groups_;
  Arrangement arrangement_;
  std::vector<Owner> owner_;  // G x G table: routing looks it up once per hop
};

std::string to_string(Arrangement a);

}  // namespace hiradix
