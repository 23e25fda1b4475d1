// A Flattened Butterfly's / HyperX's routing-unit geometry (topology/flattened_butterfly.h;
// rtl/topology/hiradix_flattened_butterfly_geometry.v). As the mesh's (mesh_unit_geometry.cpp), the unit
// finds its ports by coordinates, from the inputs router/routing/flattened_butterfly_geometry_rtl.h declares,
// so its shared geometry only numbers the terminals: p terminals, a = 1 and h = the router-to-router ports
// (sum of S_d - 1). The destination router and port are then dst / p and dst mod p, as a Flattened Butterfly
// numbers its nodes, and p + a - 1 + h is the radix.
#include <stdexcept>

#include "router/rtl/unit_geometry.h"
#include "rtl_fields.h"
#include "topology/flattened_butterfly.h"

namespace hiradix {
namespace {

void shape(const Topology& network, RcConfig& c) {
  const FlattenedButterfly& fb = topology_as<FlattenedButterfly>(network, "the Flattened Butterfly geometry of the RTL routing unit");
  if (fb.dims() > rtl::MESH_DIMS)
    throw std::invalid_argument("topology.dims: " + std::to_string(fb.dims()) + " dimensions exceed the RTL's " +
                                std::to_string(rtl::MESH_DIMS) + " (rtl/hiradix_fields.vh MESH_DIMS)");
  for (int d = 0; d < fb.dims(); ++d) check_fits("topology.dims[" + std::to_string(d) + "]", fb.size(d), rtl::COORD_W);
  check_fits("topology.p", fb.p(), rtl::GEOM_W);
  check_fits("routers", fb.routers() - 1, rtl::ROUTER_W);
  check_fits("terminals", fb.nodes() - 1, rtl::NODE_W);
  check_fits("router radix", fb.max_radix() - 1, rtl::PORT_W);
  check_fits("router-to-router ports", fb.max_radix() - fb.p(), rtl::GEOM_W);
  c.p = static_cast<std::uint8_t>(fb.p());
  c.a = 1;
  c.h = static_cast<std::uint8_t>(fb.max_radix() - fb.p());
  c.palmtree = false;
}

// A record is a Flattened Butterfly's when it carries the sizes (flattened_butterfly_geometry_rtl.h);
// trailing dimensions of size 1 are the RTL's padding.
std::unique_ptr<Topology> network_of(const RcInputs& in) {
  const std::uint32_t size = in.input("fb_size")[0];
  if (size == 0) return nullptr;
  std::vector<int> dims;
  for (int d = 0; d < rtl::MESH_DIMS; ++d) dims.push_back(static_cast<int>(size >> (d * rtl::COORD_W) & ((1u << rtl::COORD_W) - 1)));
  while (dims.size() > 2 && dims.back() == 1) dims.pop_back();
  return std::make_unique<FlattenedButterfly>(dims, in.cfg.p);
}

}  // namespace

extern const UnitGeometry kFlattenedButterflyUnitGeometry{"flattened_butterfly", shape, network_of};

}  // namespace hiradix
