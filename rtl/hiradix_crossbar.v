// P x P crossbar of W-bit phits, mux-based: output o carries input i's phit when sel[o*NI + i] is set.
// The select is one-hot per output (the switch allocator's grant matrix, at most one input per output):
// each output is an AND-OR of its inputs, which synthesizes to W NI-input AND-OR trees per output (a
// binary select with a variable part-select would make Yosys build a shifter per output). An output with
// no select bit set carries 0. Combinational; the router registers the phits in its output queues.
`default_nettype none
module hiradix_crossbar #(
    parameter integer NI = 4,  // input ports
    parameter integer NO = 4,  // output ports
    parameter integer W = 8    // phit width in bits
) (
    input  wire [NI*W-1:0]  in,
    input  wire [NO*NI-1:0] sel,  // one-hot per output: sel[o*NI + i] = input i drives output o
    output wire [NO*W-1:0]  out
);
  genvar o, i;
  generate
    for (o = 0; o < NO; o = o + 1) begin : g_out
      wire [NI*W-1:0] gated;
      for (i = 0; i < NI; i = i + 1) begin : g_in
        assign gated[i*W +: W] = in[i*W +: W] & {W{sel[o*NI + i]}};
      end
      // OR of the gated inputs: a reduction per bit across the NI inputs.
      reg [W-1:0] acc;
      integer k;
      always @(*) begin
        acc = {W{1'b0}};
        for (k = 0; k < NI; k = k + 1) acc = acc | gated[k*W +: W];
      end
      assign out[o*W +: W] = acc;
    end
  endgenerate
endmodule
`default_nettype wire
