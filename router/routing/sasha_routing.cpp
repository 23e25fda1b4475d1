// `sasha`'s registry entry (SashaRouting, osha_routing.h; seed 001 §1.4, docs/papers/seed-001-sasha-osha.md):
// OSHA's routing and VCs, the VN chosen by the source NIC (testbench/vn_choice.h, testbench/nic.cpp) by the
// load its keys name.
#include "router/routing/kns_osha_routing.h"
#include "router/routing/osha_routing.h"
#include "router/routing/routing_registry.h"

namespace hiradix {

RoutingEntry sasha_routing_entry() {
  RoutingEntry e{"sasha", {"SASHA", 22},
                 "SASHA, seed 001 §1.4, on mesh, torus and kns (2 or more dimensions): osha's two virtual networks, routes "
                 "and VCs, but each packet's VN is chosen at its source NIC, adaptively: the VN whose candidate injection "
                 "queue is the less loaded by routing.sasha_metric (ties by routing.sasha_tie); the injection port has "
                 "one VC per VN (times router.bands) so that the NIC sees each VN's queue (on kns the end node's "
                 "terminal port)",
                 {}, rtl::ALG_SASHA,
                 [](const RoutingOptions& o, const Topology& topo) -> std::unique_ptr<RoutingAlgorithm> {
                   const Kns* kns = dynamic_cast<const Kns*>(&topo);
                   const Mesh* mesh = kns ? nullptr : &topology_as<Mesh>(topo, "routing.algorithm sasha");
                   if (o.integer("routing.vns") != 1)
                     throw KeyError("routing.vns", "sasha has its own two virtual networks (osha's, seed 001 §1.3), which "
                                                   "its NICs pick; routing.vns must be 1, got " +
                                                       std::to_string(o.integer("routing.vns")));
                   if (o.text("routing.vn_select") != "round_robin")
                     throw KeyError("routing.vn_select", "sasha's NICs pick the VN adaptively (routing.sasha_metric); "
                                                         "routing.vn_select is for routing.vns > 1, got " +
                                                             o.text("routing.vn_select"));
                   if (kns) return make_kns_osha(*kns, o, true);
                   const Mesh& t = *mesh;
                   if (t.dims() < 2)
                     throw KeyError("topology.dims", "sasha needs at least 2 dimensions (its two virtual networks correct "
                                                     "them in two orders, seed 001 §1.3); this network has 1");
                   std::string order = o.text("routing.osha_order");
                   if (order == "''") order.clear();  // the schema default's YAML text, when the key was not set
                   return std::make_unique<SashaRouting>(t, parse_dimension_order(order, t.dims(), "routing.osha_order"));
                 }};
  e.keys = {
      {{"routing.sasha_metric", KeyType::kString, "occupancy", 0, 0, {"occupancy", "xmit_wait"},
        "sasha: the load by which a source NIC compares the two VNs' candidate queues (seed 001 §1.4; the candidate "
        "queue of a VN is the injection VC the packet would take in it, under bbq/dbbq its destination's band there): "
        "occupancy = its phits not yet credited back (what the source router's injection buffer of that VC holds, as "
        "the NIC's credits see it; §3.2); xmit_wait = InfiniBand's PortVLXmitWait (§4): the cycles of the last "
        "complete routing.sasha_interval in which the NIC's packet of that VN could not go for lack of credits. "
        "occupancy needs router.flow_control: credits."},
       nullptr, nullptr, {"sasha"}, "SASHA metric"},
      {{"routing.sasha_interval", KeyType::kInt, "64", 1, 1000000, {},
        "sasha with routing.sasha_metric xmit_wait: the interval, in cycles, over which the counter is read (fixed "
        "windows from cycle 0; the value compared is the last complete window's, 0 in the first); short, so that "
        "the choice reacts quickly (seed 001 §4)."},
       nullptr, nullptr, {"sasha"}, "SASHA interval"},
      {{"routing.sasha_tie", KeyType::kString, "round_robin", 0, 0, {"round_robin", "vn0"},
        "sasha: the VN of a packet when both VNs' loads are equal: round_robin = the first from a pointer that moves "
        "past the VN of each packet that leaves (so ties alternate, as OSHA); vn0 = VN 0 (XY)."},
       nullptr, nullptr, {"sasha"}, "SASHA tie"},
  };
  return e;
}

}  // namespace hiradix
