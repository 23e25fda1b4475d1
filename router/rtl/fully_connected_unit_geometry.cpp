// A fully connected network's routing-unit geometry (topology/fully_connected.h). Its routings on the RTL
// are the ones driven by the forwarding table (`min`, `valiant`, `ugal`: a row names the ports towards a
// router, so they read no coordinates), and the shared geometry only numbers the terminals: p terminals,
// a = 1 and h = routers - 1 network ports, so p + a - 1 + h is the radix. The destination router and port
// are dst / p and dst mod p: the header's destination is the terminal address of the NIC the packet is
// delivered at (RcInputs::dst), the node's own id when a node has one NIC, and with several (topology.nics)
// the one the packet picked (Packet::dst_nic; RcCoSim::decide).
#include "router/rtl/unit_geometry.h"
#include "rtl_fields.h"
#include "topology/fully_connected.h"

namespace hiradix {
namespace {

void shape(const Topology& network, RcConfig& c) {
  const FullyConnected& fc = topology_as<FullyConnected>(network, "the fully connected geometry of the RTL routing unit");
  check_fits("topology.p", fc.p(), rtl::GEOM_W);
  check_fits("routers", fc.routers() - 1, rtl::ROUTER_W);
  check_fits("terminal ports", fc.routers() * fc.p() - 1, rtl::NODE_W);  // the header's NIC addresses
  check_fits("router radix", fc.max_radix() - 1, rtl::PORT_W);
  check_fits("router-to-router ports", fc.routers() - 1, rtl::GEOM_W);
  c.p = static_cast<std::uint8_t>(fc.p());
  c.a = 1;
  c.h = static_cast<std::uint8_t>(fc.routers() - 1);
  c.palmtree = false;
}

// Its records carry no shape (a forwarding table's rows): they name their network (rtl.mismatch.network).
std::unique_ptr<Topology> network_of(const RcInputs&) { return nullptr; }

}  // namespace

extern const UnitGeometry kFullyConnectedUnitGeometry{"fully_connected", shape, network_of};

}  // namespace hiradix
