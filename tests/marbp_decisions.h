// MAR-bP's decisions by hand (tests/test_marbp.cpp, tests/test_marbp_flattened_butterfly.cpp): the flow
// control's masks a decision reads, and one injection decision with them.
#pragma once
#include <algorithm>
#include <cstdint>
#include <iterator>

#include "router/routing/routing_algorithm.h"

namespace hiradix::test {

// Every class of every port may send, except the listed (port, VC) pairs.
struct FlowReady {
  std::uint32_t masks[64];
  FlowReady() { std::fill(std::begin(masks), std::end(masks), 0xFu); }
  FlowReady& hold(int port, int vc) {
    masks[port] &= ~(1u << vc);
    return *this;
  }
};

// The decision of `r` at `router` for a packet from host port `host` to node `dst`.
inline RoutingDecision inject(const RoutingAlgorithm& r, int router, int host, int dst, const FlowReady& ready, Packet& pkt) {
  RoutingContext ctx;
  ctx.router = router;
  ctx.in_port = host;
  ctx.flow_ready = ready.masks;
  pkt.dst = static_cast<std::uint32_t>(dst);
  return r.route(ctx, pkt);
}

}  // namespace hiradix::test
