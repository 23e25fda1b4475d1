// DOR (router/routing/dor_routing.cpp; issue 27): dimension-order routing on a mesh or torus in cfg_dor_order;
// the hop is hiradix_dor_step.v (shared with osha): the first dimension of the order whose coordinate
// differs is corrected, the shorter way round; at the destination router, its ejection port. VCs: 0, and
// on a ring 1 once the dimension's wrap-around link is behind the packet (dateline). The header's flags keep
// the state (RouteState::flags: bits 0-2 = 1 + the dimension of the last hop, bit 7 = the wrap-around link
// crossed; rtl/hiradix_fields.vh carries them whole); the hop is counted in the local counter (class 1).
// On a Flattened Butterfly / HyperX (router/routing/flattened_butterfly_dor_routing.cpp) the same code takes
// the FB's hop (hiradix_fb_dor_step.v: one hop per dimension, straight to the destination's coordinate, VC
// 0, the flags untouched), chosen by the FB's inputs: fb_size is never 0 on a FB (a dimension it lacks reads
// 1) and always 0 elsewhere (its routings alone fill it; hiradix synth ties another family's inputs to 0).
`default_nettype none
module hiradix_route_dor(
`include "routing/hiradix_routing_port_list.vh"
);
/* verilator lint_off UNUSEDPARAM */
`include "hiradix_fields.vh"
`include "hiradix_arith.vh"
/* verilator lint_on UNUSEDPARAM */
`include "routing/hiradix_routing_ports.vh"

  wire found, dateline;
  wire [PORT_W-1:0] port;
  hiradix_dor_step step(.p(p), .order_code(cfg_dor_order), .swap(1'b0), .mesh_here(mesh_here), .mesh_dst(mesh_dst),
                        .mesh_size(mesh_size), .mesh_rings(mesh_rings), .rs_in(rs_in), .found(found), .port(port),
                        .dateline(dateline), .rs_out(mesh_rs_out));

  wire fb_found;
  wire [PORT_W-1:0] fb_port;
  wire [RS_W-1:0] fb_rs_out, mesh_rs_out;
  hiradix_fb_dor_step fb_step(.p(p), .order_code(cfg_dor_order), .fb_here(fb_here), .fb_dst(fb_dst), .fb_size(fb_size),
                              .rs_in(rs_in), .found(fb_found), .port(fb_port), .rs_out(fb_rs_out));
  wire on_fb = |fb_size;

  // At the destination router: its ejection port, the header as it came (the step's rs_out).
  wire hop = on_fb ? fb_found : found;
  assign out_port = !hop ? dst_port[PORT_W-1:0] : on_fb ? fb_port : port;
  assign min_port = out_port;
  assign out_vc = hop && !on_fb ? {{(VC_W-1){1'b0}}, dateline} : {VC_W{1'b0}};
  assign rs_out = on_fb ? fb_rs_out : mesh_rs_out;
  assign misroute = 1'b0;
  assign no_slot = 1'b0;
endmodule
`default_nettype wire
