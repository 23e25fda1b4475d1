// One hop of dimension-order routing on a Flattened Butterfly / HyperX (router/routing/
// flattened_butterfly_dor_routing.cpp, its C++ twin; issue 27), for dor (hiradix_route_dor.v): the first
// dimension of the order whose coordinate differs is corrected with one hop, straight to the destination's
// coordinate (every dimension is all-to-all). The order is a routing.dor_order code (hiradix_dor_order.v).
// One VC (0); the header's flags are not touched; rs_out is the header after the hop (counted in the local
// counter, class 1), or rs_in when the packet is at its destination router (`found` low).
// The geometry by coordinates is topology/hiradix_flattened_butterfly_geometry.v, from the fb_* inputs
// (router/routing/flattened_butterfly_geometry_rtl.h). Purely combinational.
`default_nettype none
module hiradix_fb_dor_step(p, order_code, fb_here, fb_dst, fb_size, rs_in, found, port, rs_out);
/* verilator lint_off UNUSEDPARAM */
`include "hiradix_fields.vh"
`include "hiradix_arith.vh"
/* verilator lint_on UNUSEDPARAM */
  localparam integer MB = MESH_DIMS * COORD_W;
  input  wire [W-1:0]         p;
  input  wire [3:0]           order_code;
  input  wire [MB-1:0]        fb_here, fb_dst, fb_size;
  input  wire [RS_W-1:0]      rs_in;
  output wire                 found;
  output reg  [PORT_W-1:0]    port;
  output reg  [RS_W-1:0]      rs_out;

  wire [MESH_DIMS-1:0] differs;
  wire [MESH_DIMS*PORT_W-1:0] ports;
  hiradix_flattened_butterfly_geometry fb(.p(p), .fb_here(fb_here), .fb_dst(fb_dst), .fb_size(fb_size),
                                          .differs(differs), .port(ports));

  wire [1:0] dim;
  hiradix_dor_order decode(.order_code(order_code), .swap(1'b0), .differs(differs), .found(found), .dim(dim));

  always @* begin
    port = ports[dim*PORT_W +: PORT_W];
    rs_out = rs_in;
    if (found) rs_out[RS_LHOPS_LSB +: HOPS_W] = rs_in[RS_LHOPS_LSB +: HOPS_W] + 1'b1;
  end
endmodule
`default_nettype wire
