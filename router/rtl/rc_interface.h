// Between the C++ model's routing types and the bit-level decision (rc_fields.h): packing, the C++
// reference evaluated on packed inputs, and JSON for mismatch reports.
#pragma once
#include <cstdint>
#include <string>

#include <nlohmann/json.hpp>

#include "router/routing/routing_algorithm.h"
#include "topology/dragonfly.h"
#include "router/rtl/rc_fields.h"
#include "rtl_fields.h"
#include "tlm/packet.h"

namespace hiradix {

// The configuration of `algorithm` on `topo` as the RTL sees it; throws std::invalid_argument naming the
// field when the network does not fit the RTL's field widths.
RcConfig rc_config(const RoutingOptions& options, const Topology& topo);

std::uint64_t pack_route_state(const RouteState& rs);
RouteState unpack_route_state(std::uint64_t packed);  // `misrouted` (statistics only) is not part of it

// Packs one decision made by the C++ model: `before` is the header route state it started from.
// `ctx` supplies router, input port and VC, and the per-port state the decision may read.
RcInputs pack_inputs(const RcConfig& cfg, const RoutingContext& ctx, const Packet& before, std::uint64_t lfsr, int ports);
// The same into `in`, reused from one decision to the next (no allocation: the lockstep's path).
void pack_inputs(RcInputs& in, const RcConfig& cfg, const RoutingContext& ctx, const Packet& before, std::uint64_t lfsr, int ports);
RcOutputs pack_outputs(const RoutingDecision& d, const RouteState& after, std::uint64_t lfsr);
RoutingDecision unpack_decision(const RcOutputs& out);

// The C++ reference evaluated on packed inputs, as the RTL is (tests and mismatch replay).
RcOutputs reference_decision(const RoutingAlgorithm& algorithm, const RcInputs& in);
// The same with the algorithm rebuilt from in.cfg on `network` (slow: for replaying single decisions), the
// network a record names (result.json's rtl.mismatch.network) when it names one.
RcOutputs reference_decision(const RcInputs& in, const Topology& network);
// ... on the network the record's inputs describe (record_network: the Dragonfly's p, a and h, or a mesh's,
// FB's or KNS's coordinate inputs; not the table-driven units', whose inputs carry no shape).
RcOutputs reference_decision(const RcInputs& in);
RoutingOptions routing_options(const RcConfig& cfg);

// The routing unit's constants as synthesis ties them (synth.json's params.routing, which
// router.latency.rc: auto and power.report compare with the config's): `algorithm`, `vc_scheme` and every
// declared configuration field, whether the routing reads it or not (a key it does not read keeps its
// default), valued as `cfg` holds it (thresholds in phits, fields a routing feeds from its own key, as
// Hybrid's, resolved).
nlohmann::json routing_unit_params(const RcConfig& cfg);

nlohmann::json to_json(const RcInputs& in);
nlohmann::json to_json(const RcOutputs& out);
RcInputs inputs_from_json(const nlohmann::json& j);
RcOutputs outputs_from_json(const nlohmann::json& j);

}  // namespace hiradix
