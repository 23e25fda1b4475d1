// A switch allocator's output arbiter (router/switch_allocator.h, pick_input and out_pointer): a round-robin
// arbiter over the P inputs requesting this output, whose pointer moves past the granted input on every
// grant. TRANSIT != 0 (`router.output_arbiter: transit_priority`): bit i marks input i as a transit port, and
// the output grants an injection input only when no transit input requests it; each set has its own
// pointer (ptr for the transit inputs, inj_ptr for the others), moved by a grant to one of its own.
// Shared by hiradix_separable_allocator.v and hiradix_voq_allocator.v.
module hiradix_output_arbiter #(
    parameter integer P = 4,
    parameter [63:0] TRANSIT = 64'd0,
    parameter integer PW = (P > 1) ? $clog2(P) : 1
) (
    input  wire          clk,
    input  wire          rst,      // synchronous, active high
    input  wire [ P-1:0] req,      // inputs requesting this output
    output wire [ P-1:0] gnt,      // one-hot
    output wire [PW-1:0] idx,
    output wire          any,
    output wire [PW-1:0] ptr,
    output wire [PW-1:0] inj_ptr   // 0 when TRANSIT is 0
);
  generate
    if (TRANSIT == 64'd0) begin : round_robin
      hiradix_rr_arbiter #(.N(P), .W(PW)) arb (
          .clk(clk), .rst(rst), .req(req), .update(1'b1), .gnt(gnt), .idx(idx), .any(any), .ptr(ptr));
      assign inj_ptr = {PW{1'b0}};
    end else begin : transit_priority
      wire [P-1:0] t_gnt, j_gnt;
      wire [PW-1:0] t_idx, j_idx;
      wire t_any, j_any;
      hiradix_rr_arbiter #(.N(P), .W(PW)) transit (
          .clk(clk), .rst(rst), .req(req & TRANSIT[P-1:0]), .update(1'b1), .gnt(t_gnt), .idx(t_idx), .any(t_any),
          .ptr(ptr));
      hiradix_rr_arbiter #(.N(P), .W(PW)) injection (
          .clk(clk), .rst(rst), .req(req & ~TRANSIT[P-1:0]), .update(!t_any), .gnt(j_gnt), .idx(j_idx), .any(j_any),
          .ptr(inj_ptr));
      assign gnt = t_any ? t_gnt : j_gnt;
      assign idx = t_any ? t_idx : j_idx;
      assign any = t_any | j_any;
    end
  endgenerate
endmodule
