// A routing.dor_order-style code as the dimensions in order (router/routing/dor_rtl.h's choices: (empty)|x|
// xy|yx|xyz|xzy|yxz|yzx|zxy|zyx|''), 2 bits per position, position 0 lowest, with its first two dimensions
// swapped under `swap` (osha's VN 1). A network's missing dimensions never differ, so the empty order, x,
// xy, xyz and '' all read 0, 1, 2. Shared by the mesh's step (hiradix_dor_step.v) and the Flattened
// Butterfly's (hiradix_fb_dor_step.v). Purely combinational.
`default_nettype none
module hiradix_dor_order(order_code, swap, order);
  input  wire [3:0] order_code;
  input  wire       swap;
  output reg  [5:0] order;

  reg [5:0] coded;
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
  end
endmodule
`default_nettype wire
