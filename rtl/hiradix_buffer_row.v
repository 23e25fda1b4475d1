// One row (entry) of a flip-flop buffer array: W flip-flops that take the written phit. The costing of
// the input buffers and output queues (hiradix synth, synth/synth_datapath.cpp) scales this row: the
// array's area is rows x this row's flip-flops, and a write of one phit clocks one row (a clock-gated
// array: the other rows hold and cost only leakage), so this row's energy per cycle with new data every
// cycle is the energy of one phit write.
`default_nettype none
module hiradix_buffer_row #(
    parameter integer W = 8  // phit width in bits
) (
    input  wire         clk,
    input  wire [W-1:0] d,
    output reg  [W-1:0] q
);
  always @(posedge clk) q <= d;
endmodule
`default_nettype wire
