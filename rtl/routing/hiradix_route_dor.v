// DOR (router/routing/dor_routing.cpp; issue 27): dimension-order routing on a mesh or torus. The first
// dimension of cfg_dor_order whose coordinate differs is corrected, the shorter way round (a tie: plus from
// an even coordinate, minus from an odd one); at the destination router, its ejection port. VCs: 0, and on
// a ring 1 once the dimension's wrap-around link is behind the packet (dateline). The header's flags keep
// the state (RouteState::flags: bits 0-2 = 1 + the dimension of the last hop, bit 7 = the wrap-around link
// crossed; rtl/hiradix_fields.vh carries them whole); the hop is counted in the local counter (class 1).
// The geometry by coordinates is topology/hiradix_mesh_geometry.v, from the mesh_* inputs (router/routing/mesh_geometry_rtl.h).
`default_nettype none
module hiradix_route_dor(
`include "routing/hiradix_routing_port_list.vh"
);
/* verilator lint_off UNUSEDPARAM */
`include "hiradix_fields.vh"
`include "hiradix_arith.vh"
/* verilator lint_on UNUSEDPARAM */
`include "routing/hiradix_routing_ports.vh"

  wire [MESH_DIMS-1:0] differs, plus, tie, wrap_minus, wrap_plus;
  wire [MESH_DIMS*PORT_W-1:0] port_minus, port_plus;
  hiradix_mesh_geometry mesh(.p(p), .mesh_here(mesh_here), .mesh_dst(mesh_dst), .mesh_size(mesh_size),
                             .mesh_rings(mesh_rings), .differs(differs), .plus(plus), .tie(tie),
                             .port_minus(port_minus), .port_plus(port_plus), .wrap_minus(wrap_minus),
                             .wrap_plus(wrap_plus));

  // routing.dor_order's code (dor_rtl.h: (empty)|x|xy|yx|xyz|xzy|yxz|yzx|zxy|zyx|'') as the dimensions in
  // order; a network's missing dimensions (size 1) never differ, so the empty order, x, xy, xyz and '' all
  // read 0, 1, 2.
  reg [5:0] order;  // 2 bits per position, position 0 lowest
  always @*
    case (cfg_dor_order)
      4'd3: order = {2'd2, 2'd0, 2'd1};  // yx
      4'd5: order = {2'd1, 2'd2, 2'd0};  // xzy
      4'd6: order = {2'd2, 2'd0, 2'd1};  // yxz
      4'd7: order = {2'd0, 2'd2, 2'd1};  // yzx
      4'd8: order = {2'd1, 2'd0, 2'd2};  // zxy
      4'd9: order = {2'd0, 2'd1, 2'd2};  // zyx
      default: order = {2'd2, 2'd1, 2'd0};
    endcase

  reg found, go_plus;
  reg [1:0] dim, o;
  integer i;
  reg [7:0] flags;
  reg [PORT_W-1:0] port;
  reg wraps;
  always @* begin
    found = 1'b0;
    dim = 2'd0;
    for (i = 0; i < MESH_DIMS; i = i + 1) begin
      o = order[2*i +: 2];
      if (!found && differs[o]) begin
        found = 1'b1;
        dim = o;
      end
    end
    // The tie rule reads this router's coordinate's lowest bit: even goes plus.
    go_plus = tie[dim] ? !mesh_here[{30'd0, dim} * COORD_W] : plus[dim];
    port = go_plus ? port_plus[dim*PORT_W +: PORT_W] : port_minus[dim*PORT_W +: PORT_W];
    wraps = go_plus ? wrap_plus[dim] : wrap_minus[dim];
    flags = {rs_in[RS_FLAGS_HI_LSB +: 6], rs_in[RS_MANDG_BIT], rs_in[RS_LMIS_BIT]};
    if (flags[2:0] != {1'b0, dim} + 3'd1) flags = {5'd0, {1'b0, dim} + 3'd1};  // a new dimension: VC 0 again
  end

  // At the destination router: its ejection port, the header as it came.
  assign out_port = found ? port : dst_port[PORT_W-1:0];
  assign min_port = out_port;
  assign out_vc = found ? {{(VC_W-1){1'b0}}, flags[7]} : {VC_W{1'b0}};
  assign misroute = 1'b0;
  assign no_slot = 1'b0;
  wire [7:0] flags_out = {flags[7] | wraps, flags[6:0]};
  wire [HOPS_W-1:0] local_hops = rs_in[RS_LHOPS_LSB +: HOPS_W] + 1'b1;
  assign rs_out = !found ? rs_in
                         : {flags_out[7:2], flags_out[1], flags_out[0], rs_in[RS_PGLOBAL_BIT], rs_in[RS_GHOPS_LSB +: HOPS_W],
                            local_hops, rs_in[RS_PATH_LSB +: 3], rs_in[RS_PHASE_BIT], rs_in[RS_INTER_LSB +: ROUTER_W]};
endmodule
`default_nettype wire
