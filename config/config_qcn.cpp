// The qcn.* and units.* keys (router/flow/qcn_params.h): QCN's congestion points, CNMs and reaction points,
// and the units that turn its keys in bytes and rates into phits and a link's share.
#include <stdexcept>

#include "config/config_values.h"
#include "router/routing/routing_registry.h"

namespace hiradix {

void read_qcn(ConfigValues& v, Config& c, const RoutingAlgorithm& routing, const Topology& topo) {
  QcnParams& q = c.qcn;
  q.sampling = v.S("qcn.sampling") != "off";
  q.site = v.S("qcn.sampling") == "input" ? QcnCpSite::kInput : QcnCpSite::kOutput;
  q.phit_bytes = static_cast<int>(v.I("units.phit_bytes"));
  q.rp.line_rate = v.F("units.link_gbps") * 1e9;
  for (const char* key : {"qcn.sampling", "qcn.victim", "qcn.reaction"}) v.set(key, v.S(key));
  for (const char* key : {"qcn.q_eq", "qcn.w", "qcn.cpc", "qcn.cnm_percent", "qcn.byte_counter", "qcn.fast_recovery",
                          "qcn.gd_inverse", "units.phit_bytes"})
    v.set(key, v.I(key));
  for (const char* key : {"qcn.r_ai_mbps", "qcn.r_hai_mbps", "qcn.timer_ms", "qcn.min_rate_mbps", "units.link_gbps"})
    v.set(key, v.F(key));
  if (routing.takes_cnms()) {  // QCN-Switch: the switches, not the NICs, act on the CNMs (seed 002 §III)
    if (!q.sampling)
      config_fail("qcn.sampling", "routing.algorithm " + c.routing.algorithm +
                                      " moves its probabilities on QCN's CNMs: set qcn.sampling: output or input");
    if (v.S("qcn.reaction") == "on")
      config_fail("qcn.reaction", "routing.algorithm " + c.routing.algorithm +
                                      "'s switches take the CNMs instead of the NICs (seed 002 §III): set qcn.reaction: off");
  }
  if (!q.sampling) return;

  const RouterParams& rp = c.router;
  const auto refuse = [](const std::string& why) { config_fail("qcn.sampling", why); };
  if (rp.wormhole) refuse("QCN samples whole packets: router.switching must be vct");
  if (rp.vns > 1) refuse("CNMs take VCs above the routing's, which routing.vns splits: one virtual network only");
  if (rp.bands.banded() || rp.bands.per_destination) refuse("CNMs take VCs above the routing's: router.queues vc or voq_sw");
  if (topo.nics_per_node() > 1) refuse("a CNM goes to its source node's one NIC: topology.nics must be 1");

  // Q_eq 0: 20 % of the sampled buffer; each input port's is its own (CongestionNotifier), so stays 0 here.
  q.cp.q_eq = v.I("qcn.q_eq") || q.site == QcnCpSite::kInput ? v.I("qcn.q_eq") : std::max(1, rp.output_queue_phits / 5);
  v.set("qcn.q_eq", q.cp.q_eq);
  q.cp.w = static_cast<int>(v.I("qcn.w"));
  q.cp.cpc = static_cast<int>(v.I("qcn.cpc"));
  q.cp.cnm_share_percent = static_cast<int>(v.I("qcn.cnm_percent"));
  q.cp.sampling = v.S("qcn.victim") == "arrival" ? QcnSampling::kArrival : QcnSampling::kOccupancy;
  q.reaction = v.S("qcn.reaction") == "on";
  q.rp.byte_counter = v.I("qcn.byte_counter");
  q.rp.fast_recovery_cycles = static_cast<int>(v.I("qcn.fast_recovery"));
  q.rp.r_ai = v.F("qcn.r_ai_mbps") * 1e6;
  q.rp.r_hai = v.F("qcn.r_hai_mbps") * 1e6;
  q.rp.timer = v.F("qcn.timer_ms") * 1e-3;
  q.rp.gd = 1.0 / static_cast<double>(v.I("qcn.gd_inverse"));
  q.rp.min_rate = v.F("qcn.min_rate_mbps") * 1e6;
  if (q.rp.min_rate > q.rp.line_rate)
    config_fail("qcn.min_rate_mbps", "is above the line rate units.link_gbps");
  try {  // the classes' own checks, named by the key they come from
    QcnCpParams cp = q.cp;
    cp.q_eq = std::max<std::int64_t>(cp.q_eq, 1);  // 0 under input sampling: each port's own, at least 1
    QcnCongestionPoint check_cp(cp);
    QcnReactionPoint check_rp(q.rp);
  } catch (const std::invalid_argument& e) {
    config_fail("qcn.sampling", e.what());
  }
}

VcRequirement cnm_vcs(const Config& c, const Topology& topo) {
  const std::size_t classes = topo.link_classes().size();
  if (!c.qcn.sampling) return {std::vector<int>(classes, 0)};
  RoutingOptions min;
  min.algorithm = "min";
  VcRequirement need = make_routing(min, topo)->vcs_needed();
  need.per_class.resize(classes, 0);
  need.per_class[0] = 0;  // CNMs are made in switches and eaten by NICs: none on injection ports
  return need;
}

}  // namespace hiradix
