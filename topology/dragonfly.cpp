#include "topology/dragonfly.h"

#include <stdexcept>

namespace hiradix {

namespace {
int mod(int x, int m) { return ((x % m) + m) % m; }
}  // namespace

Dragonfly::Dragonfly(int p, int a, int h, Arrangement arrangement)
    : p_(p), a_(a), h_(h), groups_(a * h + 1), arrangement_(arrangement) {
  if (p < 1 || a < 1 || h < 1) throw std::invalid_argument("dragonfly: p, a and h must be at least 1");
  owner_.resize(static_cast<std::size_t>(groups_) * groups_);
  for (int g = 0; g < groups_; ++g)
    for (int t = 0; t < groups_; ++t) {
      if (g == t) continue;
      int index, k;
      compute_owner(g, t, index, k);
      owner_[static_cast<std::size_t>(g) * groups_ + t] = {static_cast<std::uint16_t>(index), static_cast<std::uint16_t>(k)};
    }
}

void Dragonfly::compute_owner(int group, int to_group, int& index, int& k) const {
  if (arrangement_ == Arrangement::kPalmtree) {
    // seed-000 §2.2: offset d = (a-1-x)*h + k + 1  =>  x = a-1 - (d-1)/h, k = (d-1) mod h.
    const int d = mod(to_group - group, groups_);
    index = a_ - 1 - (d - 1) / h_;
    k = (d - 1) % h_;
  } else {
    // seed-000 §2.3: link index xg = r*h + k; peer j = xg if xg < i else xg + 1.
    const int xg = to_group < group ? to_group : to_group - 1;
    index = xg / h_;
    k = xg % h_;
  }
}

PortEnd Dragonfly::peer(int router, int port) const {
  const int g = group_of(router), x = index_of(router);
  switch (port_class(port)) {
    case PortClass::kLocal: {
      const int y = mod(x + 1 + (port - p_), a_);
      return {router_at(g, y), local_port_to(y, x)};
    }
    case PortClass::kGlobal: {
      const int k = port - (p_ + a_ - 1);
      int peer_group;
      if (arrangement_ == Arrangement::kPalmtree) {
        peer_group = mod(g + (a_ - 1 - x) * h_ + k + 1, groups_);
      } else {
        const int xg = x * h_ + k;
        peer_group = xg < g ? xg : xg + 1;
      }
      int peer_index, peer_k;
      global_owner(peer_group, g, peer_index, peer_k);
      return {router_at(peer_group, peer_index), global_port(peer_k)};
    }
    case PortClass::kTerminal:
      break;
  }
  throw std::logic_error("dragonfly: terminal ports have no router peer");
}

int Dragonfly::min_port(int router, int target) const {
  if (router == target) return -1;
  const int g = group_of(router), x = index_of(router);
  const int tg = group_of(target);
  if (g == tg) return local_port_to(x, index_of(target));
  int owner, k;
  global_owner(g, tg, owner, k);
  return owner == x ? global_port(k) : local_port_to(x, owner);
}

int Dragonfly::min_hops(int router, int target) const {
  int hops = 0;
  for (int r = router; r != target; ++hops) r = peer(r, min_port(r, target)).router;
  return hops;
}

std::string Dragonfly::describe() const {
  return "dragonfly p=" + std::to_string(p_) + " a=" + std::to_string(a_) + " h=" + std::to_string(h_) + " (" +
         to_string(arrangement_) + ")";
}

std::string Dragonfly::title() const {
  return "Dragonfly h = " + std::to_string(h_) + " (p = " + std::to_string(p_) + ", a = " + std::to_string(a_) + ")";
}

std::string Dragonfly::path_type_name(int bits) const {
  if (bits == 0) return "min";
  std::string s = "---";
  if (bits & 1) s[0] = 'l';
  if (bits & 2) s[1] = 'g';
  if (bits & 4) s[2] = 'l';
  return s;
}

const std::vector<std::string>& Dragonfly::link_classes() const {
  static const std::vector<std::string> classes = {"terminal", "local", "global"};
  return classes;
}

std::string to_string(Arrangement a) { return a == Arrangement::kPalmtree ? "palmtree" : "consecutive"; }

}  // namespace hiradix
