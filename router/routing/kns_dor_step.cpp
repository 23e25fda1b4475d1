#include "router/routing/kns_dor_step.h"

namespace hiradix {

KnsOrder kns_order(const std::vector<int>& order) {
  KnsOrder o{};
  for (std::size_t i = 0; i < order.size() && i < o.size(); ++i) o[i] = order[i];
  return o;
}

int kns_dor_port(const Kns& topo, const KnsOrder& order, int here, int dst) {
  if (topo.is_switch(here)) return topo.coordinate(dst, topo.switch_dimension(here));
  for (int i = 0; i < topo.dims(); ++i) {
    const int dim = order[static_cast<std::size_t>(i)];
    if (topo.coordinate(here, dim) != topo.coordinate(dst, dim)) return topo.dimension_port(dim);
  }
  return -1;  // here == dst: the caller ejects first
}

void kns_dependency_pairs(const Kns& t, const std::function<void(int, int)>& walk) {
  const auto moved = [&t](int node, int d, int to) {
    int stride = 1;
    for (int i = 0; i < d; ++i) stride *= t.k();
    return node + (to - t.coordinate(node, d)) * stride;
  };
  for (int s = 0; s < t.end_nodes(); ++s)
    for (int d = 0; d < t.dims(); ++d)
      for (int x = 0; x < t.k(); ++x) {
        const int along = moved(s, d, x);
        walk(s, along);
        for (int e = d + 1; e < t.dims(); ++e)
          for (int y = 0; y < t.k(); ++y) walk(s, moved(along, e, y));
      }
}

}  // namespace hiradix
