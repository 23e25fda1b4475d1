// OSHA (router/routing/osha_routing.cpp; seed 001 §1.3-§1.4, issue 30): two virtual networks, each
// dimension-order routing (hiradix_dor_step.v, DOR's hop) on its own VC set: VN 0 in cfg_osha_order, VN 1 in
// that order with its first two dimensions swapped. The VN is chosen at injection (in_port a terminal
// port): the source's round-robin bit, the input osha_vn; after that it is the header's, RouteState::flags
// bit 6, which every hop writes back, so it never changes in flight. VCs: VN v's set starts at v * n, n = 2
// where some dimension is a ring (the dateline pair), else 1. At the destination router: its ejection port,
// VC 0, the header as it came.
// On a KNS (issue 30; router/routing/kns_osha_routing.h) each VN is Hybrid-DOR's hop instead
// (hiradix_route_hybrid_dor.v's, over topology/hiradix_kns_geometry.v) in the VN's order: an end node goes up
// the first differing dimension of that order or ejects, a switch goes down to the destination's coordinate;
// one VC per VN (VC = the VN), the hop counted in the local counter and the VN written back into flags bit 6.
// kns_size is never 0 on a KNS (a missing dimension reads 1) and always 0 elsewhere (only KNS routings fill
// it; hiradix synth ties it to 0 on other networks), so it picks the geometry as fb_size does for DOR. A
// switch's ports below p are not terminals: there the VN is the header's too.
`default_nettype none
module hiradix_route_osha(
`include "routing/hiradix_routing_port_list.vh"
);
/* verilator lint_off UNUSEDPARAM */
`include "hiradix_fields.vh"
`include "hiradix_arith.vh"
/* verilator lint_on UNUSEDPARAM */
`include "routing/hiradix_routing_ports.vh"

  localparam integer VN_BIT = RS_FLAGS_HI_LSB + 4;  // flags bit 6 (flags bits 2-7 sit from RS_FLAGS_HI_LSB)

  // ---- Mesh and torus: DOR's step in the VN's order ----
  wire vn = injection ? osha_vn : rs_in[VN_BIT];
  wire found, dateline;
  wire [PORT_W-1:0] port;
  wire [RS_W-1:0] hop_rs;
  hiradix_dor_step step(.p(p), .order_code(cfg_osha_order), .swap(vn), .mesh_here(mesh_here), .mesh_dst(mesh_dst),
                        .mesh_size(mesh_size), .mesh_rings(mesh_rings), .rs_in(rs_in), .found(found), .port(port),
                        .dateline(dateline), .rs_out(hop_rs));
  wire [VC_W-1:0] vn_base = !vn ? {VC_W{1'b0}} : |mesh_rings ? {{(VC_W-2){1'b0}}, 2'd2} : {{(VC_W-1){1'b0}}, 1'b1};
  // The step rewrites flags bits 3-6 on entering a dimension: the VN goes back in.
  reg [RS_W-1:0] with_vn;
  always @* begin
    with_vn = hop_rs;
    with_vn[VN_BIT] = vn;
  end
  wire [PORT_W-1:0] mesh_port = found ? port : dst_port[PORT_W-1:0];
  wire [VC_W-1:0] mesh_vc = found ? vn_base + {{(VC_W-1){1'b0}}, dateline} : {VC_W{1'b0}};
  wire [RS_W-1:0] mesh_rs = found ? with_vn : rs_in;

  // ---- KNS: Hybrid-DOR's hop in the VN's order (as hiradix_route_hybrid_dor.v, with swap = the VN) ----
  wire on_kns = |kns_size;
  wire at_switch;
  wire kns_vn = injection && !at_switch ? osha_vn : rs_in[VN_BIT];
  wire [MESH_DIMS-1:0] kns_differs;
  wire [MESH_DIMS*PORT_W-1:0] node_port;
  wire [PORT_W-1:0] switch_port;
  hiradix_kns_geometry kns(.p(p), .kns_switch(kns_switch), .kns_here(kns_here), .kns_dst(kns_dst), .at_switch(at_switch),
                           .differs(kns_differs), .node_port(node_port), .switch_port(switch_port));
  wire kns_found;
  wire [1:0] kns_dim;
  hiradix_dor_order kns_order(.order_code(cfg_osha_order), .swap(kns_vn), .differs(kns_differs), .found(kns_found),
                              .dim(kns_dim));
  wire kns_hop = at_switch || kns_found;  // a switch always forwards (no terminals)
  // The hop counted in the local counter, the flags untouched but for the VN.
  reg [RS_W-1:0] kns_with_vn;
  always @* begin
    kns_with_vn = rs_in;
    kns_with_vn[RS_LHOPS_LSB +: HOPS_W] = rs_in[RS_LHOPS_LSB +: HOPS_W] + 1'b1;
    kns_with_vn[VN_BIT] = kns_vn;
  end
  wire [PORT_W-1:0] kns_port = !kns_hop ? dst_port[PORT_W-1:0] : at_switch ? switch_port : node_port[kns_dim*PORT_W +: PORT_W];
  wire [VC_W-1:0] kns_vc = kns_hop ? {{(VC_W-1){1'b0}}, kns_vn} : {VC_W{1'b0}};
  wire [RS_W-1:0] kns_rs = kns_hop ? kns_with_vn : rs_in;

  // At the destination router: its ejection port, VC 0, the header as it came.
  assign out_port = on_kns ? kns_port : mesh_port;
  assign min_port = out_port;
  assign out_vc = on_kns ? kns_vc : mesh_vc;
  assign rs_out = on_kns ? kns_rs : mesh_rs;
  assign misroute = 1'b0;
  assign no_slot = 1'b0;
endmodule
`default_nettype wire
