// MIN (seed-000 §3.1; router/routing/min_routing.cpp): the minimal hop towards the destination, on the VC
// of its slot in the canonical path l1 g1 l2 (or the hop count). Never misroutes; the header keeps its
// Valiant and in-transit fields and counts the hop.
`default_nettype none
module hiradix_route_min(
`include "routing/hiradix_routing_port_list.vh"
);
/* verilator lint_off UNUSEDPARAM */
`include "hiradix_fields.vh"
`include "hiradix_arith.vh"
`include "topology/hiradix_dragonfly.vh"
/* verilator lint_on UNUSEDPARAM */
`include "routing/hiradix_routing_ports.vh"

  // `on` only lets the Verilated model skip the VC when another routing is selected.
  wire on = cfg_algorithm == ALG_MIN[ALG_W-1:0];
  wire [HOPS_W-1:0] local_hops, global_hops;
  wire phase_global;
  hiradix_path_vc path_vc(
      .hop(on && here != dst_router), .global_hop(minimal >= p + a - 1), .valiant_paths(1'b0), .intra_group(1'b0),
      .cfg_phase_a(cfg_phase_a), .phase(rs_in[RS_PHASE_BIT]), .cfg_hop_count_vcs(cfg_hop_count_vcs),
      .local_hops_in(rs_in[RS_LHOPS_LSB +: HOPS_W]), .global_hops_in(rs_in[RS_GHOPS_LSB +: HOPS_W]),
      .phase_global_in(rs_in[RS_PGLOBAL_BIT]), .vc(out_vc), .no_slot(no_slot), .local_hops(local_hops),
      .global_hops(global_hops), .phase_global(phase_global));

  assign out_port = minimal[PORT_W-1:0];  // at the destination router, its ejection port
  assign min_port = minimal[PORT_W-1:0];
  assign misroute = 1'b0;
  assign rs_out = {rs_in[RS_FLAGS_HI_LSB +: 6], rs_in[RS_MANDG_BIT], rs_in[RS_LMIS_BIT], phase_global, global_hops, local_hops,
                   rs_in[RS_PATH_LSB +: 3], rs_in[RS_PHASE_BIT], rs_in[RS_INTER_LSB +: ROUTER_W]};
endmodule
`default_nettype wire
