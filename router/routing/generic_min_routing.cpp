#include "router/routing/generic_min_routing.h"

#include <algorithm>

namespace hiradix {

VcRequirement GenericMinRouting::vcs_needed() const {
  VcRequirement r{{1}};  // the terminal class
  for (std::size_t c = 1; c < topo_.link_classes().size(); ++c) r.per_class.push_back(std::max(1, max_hops(static_cast<int>(c))));
  return r;
}

}  // namespace hiradix
