// A mesh's or torus's routing-unit geometry (topology/mesh.h; rtl/topology/hiradix_mesh_geometry.v). The
// unit finds its ports by coordinates, from the inputs router/routing/mesh_geometry_rtl.h declares, so its
// shared geometry only has to number the terminals: p terminals, a = 1 and h = the largest router's
// router-to-router ports. The destination router and port are then dst / p and dst mod p, as a mesh numbers
// its nodes, and p + a - 1 + h is the radix (the entries of the per-port inputs).
#include <algorithm>
#include <stdexcept>

#include "router/rtl/unit_geometry.h"
#include "rtl_fields.h"
#include "topology/mesh.h"

namespace hiradix {
namespace {

void shape(const Topology& network, RcConfig& c) {
  const Mesh& mesh = topology_as<Mesh>(network, "the mesh geometry of the RTL routing unit");
  if (mesh.dims() > rtl::MESH_DIMS)
    throw std::invalid_argument("topology.dims: " + std::to_string(mesh.dims()) + " dimensions exceed the RTL's " +
                                std::to_string(rtl::MESH_DIMS) + " (rtl/hiradix_fields.vh MESH_DIMS)");
  for (int d = 0; d < mesh.dims(); ++d) check_fits("topology.dims[" + std::to_string(d) + "]", mesh.size(d), rtl::COORD_W);
  check_fits("topology.p", mesh.p(), rtl::GEOM_W);
  check_fits("routers", mesh.routers() - 1, rtl::ROUTER_W);
  check_fits("terminals", mesh.nodes() - 1, rtl::NODE_W);
  check_fits("router radix", mesh.max_radix() - 1, rtl::PORT_W);
  c.p = static_cast<std::uint8_t>(mesh.p());
  c.a = 1;
  c.h = static_cast<std::uint8_t>(std::max(1, mesh.max_radix() - mesh.p()));
  c.palmtree = false;
}

// A record is a mesh's when it carries the sizes (mesh_geometry_rtl.h); trailing dimensions of size 1 are
// the RTL's padding.
std::unique_ptr<Topology> network_of(const RcInputs& in) {
  const std::uint32_t size = in.input("mesh_size")[0], rings = in.input("mesh_rings")[0];
  if (size == 0) return nullptr;
  std::vector<int> dims;
  for (int d = 0; d < rtl::MESH_DIMS; ++d) dims.push_back(static_cast<int>(size >> (d * rtl::COORD_W) & ((1u << rtl::COORD_W) - 1)));
  while (dims.size() > 1 && dims.back() == 1) dims.pop_back();
  return std::make_unique<Mesh>(dims, in.cfg.p, rings != 0);
}

}  // namespace

extern const UnitGeometry kMeshUnitGeometry{"mesh|torus", shape, network_of};

}  // namespace hiradix
