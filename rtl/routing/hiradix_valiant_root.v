// Valiant's intermediate router R_ROOT (group root_g, index root_x) of one decision: the candidate of its
// phase-A policy among the draws of the decision's random state (hiradix_valiant_draws.v; seed-000 §3.2,
// Table 5-1; router/routing/valiant_routing.cpp). Off injection, or with `on` low, R_ROOT is this router
// (the draw is then not used). With `restricted` (RVLB, RPB: seed-000 §3.3) and the destination in this
// group, R_ROOT is any of the group's a routers instead (the source and destination routers included; they
// give the minimal path). So does cfg_valiant_in_group (routing.valiant_in_group: source_group, FOGSim's
// Valiant), whose path is then minimal (hiradix_valiant_path.v). root_link is this group's global link
// towards R_ROOT's group ({owner, k}, as a group table row; 0 when R_ROOT is in this group): the group
// table's row for lgl's draw (lgl_link), this router's own link for -g- and -gl, the drawn link for lg-.
`default_nettype none
module hiradix_valiant_root(on, restricted, injection, here_g, here_x, dst_g, cfg_phase_a, cfg_valiant_in_group, draws,
                            lgl_link, root_g, root_x, root_link);
/* verilator lint_off UNUSEDPARAM */
`include "hiradix_fields.vh"
`include "hiradix_arith.vh"
/* verilator lint_on UNUSEDPARAM */
  input  wire               on;  // a Valiant-based routing is selected
  input  wire               restricted;  // ... with RVLB's restriction
  input  wire               injection;
  input  wire [W-1:0]       here_g, here_x;
  input  wire [W-1:0]       dst_g;
  input  wire [1:0]         cfg_phase_a;
  input  wire               cfg_valiant_in_group;
  input  wire [DRAWS_W-1:0] draws;
  input  wire [LINK_W-1:0]  lgl_link;
  output reg  [W-1:0]       root_g, root_x;
  output reg  [LINK_W-1:0]  root_link;

  wire [ROUTER_W-1:0] in_x, lgl_g, lgl_x, g_g, g_x, gl_x, lg_g, lg_x;
  wire [GEOM_W-1:0] g_k, lg_ox, lg_k;
  assign {in_x, lgl_g, lgl_x, g_g, g_x, gl_x, lg_g, lg_x, g_k, lg_ox, lg_k} = draws;
  localparam integer PAD = W - ROUTER_W;
  always @* begin
    root_g = here_g;
    root_x = here_x;
    root_link = {LINK_W{1'b0}};
    if (on && injection) begin
      if ((restricted || cfg_valiant_in_group) && dst_g == here_g)  // RVLB, FOGSim: any router of this group
        root_x = {{PAD{1'b0}}, in_x};
      else case (cfg_phase_a)
        PHASE_A_LGL[1:0]: {root_g, root_x, root_link} = {{PAD{1'b0}}, lgl_g, {PAD{1'b0}}, lgl_x, lgl_link};
        PHASE_A_G[1:0]:   {root_g, root_x, root_link} = {{PAD{1'b0}}, g_g, {PAD{1'b0}}, g_x, here_x[GEOM_W-1:0], g_k};
        PHASE_A_GL[1:0]:  {root_g, root_x, root_link} = {{PAD{1'b0}}, g_g, {PAD{1'b0}}, gl_x, here_x[GEOM_W-1:0], g_k};
        default:          {root_g, root_x, root_link} = {{PAD{1'b0}}, lg_g, {PAD{1'b0}}, lg_x, lg_ox, lg_k};
      endcase
    end
  end
endmodule
`default_nettype wire
