// The hop's choice among a forwarding-table row's ports (router/routing/generic_routing.cpp's route(), its
// C++ twin; issue 27), shared by `min` (hiradix_route_generic_min.v) and valiant / ugal
// (hiradix_route_generic_valiant.v) off the Dragonfly: among the ports of `row` (a bit per output port) the
// least loaded by `port_load`; among several, the k-th in port order, k drawn from `tie_bits` (the high 32 bits of
// the decision's random state: lfsr_draw, routing/hiradix_draw.vh). `first` is the row's first port (the
// hop's min_port), `least` the least load (UGAL's Q; all ones for an empty row), `found` low for an empty row.
// Trees over the MAX_PORTS ports, heap-numbered (node n's children 2n and 2n + 1, port i at leaf
// MAX_PORTS + i), so that the depth grows with log2 of the radix: the least load of the row's ports, then per
// node how many of its leaves tie at it and whether any is in the row; the k-th tie and the row's first port
// are found by descending them (left while the left subtree holds the one sought). `on` only lets the
// Verilated model skip the search when another routing is selected. Purely combinational.
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
  output wire                        found;
  output wire [PORT_W-1:0]           pick, first;
  output wire [LOAD_W-1:0]           least;

  localparam integer LEVELS = $clog2(MAX_PORTS), NODES = 2 * MAX_PORTS, CW = PORT_W + 1;
  reg [NODES*LOAD_W-1:0] lo;     // per node, the least load of its row ports (all ones: none)
  reg [NODES*CW-1:0] ties;       // per node, its row ports at the root's least load
  reg [NODES-1:0] in_row;        // per node, whether any of its ports is in the row
  reg [LOAD_W-1:0] l, r;
  reg [W-1:0] k;
  reg [CW-1:0] left;
  reg [PORT_W:0] node, first_node;
  integer n, level;
  always @* begin
    lo = {(NODES*LOAD_W){1'b1}};
    ties = {(NODES*CW){1'b0}};
    in_row = {NODES{1'b0}};
    k = {W{1'b0}};
    left = {CW{1'b0}};
    l = {LOAD_W{1'b1}};
    r = {LOAD_W{1'b1}};
    node = 1;
    first_node = 1;
    if (on) begin
      for (n = 0; n < MAX_PORTS; n = n + 1)
        if (row[n]) begin
          lo[(MAX_PORTS + n)*LOAD_W +: LOAD_W] = port_load[n*LOAD_W +: LOAD_W];
          in_row[MAX_PORTS + n] = 1'b1;
        end
      for (n = MAX_PORTS - 1; n >= 1; n = n - 1) begin
        l = lo[(2*n)*LOAD_W +: LOAD_W];
        r = lo[(2*n+1)*LOAD_W +: LOAD_W];
        lo[n*LOAD_W +: LOAD_W] = r < l ? r : l;
        in_row[n] = in_row[2*n] | in_row[2*n+1];
      end
      for (n = 0; n < MAX_PORTS; n = n + 1)
        ties[(MAX_PORTS + n)*CW +: CW] = {{(CW-1){1'b0}}, row[n] && port_load[n*LOAD_W +: LOAD_W] == lo[LOAD_W +: LOAD_W]};
      for (n = MAX_PORTS - 1; n >= 1; n = n - 1)
        ties[n*CW +: CW] = ties[(2*n)*CW +: CW] + ties[(2*n+1)*CW +: CW];
      k = draw(tie_bits, {{(W-CW){1'b0}}, ties[CW +: CW]});
      for (level = 0; level < LEVELS; level = level + 1) begin
        left = ties[(2*node)*CW +: CW];
        if (k[CW-1:0] < left) node = 2 * node;
        else begin
          k = k - {{(W-CW){1'b0}}, left};
          node = 2 * node + 1;
        end
        first_node = in_row[2*first_node] ? 2 * first_node : 2 * first_node + 1;
      end
    end
  end
  assign found = in_row[1];
  assign least = lo[LOAD_W +: LOAD_W];
  assign pick = node[PORT_W-1:0];         // leaf MAX_PORTS + i: port i
  assign first = first_node[PORT_W-1:0];
endmodule
`default_nettype wire
