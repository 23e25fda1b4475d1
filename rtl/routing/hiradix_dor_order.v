// Dimension order's choice: the first dimension, in a routing.dor_order-style code's order
// (router/routing/dor_rtl.h's choices: (empty)|x|xy|yx|xyz|xzy|yxz|yzx|zxy|zyx|'') with its first two
// dimensions swapped under `swap` (osha's VN 1), whose coordinate `differs`; `found` low when none does (the
// packet is at its destination router). A network's missing dimensions never differ, so the empty order, x,
// xy, xyz and '' all read 0, 1, 2. Shared by the mesh's step (hiradix_dor_step.v), the Flattened
// Butterfly's (hiradix_fb_dor_step.v) and a KNS end node's choice (hiradix_route_hybrid_dor.v). Purely
// combinational.
`default_nettype none
module hiradix_dor_order(order_code, swap, differs, found, dim);
/* verilator lint_off UNUSEDPARAM */
`include "hiradix_fields.vh"
/* verilator lint_on UNUSEDPARAM */
  input  wire [3:0]           order_code;
  input  wire                 swap;
  input  wire [MESH_DIMS-1:0] differs;
  output reg                  found;
  output reg  [1:0]           dim;

  reg [5:0] order;  // 2 bits per position, position 0 lowest

  reg [5:0] coded;
  reg [1:0] o;
  integer i;
  always @* begin
    case (order_code)
      4'd3: coded = {2'd2, 2'd0, 2'd1};  // yx
      4'd5: coded = {2'd1, 2'd2, 2'd0};  // xzy
      4'd6: coded = {2'd2, 2'd0, 2'd1};  // yxz
      4'd7: coded = {2'd0, 2'd2, 2'd1};  // yzx
      4'd8: coded = {2'd1, 2'd0, 2'd2};  // zxy
      4'd9: coded = {2'd0, 2'd1, 2'd2};  // zyx
      default: coded = {2'd2, 2'd1, 2'd0};
    endcase
    order = swap ? {coded[5:4], coded[1:0], coded[3:2]} : coded;
    found = 1'b0;
    dim = 2'd0;
    for (i = 0; i < MESH_DIMS; i = i + 1) begin
      o = order[2*i +: 2];
      if (!found && differs[o]) begin
        found = 1'b1;
        dim = o;
      end
    end
  end
endmodule
`default_nettype wire
