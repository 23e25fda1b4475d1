// The routing unit's random source as a register: loads a seed, then advances one decision's worth of
// steps (lfsr_advance) in every cycle with `advance` set. The combinational step also sits inside
// hiradix_routing_unit, which takes the state as an input so that one unit can serve many routers.
`default_nettype none
module hiradix_lfsr(clk, load, seed, advance, state);
/* verilator lint_off UNUSEDPARAM */
`include "hiradix_fields.vh"
/* verilator lint_on UNUSEDPARAM */
`include "lfsr_advance.vh"
  input  wire              clk;
  input  wire              load;
  input  wire [LFSR_W-1:0] seed;
  input  wire              advance;
  output reg  [LFSR_W-1:0] state;

  always @(posedge clk)
    if (load) state <= seed;
    else if (advance) state <= lfsr_advance(state);
endmodule
`default_nettype wire
