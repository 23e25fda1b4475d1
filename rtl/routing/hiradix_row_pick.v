// The hop's choice among a forwarding-table row's ports (router/routing/generic_routing.cpp's route(), its
// C++ twin; issue 27), shared by `min` (hiradix_route_generic_min.v) and valiant / ugal
// (hiradix_route_generic_valiant.v) off the Dragonfly: among the ports of `row` (a bit per output port) the
// least loaded by `port_load`; among several, the k-th in port order, k drawn from `tie_bits` (the high 32 bits of
// the decision's random state: lfsr_draw, routing/hiradix_draw.vh). `first` is the row's first port (the
// hop's min_port), `least` the least load (UGAL's Q; all ones for an empty row), `found` low for an empty row;
// `pick` and `first` are all ones for an empty row.
// Shallow rather than small, as a switch's output selection is (docs/synthesis.md, "The row pick"): every pair
// of row ports is compared at once, and a port is least loaded when no row port is loaded less; the ties'
// counts before each port are a parallel prefix (log2 of the radix adders deep), and the port picked is the
// tie with exactly k ties before it. The draw's multiply by the tie count is replaced by a choice among the
// draws for every possible count, which depend only on the random bits and so are ready before the loads
// are compared. `on` only lets the Verilated model skip the search when another routing is selected.
// Purely combinational.
`default_nettype none
module hiradix_row_pick(on, row, port_load, tie_bits, found, pick, first, least);
/* verilator lint_off UNUSEDPARAM */
`include "hiradix_fields.vh"
`include "hiradix_arith.vh"
/* verilator lint_on UNUSEDPARAM */
`include "routing/hiradix_draw.vh"
  input  wire                        on;
  input  wire [MAX_PORTS-1:0]        row;
  input  wire [MAX_PORTS*LOAD_W-1:0] port_load;
  input  wire [31:0]                 tie_bits;
  output reg                         found;
  output reg  [PORT_W-1:0]           pick, first;
  output reg  [LOAD_W-1:0]           least;

  localparam integer LEVELS = $clog2(MAX_PORTS), CW = PORT_W + 1;
  // The loops below assign by masks, not by `if`: Yosys would make each `if` a multiplexer over the whole
  // vector, thousands of them for the pairs.
  reg [MAX_PORTS-1:0] tie;            // per port: in the row, and no row port loaded less
  reg [MAX_PORTS*CW-1:0] upto, step;  // per port: the ties at or before it (the prefix's levels)
  reg [LOAD_W-1:0] tie_load;
  reg [CW-1:0] count, ahead;  // ahead: the ties before port i
  reg [CW-1:0] k;
  reg beaten, seen;
  integer i, j, level;
  always @* begin
    tie = {MAX_PORTS{1'b0}};
    upto = {(MAX_PORTS*CW){1'b0}};
    step = {(MAX_PORTS*CW){1'b0}};
    tie_load = {LOAD_W{1'b0}};
    count = {CW{1'b0}};
    ahead = {CW{1'b0}};
    k = {CW{1'b0}};
    beaten = 1'b0;
    seen = 1'b0;
    found = 1'b0;
    pick = {PORT_W{1'b1}};
    first = {PORT_W{1'b1}};
    least = {LOAD_W{1'b1}};
    if (on) begin
      for (i = 0; i < MAX_PORTS; i = i + 1) begin
        beaten = 1'b0;
        if (row[i])  // lets the Verilated model skip the ports outside the row (one 1-bit multiplexer)
          for (j = 0; j < MAX_PORTS; j = j + 1)
            beaten = beaten | (row[j] & (port_load[j*LOAD_W +: LOAD_W] < port_load[i*LOAD_W +: LOAD_W]));
        tie[i] = row[i] & ~beaten;
      end
      // Inclusive prefix counts of the ties (Kogge-Stone: level l adds the count 2^l ports back).
      for (i = 0; i < MAX_PORTS; i = i + 1) upto[i*CW +: CW] = {{(CW-1){1'b0}}, tie[i]};
      for (level = 0; level < LEVELS; level = level + 1) begin
        step = upto;
        for (i = 1 << level; i < MAX_PORTS; i = i + 1)
          upto[i*CW +: CW] = step[i*CW +: CW] + step[(i - (1 << level))*CW +: CW];
      end
      count = upto[(MAX_PORTS-1)*CW +: CW];
      k = draw_by_count(tie_bits, count);
      pick = {PORT_W{1'b0}};
      first = {PORT_W{1'b0}};
      for (i = 0; i < MAX_PORTS; i = i + 1) begin
        ahead = upto[i*CW +: CW] - {{(CW-1){1'b0}}, tie[i]};
        pick = pick | ({PORT_W{tie[i] & (ahead == k)}} & i[PORT_W-1:0]);
        first = first | ({PORT_W{row[i] & ~seen}} & i[PORT_W-1:0]);
        tie_load = tie_load | ({LOAD_W{tie[i]}} & port_load[i*LOAD_W +: LOAD_W]);  // the ties' loads are equal
        seen = seen | row[i];
      end
      found = seen;
      if (!seen) begin
        pick = {PORT_W{1'b1}};
        first = {PORT_W{1'b1}};
      end else least = tie_load;
    end
  end

  // draw(bits, n) for n = count, chosen among its values for every n in 0 .. MAX_PORTS: each is a multiply by a
  // constant, off the loads' path. Equal to draw(bits, count) (hiradix_draw.vh).
  function [CW-1:0] draw_by_count(input [31:0] bits, input [CW-1:0] n);
    integer c;
    /* verilator lint_off UNUSEDSIGNAL */
    reg [W-1:0] d;  // below n, so its top bits are 0
    /* verilator lint_on UNUSEDSIGNAL */
    begin
      draw_by_count = {CW{1'b0}};
      for (c = 1; c <= MAX_PORTS; c = c + 1) begin
        d = draw(bits, c[W-1:0]);
        draw_by_count = draw_by_count | ({CW{n == c[CW-1:0]}} & d[CW-1:0]);
      end
    end
  endfunction
endmodule
`default_nettype wire
