// `min` on the topologies other than the Dragonfly (router/routing/generic_min_routing.cpp and
// generic_routing.cpp, its C++ twin; issue 27), driven by a forwarding table as a switch is: the row of this
// router's table for the packet's destination router arrives as the input `fwd_row` (a bit per output port:
// minimal towards it; the table is rtl/hiradix_forwarding_table.v, filled at start). Among the row's ports the
// least loaded by `port_load`; among several, the k-th in port order, k drawn from the high 32 bits of the
// decision's random state (lfsr_draw, routing/hiradix_draw.vh): routing/hiradix_row_pick.v, shared with valiant and
// ugal off the Dragonfly. VC = the hops already taken on the one
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

  // `on` only lets the Verilated model skip the search when another routing is selected.
  wire on = cfg_algorithm == ALG_GENERIC_MIN[ALG_W-1:0];
  wire eject = here == dst_router;
  wire found;
  wire [PORT_W-1:0] pick, first;
  /* verilator lint_off UNUSEDSIGNAL */
  wire [LOAD_W-1:0] least;  // UGAL's Q (hiradix_route_generic_valiant.v); min does not read it
  /* verilator lint_on UNUSEDSIGNAL */
  hiradix_row_pick choose(.on(on), .row(fwd_row), .port_load(port_load), .tie_bits(random[63:32]), .found(found),
                          .pick(pick), .first(first), .least(least));

  wire hop = !eject && found;
  assign out_port = hop ? pick : dst_port[PORT_W-1:0];
  assign min_port = hop ? first : dst_port[PORT_W-1:0];
  assign out_vc = hop ? rs_in[RS_LHOPS_LSB +: HOPS_W] : {VC_W{1'b0}};
`include "routing/hiradix_count_hop.vh"
endmodule
`default_nettype wire
