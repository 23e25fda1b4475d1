// rvlb's intermediate router on a grid topology (router/routing/grid_rvlb_routing.cpp, GridRvlbRouting::
// intermediate, its C++ twin; seed 000 §5.2), for hiradix_route_generic_valiant.v (code GRID_RVLB): without a
// divider. The 32 random bits are a fraction of 1; per dimension d = 0, 1, ... where this router's and the
// destination's coordinates differ, the fraction times k_d (a 32 x COORD_W multiplier) gives the coordinate
// (its integer part) and the next fraction (its low 32 bits); a dimension where they agree keeps this router's
// coordinate and leaves the fraction as it is. A dimension the network lacks reads size 1 and coordinate 0
// in both (mesh_geometry_rtl.h, flattened_butterfly_geometry_rtl.h), so it agrees. The router id is
// c0 + k0 * (c1 + k1 * (c2 + ...)), dimension 0 fastest (topology/mesh.h, flattened_butterfly.h).
// The chain's multiplies are not done one after the other: with K_d the product of the sizes of the
// differing dimensions up to d (1 for none) and M_d = floor(frac K_d), the integer part of the fraction times
// K_d, a differing dimension's coordinate is M_d - M_(d-1) k_d (the chain's fraction before d is
// frac K_(d-1) - M_(d-1), so its product with k_d has the integer part M_d - M_(d-1) k_d), and the M_d come
// from side-by-side multiplies (32 x COORD_W, 2 COORD_W and 3 COORD_W bits). The id likewise sums each
// coordinate times its stride (1, k0, k0 k1) instead of Horner's chain. Exactly the chain's values.
// Purely combinational.
`default_nettype none
module hiradix_grid_draw(bits, here, dst, size, root);
/* verilator lint_off UNUSEDPARAM */
`include "hiradix_fields.vh"
`include "hiradix_arith.vh"
/* verilator lint_on UNUSEDPARAM */
  localparam integer MB = MESH_DIMS * COORD_W;
  input  wire [31:0]   bits;
  input  wire [MB-1:0] here, dst, size;  // packed COORD_W bits per dimension, dimension 0 lowest
  output reg  [W-1:0]  root;

  localparam integer KW = MESH_DIMS * COORD_W;  // K_d < 2^KW
  /* verilator lint_off UNUSEDSIGNAL */
  reg [31+KW:0] product;     // frac * K_d: its high KW bits are M_d
  /* verilator lint_on UNUSEDSIGNAL */
  reg [KW-1:0] k_prod, m_prev, m_now, stride, step;
  reg [MB-1:0] coord;
  integer d;
  always @* begin
    coord = here;
    k_prod = {{(KW-1){1'b0}}, 1'b1};
    m_prev = {KW{1'b0}};
    {product, m_now, step} = {(32+3*KW){1'b0}};
    for (d = 0; d < MESH_DIMS; d = d + 1)
      if (here[d*COORD_W +: COORD_W] != dst[d*COORD_W +: COORD_W]) begin
        k_prod = k_prod * {{(KW-COORD_W){1'b0}}, size[d*COORD_W +: COORD_W]};
        product = {{KW{1'b0}}, bits} * {32'b0, k_prod};
        m_now = product[31+KW:32];
        step = m_prev * {{(KW-COORD_W){1'b0}}, size[d*COORD_W +: COORD_W]};
        coord[d*COORD_W +: COORD_W] = m_now[COORD_W-1:0] - step[COORD_W-1:0];  // < k_d: the low bits suffice
        m_prev = m_now;
      end
    root = {W{1'b0}};
    stride = {{(KW-1){1'b0}}, 1'b1};
    for (d = 0; d < MESH_DIMS; d = d + 1) begin
      step = stride * {{(KW-COORD_W){1'b0}}, coord[d*COORD_W +: COORD_W]};
      root = root + {{(W-KW){1'b0}}, step};
      stride = stride * {{(KW-COORD_W){1'b0}}, size[d*COORD_W +: COORD_W]};
    end
  end
endmodule
`default_nettype wire
