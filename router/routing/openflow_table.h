// The OpenFlow flow table of a Dragonfly switch as the controller of seed 000 ch. 4 installs it for MAR-bP
// and QCN-Switch (docs/papers/seed-000-thesis.md "MAR-bP"; seed-000 §4.3.1, §4.5): proactive rules with
// priorities, conditions and in_port keys, on per-group hierarchical MAC addresses.
//   high priority  match dst = a host of this switch          -> its terminal port          (ordinary)
//   high priority  match dst = a switch of this group          -> the local port to it      (ordinary)
//   high priority  match dst = a remote group (prefix)         -> the group's minimal port  (conditional)
//   low priority   match in_port = host i of this switch       -> global port i mod h       (alternative)
// A conditional rule holds while its condition does (MAR-bP: its output's class is not paused; QCN-Switch:
// the draw N is not above its port's probability). When it does not, the lower-priority rule that also
// matches applies; when only one rule matches (a packet in transit: no in_port rule for a transit port),
// it applies whatever its condition (seed-000 §4.6.1).
//
// Eq. 4-1 counts R = (G - 1) + (S - 1) + I minimal rules per switch (G groups, S = a switches per group,
// I = p hosts); the alternatives add I (one per host). A balanced Dragonfly (p = h) gives each host a global
// port of its own; with p > h hosts share them (host i takes i mod h).
//
// The table is the rules' model, for their counts (result.json `openflow`) and to check the routings' fast
// decisions against (tests/test_marbp.cpp): the routing decides from the same geometry as its RTL unit does.
//
// On a Flattened Butterfly (seed-000 §4.5.2-4.5.3; router/routing/generic_marbp_routing.h) the groups are the
// rows: a rule per host, per other switch of the row (its dimension-0 port), per other row (conditional: the
// port its minimal path leaves the row by) and per host port (its alternative), so Eq. 4-1 counts them with
// G the rows, S the row's switches and I the hosts.
#pragma once
#include <cstdint>
#include <functional>
#include <vector>

#include "router/routing/rule_counts.h"
#include "topology/dragonfly.h"
#include "topology/flattened_butterfly.h"

namespace hiradix {

enum class RuleMatch : std::uint8_t { kHost, kSwitch, kGroup, kInPort };

struct OpenFlowRule {
  int priority = 0;          // higher first: 1 for the minimal rules, 0 for the alternatives
  RuleMatch match = RuleMatch::kHost;
  int key = 0;               // the host's terminal port, the switch's index, the group, or the in_port
  bool conditional = false;  // holds only while its condition does
  int out_port = 0;
};

class OpenFlowTable {
 public:
  // The rules of `router` in `topo`.
  OpenFlowTable(const Dragonfly& topo, int router);
  // On a Flattened Butterfly: `row_port(dst_router)` is the minimal rule's port towards another row's router,
  // `alternative(host)` host port's alternative port (the routing's).
  OpenFlowTable(const FlattenedButterfly& topo, int router, const std::function<int(int dst_router)>& row_port,
                const std::function<int(int host)>& alternative);

  const std::vector<OpenFlowRule>& rules() const { return rules_; }
  RuleCounts counts() const;
  // The rule a packet for node `dst` arriving on `in_port` takes: the first matching rule, in priority order,
  // whose condition holds (`holds(out_port)` for a conditional one); if none holds, the last match (with
  // one match, that one whatever its condition). A walk of the rules, as a TCAM matches them all at once:
  // for tests and reports, not for a run's decisions.
  template <typename Holds>
  const OpenFlowRule& lookup(int dst, int in_port, Holds holds) const {
    const OpenFlowRule* last = nullptr;
    for (const OpenFlowRule& r : rules_) {
      if (!matches(r, dst, in_port)) continue;
      if (!r.conditional || holds(r.out_port)) return r;
      last = &r;
    }
    for (const OpenFlowRule& r : rules_)  // the conditional rule failed: a lower-priority match, if any
      if (r.priority < last->priority && matches(r, dst, in_port)) return r;
    return *last;
  }

 private:
  bool matches(const OpenFlowRule& r, int dst, int in_port) const;
  const Topology& topo_;  // its groups are the topology's domains
  int router_;
  std::vector<OpenFlowRule> rules_;  // in priority order, highest first
};

}  // namespace hiradix
