// Canonical Dragonfly geometry: port numbering, global-link arrangements and minimal next hops.
// Wiring as in docs/papers/seed-000-thesis.md §2.1-2.3 (G = a*h + 1, one global link per group pair).
//
// Port numbering of every router: [0, p) terminals, [p, p+a-1) local, [p+a-1, p+a-1+h) global.
// Local port j of router x leads to router (x + 1 + j) mod a of the same group.
#pragma once
#include <cstdint>
#include <string>
#include <vector>

namespace hiradix {

enum class PortClass : std::uint8_t { kTerminal = 0, kLocal = 1, kGlobal = 2 };
enum class Arrangement : std::uint8_t { kPalmtree, kConsecutive };

struct PortEnd {
  int router;
  int port;
};

class Dragonfly {
 public:
  Dragonfly(int p, int a, int h, Arrangement arrangement);

  int p() const { return p_; }
  int a() const { return a_; }
  int h() const { return h_; }
  Arrangement arrangement() const { return arrangement_; }
  int groups() const { return groups_; }
  int routers() const { return a_ * groups_; }
  int terminals() const { return routers() * p_; }
  int radix() const { return p_ + a_ - 1 + h_; }

  int group_of(int router) const { return router / a_; }
  int index_of(int router) const { return router % a_; }
  int router_at(int group, int index) const { return group * a_ + index; }
  int router_of_terminal(int terminal) const { return terminal / p_; }
  int port_of_terminal(int terminal) const { return terminal % p_; }

  PortClass port_class(int port) const {
    return port < p_ ? PortClass::kTerminal : (port < p_ + a_ - 1 ? PortClass::kLocal : PortClass::kGlobal);
  }
  int local_port_to(int from_index, int to_index) const;  // local port of router from_index towards to_index
  int global_port(int k) const { return p_ + a_ - 1 + k; }

  // The far end of a local or global port.
  PortEnd peer(int router, int port) const;
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
