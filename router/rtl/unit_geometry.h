// The routing unit's geometry of one topology family (rtl/topology/): what the unit's shared geometry
// inputs p, a and h stand for on that network, checked against the RTL's widths, and the network a recorded
// decision ran on. Each family is one file (dragonfly_unit_geometry.cpp, mesh_unit_geometry.cpp,
// flattened_butterfly_unit_geometry.cpp, kns_unit_geometry.cpp, fully_connected_unit_geometry.cpp) and one line of the list in
// unit_geometry.cpp; rc_config, the replay of mismatch records and `hiradix synth` find a network's family
// here and name no topology themselves. What a family's routings read beyond p, a and h (a mesh's, a
// Flattened Butterfly's or a KNS's coordinates) are inputs they declare like any other
// (router/routing/*_rtl.h).
#pragma once
#include <memory>
#include <string>

#include "router/rtl/rc_fields.h"
#include "topology/topology.h"

namespace hiradix {

struct UnitGeometry {
  const char* topologies;  // the Topology::name()s it covers, "a|b"
  // Sets c.p, c.a, c.h and c.palmtree for `network` (one of `topologies`); throws std::invalid_argument
  // naming the key whose value exceeds the RTL's widths.
  void (*shape)(const Topology& network, RcConfig& c);
  // The network a decision record ran on, when the record is this family's; else nullptr.
  std::unique_ptr<Topology> (*network_of)(const RcInputs& in);
};

// The family of `network`, or nullptr when the RTL routing unit has no geometry for it.
const UnitGeometry* unit_geometry(const Topology& network);
// The topologies the RTL routing unit has a geometry for, for messages: "mesh, torus, dragonfly".
std::string unit_geometry_topologies();
// The network a recorded decision ran on: the first family that recognises the record.
std::unique_ptr<Topology> record_network(const RcInputs& in);

// Whether `list` ("a|b", as UnitGeometry::topologies and rtl_decl::Submodule::topologies) names `topology`.
bool lists_topology(const char* list, const std::string& topology);
// `value` fits `bits` unsigned bits; else std::invalid_argument naming `what` (rtl/hiradix_fields.vh).
void check_fits(const std::string& what, long long value, int bits);

}  // namespace hiradix
