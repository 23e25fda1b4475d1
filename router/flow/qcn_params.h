// QCN in a run (IEEE 802.1Qau as seed 000 ch. 4 and seed 002 use it; docs/papers/seed-002-qcn-openflow.md),
// the qcn.* keys: congestion points at the switches' output queues (router/flow/qcn_congestion_point.h), the
// notifications (CNMs) they send as packets, and the reaction points in the NICs
// (router/flow/qcn_reaction_point.h).
//
// A CNM is a packet of one flit (Packet::cnm holds its Fb; the model moves whole flits, so under virtual
// cut-through a CNM takes a packet's phits: its share of the links is an upper bound) made at the switch whose congestion point
// sampled a victim, addressed to the victim's source node. It travels on VCs of its own, above the routing's
// on every router-to-router link class, routed by `min` (deadlock-free on them: min's VCs, a disjoint set),
// and is consumed by the source's NIC, whose reaction point, when on, slows its injection. CNMs are not data:
// they are not in the data statistics, and are counted apart.
#pragma once
#include <array>
#include <cstdint>

#include "router/common/qcn_cp_site.h"
#include "router/flow/qcn_congestion_point.h"
#include "router/flow/qcn_reaction_point.h"
#include "tlm/packet.h"

namespace hiradix {

struct QcnParams {
  // Flits of CNMs each router-to-router output port may hold besides its data queue (OutputPort::urgent).
  static constexpr int kCnmQueueFlits = 4;
  bool sampling = false;    // congestion points on (qcn.sampling output or input)
  QcnCpSite site = QcnCpSite::kOutput;
  QcnCpParams cp;           // Q_eq in phits; 0 under input sampling: 20 % of each port's data VCs
  bool reaction = true;     // reaction points in the NICs (qcn.reaction)
  QcnRpParams rp;           // rates in bits per second, the byte counter in bytes
  int phit_bytes = 125;     // units.phit_bytes: converts the byte- and rate-valued keys
  // The first CNM VC of each link class (its VCs above the routing's); 0 on the terminal class (ejection).
  std::array<int, kMaxLinkClasses> cnm_vc_base{};
  // Phits a source may send per cycle at reaction-point rate `bits_per_second`: the link sends one phit per
  // cycle at rp.line_rate.
  double phits_per_cycle(double bits_per_second) const { return bits_per_second / rp.line_rate; }
};

}  // namespace hiradix
