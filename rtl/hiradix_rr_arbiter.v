// N-input round-robin arbiter with a priority pointer and iSLIP update: the pointer moves to one past the
// granted input, modulo N, only in a cycle where `update` is high and something is granted (router/
// switch_allocator.h: output arbiters update on every grant, input-first input arbiters only when the
// output also grants their choice). Reset puts the pointer at 0, as the C++ allocator starts.
module hiradix_rr_arbiter #(
    parameter integer N = 4,
    parameter integer W = (N > 1) ? $clog2(N) : 1
) (
    input  wire         clk,
    input  wire         rst,     // synchronous, active high
    input  wire [N-1:0] req,
    input  wire         update,  // accept: move the pointer past this cycle's grant
    output wire [N-1:0] gnt,
    output wire [W-1:0] idx,
    output wire         any,
    output reg  [W-1:0] ptr
);
  hiradix_rr_pick #(.N(N), .W(W)) pick (.req(req), .ptr(ptr), .gnt(gnt), .idx(idx), .any(any));

  localparam integer LASTI = N - 1;
  localparam [W:0] LAST = LASTI[W:0];
  always @(posedge clk)
    if (rst) ptr <= {W{1'b0}};
    else if (update && any) ptr <= ({1'b0, idx} == LAST) ? {W{1'b0}} : idx + 1'b1;
endmodule
