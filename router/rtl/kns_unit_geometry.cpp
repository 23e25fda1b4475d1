// A KNS's routing-unit geometry (topology/kns.h; rtl/topology/hiradix_kns_geometry.v). As the mesh's
// (mesh_unit_geometry.cpp), the unit finds its ports by coordinates, from the inputs
// router/routing/kns_geometry_rtl.h declares, which also tell an end node from a switch; its shared geometry
// only numbers the terminals: p terminals, a = 1 and h = the largest router's ports beyond them (an end
// node's n dimension ports, or a switch's k ports when k > p + n). The destination end node and its port are
// then dst / p and dst mod p, as a KNS numbers its nodes, and p + a - 1 + h is the largest radix.
#include <algorithm>
#include <stdexcept>

#include "router/rtl/unit_geometry.h"
#include "rtl_fields.h"
#include "topology/kns.h"

namespace hiradix {
namespace {

void shape(const Topology& network, RcConfig& c) {
  const Kns& kns = topology_as<Kns>(network, "the KNS geometry of the RTL routing unit");
  if (kns.dims() > rtl::MESH_DIMS)
    throw std::invalid_argument("topology.dims: " + std::to_string(kns.dims()) + " dimensions exceed the RTL's " +
                                std::to_string(rtl::MESH_DIMS) + " (rtl/hiradix_fields.vh MESH_DIMS)");
  check_fits("topology.dims[0]", kns.k(), rtl::COORD_W);
  check_fits("topology.p", kns.p(), rtl::GEOM_W);
  check_fits("routers", kns.routers() - 1, rtl::ROUTER_W);
  check_fits("terminals", kns.nodes() - 1, rtl::NODE_W);
  check_fits("router radix", kns.max_radix() - 1, rtl::PORT_W);
  c.p = static_cast<std::uint8_t>(kns.p());
  c.a = 1;
  c.h = static_cast<std::uint8_t>(std::max(1, kns.max_radix() - kns.p()));
  c.palmtree = false;
}

// A record is a KNS's when it carries the sizes (kns_geometry_rtl.h): k, and n = the dimensions not padded
// to size 1.
std::unique_ptr<Topology> network_of(const RcInputs& in) {
  const std::uint32_t size = in.input("kns_size")[0];
  if (size == 0) return nullptr;
  const int k = static_cast<int>(size & ((1u << rtl::COORD_W) - 1));
  int n = 0;
  while (n < rtl::MESH_DIMS && static_cast<int>(size >> (n * rtl::COORD_W) & ((1u << rtl::COORD_W) - 1)) == k) ++n;
  return std::make_unique<Kns>(k, n, in.cfg.p);
}

}  // namespace

extern const UnitGeometry kKnsUnitGeometry{"kns", shape, network_of};

}  // namespace hiradix
