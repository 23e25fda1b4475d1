#include "topology/flattened_butterfly.h"

#include <stdexcept>

namespace hiradix {

FlattenedButterfly::FlattenedButterfly(std::vector<int> dims, int p, int trunk)
    : dims_(std::move(dims)), p_(p), trunk_(trunk), radix_(p) {
  if (dims_.size() < 2 || static_cast<int>(dims_.size()) > kMaxDims)
    throw std::invalid_argument(name() + ": 2 to " + std::to_string(kMaxDims) + " dimensions");
  if (p < 1) throw std::invalid_argument(name() + ": p must be at least 1");
  if (trunk < 1) throw std::invalid_argument(name() + ": the trunk must be at least 1 link");
  for (const int k : dims_) {
    if (k < 2) throw std::invalid_argument(name() + ": every dimension needs at least 2 routers");
    if (routers_ > (1 << 24) / k) throw std::invalid_argument(name() + ": more than 2^24 routers");
    stride_.push_back(routers_);
    routers_ *= k;
    first_port_.push_back(radix_);
    radix_ += (k - 1) * trunk;
  }
  if (radix_ > kMaxRadix)
    throw std::invalid_argument(name() + ": router radix p + trunk * sum of (S_d - 1) = " + std::to_string(radix_) +
                                " exceeds " + std::to_string(kMaxRadix));
  port_dim_.assign(static_cast<std::size_t>(radix_), -1);
  port_rank_.assign(static_cast<std::size_t>(radix_), -1);
  for (int d = 0; d < this->dims(); ++d)
    for (int i = 0; i < (size(d) - 1) * trunk; ++i) {
      port_dim_[static_cast<std::size_t>(first_port(d) + i)] = static_cast<signed char>(d);
      port_rank_[static_cast<std::size_t>(first_port(d) + i)] = static_cast<short>(i / trunk);
    }
}

PortEnd FlattenedButterfly::peer(int router, int port) const {
  if (port < p_ || port >= radix_)
    throw std::logic_error(name() + ": port " + std::to_string(port) + " of router " + std::to_string(router) + " has no router peer");
  const int d = port_dimension(port), x = port_coordinate(router, port);
  const int target = router + (x - coordinate(router, d)) * stride(d);
  return {target, port_towards(target, d, coordinate(router, d), port_link(port))};
}

int FlattenedButterfly::min_ports(int router, int target, int* out) const {
  int count = 0;
  for (int d = 0; d < dims(); ++d) {
    const int t = coordinate(target, d);
    if (coordinate(router, d) == t) continue;
    for (int j = 0; j < trunk_; ++j) out[count++] = port_towards(router, d, t, j);
  }
  return count;
}

int FlattenedButterfly::distance(int router, int target) const {
  int hops = 0;
  for (int d = 0; d < dims(); ++d) hops += coordinate(router, d) != coordinate(target, d);
  return hops;
}

std::string FlattenedButterfly::describe() const {
  std::string shape;
  for (const int k : dims_) shape += (shape.empty() ? "" : "x") + std::to_string(k);
  return name() + " " + shape + " p=" + std::to_string(p_) + (trunk_ > 1 ? " trunk=" + std::to_string(trunk_) : "");
}

std::string FlattenedButterfly::title() const {
  std::string shape;
  bool equal = true;
  for (const int k : dims_) {
    shape += (shape.empty() ? "" : " × ") + std::to_string(k);
    equal = equal && k == dims_[0];
  }
  // All dimensions of one size: a Flattened Butterfly; otherwise the general HyperX.
  return std::string(equal ? "Flattened Butterfly " : "HyperX ") + shape + " (p = " + std::to_string(p_) +
         (trunk_ > 1 ? ", trunk " + std::to_string(trunk_) : "") + ")";
}

const std::vector<std::string>& FlattenedButterfly::link_classes() const {
  static const std::vector<std::string> classes = {"terminal", "network"};
  return classes;
}

}  // namespace hiradix
