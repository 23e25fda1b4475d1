// The Dragonfly's routing-unit geometry (topology/dragonfly.h; rtl/topology/hiradix_dragonfly_geometry.v):
// p, a and h are the network's, and the unit derives groups, routers and ports from them and the
// arrangement of the global links.
#include "router/rtl/unit_geometry.h"
#include "rtl_fields.h"
#include "topology/dragonfly.h"

namespace hiradix {
namespace {

void shape(const Topology& network, RcConfig& c) {
  const Dragonfly& topo = topology_as<Dragonfly>(network, "the RTL routing unit");
  check_fits("topology.p", topo.p(), rtl::GEOM_W);
  check_fits("topology.a", topo.a(), rtl::GEOM_W);
  check_fits("topology.h", topo.h(), rtl::GEOM_W);
  check_fits("routers", topo.routers() - 1, rtl::ROUTER_W);
  check_fits("terminals", topo.terminals() - 1, rtl::NODE_W);
  check_fits("router radix", topo.radix() - 1, rtl::PORT_W);
  c.p = static_cast<std::uint8_t>(topo.p());
  c.a = static_cast<std::uint8_t>(topo.a());
  c.h = static_cast<std::uint8_t>(topo.h());
  c.palmtree = topo.arrangement() == Arrangement::kPalmtree;
}

std::unique_ptr<Topology> network_of(const RcInputs& in) {
  return std::make_unique<Dragonfly>(in.cfg.p, in.cfg.a, in.cfg.h, in.cfg.palmtree ? Arrangement::kPalmtree : Arrangement::kConsecutive);
}

}  // namespace

extern const UnitGeometry kDragonflyUnitGeometry{"dragonfly", shape, network_of};

}  // namespace hiradix
