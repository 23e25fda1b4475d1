// Valiant's candidate intermediate routers R_ROOT of one random state, one per phase-A policy (seed-000
// §3.2, Table 5-1; router/routing/valiant_routing.cpp), as {group, index} pairs of ROUTER_W bits each, and
// the global links that lead to the two drawn as a link's far end (GEOM_W bits each; the lgl draw's link is
// the group table's row, the unit's lgl_link):
//   in_x        RVLB's draw inside this group (any of its a routers; seed-000 §3.3), from the low 32 bits
//   lgl_g/lgl_x any router: draw(bits, a * groups), whose / a is draw(bits, groups)
//   g_g/g_x     -g-: the far end of one of this router's own global links, draw(bits, h)
//   gl_x        -gl: any router of -g-'s group, from the high 32 bits (its group is g_g)
//   lg_g/lg_x   lg-: the far end of any global link of this group, draw(bits, a * h) (its owner draw(bits, a))
//   g_k         -g-'s (and -gl's) link: this router's global port k
//   lg_ox/lg_k  lg-'s link: its owner in this group and its global port there
// Nothing here divides: the far end of a global link is found as a real router finds it (global_peer below).
// They depend only on the random state and on this router's place, not on the packet, so a router computes
// them one decision ahead from its LFSR register (the synthesized unit registers them: hiradix_routing_unit's
// DRAWS_REGISTERED), and each decision only selects one (hiradix_valiant_root.v).
`default_nettype none
module hiradix_valiant_draws(p, a, h, groups, here_g, here_x, peer_index_above, peer_index_below, cfg_palmtree, random,
                             draws);
/* verilator lint_off UNUSEDPARAM */
`include "hiradix_fields.vh"
`include "hiradix_arith.vh"
`include "topology/hiradix_dragonfly.vh"
/* verilator lint_on UNUSEDPARAM */
`include "routing/hiradix_draw.vh"
  /* verilator lint_off UNUSEDSIGNAL */
  input  wire [W-1:0]       p, a, h, groups;  // p: read by the path functions, not by the draws
  input  wire [W-1:0]       here_g, here_x;
  // The consecutive arrangement's far ends (straps of this router's group, hiradix_routing_unit.v): where a
  // global link of this group lands in a group numbered above / below this one.
  input  wire [GEOM_W-1:0]  peer_index_above, peer_index_below;
  input  wire               cfg_palmtree;
  input  wire [LFSR_W-1:0]  random;
  /* verilator lint_on UNUSEDSIGNAL */
  output wire [DRAWS_W-1:0] draws;

`include "topology/hiradix_global_peer.vh"

  /* verilator lint_off UNUSEDSIGNAL */
  reg [W-1:0] k_draw, link, link_x, link_k, in_x, lgl_g, lgl_x, g_g, g_x, gl_x, lg_g, lg_x;  // < 2^ROUTER_W
  /* verilator lint_on UNUSEDSIGNAL */
  always @* begin
    k_draw = draw(random[31:0], h);
    link = draw(random[31:0], a * h);
    link_x = draw(random[31:0], a);  // = link / h: floor(floor(bits * a * h / 2^32) / h) = floor(bits * a / 2^32)
    in_x = draw(random[31:0], a);
    lgl_g = draw(random[31:0], groups);
    lgl_x = draw(random[31:0], a * groups) - lgl_g * a;
    {g_g, g_x} = global_peer(here_x, k_draw);
    gl_x = draw(random[63:32], a);
    link_k = link - link_x * h;
    {lg_g, lg_x} = global_peer(link_x, link_k);
  end
  assign draws = {in_x[ROUTER_W-1:0], lgl_g[ROUTER_W-1:0], lgl_x[ROUTER_W-1:0], g_g[ROUTER_W-1:0],
                  g_x[ROUTER_W-1:0], gl_x[ROUTER_W-1:0], lg_g[ROUTER_W-1:0], lg_x[ROUTER_W-1:0],
                  k_draw[GEOM_W-1:0], link_x[GEOM_W-1:0], link_k[GEOM_W-1:0]};
endmodule
`default_nettype wire
