// One hop of dimension-order routing on a mesh or torus (router/routing/dor_step.cpp, its C++ twin; issues
// 27, 30), shared by dor (hiradix_route_dor.v) and osha (hiradix_route_osha.v): the first dimension of the
// order whose coordinate differs is corrected, the shorter way round (a tie: plus from an even coordinate,
// minus from an odd one). The order is a routing.dor_order-style code (hiradix_dor_order.v decodes it), with
// its first two dimensions swapped under `swap` (osha's VN 1).
// The header's flags keep the state (RouteState::flags: bits 0-2 = 1 + the dimension of the last hop, bit 7
// = the wrap-around link crossed; entering a new dimension rewrites them to just that dimension, as the
// C++ does); `dateline`: the hop's VC within the routing's set, 1 once the dimension's wrap-around link is
// behind the packet. rs_out is the header after the hop (the hop counted in the local counter, class 1), or
// rs_in when the packet is at its destination router (`found` low: no dimension differs).
// The geometry by coordinates is topology/hiradix_mesh_geometry.v, from the mesh_* inputs
// (router/routing/mesh_geometry_rtl.h). Purely combinational.
`default_nettype none
module hiradix_dor_step(p, order_code, swap, mesh_here, mesh_dst, mesh_size, mesh_rings, rs_in, found, port, dateline,
                        rs_out);
/* verilator lint_off UNUSEDPARAM */
`include "hiradix_fields.vh"
`include "hiradix_arith.vh"
/* verilator lint_on UNUSEDPARAM */
  localparam integer MB = MESH_DIMS * COORD_W;
  input  wire [W-1:0]         p;
  input  wire [3:0]           order_code;
  input  wire                 swap;
  input  wire [MB-1:0]        mesh_here, mesh_dst, mesh_size;
  input  wire [MESH_DIMS-1:0] mesh_rings;
  input  wire [RS_W-1:0]      rs_in;
  output wire                 found;
  output reg  [PORT_W-1:0]    port;
  output wire                 dateline;
  output wire [RS_W-1:0]      rs_out;

  wire [MESH_DIMS-1:0] differs, plus, tie, wrap_minus, wrap_plus;
  wire [MESH_DIMS*PORT_W-1:0] port_minus, port_plus;
  hiradix_mesh_geometry mesh(.p(p), .mesh_here(mesh_here), .mesh_dst(mesh_dst), .mesh_size(mesh_size),
                             .mesh_rings(mesh_rings), .differs(differs), .plus(plus), .tie(tie),
                             .port_minus(port_minus), .port_plus(port_plus), .wrap_minus(wrap_minus),
                             .wrap_plus(wrap_plus));

  // The first differing dimension in the order (hiradix_dor_order.v).
  wire [1:0] dim;
  hiradix_dor_order decode(.order_code(order_code), .swap(swap), .differs(differs), .found(found), .dim(dim));

  reg go_plus, wraps;
  reg [7:0] flags;
  always @* begin
    // The tie rule reads this router's coordinate's lowest bit: even goes plus.
    go_plus = tie[dim] ? !mesh_here[{30'd0, dim} * COORD_W] : plus[dim];
    port = go_plus ? port_plus[dim*PORT_W +: PORT_W] : port_minus[dim*PORT_W +: PORT_W];
    wraps = go_plus ? wrap_plus[dim] : wrap_minus[dim];
    flags = {rs_in[RS_FLAGS_HI_LSB +: 6], rs_in[RS_MANDG_BIT], rs_in[RS_LMIS_BIT]};
    if (flags[2:0] != {1'b0, dim} + 3'd1) flags = {5'd0, {1'b0, dim} + 3'd1};  // a new dimension: VC 0 again
  end

  assign dateline = flags[7];
  wire [7:0] flags_out = {flags[7] | wraps, flags[6:0]};
  wire [HOPS_W-1:0] local_hops = rs_in[RS_LHOPS_LSB +: HOPS_W] + 1'b1;
  assign rs_out = !found ? rs_in
                         : {flags_out[7:2], flags_out[1], flags_out[0], rs_in[RS_PGLOBAL_BIT], rs_in[RS_GHOPS_LSB +: HOPS_W],
                            local_hops, rs_in[RS_PATH_LSB +: 3], rs_in[RS_PHASE_BIT], rs_in[RS_INTER_LSB +: ROUTER_W]};
endmodule
`default_nettype wire
