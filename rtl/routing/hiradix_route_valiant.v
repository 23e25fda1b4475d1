// Valiant (seed-000 §3.2, with the phase-A policies lgl, lg-, -gl, -g- of Table 5-1;
// router/routing/valiant_routing.cpp): every packet is routed minimally to an intermediate router R_ROOT
// drawn at injection, then minimally to its destination. RVLB (seed-000 §3.3; docs/papers/seed-000-thesis.md
// "RVLB and RPB") is the same with `restricted`: a destination in the source group draws R_ROOT inside
// that group (path l - l).
`default_nettype none
module hiradix_route_valiant(
`include "routing/hiradix_routing_port_list.vh"
);
/* verilator lint_off UNUSEDPARAM */
`include "hiradix_fields.vh"
`include "hiradix_arith.vh"
`include "topology/hiradix_dragonfly.vh"
/* verilator lint_on UNUSEDPARAM */
`include "routing/hiradix_routing_ports.vh"

  wire restricted = cfg_algorithm == ALG_RVLB[ALG_W-1:0];
  wire on = cfg_algorithm == ALG_VALIANT[ALG_W-1:0] || restricted;
  wire [W-1:0] root_g, root_x;
  wire [LINK_W-1:0] root_link;
  hiradix_valiant_root draw_root(.*);
  hiradix_valiant_path route(.*, .take_minimal(1'b0));
endmodule
`default_nettype wire
