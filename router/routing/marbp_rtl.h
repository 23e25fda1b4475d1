// MAR-bP's and QCN-Switch's routing-unit fields (router/routing/rtl_field.h, seed-000 §4.5-4.6): per output
// port the VCs whose flow control lets a packet go (not paused; credits for a packet), read at injection;
// and QCN-Switch's probability of the minimal port towards the destination's group, in whole percent
// (0..100: the draw N is a whole percent, so N <= P iff N <= floor(P)).
#pragma once
#include "router/routing/rtl_field.h"

namespace hiradix::rtl_decl {
inline constexpr Field marbp_fields[] = {
    input<&RoutingContext::flow_ready>("flow_ready", rtl::READY_W, Entries::kPerPort),
    own_input("qcn_p", 7),
};
// Their submodule (rtl/routing/hiradix_route_marbp.v) and codes.
inline constexpr RoutingCode marbp_routings[] = {{"marbp", 21}, {"qcn_switch", 23}};
inline constexpr Submodule marbp_submodule = submodule("marbp", marbp_routings);
}  // namespace hiradix::rtl_decl
