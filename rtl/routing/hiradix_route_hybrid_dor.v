// Hybrid-DOR on a KNS (router/routing/hybrid_dor_routing.cpp, its C++ twin; issue 27): the packet corrects
// its coordinates in cfg_dor_order's order (hiradix_dor_order.v), one node -> switch -> node hop pair per
// differing dimension. At an end node: up to the switch of the first differing dimension of the order (port
// p + d), or, when none differs, its ejection port (the shared geometry's dst_port, the header untouched).
// At a switch: down to the end node of its line with the destination's coordinate in its dimension. One VC
// (0); every hop is counted in the local counter (class 1), the flags untouched. The geometry by
// coordinates is topology/hiradix_kns_geometry.v, from the kns_* inputs (router/routing/kns_geometry_rtl.h).
`default_nettype none
module hiradix_route_hybrid_dor(
`include "routing/hiradix_routing_port_list.vh"
);
/* verilator lint_off UNUSEDPARAM */
`include "hiradix_fields.vh"
`include "hiradix_arith.vh"
/* verilator lint_on UNUSEDPARAM */
`include "routing/hiradix_routing_ports.vh"

  wire at_switch;
  wire [MESH_DIMS-1:0] differs;
  wire [MESH_DIMS*PORT_W-1:0] node_port;
  wire [PORT_W-1:0] switch_port;
  hiradix_kns_geometry kns(.p(p), .kns_switch(kns_switch), .kns_here(kns_here), .kns_dst(kns_dst),
                           .at_switch(at_switch), .differs(differs), .node_port(node_port), .switch_port(switch_port));

  wire found;
  wire [1:0] dim;
  hiradix_dor_order decode(.order_code(cfg_dor_order), .swap(1'b0), .differs(differs), .found(found), .dim(dim));

  // A switch always forwards (no terminals); an end node forwards while a coordinate differs.
  wire hop = at_switch || found;
  assign out_port = at_switch ? switch_port : found ? node_port[dim*PORT_W +: PORT_W] : dst_port[PORT_W-1:0];
  assign min_port = out_port;
  assign out_vc = {VC_W{1'b0}};
`include "routing/hiradix_count_hop.vh"
endmodule
`default_nettype wire
