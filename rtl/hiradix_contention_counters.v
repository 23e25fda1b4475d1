// Bank of per-output-port contention counters (seed-003 §1.3; router/contention_counters.h). Each cycle
// every input port may signal one increment (a header reached the head of one of its VCs; `inc_port` is
// the header's minimal output) and one decrement (a tail left one of its VCs; `dec_port` is that packet's
// minimal output). A counter adds its increments and subtracts its decrements of the cycle at once, so the
// order within a cycle (the model applies tails first) does not matter. A counter cannot exceed MAXC, the
// number of input VCs of the router (every VC head counts at most once), so CW bits never overflow; the
// update still saturates at 0 and MAXC so that a protocol error cannot wrap a counter.
module hiradix_contention_counters #(
    parameter integer P = 4,     // ports: counters, and increment/decrement lanes (one per input port)
    parameter integer MAXC = 8,  // largest count: the router's number of input VCs
    parameter integer PW = (P > 1) ? $clog2(P) : 1,
    parameter integer CW = $clog2(MAXC + 1)
) (
    input  wire          clk,
    input  wire          rst,       // synchronous, active high
    input  wire [   P-1:0] inc,
    input  wire [P*PW-1:0] inc_port,
    input  wire [   P-1:0] dec,
    input  wire [P*PW-1:0] dec_port,
    output reg  [P*CW-1:0] count
);
  localparam integer TW = CW + PW + 1;  // holds count + P increments
  localparam integer MAXI = MAXC;
  localparam [TW-1:0] MAXT = MAXI[TW-1:0];

  reg [P*CW-1:0] next;
  reg [TW-1:0] up, down;
  integer o, l;
  always @* begin
    for (o = 0; o < P; o = o + 1) begin
      up = {{(TW - CW) {1'b0}}, count[o*CW+:CW]};
      down = {TW{1'b0}};
      for (l = 0; l < P; l = l + 1) begin  // unconditional 1-bit addends: Yosys builds adder trees
        up = up + {{(TW - 1) {1'b0}}, inc[l] && inc_port[l*PW+:PW] == o[PW-1:0]};
        down = down + {{(TW - 1) {1'b0}}, dec[l] && dec_port[l*PW+:PW] == o[PW-1:0]};
      end
      up = (up <= down) ? {TW{1'b0}} : up - down;
      if (up > MAXT) up = MAXT;
      next[o*CW+:CW] = up[CW-1:0];
    end
  end

  always @(posedge clk)
    if (rst) count <= {(P * CW) {1'b0}};
    else count <= next;
endmodule
