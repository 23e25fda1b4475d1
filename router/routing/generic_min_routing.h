// `min` on any topology other than the Dragonfly (whose `min` is MinRouting): a minimal path, at each hop the
// least loaded of the topology's minimal ports (Topology::min_ports; ties drawn by the LFSR), hop-count
// VCs (generic_routing.h): a hop on link class c takes VC (hops already taken on c), H_c VCs per class.
#pragma once
#include "router/routing/generic_routing.h"

namespace hiradix {

class GenericMinRouting : public GenericRouting {
 public:
  using GenericRouting::GenericRouting;
  std::string name() const override { return "min"; }
  VcRequirement vcs_needed() const override;
};

}  // namespace hiradix
