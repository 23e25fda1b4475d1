// `min` on the topologies other than the Dragonfly (router/routing/generic_min_routing.cpp and
// generic_routing.cpp, its C++ twin; issue 27), driven by a forwarding table as a switch is: the row of this
// router's table for the packet's destination router arrives as the input `fwd_row` (a bit per output port:
// minimal towards it; the table is rtl/hiradix_forwarding_table.v, filled at start). Among the row's ports the
// least loaded by `port_load`; among several, the k-th in port order, k drawn from the high 32 bits of the
// decision's random state (lfsr_draw, routing/hiradix_draw.vh). VC = the hops already taken on the one
// router-to-router class, which the header counts in its local counter (rc_interface.cpp's pack_route_state);
// the hop counts one. At the destination router (the shared geometry's dst_router, dst / p: terminals sit at
// routers 0..nodes/p-1 on every family this serves, a KNS's switches after them) the ejection port dst_port,
// VC 0, the header untouched. Never misroutes; min_port is the row's first port.
`default_nettype none
module hiradix_route_generic_min(
`include "routing/hiradix_routing_port_list.vh"
);
/* verilator lint_off UNUSEDPARAM */
`include "hiradix_fields.vh"
`include "hiradix_arith.vh"
/* verilator lint_on UNUSEDPARAM */
`include "routing/hiradix_routing_ports.vh"
`include "routing/hiradix_draw.vh"

  // `on` only lets the Verilated model skip the search when another routing is selected.
  wire on = cfg_algorithm == ALG_GENERIC_MIN[ALG_W-1:0];
  wire eject = here == dst_router;

  // Trees over the MAX_PORTS ports, heap-numbered (node n's children 2n and 2n + 1, port i at leaf
  // MAX_PORTS + i), so that the depth grows with log2 of the radix: the least load of the row's ports, then
  // per node how many of its leaves tie at it and whether any is in the row; the k-th tie and the row's first
  // port are found by descending them (left while the left subtree holds the one sought).
  localparam integer LEVELS = $clog2(MAX_PORTS), NODES = 2 * MAX_PORTS, CW = PORT_W + 1;
  reg [NODES*LOAD_W-1:0] least;  // per node, the least load of its row ports (all ones: none)
  reg [NODES*CW-1:0] ties;       // per node, its row ports at the root's least load
  reg [NODES-1:0] in_row;        // per node, whether any of its ports is in the row
  reg [LOAD_W-1:0] l, r;
  reg [W-1:0] k;
  reg [CW-1:0] left;
  reg [PORT_W:0] node, first_node;
  integer n, level;
  always @* begin
    least = {(NODES*LOAD_W){1'b1}};
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
        if (fwd_row[n]) begin
          least[(MAX_PORTS + n)*LOAD_W +: LOAD_W] = port_load[n*LOAD_W +: LOAD_W];
          in_row[MAX_PORTS + n] = 1'b1;
        end
      for (n = MAX_PORTS - 1; n >= 1; n = n - 1) begin
        l = least[(2*n)*LOAD_W +: LOAD_W];
        r = least[(2*n+1)*LOAD_W +: LOAD_W];
        least[n*LOAD_W +: LOAD_W] = r < l ? r : l;
        in_row[n] = in_row[2*n] | in_row[2*n+1];
      end
      for (n = 0; n < MAX_PORTS; n = n + 1)
        ties[(MAX_PORTS + n)*CW +: CW] = {{(CW-1){1'b0}}, fwd_row[n] && port_load[n*LOAD_W +: LOAD_W] == least[LOAD_W +: LOAD_W]};
      for (n = MAX_PORTS - 1; n >= 1; n = n - 1)
        ties[n*CW +: CW] = ties[(2*n)*CW +: CW] + ties[(2*n+1)*CW +: CW];
      k = draw(random[63:32], {{(W-CW){1'b0}}, ties[CW +: CW]});
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
  wire found = in_row[1];
  wire [PORT_W-1:0] pick = node[PORT_W-1:0], first = first_node[PORT_W-1:0];  // leaf MAX_PORTS + i: port i

  wire hop = !eject && found;
  assign out_port = hop ? pick : dst_port[PORT_W-1:0];
  assign min_port = hop ? first : dst_port[PORT_W-1:0];
  assign out_vc = hop ? rs_in[RS_LHOPS_LSB +: HOPS_W] : {VC_W{1'b0}};
  reg [RS_W-1:0] rs;
  always @* begin
    rs = rs_in;
    if (hop) rs[RS_LHOPS_LSB +: HOPS_W] = rs_in[RS_LHOPS_LSB +: HOPS_W] + 1'b1;
  end
  assign rs_out = rs;
  assign misroute = 1'b0;
  assign no_slot = 1'b0;
endmodule
`default_nettype wire
