// UGAL-L and UGAL-G (seed-000 §3.5, Eq. 2-1; router/routing/valiant_routing.h) and PB (seed-000 §3.6):
// Valiant's draw of R_ROOT at injection, kept only if the minimal path looks worse, then Valiant's path.
// Minimal iff Q_MIN * H_MIN <= Q_VLB * H_VLB + T (signed), with H each path's router-to-router hops and
// Q (UGAL-L) the load of its first output port; UGAL-G (cfg_ugal_group) adds the load of the path's
// first global channel unless the first hop is that channel: the source group's link to the destination
// group (MIN), to R_ROOT's group or, for an R_ROOT in the source group, again to the destination group
// (Valiant). PB is UGAL-L that also takes Valiant whenever the minimal global link is flagged saturated
// (pb_flag); RPB is PB whose R_ROOT has RVLB's restriction (seed-000 §3.3: `restricted`, a destination in
// the source group draws R_ROOT inside that group). PB-ACOR (seed-000 §3.11) is RPB whose R_ROOT is drawn
// under the policy of the router's ACOR level (acor_level, cfg_acor_sequence) and whose path takes lgl's
// VC slots at every level. TPR (seed-000 §3.12) is UGAL-L with phase A lgl whose T is the one of the
// region of tpr_count, the destination group's windowed count: benign (count < LI_l), mix
// (LI_l <= count < LI_h) or adversarial (count >= LI_h), cfg_tpr_low / cfg_tpr_high and cfg_tpr_t_*. LIAN (seed-000 §3.13)
// takes T the same way from its tpr_count (floor of the destination group's G), has RVLB's restriction,
// and draws R_ROOT under the policy its readings pick: l1 iff lian_saturated > SGCth, l2 iff lian_il >
// ILCth; -g-, -gl, lg-, lgl for (no l1, no l2), (l2 only), (l1 only), (both); lgl's VC slots for all.
// With cfg_vc_load (routing.ugal_load: vc) Q is the load of the one VC each candidate's first hop would
// take (vc_load), found by the same path logic with the verdict forced each way. With cfg_valiant_draw
// (routing.valiant_draw: per_packet) a decision taken again compares with the header's R_ROOT.
//
// Two stages (STAGES = 2, the synthesis flow when the one-stage unit is slower than the allocator): the
// first reads everything the decision depends on in the decision's cycle — the packet, the draws and the
// router's state — and ends at a register holding the candidates' loads and hop counts, T, PB's flag and the
// path under either verdict; the second only weighs, compares and picks from that register. The decision
// is the one-stage unit's, one cycle later (proved by tests/rtl/equiv_ugal_stages.sh), as the model's
// router.latency.rc cycles with the state of RC's first cycle (router/router.cpp, route_candidate).
`default_nettype none
module hiradix_route_ugal(
`include "routing/hiradix_routing_port_list.vh"
);
/* verilator lint_off UNUSEDPARAM */
`include "hiradix_fields.vh"
`include "hiradix_arith.vh"
`include "topology/hiradix_dragonfly.vh"
/* verilator lint_on UNUSEDPARAM */
`include "routing/hiradix_routing_ports.vh"
`include "routing/hiradix_acor_policy.vh"

  // 0: the unit reads UGAL's Q per port only (the synthesis flow, unless routing.ugal_load: vc), and the
  // per-VC logic is not built.
  parameter integer VC_LOAD = 1;
  parameter integer STAGES = 1;  // 1: combinational; 2: the register after the first stage (above)
  wire pb_acor = cfg_algorithm == ALG_PB_ACOR[ALG_W-1:0];
  wire lian = cfg_algorithm == ALG_LIAN[ALG_W-1:0];
  wire pb = cfg_algorithm == ALG_PB[ALG_W-1:0] || cfg_algorithm == ALG_RPB[ALG_W-1:0] || pb_acor;
  wire tpr = cfg_algorithm == ALG_TPR[ALG_W-1:0];
  wire on = cfg_algorithm == ALG_UGAL[ALG_W-1:0] || pb || tpr || lian;
  wire restricted = cfg_algorithm == ALG_RPB[ALG_W-1:0] || pb_acor || lian;
  wire lian_l1 = lian_saturated > cfg_lian_sgc, lian_l2 = lian_il > cfg_lian_ilc;
  wire [1:0] lian_policy = lian_l1 ? (lian_l2 ? PHASE_A_LGL[1:0] : PHASE_A_LG[1:0]) :
                                     (lian_l2 ? PHASE_A_GL[1:0] : PHASE_A_G[1:0]);
  wire [1:0] path_policy = pb_acor || tpr || lian ? PHASE_A_LGL[1:0] : cfg_phase_a;  // the VC slots
  // What only a decision at injection uses (R_ROOT, the loads, UGAL's verdict) is computed as if every
  // decision were at injection, and the input port only chooses at the end (the path in transit or at
  // injection, below): `injection` then leaves the long paths. The Verilated unit is this same logic.
  wire [W-1:0] drawn_g, drawn_x;
  wire [LINK_W-1:0] drawn_link;
  hiradix_valiant_root draw_root(.*, .injection(1'b1), .root_g(drawn_g), .root_x(drawn_x), .root_link(drawn_link),
                                 .cfg_phase_a(pb_acor ? acor_policy(cfg_acor_sequence, acor_level) :
                                              lian ? lian_policy : tpr ? PHASE_A_LGL[1:0] : cfg_phase_a));
  // routing.valiant_draw: per_packet: a decision taken again (the header's flags bit 7, set by the router's
  // recomputation, ValiantRouting::kDrawKept) keeps the header's R_ROOT (inter_g, inter_x, with its group
  // table row) instead of the new draw.
  wire kept = cfg_valiant_draw && rs_in[RS_FLAGS_HI_LSB + 5];
  wire [W-1:0] root_g = on && kept ? inter_g : drawn_g;
  wire [W-1:0] root_x = on && kept ? inter_x : drawn_x;
  wire [LINK_W-1:0] root_link = on && kept ? inter_link : drawn_link;

  // TPR's T: the comparisons as the thesis writes them, adversarial first (LI_l > LI_h: no mix region).
  wire [THRESH_W-1:0] tpr_t = tpr_count >= cfg_tpr_high ? cfg_tpr_t_adv :
                              tpr_count >= cfg_tpr_low ? cfg_tpr_t_mix : cfg_tpr_t_benign;
  wire [THRESH_W-1:0] ugal_t = tpr || lian ? tpr_t : cfg_ugal_t;

  // Q < 2^(LOAD_W+1); costs fit LOAD_W + 4 bits (at most 6 hops), plus a 16-bit signed T: CW bits signed.
  // The `if` lets the Verilated model skip the work when another routing is configured.
  localparam integer CW = LOAD_W + 6;
  localparam integer GL_W = $clog2(MAX_GLINKS);
  reg [1:0] h_min, h_vlb_a, h_vlb_b;
  reg [2:0] h_vlb;
  reg [W-1:0] port_min, port_vlb;
  reg [W-1:0] gl_min_x, gl_min_k, gl_vlb_g, gl_vlb_x, gl_vlb_k;
  /* verilator lint_off UNUSEDSIGNAL */
  reg [W-1:0] gl_min, gl_vlb;  // < MAX_GLINKS
  /* verilator lint_on UNUSEDSIGNAL */
  reg [LOAD_W:0] q_min, q_vlb;
  /* verilator lint_off UNUSEDSIGNAL */
  wire [VC_W-1:0] vc_first_min, vc_first_vlb;  // < READY_W (routing.ugal_load: vc refuses VC slots above)
  /* verilator lint_on UNUSEDSIGNAL */
  wire vc_on = on && cfg_vc_load;
  reg [CW-1:0] threshold;
  always @* begin
    {h_min, h_vlb_a, h_vlb_b, h_vlb} = 9'b0;
    {port_min, port_vlb} = {(2*W){1'b0}};
    {gl_min_x, gl_min_k, gl_vlb_g, gl_vlb_x, gl_vlb_k, gl_min, gl_vlb} = {(7*W){1'b0}};
    threshold = {{(CW-THRESH_W){ugal_t[THRESH_W-1]}}, ugal_t};
    {q_min, q_vlb} = {(2*LOAD_W+2){1'b0}};
    if (on) begin
      h_min = min_hops(here_g, here_x, dst_g, dst_x);
      h_vlb_a = min_hops(here_g, here_x, root_g, root_x);
      h_vlb_b = min_hops(root_g, root_x, dst_g, dst_x);
      h_vlb = {1'b0, h_vlb_a} + {1'b0, h_vlb_b};
      port_min = min_port_via(here_g, here_x, dst_g, dst_x, dst_link);
      port_vlb = min_port_via(here_g, here_x, root_g, root_x, root_link);
      // A destination at this router costs 0.
      q_min = h_min == 2'd0 ? {(LOAD_W+1){1'b0}} : {1'b0, port_load[port_min * LOAD_W +: LOAD_W]};
      q_vlb = {1'b0, port_load[port_vlb * LOAD_W +: LOAD_W]};
      if (VC_LOAD != 0 && cfg_vc_load) begin
        q_min = h_min == 2'd0 ? {(LOAD_W+1){1'b0}} :
                {1'b0, vc_load[(port_min * READY_W + {30'd0, vc_first_min[1:0]}) * LOAD_W +: LOAD_W]};
        q_vlb = {1'b0, vc_load[(port_vlb * READY_W + {30'd0, vc_first_vlb[1:0]}) * LOAD_W +: LOAD_W]};
      end
      if (cfg_ugal_group) begin
        gl_min_x = link_owner(dst_link);
        gl_min_k = link_global_port(dst_link);
        gl_min = gl_min_x * h + gl_min_k;
        gl_vlb_g = root_g != here_g ? root_g : dst_g;
        gl_vlb_x = root_g != here_g ? link_owner(root_link) : gl_min_x;
        gl_vlb_k = root_g != here_g ? link_global_port(root_link) : gl_min_k;
        gl_vlb = gl_vlb_x * h + gl_vlb_k;
        // A first hop on a local port (< p + a - 1; never a terminal here) is not the global channel.
        if (dst_g != here_g && port_min < p + a - 1)
          q_min = q_min + {1'b0, group_load[gl_min[GL_W-1:0] * LOAD_W +: LOAD_W]};
        if (gl_vlb_g != here_g && port_vlb < p + a - 1)
          q_vlb = q_vlb + {1'b0, group_load[gl_vlb[GL_W-1:0] * LOAD_W +: LOAD_W]};
      end
    end
  end

  // The path under either verdict at injection, and the path of a packet in transit (which has no verdict),
  // built side by side, each with `injection` a constant: the verdict and the input port then only choose
  // among them at the end, and the path logic runs beside the load comparison instead of after it.
  wire [PORT_W-1:0] port_if_min, port_if_vlb, port_transit, min_port_if_min, min_port_if_vlb, min_port_transit;
  wire [VC_W-1:0] vc_if_min, vc_if_vlb, vc_transit;
  wire [RS_W-1:0] rs_if_min, rs_if_vlb, rs_transit;
  wire misroute_if_min, misroute_if_vlb, misroute_transit, no_slot_if_min, no_slot_if_vlb, no_slot_transit;
  hiradix_valiant_path route_if_min(.*, .on(on), .injection(1'b1), .take_minimal(1'b1),
                                    .cfg_phase_a(path_policy), .out_port(port_if_min), .out_vc(vc_if_min),
                                    .min_port(min_port_if_min), .misroute(misroute_if_min), .rs_out(rs_if_min),
                                    .no_slot(no_slot_if_min));
  hiradix_valiant_path route_if_vlb(.*, .on(on), .injection(1'b1), .take_minimal(1'b0),
                                    .cfg_phase_a(path_policy), .out_port(port_if_vlb), .out_vc(vc_if_vlb),
                                    .min_port(min_port_if_vlb), .misroute(misroute_if_vlb), .rs_out(rs_if_vlb),
                                    .no_slot(no_slot_if_vlb));
  hiradix_valiant_path route_transit(.*, .on(on), .injection(1'b0), .take_minimal(1'b0),
                                     .cfg_phase_a(path_policy), .out_port(port_transit), .out_vc(vc_transit),
                                     .min_port(min_port_transit), .misroute(misroute_transit), .rs_out(rs_transit),
                                     .no_slot(no_slot_transit));

  // The end of the first stage: what the second reads, registered when STAGES = 2.
  localparam integer PATH_W = 2 * PORT_W + VC_W + RS_W + 2;
  localparam integer STAGE_W = 2 * (LOAD_W + 1) + 2 + 3 + CW + 2 + 3 * PATH_W;
  wire [STAGE_W-1:0] stage1 = {q_min, q_vlb, h_min, h_vlb, threshold, pb && pb_flag, injection,
                               port_if_min, vc_if_min, min_port_if_min, misroute_if_min, rs_if_min, no_slot_if_min,
                               port_if_vlb, vc_if_vlb, min_port_if_vlb, misroute_if_vlb, rs_if_vlb, no_slot_if_vlb,
                               port_transit, vc_transit, min_port_transit, misroute_transit, rs_transit, no_slot_transit};
  wire [STAGE_W-1:0] stage2;
  generate
    if (STAGES > 1) begin : g_two_stages
      reg [STAGE_W-1:0] stage_q;
      always @(posedge clk) stage_q <= stage1;
      assign stage2 = stage_q;
    end else begin : g_one_stage
      assign stage2 = stage1;
    end
  endgenerate

  // The second stage: Eq. 2-1 on the first stage's values, and the verdict's path.
  wire [LOAD_W:0] q_min_2, q_vlb_2;
  wire [1:0] h_min_2;
  wire [2:0] h_vlb_2;
  wire [CW-1:0] threshold_2;
  wire pb_flagged_2, injection_2;
  wire [PATH_W-1:0] path_if_min_2, path_if_vlb_2, path_transit_2;
  assign {q_min_2, q_vlb_2, h_min_2, h_vlb_2, threshold_2, pb_flagged_2, injection_2, path_if_min_2, path_if_vlb_2,
          path_transit_2} = stage2;
  wire [CW-1:0] cost_min = {5'b0, q_min_2} * {{(CW-2){1'b0}}, h_min_2};
  wire [CW-1:0] cost_vlb = {5'b0, q_vlb_2} * {{(CW-3){1'b0}}, h_vlb_2};
  // PB: MIN iff the minimal global link is not flagged AND Eq. 2-1 holds.
  wire take_minimal = !pb_flagged_2 && $signed(cost_min) <= $signed(cost_vlb + threshold_2);
  assign {out_port, out_vc, min_port, misroute, rs_out, no_slot} =
      !injection_2 ? path_transit_2 : take_minimal ? path_if_min_2 : path_if_vlb_2;
  // Each candidate's first-hop VC (cfg_vc_load): the same path with the verdict forced, for a fresh header
  // (no hops taken, no flags), as every packet has at injection. Built only with VC_LOAD.
  generate
    if (VC_LOAD != 0) begin : g_vc_load
      /* verilator lint_off PINCONNECTEMPTY */
      hiradix_valiant_path first_min(.*, .on(vc_on), .take_minimal(1'b1), .cfg_phase_a(path_policy),
                                     .rs_in({RS_W{1'b0}}), .out_port(), .out_vc(vc_first_min), .min_port(), .misroute(),
                                     .rs_out(), .no_slot());
      hiradix_valiant_path first_vlb(.*, .on(vc_on), .take_minimal(1'b0), .cfg_phase_a(path_policy),
                                     .rs_in({RS_W{1'b0}}), .out_port(), .out_vc(vc_first_vlb), .min_port(), .misroute(),
                                     .rs_out(), .no_slot());
      /* verilator lint_on PINCONNECTEMPTY */
    end else begin : g_port_load
      assign {vc_first_min, vc_first_vlb} = {(2*VC_W){1'b0}};
    end
  endgenerate
endmodule
`default_nettype wire
