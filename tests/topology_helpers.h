// What the topology tests check wiring against, computed from the ports alone.
#pragma once
#include <deque>
#include <vector>

#include "topology/topology.h"

namespace hiradix::test {

// Router-to-router hops of a shortest path from `from` to every router, by breadth-first search over the
// ports (independent of Topology::distance()).
inline std::vector<int> bfs_hops(const Topology& t, int from) {
  std::vector<int> d(static_cast<std::size_t>(t.routers()), -1);
  std::deque<int> q{from};
  d[static_cast<std::size_t>(from)] = 0;
  while (!q.empty()) {
    const int r = q.front();
    q.pop_front();
    for (int port = 0; port < t.radix(r); ++port) {
      if (t.port_class(r, port) == 0) continue;
      const int n = t.peer(r, port).router;
      if (d[static_cast<std::size_t>(n)] < 0) {
        d[static_cast<std::size_t>(n)] = d[static_cast<std::size_t>(r)] + 1;
        q.push_back(n);
      }
    }
  }
  return d;
}

}  // namespace hiradix::test
