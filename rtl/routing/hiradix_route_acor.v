// ACOR (seed-000 §3.10, Table 5-2; router/routing/acor_routing.cpp): Valiant with RVLB's restriction whose
// phase-A policy at injection is the one of this decision's level (acor_level, 0-based) in the sequence
// cfg_acor_sequence: 2L-A -g- lgl, 2L-B -gl lgl, 3L -g- -gl lgl. Every level's path takes the VC slots of
// lgl's canonical path, so packets of all levels share one VC order. The level itself (the router's for
// ACOR-Switch, the packet's for ACOR-Packet) and the recomputation that raises it are the router's.
`default_nettype none
module hiradix_route_acor(
`include "routing/hiradix_routing_port_list.vh"
);
/* verilator lint_off UNUSEDPARAM */
`include "hiradix_fields.vh"
`include "hiradix_arith.vh"
`include "topology/hiradix_dragonfly.vh"
/* verilator lint_on UNUSEDPARAM */
`include "routing/hiradix_routing_ports.vh"
`include "routing/hiradix_acor_policy.vh"

  wire on = cfg_algorithm == ALG_ACOR[ALG_W-1:0];
  wire restricted = 1'b1;
  wire [W-1:0] root_g, root_x;
  wire [LINK_W-1:0] root_link;
  hiradix_valiant_root draw_root(.*, .cfg_phase_a(acor_policy(cfg_acor_sequence, acor_level)));
  hiradix_valiant_path route(.*, .take_minimal(1'b0), .cfg_phase_a(PHASE_A_LGL[1:0]));
endmodule
`default_nettype wire
