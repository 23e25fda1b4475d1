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
  const int dst_router = topo_.router_of_terminal(dst);
  switch (r.match) {
    case RuleMatch::kHost: return dst_router == router_ && topo_.port_of_terminal(dst) == r.key;
    case RuleMatch::kSwitch:
      return topo_.group_of(dst_router) == topo_.group_of(router_) && topo_.index_of(dst_router) == r.key;
    case RuleMatch::kGroup: return topo_.group_of(dst_router) == r.key;
    case RuleMatch::kInPort: return in_port == r.key;
  }
  return false;
}

}  // namespace hiradix
