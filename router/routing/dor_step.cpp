#include "router/routing/dor_step.h"

#include "config/schema/option_values.h"

namespace hiradix {

DimensionOrder dimension_order(const std::vector<int>& order) {
  DimensionOrder o{};
  for (std::size_t i = 0; i < order.size() && i < o.size(); ++i) o[i] = order[i];
  return o;
}

std::vector<int> parse_dimension_order(const std::string& text, int dims, const std::string& key) {
  std::vector<int> order;
  if (text.empty()) {
    for (int d = 0; d < dims; ++d) order.push_back(d);
    return order;
  }
  if (static_cast<int>(text.size()) != dims)
    throw KeyError(key, "'" + text + "' names " + std::to_string(text.size()) + " dimensions; the network has " + std::to_string(dims) +
                            " (one letter x, y, z or digit 0-5 per dimension, each once, e.g. yx)");
  std::vector<bool> seen(static_cast<std::size_t>(dims), false);
  for (const char ch : text) {
    const int d = ch >= 'x' && ch <= 'z' ? ch - 'x' : ch >= '0' && ch <= '9' ? ch - '0' : -1;
    if (d < 0 || d >= dims)
      throw KeyError(key, "'" + text + "': '" + std::string(1, ch) + "' is not a dimension of this " + std::to_string(dims) +
                              "-dimensional network (x, y, z or 0.." + std::to_string(dims - 1) + ")");
    if (seen[static_cast<std::size_t>(d)])
      throw KeyError(key, "'" + text + "' names dimension " + std::to_string(d) + " twice; it must be a permutation of the dimensions");
    seen[static_cast<std::size_t>(d)] = true;
    order.push_back(d);
  }
  return order;
}

DorHop dor_step(const Mesh& topo, const DimensionOrder& order, int here, int dst_router, RouteState& rs) {
  constexpr std::uint8_t kWrapped = 0x80, kDimMask = 0x07;
  int dim = 0, dir = Mesh::kPlus;
  for (int i = 0; i < topo.dims(); ++i) {
    dim = order[static_cast<std::size_t>(i)];
    const int c = topo.coordinate(here, dim), t = topo.coordinate(dst_router, dim);
    if (c == t) continue;
    if (topo.ring(dim)) {
      const int k = topo.size(dim), up = (t - c + k) % k;
      // The shorter way; on a tie (k/2 apart) plus from an even coordinate, minus from an odd one, so that
      // both directions carry half of those packets (seed-free choice, documented in dor_routing.h).
      dir = up < k - up || (up == k - up && c % 2 == 0) ? Mesh::kPlus : Mesh::kMinus;
    } else {
      dir = t > c ? Mesh::kPlus : Mesh::kMinus;
    }
    break;
  }
  const int port = topo.port(here, dim, dir);
  // Dateline: VC 1 once this dimension's wrap-around link is behind the packet.
  std::uint8_t flags = rs.flags;
  if ((flags & kDimMask) != dim + 1) flags = static_cast<std::uint8_t>(dim + 1);  // a new dimension: VC 0 again
  const int vc = (flags & kWrapped) ? 1 : 0;
  if (topo.wraps(here, port)) flags |= kWrapped;
  rs.flags = flags;
  ++rs.hops[1];
  rs.phase_classes |= 1u << 1;
  return {port, vc};
}

// The pairs whose end points differ in one dimension (every start and end on every line: each run of hops
// within a dimension, whose VCs start afresh there) or in two, d and e, the coordinate in e one step from the
// source's either way (every turn from d into e: the arrival hop in d for every start on the line, the
// departure in e either way, always on VC 0). Every dependency of a path is two consecutive hops, within a
// dimension or at a turn, so the graphs are equal whatever the order (tests/test_mesh.cpp and
// tests/test_osha.cpp compare them with the walk of every pair); O(routers x (sum k + 2 n^2 k)) walks
// instead of O(routers^2).
void dor_dependency_pairs(const Mesh& t, const std::function<void(int, int)>& walk) {
  const auto moved = [&t](int router, int d, int to) { return router + (to - t.coordinate(router, d)) * t.stride(d); };
  for (int s = 0; s < t.routers(); ++s)
    for (int d = 0; d < t.dims(); ++d)
      for (int x = 0; x < t.size(d); ++x) {
        const int along = moved(s, d, x);
        walk(s, along);
        for (int e = 0; e < t.dims(); ++e) {
          if (e == d) continue;
          const int c = t.coordinate(s, e), k = t.size(e);
          for (const int y : {c + 1, c - 1})
            if (t.ring(e) || (y >= 0 && y < k)) walk(s, moved(along, e, (y + k) % k));
        }
      }
}

}  // namespace hiradix
