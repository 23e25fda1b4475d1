// Round-robin pick, combinational: the first requesting input at or after `ptr`, cyclically; a pointer
// at or beyond N picks the lowest request. Bit for bit SwitchAllocator::pick (router/switch_allocator.h).
//
// Implementation: a thermometer mask keeps the requests at or after the pointer; if any is left, the
// lowest of them wins, otherwise the lowest request overall (the upper half of a double-width masked
// priority encoder). `hiradix_rr_pick_rotate.v` is a second, structurally different implementation; a Yosys
// equivalence proof (tests/rtl/equiv_rr_pick.sh, ctest RtlEquiv.*) shows both compute the same function.
module hiradix_rr_pick #(
    parameter integer N = 4,
    parameter integer W = (N > 1) ? $clog2(N) : 1
) (
    input  wire [N-1:0] req,
    input  wire [W-1:0] ptr,
    output wire [N-1:0] gnt,  // one-hot, zero if no request
    output reg  [W-1:0] idx,  // index of the granted input (0 if none)
    output wire         any
);
  wire [N-1:0] mask = {N{1'b1}} << ptr;
  wire [N-1:0] high = req & mask;
  wire [N-1:0] pool = (|high) ? high : req;
  assign gnt = pool & (~pool + {{(N - 1) {1'b0}}, 1'b1});
  assign any = |req;

  integer i;
  always @* begin
    idx = {W{1'b0}};
    for (i = 0; i < N; i = i + 1) if (gnt[i]) idx = idx | i[W-1:0];
  end
endmodule
