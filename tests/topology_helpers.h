// What the topology tests check wiring and paths against: shortest paths computed from the ports alone, and
// a routing's path walked hop by hop through route().
#pragma once
#include <gtest/gtest.h>

#include <cstdint>
#include <deque>
#include <vector>

#include "router/routing/routing_algorithm.h"
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

struct Hop {
  int router, port, vc;
};

// The hops route() takes from injection at router `from` to node `dst` (its NIC 0), with every output port
// idle and `random` as the decision's random draw; a failure if it does not eject at `dst` within 64 hops.
inline std::vector<Hop> walk(const Topology& t, const RoutingAlgorithm& r, int from, int dst, std::uint64_t random = 0) {
  static const std::vector<std::uint16_t> idle(kMaxRadix, 0);
  Packet pkt;
  pkt.dst = static_cast<std::uint32_t>(dst);
  RoutingContext ctx;
  ctx.router = from;
  ctx.in_port = 0;
  ctx.random = random;
  ctx.port_load = idle.data();
  std::vector<Hop> hops;
  for (int step = 0; step < 64; ++step) {
    const RoutingDecision d = r.route(ctx, pkt);
    if (t.port_class(ctx.router, d.out_port) == 0) {
      EXPECT_EQ(t.node_at(ctx.router, d.out_port), dst);
      return hops;
    }
    hops.push_back({ctx.router, d.out_port, d.out_vc});
    const PortEnd e = t.peer(ctx.router, d.out_port);
    ctx.router = e.router;
    ctx.in_port = e.port;
  }
  ADD_FAILURE() << "no ejection";
  return hops;
}

}  // namespace hiradix::test
