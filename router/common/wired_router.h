// What a routing may reach of the routers of its network once their links are wired
// (RoutingAlgorithm::connect_routers): the group broadcast of its state, a port's link latency, the output
// unit whose loads a group view reads, and where such a view is attached. Used at set-up only, never per
// cycle; `Router` implements it, so the routings need not know the router.
#pragma once
#include "tlm/cycle.h"

namespace hiradix {

class GroupBroadcast;
class GroupLoadView;
class OutputUnit;

class WiredRouter {
 public:
  virtual GroupBroadcast* broadcast() = 0;
  virtual Cycle link_latency(int port) = 0;
  virtual const OutputUnit& output_unit() const = 0;
  virtual void attach_group_view(const GroupLoadView* view) = 0;

 protected:
  ~WiredRouter() = default;
};

}  // namespace hiradix
