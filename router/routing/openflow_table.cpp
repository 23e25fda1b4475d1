#include "router/routing/openflow_table.h"

namespace hiradix {

OpenFlowTable::OpenFlowTable(const Dragonfly& topo, int router) : topo_(topo), router_(router) {
  const int g = topo.group_of(router), x = topo.index_of(router);
  for (int port = 0; port < topo.p(); ++port) rules_.push_back({1, RuleMatch::kHost, port, false, port});
  for (int other = 0; other < topo.a(); ++other)
    if (other != x) rules_.push_back({1, RuleMatch::kSwitch, other, false, topo.local_port_to(x, other)});
  for (int group = 0; group < topo.groups(); ++group)
    if (group != g) rules_.push_back({1, RuleMatch::kGroup, group, true, topo.min_port(router, topo.router_at(group, 0))});
  for (int host = 0; host < topo.p(); ++host)
    rules_.push_back({0, RuleMatch::kInPort, host, false, topo.global_port(host % topo.h())});
}

OpenFlowTable::OpenFlowTable(const FlattenedButterfly& topo, int router, const std::function<int(int)>& row_port,
                             const std::function<int(int)>& alternative)
    : topo_(topo), router_(router) {
  const int row = topo.domain_of(router), x = topo.index_in_domain(router);
  for (int port = 0; port < topo.p(); ++port) rules_.push_back({1, RuleMatch::kHost, port, false, port});
  for (int other = 0; other < topo.domain_size(); ++other)
    if (other != x) rules_.push_back({1, RuleMatch::kSwitch, other, false, topo.port_towards(router, 0, other)});
  for (int r = 0; r < topo.domains(); ++r)
    if (r != row) rules_.push_back({1, RuleMatch::kGroup, r, true, row_port(topo.router_in_domain(r, 0))});
  for (int host = 0; host < topo.p(); ++host) rules_.push_back({0, RuleMatch::kInPort, host, false, alternative(host)});
}

RuleCounts OpenFlowTable::counts() const {
  RuleCounts c;
  for (const OpenFlowRule& r : rules_) {
    if (r.match == RuleMatch::kInPort) ++c.alternative;
    else if (r.conditional) ++c.conditional;
    else ++c.ordinary;
  }
  return c;
}

bool OpenFlowTable::matches(const OpenFlowRule& r, int dst, int in_port) const {
  const PortEnd at = topo_.nic_port(dst, 0);
  switch (r.match) {
    case RuleMatch::kHost: return at.router == router_ && at.port == r.key;
    case RuleMatch::kSwitch:
      return topo_.domain_of(at.router) == topo_.domain_of(router_) && topo_.index_in_domain(at.router) == r.key;
    case RuleMatch::kGroup: return topo_.domain_of(at.router) == r.key;
    case RuleMatch::kInPort: return in_port == r.key;
  }
  return false;
}

}  // namespace hiradix
