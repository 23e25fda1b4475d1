// DOR (router/routing/dor_routing.cpp; issue 27): dimension-order routing on a mesh or torus in cfg_dor_order;
// the hop is hiradix_dor_step.v (shared with osha): the first dimension of the order whose coordinate
// differs is corrected, the shorter way round; at the destination router, its ejection port. VCs: 0, and
// on a ring 1 once the dimension's wrap-around link is behind the packet (dateline). The header's flags keep
// the state (RouteState::flags: bits 0-2 = 1 + the dimension of the last hop, bit 7 = the wrap-around link
// crossed; rtl/hiradix_fields.vh carries them whole); the hop is counted in the local counter (class 1).
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
                        .dateline(dateline), .rs_out(rs_out));

  // At the destination router: its ejection port, the header as it came (the step's rs_out).
  assign out_port = found ? port : dst_port[PORT_W-1:0];
  assign min_port = out_port;
  assign out_vc = found ? {{(VC_W-1){1'b0}}, dateline} : {VC_W{1'b0}};
  assign misroute = 1'b0;
  assign no_slot = 1'b0;
endmodule
`default_nettype wire
