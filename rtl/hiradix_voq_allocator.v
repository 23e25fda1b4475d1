// Switch allocator of a router with per-output virtual output queues and a crossbar input per (input,
// output) pair (router.queues voq_sw; router/switch_allocator.h, allocate_per_output; seed 001's VOQ
// switches), one allocation round per clock. Each output's round-robin arbiter grants one of the inputs with
// a VOQ bidding for it, so an input may win several outputs in one round; each (input, output) pair's own
// round-robin arbiter picks which of the input's VCs' VOQs to that output goes. Output pointers move past
// the granted input on every grant, a pair's pointer past its granted VC when its output grants it. Pointers
// reset to 0. TRANSIT != 0 (`router.output_arbiter: transit_priority`): hiradix_output_arbiter.v.
//
// Requests: bit ((i*P + o)*V + v) of `req` = the VOQ of VC v of input i towards output o bids.
module hiradix_voq_allocator #(
    parameter integer P = 4,          // ports (inputs = outputs = router radix)
    parameter integer V = 2,          // VCs per input port (the router's largest VC count)
    parameter [63:0] TRANSIT = 64'd0, // transit inputs (bit i = input i), given priority; 0: plain round robin
    parameter integer PW = (P > 1) ? $clog2(P) : 1,
    parameter integer VW = (V > 1) ? $clog2(V) : 1
) (
    input  wire              clk,
    input  wire              rst,       // synchronous, active high
    input  wire [P*P*V-1:0]  req,
    output wire [     P-1:0] out_gnt,   // output o grants ...
    output wire [  P*PW-1:0] out_in,    // ... this input (valid when out_gnt[o])
    output reg  [  P*VW-1:0] out_vc,    // ... for the VOQ of this VC (valid when out_gnt[o])
    output wire [  P*PW-1:0] out_ptr,   // pointer state, for tests
    output wire [  P*PW-1:0] out_inj_ptr,  // the injection inputs' pointers (0 when TRANSIT is 0)
    output wire [P*P*VW-1:0] pair_ptr      // field (i*P + o): input i's pointer over its VCs towards o
);
  reg  [P*P-1:0] out_req;      // bit (o*P + i): input i has a VOQ bidding for output o
  wire [P*P-1:0] out_onehot;   // bit (o*P + i): output o grants input i
  wire [P*P*VW-1:0] pair_vc;   // field (i*P + o): the VC input i's arbiter towards o picks
  wire [P*P-1:0] pair_any;

  genvar i, o;
  generate
    for (i = 0; i < P; i = i + 1) begin : input_port
      for (o = 0; o < P; o = o + 1) begin : pair
        /* verilator lint_off UNUSEDSIGNAL */
        wire [V-1:0] gnt;  // the index is what the output mux needs
        /* verilator lint_on UNUSEDSIGNAL */
        hiradix_rr_arbiter #(.N(V), .W(VW)) arb (
            .clk(clk), .rst(rst), .req(req[(i*P+o)*V+:V]), .update(out_onehot[o*P+i]), .gnt(gnt),
            .idx(pair_vc[(i*P+o)*VW+:VW]), .any(pair_any[i*P+o]), .ptr(pair_ptr[(i*P+o)*VW+:VW]));
      end
    end
  endgenerate

  integer x, y;
  always @* begin
    for (y = 0; y < P; y = y + 1)
      for (x = 0; x < P; x = x + 1) out_req[y*P+x] = pair_any[x*P+y];
  end

  generate
    for (o = 0; o < P; o = o + 1) begin : output_arbiter
      hiradix_output_arbiter #(.P(P), .TRANSIT(TRANSIT)) arb (
          .clk(clk), .rst(rst), .req(out_req[o*P+:P]), .gnt(out_onehot[o*P+:P]), .idx(out_in[o*PW+:PW]),
          .any(out_gnt[o]), .ptr(out_ptr[o*PW+:PW]), .inj_ptr(out_inj_ptr[o*PW+:PW]));
    end
  endgenerate

  // The granted pair's VC, per output (a one-hot mux over the inputs).
  integer z, w;
  always @* begin
    for (w = 0; w < P; w = w + 1) begin
      out_vc[w*VW+:VW] = {VW{1'b0}};
      for (z = 0; z < P; z = z + 1)
        if (out_onehot[w*P+z]) out_vc[w*VW+:VW] = out_vc[w*VW+:VW] | pair_vc[(z*P+w)*VW+:VW];
    end
  end
endmodule
