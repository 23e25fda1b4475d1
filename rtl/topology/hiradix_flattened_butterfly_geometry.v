// The geometry of a Flattened Butterfly / HyperX by coordinates (topology/flattened_butterfly.h; issue 27):
// per dimension, whether the destination router's coordinate differs from this router's, and this router's
// port straight to the destination's coordinate in that dimension (every dimension is all-to-all). As the
// mesh's (hiradix_mesh_geometry.v), the unit knows its own coordinates and takes the destination router's
// from the header (the inputs fb_here, fb_dst, fb_size; router/routing/flattened_butterfly_geometry_rtl.h),
// so nothing is divided. Purely combinational; with the sizes tied to constants the numbering folds.
//
// Port numbering (FlattenedButterfly): [0, p) terminals, then per dimension d in order its S_d - 1 ports
// towards the other routers of its line, in the order of their coordinate, this router's own skipped: the
// port towards coordinate x != c_d is first_port(d) + (x < c_d ? x : x - 1), first_port(d) = p +
// sum_{e<d} (S_e - 1). A dimension the network lacks reads size 1 (no port) and never differs.
`default_nettype none
module hiradix_flattened_butterfly_geometry(p, fb_here, fb_dst, fb_size, differs, port);
/* verilator lint_off UNUSEDPARAM */
`include "hiradix_fields.vh"
`include "hiradix_arith.vh"
/* verilator lint_on UNUSEDPARAM */
  localparam integer MB = MESH_DIMS * COORD_W;
  /* verilator lint_off UNUSEDSIGNAL */
  input  wire [W-1:0]                  p;          // terminals per router: the first router-to-router port
  /* verilator lint_on UNUSEDSIGNAL */
  input  wire [MB-1:0]                 fb_here, fb_dst, fb_size;  // COORD_W bits per dimension
  output reg  [MESH_DIMS-1:0]          differs;    // the coordinates differ in this dimension
  output reg  [MESH_DIMS*PORT_W-1:0]   port;       // per dimension: the port towards the destination's coordinate

  integer d;
  reg [COORD_W-1:0] c, t, k;
  reg [PORT_W-1:0] x, kp;  // the coordinate's rank among the other routers of the line, the size (COORD_W <= PORT_W)
  reg [PORT_W-1:0] first;  // the first port of dimension d
  always @* begin
    first = p[PORT_W-1:0];
    differs = {MESH_DIMS{1'b0}};
    port = {(MESH_DIMS*PORT_W){1'b0}};
    for (d = 0; d < MESH_DIMS; d = d + 1) begin
      c = fb_here[d*COORD_W +: COORD_W];
      t = fb_dst[d*COORD_W +: COORD_W];
      k = fb_size[d*COORD_W +: COORD_W];
      differs[d] = c != t;
      x = {PORT_W{1'b0}};
      kp = {PORT_W{1'b0}};
      x[COORD_W-1:0] = t < c ? t : t - 1'b1;
      kp[COORD_W-1:0] = k;
      port[d*PORT_W +: PORT_W] = first + x;
      first = first + kp - 1'b1;
    end
  end
endmodule
`default_nettype wire
