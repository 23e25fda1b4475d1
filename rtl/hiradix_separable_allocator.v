// Separable input-first switch allocator, one allocation round per clock (router/switch_allocator.h,
// input-first mode, seed-000 §1.3). Stage 1: per input port a round-robin arbiter over its bidding VCs
// picks one VC, which requests that VC's output port. Stage 2: per output port a round-robin arbiter over
// the requesting input ports grants one. Output pointers move past the granted input on every grant;
// input pointers move past the chosen VC only when the output grants it (iSLIP, OWN_GRANT = 0, the
// default `router.input_pointer: output_grant`) or whenever the input bids (OWN_GRANT = 1, `own_grant`).
// Pointers reset to 0. At most one grant per input and per output.
// TRANSIT != 0 (`router.output_arbiter: transit_priority`): bit i marks input i as a transit port, and each
// output grants an injection input only when no transit input requests it. Each set has its own round-robin
// pointer at every output (out_ptr for the transit inputs, out_inj_ptr for the others; the transit one moves
// on a transit grant, the injection one on an injection grant), as the C++ allocator keeps them.
//
// Requests: bit (i*V + v) of `req` = VC v of input i bids; field (i*V + v) of `req_out` (PW bits) = the
// output port it wants (must be < P when it bids).
module hiradix_separable_allocator #(
    parameter integer P = 4,          // ports (inputs = outputs = router radix)
    parameter integer V = 2,          // VCs per input port (the router's largest VC count)
    parameter integer OWN_GRANT = 0,  // 0: iSLIP input pointer update; 1: move on the input's own choice
    parameter [63:0] TRANSIT = 64'd0, // transit inputs (bit i = input i), given priority; 0: plain round robin
    parameter integer PW = (P > 1) ? $clog2(P) : 1,
    parameter integer VW = (V > 1) ? $clog2(V) : 1
) (
    input  wire            clk,
    input  wire            rst,       // synchronous, active high
    input  wire [   P*V-1:0] req,
    input  wire [P*V*PW-1:0] req_out,
    output wire [     P-1:0] in_gnt,   // input i is granted ...
    output wire [  P*VW-1:0] in_vc,    // ... for this VC (valid when in_gnt[i])
    output reg  [  P*PW-1:0] in_out,   // ... towards this output (valid when in_gnt[i])
    output wire [     P-1:0] out_gnt,  // output o grants ...
    output wire [  P*PW-1:0] out_in,   // ... this input (valid when out_gnt[o])
    output wire [  P*VW-1:0] in_ptr,   // pointer state, for tests
    output wire [  P*PW-1:0] out_ptr,
    output wire [  P*PW-1:0] out_inj_ptr  // the injection inputs' pointers (0 when TRANSIT is 0)
);
  wire [  P-1:0] in_any;
  wire [P*V-1:0] in_onehot;   // stage-1 choice per input, one-hot over its VCs
  wire [P*P-1:0] out_onehot;  // stage-2 grant per output, one-hot over inputs
  reg  [P*P-1:0] out_req;     // bit (o*P + i): input i's chosen VC wants output o

  genvar i, o;
  generate
    for (i = 0; i < P; i = i + 1) begin : input_arbiter
      wire update = (OWN_GRANT != 0) ? 1'b1 : in_gnt[i];
      hiradix_rr_arbiter #(.N(V), .W(VW)) arb (
          .clk(clk), .rst(rst), .req(req[i*V+:V]), .update(update), .gnt(in_onehot[i*V+:V]),
          .idx(in_vc[i*VW+:VW]), .any(in_any[i]), .ptr(in_ptr[i*VW+:VW]));
    end
  endgenerate

  integer x, y, v;
  always @* begin
    for (x = 0; x < P; x = x + 1) begin
      in_out[x*PW+:PW] = {PW{1'b0}};
      for (v = 0; v < V; v = v + 1)
        if (in_onehot[x*V+v]) in_out[x*PW+:PW] = in_out[x*PW+:PW] | req_out[(x*V+v)*PW+:PW];
    end
    for (y = 0; y < P; y = y + 1)
      for (x = 0; x < P; x = x + 1) out_req[y*P+x] = in_any[x] && (in_out[x*PW+:PW] == y[PW-1:0]);
  end

  generate
    for (o = 0; o < P; o = o + 1) begin : output_arbiter
      hiradix_output_arbiter #(.P(P), .TRANSIT(TRANSIT)) arb (
          .clk(clk), .rst(rst), .req(out_req[o*P+:P]), .gnt(out_onehot[o*P+:P]), .idx(out_in[o*PW+:PW]),
          .any(out_gnt[o]), .ptr(out_ptr[o*PW+:PW]), .inj_ptr(out_inj_ptr[o*PW+:PW]));
    end
    for (i = 0; i < P; i = i + 1) begin : input_grant
      wire [P-1:0] column;
      for (o = 0; o < P; o = o + 1) begin : col
        assign column[o] = out_onehot[o*P+i];
      end
      assign in_gnt[i] = |column;
    end
  endgenerate
endmodule
