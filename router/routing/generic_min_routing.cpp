#include "router/routing/generic_min_routing.h"

#include <algorithm>

#include "router/common/router_view.h"
#include "rtl_fields.h"

namespace hiradix {

VcRequirement GenericMinRouting::vcs_needed() const {
  VcRequirement r{{1}};  // the terminal class
  for (std::size_t c = 1; c < topo_.link_classes().size(); ++c) r.per_class.push_back(std::max(1, max_hops(static_cast<int>(c))));
  return r;
}

void GenericMinRouting::gather(RouterView& view, const Packet& pkt, RoutingContext& ctx) const {
  GenericRouting::gather(view, pkt, ctx);
  if (view.rtl_in_loop()) fwd_row(ctx) = table_.row(ctx.router, dst_router(pkt));  // the RTL's alone
}

// The RTL's header counts the hops of the one router-to-router class in HOPS_W bits (its local counter,
// rc_interface.cpp's pack_route_state), and the VC is that count: a longest minimal path of more hops would
// wrap it.
std::string GenericMinRouting::rtl_refusal() const {
  constexpr int kMaxHops = (1 << rtl::HOPS_W) - 1;
  for (std::size_t c = 1; c < topo_.link_classes().size(); ++c)
    if (max_hops(static_cast<int>(c)) > kMaxHops)
      return "topology.dims: min's longest minimal path on " + topo_.describe() + " takes " + std::to_string(max_hops(static_cast<int>(c))) + " " +
             topo_.link_classes()[c] + " hops (VCs 0.." + std::to_string(max_hops(static_cast<int>(c)) - 1) +
             "); the RTL's header counts at most " + std::to_string(kMaxHops) + " (rtl/hiradix_fields.vh HOPS_W)";
  if (!table_.built())
    return "topology.dims: the forwarding tables of " + std::to_string(topo_.routers()) + " routers (" +
           std::to_string(table_.bytes()) + " entries) exceed the model's " + std::to_string(ForwardingTable::kMaxBytes) +
           " (router/routing/forwarding_table.h)";
  return "";
}

}  // namespace hiradix
