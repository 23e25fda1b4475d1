// Round-robin pick, second implementation (same function as hiradix_rr_pick): rotate the requests right
// by the pointer, take the lowest set bit with a fixed-priority chain, rotate the index back. A pointer
// at or beyond N counts as 0. Kept for the formal equivalence check against hiradix_rr_pick.
//
// BUG = 1 builds a deliberately wrong variant (the first request strictly *after* the pointer, i.e. the
// pointer read as "last granted"); the test suite checks that the equivalence check rejects it.
module hiradix_rr_pick_rotate #(
    parameter integer N = 4,
    parameter integer W = (N > 1) ? $clog2(N) : 1,
    parameter integer BUG = 0
) (
    input  wire [N-1:0] req,
    input  wire [W-1:0] ptr,
    output reg  [N-1:0] gnt,
    output reg  [W-1:0] idx,
    output wire         any
);
  localparam integer NI = N;
  localparam [W:0] NW = NI[W:0];
  localparam [W+1:0] NS = NI[W+1:0];
  wire [W:0] start0 = ({1'b0, ptr} >= NW) ? {(W + 1) {1'b0}} : {1'b0, ptr};
  wire [W:0] next0 = start0 + 1'b1;
  wire [W:0] start = (BUG != 0) ? ((next0 >= NW) ? {(W + 1) {1'b0}} : next0) : start0;
  assign any = |req;

  integer k;
  reg found;
  reg [N-1:0] rotated;  // rotated[k] = req[(start + k) mod N]
  reg [W:0] pos;
  reg [W:0] off;        // position of the winner in the rotated vector
  reg [W+1:0] sum;
  always @* begin
    for (k = 0; k < N; k = k + 1) begin
      pos = start + k[W:0];
      if (pos >= NW) pos = pos - NW;
      rotated[k] = req[pos[W-1:0]];
    end
    found = 1'b0;
    off = {(W + 1) {1'b0}};
    for (k = 0; k < N; k = k + 1)
      if (rotated[k] && !found) begin
        found = 1'b1;
        off = k[W:0];
      end
    sum = {1'b0, start} + {1'b0, off};
    if (sum >= NS) sum = sum - NS;
    idx = found ? sum[W-1:0] : {W{1'b0}};
    gnt = found ? ({{(N - 1) {1'b0}}, 1'b1} << idx) : {N{1'b0}};
  end
endmodule
