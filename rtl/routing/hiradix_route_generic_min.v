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

  // At most MAX_PORTS ties: PORT_W + 1 bits, so that the draw's multiplier is 32 x 7 bits, not 32 x W.
  reg [LOAD_W-1:0] least;
  reg [PORT_W:0] ties, seen;
  reg [W-1:0] k;
  reg [PORT_W-1:0] pick, first;
  reg found;
  integer i;
  always @* begin
    least = {LOAD_W{1'b1}};
    found = 1'b0;
    ties = {(PORT_W+1){1'b0}};
    seen = {(PORT_W+1){1'b0}};
    pick = {PORT_W{1'b0}};
    first = {PORT_W{1'b0}};
    k = {W{1'b0}};
    if (on) begin
      // The least load among the row's ports, and the first port of the row.
      for (i = MAX_PORTS - 1; i >= 0; i = i - 1)
        if (fwd_row[i]) begin
          first = i[PORT_W-1:0];
          found = 1'b1;
        end
      for (i = 0; i < MAX_PORTS; i = i + 1)
        if (fwd_row[i] && port_load[i*LOAD_W +: LOAD_W] < least) least = port_load[i*LOAD_W +: LOAD_W];
      for (i = 0; i < MAX_PORTS; i = i + 1)
        if (fwd_row[i] && port_load[i*LOAD_W +: LOAD_W] == least) ties = ties + 1'b1;
      // The k-th tied port in port order.
      k = draw(random[63:32], {{(W-PORT_W-1){1'b0}}, ties});
      for (i = 0; i < MAX_PORTS; i = i + 1)
        if (fwd_row[i] && port_load[i*LOAD_W +: LOAD_W] == least) begin
          if ({{(W-PORT_W-1){1'b0}}, seen} == k) pick = i[PORT_W-1:0];
          seen = seen + 1'b1;
        end
    end
  end

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
