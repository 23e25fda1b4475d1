// ACOR-Switch's level bookkeeping (seed-000 §3.10, docs/papers/seed-000-thesis.md §3.10): one level per
// router, raised by the heads blocked (recomputed) at its injection ports, lowered with hysteresis at the
// end of each interval. The C++ reference is router/routing/acor_level.h (AcorSwitchLevel), which
// tests/rtl/test_rtl_acor.cpp compares with this block cycle by cycle. Levels are 0 .. L-1, L = 3 for the
// sequence 3l and 2 for 2l-a / 2l-b.
//
//   cycle t = k * HI, k >= 1 (an interval end), before the events of cycle t:
//       if level > 0 and blocked < DT[level - 1]: level -= 1;   blocked = 0
//   each of the `events` recomputations of cycle t, in turn:
//       blocked += 1;   if level < L - 1 and blocked > IT[level]: level += 1
//
// `level_now` is the level at cycle t after an interval end at t and before t's events; `level_next` the
// level after the cycle's `events` so far, which a decision made after them reads (the network's
// co-simulation drives `events` with the recomputations of the cycle before each decision, as the C++
// model's level moves at once); `level` and `blocked` are the registers (after cycle t - 1). The routing unit takes the level as an
// input (`acor_level`), so this block is the state one router keeps for it.
//
// Configuration: the sequence, IT_1, IT_2, DT_1, DT_2 and HI are inputs (`cfg_*`, the keys
// routing.acor_sequence, acor_increase_1/2, acor_decrease_1/2, acor_interval), so that one Verilated model
// serves every configuration of its size; they must be constant from reset on (change them with rst
// held). The sizes stay parameters: E, and HI_MAX, the longest interval cfg_interval may take (1 ..
// HI_MAX), which sizes the blocked count and the cycle within the interval. The thresholds take the keys'
// whole range (0 .. 1,000,000 in TW = 20 bits). The synthesis flow ties the inputs to the configured
// constants with HI_MAX = HI, so that the netlist is the configured block's (docs/synthesis.md).
//
// State (flip-flops): 2 (level) + BW (blocked) + bits of HI_MAX - 1 (the cycle within the interval) + 1
// (past cycle 0); Yosys may trim bits a constant threshold makes unreachable.
`default_nettype none
module hiradix_acor_level #(
    parameter integer E = 4,         // the most recomputations in one cycle (the router's injection heads)
    parameter integer HI_MAX = 500,  // the longest interval, cycles (Table 5-3: 500)
    parameter integer TW = 20,       // bits of a threshold input (the keys' range 0 .. 1,000,000)
    parameter integer EW = $clog2(E + 1),
    parameter integer BW = $clog2(E * HI_MAX + 1),
    parameter integer HW = $clog2(HI_MAX + 1)
) (
    input  wire          clk,
    input  wire          rst,                // synchronous, active high: cycle 0, level 0
    input  wire [   1:0] cfg_acor_sequence,  // ACOR_SEQ_* (hiradix_fields.vh): 3 levels for 3l, else 2
    input  wire [TW-1:0] cfg_it1,            // rise from level 0 to 1 above this many blocked heads (Table 5-3: 15)
    input  wire [TW-1:0] cfg_it2,            // rise from 1 to 2 (3 levels only; Table 5-3: 500, PB-ACOR 50)
    input  wire [TW-1:0] cfg_dt1,            // fall from 1 to 0 below this many at an interval end (5)
    input  wire [TW-1:0] cfg_dt2,            // fall from 2 to 1 (3 levels only; 15)
    input  wire [HW-1:0] cfg_interval,       // HI, cycles: 1 .. HI_MAX (500)
    input  wire [EW-1:0] events,             // heads recomputed at the injection ports this cycle (at most E)
    output reg  [   1:0] level_now,
    output reg  [   1:0] level_next,          // after this cycle's `events`: what `level` takes at the edge
    output reg  [   1:0] level,
    output reg  [  BW-1:0] blocked
);
  /* verilator lint_off UNUSEDPARAM */
`include "hiradix_fields.vh"
  /* verilator lint_on UNUSEDPARAM */
  localparam integer CW = (HI_MAX > 1) ? $clog2(HI_MAX) : 1;
  reg [CW-1:0] phase;  // the cycle within the interval
  reg          past0;  // cycle 0 has passed (no interval ends at cycle 0)
  wire three = {30'd0, cfg_acor_sequence} == ACOR_SEQ_3L;
  wire last = {{(32 - CW) {1'b0}}, phase} == {{(32 - HW) {1'b0}}, cfg_interval} - 1;
  wire end_now = past0 && phase == {CW{1'b0}};

  // The arithmetic in 32-bit integers (at most E * HI_MAX blocked heads, thresholds below 2^TW), narrowed
  // into the registers. The n events of a cycle are not applied one by one (a chain of E comparators):
  // blocked only grows, so from level 0 the first rise happens iff n >= 1 and b + n > IT1, at event
  // k1 = max(1, IT1 - b + 1), and a second one iff some later event passes IT2: n > k1 and b + n > IT2;
  // from level 1 the rise happens iff n >= 1 and b + n > IT2 (blocked may already exceed IT2 when
  // IT2 < IT1: only an event raises the level).
  integer lv_now, lv, b, n, it1, it2, dt1, dt2;
  always @* begin
    it1 = {{(32 - TW) {1'b0}}, cfg_it1};
    it2 = {{(32 - TW) {1'b0}}, cfg_it2};
    dt1 = {{(32 - TW) {1'b0}}, cfg_dt1};
    dt2 = {{(32 - TW) {1'b0}}, cfg_dt2};
    n = {{(32 - EW) {1'b0}}, events};
    lv_now = {30'd0, level};
    if (end_now && lv_now > 0 && {{(32 - BW) {1'b0}}, blocked} < (lv_now == 1 ? dt1 : dt2)) lv_now = lv_now - 1;
    b = end_now ? 0 : {{(32 - BW) {1'b0}}, blocked};
    lv = lv_now;
    if (lv == 0 && n >= 1 && b + n > it1) begin
      lv = 1;
      if (three && n >= 2 && b + n > it1 + 1 && b + n > it2) lv = 2;
    end else if (lv == 1 && three && n >= 1 && b + n > it2) begin
      lv = 2;
    end
    b = b + n;
    level_now = lv_now[1:0];
    level_next = lv[1:0];
  end

  always @(posedge clk)
    if (rst) begin
      level <= 2'd0;
      blocked <= {BW{1'b0}};
      phase <= {CW{1'b0}};
      past0 <= 1'b0;
    end else begin
      level <= level_next;
      blocked <= b[BW-1:0];
      phase <= last ? {CW{1'b0}} : phase + 1'b1;
      past0 <= 1'b1;
    end
endmodule
