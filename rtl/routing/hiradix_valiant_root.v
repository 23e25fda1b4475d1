// Valiant's intermediate router R_ROOT (group root_g, index root_x), drawn at injection from the phase-A
// policy's candidate set (seed-000 §3.2, Table 5-1; router/routing/valiant_routing.cpp). Off injection, or
// with `on` low, R_ROOT is this router (the draw is then not used). The first draw takes the low 32 bits
// of the decision's random state, -gl's router in the group the high 32. With `restricted` (RVLB, RPB:
// seed-000 §3.3) and the destination in this group, R_ROOT is any of the group's a routers instead (the
// source and destination routers included; they give the minimal path), from the low 32 bits. So does
// cfg_valiant_in_group (routing.valiant_in_group: source_group, FOGSim's Valiant), whose path is then minimal
// (hiradix_valiant_path.v).
`default_nettype none
module hiradix_valiant_root(on, restricted, injection, p, a, h, groups, m_h, s_h, here_g, here_x, dst_g, cfg_phase_a,
                            cfg_palmtree, cfg_valiant_in_group, random, root_g, root_x);
/* verilator lint_off UNUSEDPARAM */
`include "hiradix_fields.vh"
`include "hiradix_arith.vh"
`include "topology/hiradix_dragonfly.vh"
/* verilator lint_on UNUSEDPARAM */
`include "routing/hiradix_draw.vh"
  input  wire              on;  // a Valiant-based routing is selected
  input  wire              restricted;  // ... with RVLB's restriction
  input  wire              injection;
  input  wire [W-1:0]      p, a, h, groups;  // p: read by the path functions, not by the draw
  input  wire [DIV_MW-1:0] m_h;
  input  wire [DIV_SW-1:0] s_h;
  input  wire [W-1:0]      here_g, here_x;
  input  wire [W-1:0]      dst_g;
  input  wire [1:0]        cfg_phase_a;
  input  wire              cfg_palmtree;
  input  wire              cfg_valiant_in_group;
  input  wire [LFSR_W-1:0] random;
  output reg  [W-1:0]      root_g, root_x;

  // The `if` that gates this block changes nothing in hardware (its results are used only under the
  // same condition) but lets the Verilated model skip the work in most decisions.
  reg [W-1:0] k_draw, link, link_x;
  always @* begin
    k_draw = {W{1'b0}};
    link = {W{1'b0}};
    link_x = {W{1'b0}};
    root_g = here_g;
    root_x = here_x;
    if (on && injection) begin
      k_draw = draw(random[31:0], h);
      link = draw(random[31:0], a * h);
      link_x = div_router(link, h, m_h, s_h);
      if ((restricted || cfg_valiant_in_group) && dst_g == here_g)  // RVLB, FOGSim: any router of this group
        root_x = draw(random[31:0], a);
      else case (cfg_phase_a)
        PHASE_A_LGL[1:0]: begin  // any router: draw(bits, a * groups), whose / a is draw(bits, groups)
          root_g = draw(random[31:0], groups);
          root_x = draw(random[31:0], a * groups) - root_g * a;
        end
        PHASE_A_G[1:0]:   // far end of an own global link
          {root_g, root_x} = global_peer(here_g, here_x, k_draw);
        PHASE_A_GL[1:0]: begin  // any router of such a group
          {root_g, root_x} = global_peer(here_g, here_x, k_draw);
          root_x = draw(random[63:32], a);
        end
        default:  // lg-: far end of any global link of the group
          {root_g, root_x} = global_peer(here_g, link_x, link - link_x * h);
      endcase
    end
  end
endmodule
`default_nettype wire
