// OSHA (router/routing/osha_routing.cpp; seed 001 §1.3-§1.4, issue 30): two virtual networks, each
// dimension-order routing (hiradix_dor_step.v, DOR's hop) on its own VC set: VN 0 in cfg_osha_order, VN 1 in
// that order with its first two dimensions swapped. The VN is chosen at injection (in_port a terminal
// port): the source's round-robin bit, the input osha_vn; after that it is the header's, RouteState::flags
// bit 6, which every hop writes back, so it never changes in flight. VCs: VN v's set starts at v * n, n = 2
// where some dimension is a ring (the dateline pair), else 1. At the destination router: its ejection port,
// VC 0, the header as it came.
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
  wire vn = injection ? osha_vn : rs_in[VN_BIT];

  wire found, dateline;
  wire [PORT_W-1:0] port;
  wire [RS_W-1:0] hop_rs;
  hiradix_dor_step step(.p(p), .order_code(cfg_osha_order), .swap(vn), .mesh_here(mesh_here), .mesh_dst(mesh_dst),
                        .mesh_size(mesh_size), .mesh_rings(mesh_rings), .rs_in(rs_in), .found(found), .port(port),
                        .dateline(dateline), .rs_out(hop_rs));

  wire [VC_W-1:0] vn_base = !vn ? {VC_W{1'b0}} : |mesh_rings ? {{(VC_W-2){1'b0}}, 2'd2} : {{(VC_W-1){1'b0}}, 1'b1};
  assign out_port = found ? port : dst_port[PORT_W-1:0];
  assign min_port = out_port;
  assign out_vc = found ? vn_base + {{(VC_W-1){1'b0}}, dateline} : {VC_W{1'b0}};
  assign misroute = 1'b0;
  assign no_slot = 1'b0;
  // The step rewrites flags bits 3-6 on entering a dimension: the VN goes back in.
  reg [RS_W-1:0] with_vn;
  always @* begin
    with_vn = hop_rs;
    with_vn[VN_BIT] = vn;
  end
  assign rs_out = found ? with_vn : rs_in;
endmodule
`default_nettype wire
