// The geometry of a mesh or torus by coordinates (topology/mesh.h; issue 27): per dimension, whether the
// destination router's coordinate differs from this router's, which way is shorter, and this router's
// ports in that dimension. As a real mesh router, the unit knows its own coordinates and takes the
// destination router's from the header (the inputs mesh_here, mesh_dst; router/routing/mesh_geometry_rtl.h),
// so nothing is divided. Purely combinational; with the sizes tied to constants (synthesis) the port
// numbering folds to this router's.
//
// Port numbering (Mesh): [0, p) terminals, then per dimension in order its minus port and its plus port, each
// only where the neighbour exists: a ring has both; a line (a mesh dimension, or a torus dimension of k = 2)
// lacks minus at c = 0 and plus at c = k - 1; a dimension of k = 1 has none.
`default_nettype none
module hiradix_mesh_geometry(p, mesh_here, mesh_dst, mesh_size, mesh_rings, differs, plus, tie, port_minus, port_plus,
                             wrap_minus, wrap_plus);
/* verilator lint_off UNUSEDPARAM */
`include "hiradix_fields.vh"
`include "hiradix_arith.vh"
/* verilator lint_on UNUSEDPARAM */
  localparam integer MB = MESH_DIMS * COORD_W;
  /* verilator lint_off UNUSEDSIGNAL */
  input  wire [W-1:0]                  p;          // terminals per router: the first router-to-router port
  /* verilator lint_on UNUSEDSIGNAL */
  input  wire [MB-1:0]                 mesh_here, mesh_dst, mesh_size;  // COORD_W bits per dimension
  input  wire [MESH_DIMS-1:0]          mesh_rings;
  output reg  [MESH_DIMS-1:0]          differs;    // the coordinates differ in this dimension
  output reg  [MESH_DIMS-1:0]          plus;       // the shorter way is plus (a line: the destination is above)
  output reg  [MESH_DIMS-1:0]          tie;        // a ring with both ways equally long (k/2 apart)
  output reg  [MESH_DIMS*PORT_W-1:0]   port_minus, port_plus;  // this router's ports per dimension
  output reg  [MESH_DIMS-1:0]          wrap_minus, wrap_plus;  // that port's link is the wrap-around link

  integer d;
  reg [COORD_W-1:0] c, t, k, up, down;
  reg has_minus, has_plus;
  reg [PORT_W-1:0] next;  // the first port of dimension d
  always @* begin
    next = p[PORT_W-1:0];
    {differs, plus, tie, wrap_minus, wrap_plus} = {(5*MESH_DIMS){1'b0}};
    {port_minus, port_plus} = {(2*MESH_DIMS*PORT_W){1'b0}};
    for (d = 0; d < MESH_DIMS; d = d + 1) begin
      c = mesh_here[d*COORD_W +: COORD_W];
      t = mesh_dst[d*COORD_W +: COORD_W];
      k = mesh_size[d*COORD_W +: COORD_W];
      up = t - c + (t < c ? k : {COORD_W{1'b0}});  // (t - c) mod k, the hops the plus way
      down = k - up;
      differs[d] = c != t;
      tie[d] = mesh_rings[d] && up == down;
      plus[d] = mesh_rings[d] ? up < down : t > c;
      has_minus = mesh_rings[d] || c != {COORD_W{1'b0}};
      has_plus = mesh_rings[d] || c != k - 1'b1;
      wrap_minus[d] = mesh_rings[d] && c == {COORD_W{1'b0}};
      wrap_plus[d] = mesh_rings[d] && c == k - 1'b1;
      port_minus[d*PORT_W +: PORT_W] = next;
      port_plus[d*PORT_W +: PORT_W] = next + {{(PORT_W-1){1'b0}}, has_minus};
      next = next + {{(PORT_W-1){1'b0}}, has_minus} + {{(PORT_W-1){1'b0}}, has_plus};
    end
  end
endmodule
`default_nettype wire
