#include "topology/mesh.h"

#include <algorithm>
#include <stdexcept>

namespace hiradix {

Mesh::Mesh(std::vector<int> dims, int p, bool torus) : dims_(std::move(dims)), p_(p), routers_(1), torus_(torus) {
  if (dims_.empty() || static_cast<int>(dims_.size()) > kMaxDims)
    throw std::invalid_argument(name() + ": 1 to " + std::to_string(kMaxDims) + " dimensions");
  if (p < 1) throw std::invalid_argument(name() + ": p must be at least 1");
  for (const int k : dims_) {
    if (k < 2) throw std::invalid_argument(name() + ": every dimension needs at least 2 routers");
    stride_.push_back(routers_);
    if (routers_ > (1 << 24) / k) throw std::invalid_argument(name() + ": more than 2^24 routers");
    routers_ *= k;
  }
  const int n = this->dims();
  // Each router's ports: terminals, then per dimension minus and plus where the neighbour exists.
  port_of_.assign(static_cast<std::size_t>(routers_) * n * 2, -1);
  radix_.assign(static_cast<std::size_t>(routers_), p);
  for (int r = 0; r < routers_; ++r)
    for (int d = 0; d < n; ++d) {
      const int c = coordinate(r, d), k = size(d);
      const bool minus = ring(d) || c > 0, plus = ring(d) || c < k - 1;
      if (minus) port_of_[static_cast<std::size_t>((r * n + d) * 2 + kMinus)] = radix_[static_cast<std::size_t>(r)]++;
      if (plus) port_of_[static_cast<std::size_t>((r * n + d) * 2 + kPlus)] = radix_[static_cast<std::size_t>(r)]++;
    }
  max_radix_ = *std::max_element(radix_.begin(), radix_.end());
  if (max_radix_ > kMaxRadix)
    throw std::invalid_argument(name() + ": router radix p + 2 * dimensions = " + std::to_string(max_radix_) + " exceeds " +
                                std::to_string(kMaxRadix));
  peer_.assign(static_cast<std::size_t>(routers_) * max_radix_, PortEnd{-1, -1});
  port_dim_.assign(peer_.size(), -1);
  port_dir_.assign(peer_.size(), -1);
  for (int r = 0; r < routers_; ++r)
    for (int d = 0; d < n; ++d)
      for (int dir : {kMinus, kPlus}) {
        const int port = this->port(r, d, dir);
        if (port < 0) continue;
        const int c = coordinate(r, d), k = size(d);
        const int next = dir == kPlus ? (c + 1) % k : (c + k - 1) % k;
        const int target = r + (next - c) * stride_[static_cast<std::size_t>(d)];
        const int back = this->port(target, d, 1 - dir);  // the far end's port of the opposite direction
        const std::size_t i = static_cast<std::size_t>(r * max_radix_ + port);
        peer_[i] = {target, back};
        port_dim_[i] = static_cast<signed char>(d);
        port_dir_[i] = static_cast<signed char>(dir);
      }
}

PortEnd Mesh::peer(int router, int port) const {
  if (port < p_ || port >= radix(router)) throw std::logic_error(name() + ": port " + std::to_string(port) + " of router " +
                                                                 std::to_string(router) + " has no router peer");
  return peer_[static_cast<std::size_t>(router * max_radix_ + port)];
}

bool Mesh::wraps(int router, int port) const {
  const int d = port_dimension(router, port);
  if (d < 0 || !ring(d)) return false;
  const int c = coordinate(router, d);
  return port_direction(router, port) == kPlus ? c == size(d) - 1 : c == 0;
}

int Mesh::min_ports(int router, int target, int* out) const {
  int count = 0;
  for (int d = 0; d < dims(); ++d) {
    const int c = coordinate(router, d), t = coordinate(target, d), k = size(d);
    if (c == t) continue;
    if (!ring(d)) {
      out[count++] = port(router, d, t > c ? kPlus : kMinus);
      continue;
    }
    // A tie on an even ring gives both, in port order (minus first), as every topology lists its minimal
    // ports and a forwarding table's row holds them (forwarding_table.h: the RTL draws among them in that order).
    const int up = (t - c + k) % k, down = k - up;
    if (down <= up) out[count++] = port(router, d, kMinus);
    if (up <= down) out[count++] = port(router, d, kPlus);
  }
  return count;
}

int Mesh::distance(int router, int target) const {
  int hops = 0;
  for (int d = 0; d < dims(); ++d) {
    const int c = coordinate(router, d), t = coordinate(target, d), k = size(d);
    const int diff = c > t ? c - t : t - c;
    hops += ring(d) ? std::min(diff, k - diff) : diff;
  }
  return hops;
}

std::string Mesh::describe() const {
  std::string shape;
  for (const int k : dims_) shape += (shape.empty() ? "" : "x") + std::to_string(k);
  return name() + " " + shape + " p=" + std::to_string(p_);
}

std::string Mesh::title() const {
  std::string shape;
  for (const int k : dims_) shape += (shape.empty() ? "" : " × ") + std::to_string(k);
  return std::string(torus_ ? "Torus " : "Mesh ") + shape + " (p = " + std::to_string(p_) + ")";
}

const std::vector<std::string>& Mesh::link_classes() const {
  static const std::vector<std::string> classes = {"terminal", "network"};
  return classes;
}

}  // namespace hiradix
