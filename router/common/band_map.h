// Band-based queues (router.queues bbq and dbbq; docs/papers/seed-001-sasha-osha.md, "Band-based queues"):
// the queues of a port are its VCs (InfiniBand's SL = VL), and each VC the routing chooses becomes
// `count` of them, one per band of destinations. A packet's band follows from its destination (and, under
// dbbq, its virtual network) alone, so it is the same at the NIC and at every hop, and never changes: the
// bands are disjoint copies of the routing's VCs, and deadlock-free where the routing is.
//
//   bbq  (Eq. 1):                     band = floor(dst * count / N)
//   dbbq (Eq. 2, the first VN):       band = floor(dst * count / N)           (bands of rows)
//        (Eq. 3, the second VN):      band = floor(column(dst) * count / k)  (bands of columns)
//
// N is the network's nodes, k the routers along the first dimension of its grid, column(dst) the
// coordinate of dst's router in that dimension: dst % k with one node per router, the paper's literal
// Eq. 3. Floor division, as the paper's fractions must be read to give a queue index.
//
// Per-destination queues (router.queues voq_net, seed 001's VOQnet) are the same lanes with one band per
// node: count = N, so Eq. 1 gives band = dst, a queue of each destination in every VC; the destination is
// the queue index, with no select logic.
#pragma once
#include <cstdint>

namespace hiradix {

struct BandMap {
  int count = 1;               // bands per VC of the routing (1: no bands, router.queues vc)
  bool by_column = false;      // dbbq: the second VN is banded by column (Eq. 3)
  int nodes = 1;               // N
  int columns = 1;             // k: routers along the grid's first dimension (dbbq)
  int nodes_per_router = 1;    // the grid's concentration: column(dst) = dst / nodes_per_router % columns
  bool per_destination = false;  // voq_net: count = nodes, so band = dst

  bool banded() const { return count > 1; }
  int band(std::uint32_t dst, int vn) const {
    const auto c = static_cast<std::uint64_t>(count);
    if (by_column && vn == 1) {
      const std::uint64_t column = dst / static_cast<std::uint64_t>(nodes_per_router) % static_cast<std::uint64_t>(columns);
      return static_cast<int>(column * c / static_cast<std::uint64_t>(columns));
    }
    return static_cast<int>(dst * c / static_cast<std::uint64_t>(nodes));
  }
  // The VC of band `band` of the routing's VC `vc` (the band is the low index, so that a VN's VCs stay
  // together: VN 0's are the first of the port's, as the paper's queues 0 .. n/2 - 1).
  int vc(int routing_vc, int band_index) const { return routing_vc * count + band_index; }
  int routing_vc(int vc) const { return vc / count; }
};

}  // namespace hiradix
