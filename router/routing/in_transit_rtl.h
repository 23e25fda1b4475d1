// Base's and ECtN's routing-unit fields (router/routing/rtl_field.h, seed-003 §1.3-1.5): the contention
// counters and their thresholds, the VCs ready for a whole packet, ECtN's combined counters.
#pragma once
#include "router/routing/rtl_field.h"

namespace hiradix::rtl_decl {
inline constexpr Field in_transit_fields[] = {
    config("contention_th", rtl::COUNT_W, "routing.contention_threshold").named_in_json("contention_threshold"),
    config("ectn_th", rtl::COMB_W, "routing.ectn_threshold").named_in_json("ectn_threshold"),
    // The router keeps the counters for every routing; the unit sees them with the ready VCs, which only
    // the routings that read both get (no packing for the others' decisions).
    input<&RoutingContext::contention>("contention", rtl::COUNT_W, Entries::kPerPort).saturating().only_with("port_ready"),
    input<&RoutingContext::port_ready>("port_ready", rtl::READY_W, Entries::kPerPort),
    // ECtN at injection towards another group: the destination link's combined counter, and per global
    // output port that of its own link.
    own_input("ectn_dest", rtl::COMB_W),
    own_array_input("ectn_comb", rtl::COMB_W, Entries::kPerPort),
};
// Their submodule (rtl/routing/hiradix_route_in_transit.v) and codes.
inline constexpr RoutingCode in_transit_routings[] = {{"base", 3}, {"ectn", 4}};
inline constexpr Submodule in_transit_submodule = submodule("in_transit", in_transit_routings);
}  // namespace hiradix::rtl_decl
