#include "topology/kns.h"

#include <stdexcept>

namespace hiradix {

Kns::Kns(int k, int dims, int p, int node_latency, int node_buffer)
    : k_(k), n_(dims), p_(p), node_latency_(node_latency), node_buffer_(node_buffer) {
  if (n_ < 1 || n_ > kMaxDims) throw std::invalid_argument(name() + ": 1 to " + std::to_string(kMaxDims) + " dimensions");
  if (k_ < 2) throw std::invalid_argument(name() + ": every dimension needs at least 2 end nodes");
  if (p_ < 1) throw std::invalid_argument(name() + ": p must be at least 1");
  if (node_latency_ < 0 || node_buffer_ < 0) throw std::invalid_argument(name() + ": negative node latency or buffer");
  for (int d = 0; d < n_; ++d) {
    if (nodes_ > (1 << 24) / k_) throw std::invalid_argument(name() + ": more than 2^24 end nodes");
    stride_.push_back(nodes_);
    nodes_ *= k_;
  }
  per_dim_ = nodes_ / k_;
  switches_ = per_dim_ * n_;  // S = N * n / k (seed-001 §2.1)
  if (max_radix() > kMaxRadix)
    throw std::invalid_argument(name() + ": a router of " + std::to_string(max_radix()) + " ports exceeds " + std::to_string(kMaxRadix));
}

int Kns::switch_of(int node, int d) const {
  const int s = stride_[static_cast<std::size_t>(d)];
  return switch_at(d, node % s + node / (s * k_) * s);  // the node number without its digit d
}

int Kns::node_on(int router, int c) const {
  const int d = switch_dimension(router), j = switch_index(router), s = stride_[static_cast<std::size_t>(d)];
  return j % s + c * s + j / s * s * k_;  // digit d = c inserted into j
}

PortEnd Kns::peer(int router, int port) const {
  if (port < 0 || port >= radix(router) || port_class(router, port) == 0)
    throw std::logic_error(name() + ": port " + std::to_string(port) + " of router " + std::to_string(router) + " has no router peer");
  if (is_switch(router)) return {node_on(router, port), dimension_port(switch_dimension(router))};
  const int d = port - p_;
  return {switch_of(router, d), coordinate(router, d)};
}

int Kns::differing(int a, int b, int skip_a, int skip_b) const {
  int count = 0;
  for (int d = 0; d < n_; ++d) count += d != skip_a && d != skip_b && coordinate(a, d) != coordinate(b, d);
  return count;
}

// A switch stands for its line of end nodes: `base` (its node at port 0) gives every coordinate but its own
// dimension's, which it can set in one hop. So, with h the differing coordinates that must be corrected:
//  - end node a -> end node b: 2h (node -> switch -> node per coordinate);
//  - end node a -> switch (d): 2h + 1, h over the coordinates other than d (then one hop up to the switch);
//  - switch (d) -> end node b: 1 + 2h, h over the coordinates other than d (down to b's coordinate in d first);
//  - switch (d) -> switch (e): 0 for itself; else 2 + 2h, h over the coordinates other than d and e (down to
//    a node of the line, across, up).
int Kns::distance(int router, int target) const {
  if (router == target) return 0;
  const bool from_switch = is_switch(router), to_switch = is_switch(target);
  const int a = from_switch ? node_on(router, 0) : router, b = to_switch ? node_on(target, 0) : target;
  const int d = from_switch ? switch_dimension(router) : -1, e = to_switch ? switch_dimension(target) : -1;
  if (!from_switch && !to_switch) return 2 * differing(a, b, -1, -1);
  if (!from_switch) return 2 * differing(a, b, e, -1) + 1;
  if (!to_switch) return 1 + 2 * differing(a, b, d, -1);
  return 2 + 2 * differing(a, b, d, e);
}

// The ports that lead one hop closer (distance() above), in dimension order:
//  - from an end node: the port of each dimension whose coordinate must change; towards a switch of
//    dimension e, its own port of e when only e's line is left (none other differs), else the others;
//  - from a switch of dimension d: the port of the target's coordinate in d (towards an end node, or a switch
//    of another dimension, which fixes coordinate d); towards another switch of d, every port (any node of
//    the line is as far from the target line).
int Kns::min_ports(int router, int target, int* out) const {
  if (router == target) return 0;
  int count = 0;
  if (!is_switch(router)) {
    const int e = is_switch(target) ? switch_dimension(target) : -1;
    const int b = is_switch(target) ? node_on(target, 0) : target;
    if (e >= 0 && differing(router, b, e, -1) == 0) {
      out[count++] = dimension_port(e);
      return count;
    }
    for (int d = 0; d < n_; ++d)
      if (d != e && coordinate(router, d) != coordinate(b, d)) out[count++] = dimension_port(d);
    return count;
  }
  const int d = switch_dimension(router);
  if (is_switch(target) && switch_dimension(target) == d) {
    for (int c = 0; c < k_; ++c) out[count++] = c;
    return count;
  }
  const int b = is_switch(target) ? node_on(target, 0) : target;
  out[count++] = coordinate(b, d);
  return count;
}

std::string Kns::describe() const {
  std::string shape;
  for (int d = 0; d < n_; ++d) shape += (shape.empty() ? "" : "x") + std::to_string(k_);
  return name() + " " + shape + " p=" + std::to_string(p_);
}

std::string Kns::title() const {
  return "KNS " + std::to_string(k_) + "-ary " + std::to_string(n_) + "-direct 1-indirect (p = " + std::to_string(p_) + ")";
}

const std::vector<std::string>& Kns::link_classes() const {
  static const std::vector<std::string> classes = {"terminal", "network"};
  return classes;
}

}  // namespace hiradix
