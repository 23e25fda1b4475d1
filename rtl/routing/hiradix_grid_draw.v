// rvlb's intermediate router on a grid topology (router/routing/grid_rvlb_routing.cpp, GridRvlbRouting::
// intermediate, its C++ twin; seed 000 §5.2), for hiradix_route_generic_valiant.v (code GRID_RVLB): without a
// divider. The 32 random bits are a fraction of 1; per dimension d = 0, 1, ... where this router's and the
// destination's coordinates differ, the fraction times k_d (a 32 x COORD_W multiplier) gives the coordinate
// (its integer part) and the next fraction (its low 32 bits); a dimension where they agree keeps this router's
// coordinate and leaves the fraction as it is. A dimension the network lacks reads size 1 and coordinate 0
// in both (mesh_geometry_rtl.h, flattened_butterfly_geometry_rtl.h), so it agrees. The router id is
// c0 + k0 * (c1 + k1 * (c2 + ...)), dimension 0 fastest (topology/mesh.h, flattened_butterfly.h).
// at_here and at_dst say whether the drawn router is this router or the destination's, from the coordinates,
// so that the caller's degenerate-draw test does not wait for the id's multiplies. (The chain's multiplies
// side by side -- coordinate d = floor(frac K_d) - floor(frac K_(d-1)) k_d, K_d the product of the differing
// sizes up to d -- were measured on an 8 x 8 mesh: 9 % faster in one stage at 58 % more area; not kept,
// docs/synthesis.md.) Purely combinational.
`default_nettype none
module hiradix_grid_draw(bits, here, dst, size, root, at_here, at_dst);
/* verilator lint_off UNUSEDPARAM */
`include "hiradix_fields.vh"
`include "hiradix_arith.vh"
/* verilator lint_on UNUSEDPARAM */
  localparam integer MB = MESH_DIMS * COORD_W;
  input  wire [31:0]   bits;
  input  wire [MB-1:0] here, dst, size;  // packed COORD_W bits per dimension, dimension 0 lowest
  output reg  [W-1:0]  root;
  output wire          at_here, at_dst;

  reg [31:0] frac;
  /* verilator lint_off UNUSEDSIGNAL */
  reg [31+COORD_W:0] product;  // its low 32 bits are the next fraction
  reg [W+COORD_W-1:0] scaled;  // root * k: the id fits W bits
  /* verilator lint_on UNUSEDSIGNAL */
  reg [MB-1:0] coord;
  integer d;
  always @* begin
    frac = bits;
    coord = here;
    product = {(32+COORD_W){1'b0}};
    for (d = 0; d < MESH_DIMS; d = d + 1)
      if (here[d*COORD_W +: COORD_W] != dst[d*COORD_W +: COORD_W]) begin
        product = {{COORD_W{1'b0}}, frac} * {32'b0, size[d*COORD_W +: COORD_W]};
        coord[d*COORD_W +: COORD_W] = product[31+COORD_W:32];
        frac = product[31:0];
      end
    root = {W{1'b0}};
    scaled = {(W+COORD_W){1'b0}};
    for (d = MESH_DIMS - 1; d >= 0; d = d - 1) begin
      scaled = {{COORD_W{1'b0}}, root} * {{W{1'b0}}, size[d*COORD_W +: COORD_W]};
      root = scaled[W-1:0] + {{(W-COORD_W){1'b0}}, coord[d*COORD_W +: COORD_W]};
    end
  end
  assign at_here = coord == here;
  assign at_dst = coord == dst;
endmodule
`default_nettype wire
