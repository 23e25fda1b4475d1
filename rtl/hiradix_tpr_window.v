// TPR's traffic counters (seed-000 §3.12, Table 6-1; docs/papers/seed-000-thesis.md "§3.12 TPR"): per
// router and per group, the packets the router forwarded from its injection ports towards that group in
// the last W cycles. LIAN's injected counters (§3.13) are the same. The C++ reference is
// router/routing/tpr_counters.h (TprCounters), which tests/rtl/test_rtl_tpr.cpp compares with this block
// cycle by cycle.
//
//   count[g] at cycle t = the forwards towards g in cycles [t - W, t - 1]   (not those of t itself)
//   at the clock edge that ends cycle t:  count[g] += forwards(t) towards g - forwards(t - W) towards g
//
// The forwards of the last W cycles wait in a delay line, one cycle's E slots (valid bit and group) per
// stage: stage W - 1 holds the cycle that leaves the window. A shift register, so no write decoder; an SRAM
// ring of W entries with one read and one write port would store the same bits in less area. As an SRAM
// could not be, the line is not cleared at reset (nor does reset fan out to its thousands of flip-flops):
// the stage leaving it counts once W cycles have passed since reset.
//
// Configuration: the window W is an input, `cfg_window` (the key routing.tpr_window), so that one Verilated
// model serves every window of its size; it must be constant from reset on (change it with rst held). The
// sizes stay parameters: G, E, and W_MAX, the longest window cfg_window may take (1 .. W_MAX cycles),
// which sets the line's W_MAX stages and the counters' widths. The stage that leaves the window is read at
// W - 1 (a multiplexer over the stages; a constant W makes it wiring, and the stages past W - 1 unused).
// The synthesis flow ties cfg_window to the configured window with W_MAX = W, so that the netlist is the
// configured block's (docs/synthesis.md).
//
// State (flip-flops): W_MAX * E * (1 + GW) in the line, G * CW in the counters, ceil(log2(W_MAX + 1)) for
// the cycles since reset.
`default_nettype none
module hiradix_tpr_window #(
    parameter integer G = 9,        // groups (a counter each; the router's own is counted if given)
    parameter integer W_MAX = 200,  // the longest window, cycles (Table 6-1: HW = 200)
    parameter integer E = 4,        // the most forwards from injection ports in one cycle
    parameter integer GW = (G > 1) ? $clog2(G) : 1,
    parameter integer CW = $clog2(W_MAX * E + 1),
    parameter integer WW = $clog2(W_MAX + 1)
) (
    input  wire            clk,
    input  wire            rst,           // synchronous, active high: cycle 0, empty window
    input  wire [  WW-1:0] cfg_window,    // W, cycles: 1 .. W_MAX (Table 6-1: 200)
    input  wire [   E-1:0] fwd,           // slot e forwarded a packet from an injection port this cycle
    input  wire [E*GW-1:0] fwd_group,     // ... towards this group (< G)
    input  wire [  GW-1:0] lookup_group,  // the group whose count the routing reads this cycle
    output wire [  CW-1:0] lookup_count,  // its count (0 for a group >= G)
    output reg  [G*CW-1:0] count          // every group's count, this cycle's window
);
  localparam integer SW = E * (1 + GW);  // one cycle's slots: {valid, group} each
  reg  [W_MAX*SW-1:0] line;  // stage 0: cycle t - 1 ... stage s: cycle t - 1 - s
  reg  [      WW-1:0] age;   // cycles since reset, up to W
  wire                filled = age == cfg_window;  // stage W - 1 holds cycle t - W
  wire [      WW-1:0] last_stage = cfg_window - 1'b1;
  wire [      SW-1:0] now_slots;
  wire [      SW-1:0] old_slots = line[last_stage*SW+:SW];

  genvar e;
  generate
    for (e = 0; e < E; e = e + 1) begin : g_slot
      assign now_slots[e*(1+GW)+:1+GW] = {fwd[e], fwd_group[e*GW+:GW]};
    end
  endgenerate

  // Per group: this cycle's forwards towards it in, cycle t - W's out.
  reg [G*CW-1:0] next;
  integer g, k;
  always @* begin
    next = count;
    for (g = 0; g < G; g = g + 1)
      for (k = 0; k < E; k = k + 1) begin
        if (now_slots[k*(1+GW)+GW] && {{(32 - GW) {1'b0}}, now_slots[k*(1+GW)+:GW]} == g)
          next[g*CW+:CW] = next[g*CW+:CW] + 1'b1;
        if (filled && old_slots[k*(1+GW)+GW] && {{(32 - GW) {1'b0}}, old_slots[k*(1+GW)+:GW]} == g)
          next[g*CW+:CW] = next[g*CW+:CW] - 1'b1;
      end
  end

  // The line: stage 0 takes this cycle's slots, stage s stage s - 1's.
  generate
    if (W_MAX > 1) begin : g_line
      always @(posedge clk) line <= {line[(W_MAX-1)*SW-1:0], now_slots};
    end else begin : g_stage
      always @(posedge clk) line <= now_slots;
    end
  endgenerate

  always @(posedge clk) begin
    count <= rst ? {G * CW{1'b0}} : next;
    age <= rst ? {WW{1'b0}} : filled ? age : age + 1'b1;
  end

  assign lookup_count = ({{(32 - GW) {1'b0}}, lookup_group} < G) ? count[lookup_group*CW+:CW] : {CW{1'b0}};
endmodule
