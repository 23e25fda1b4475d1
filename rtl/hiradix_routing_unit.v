// The Dragonfly routing unit (DESIGN §3.2): one routing decision per evaluation, purely combinational.
// (configuration, router, input port, destination, header route state, LFSR state)
//   -> (output port, output VC, minimal port, misroute flag, new route state, new LFSR state).
// The C++ reference is router/routing/*.cpp; the two must agree bit for bit (tests/test_rtl_routing.cpp,
// and every decision of a `router.rc_mode: lockstep` run).
//
// Geometry and mode are inputs so that one Verilated model serves every configuration; the synthesis
// flow ties them to constants and Yosys specializes the logic.
//
// Structure: the LFSR advance (lfsr_advance.vh), the Dragonfly's geometry (topology/
// hiradix_dragonfly_geometry.v: where this router and the destination are, the minimal hop), and one
// submodule per routing family behind the same fixed ports (routing/hiradix_routing_ports.vh), of which
// cfg_algorithm picks the decision:
//   routing/hiradix_route_min.v         MIN (seed-000 §3.1)
//   routing/hiradix_route_valiant.v     Valiant with the phase-A policies of seed-000 §3.2 / Table 5-1, and
//                                       RVLB (§3.3: restricted to the group for intra-group traffic)
//   routing/hiradix_route_ugal.v        UGAL-L, UGAL-G (cfg_ugal_group), PB, RPB, PB-ACOR, TPR and LIAN (seed-000
//                                       §3.5, §3.6, §3.3, §3.11, §3.12, §3.13)
//   routing/hiradix_route_in_transit.v  Base and ECtN (seed-003 §1.3, §1.5: MM+L misrouting on counters)
//   routing/hiradix_route_occupancy.v   OLM and Hybrid (seed-003 §1.4: on credit occupancy)
//   routing/hiradix_route_acor.v        ACOR (seed-000 §3.10: Valiant's policy by congestion level)
// A new routing: its ALG_* code in hiradix_fields.vh, its fields in router/routing/NAME_rtl.h, its file in
// routing/ (named after its module: the build and the synthesis flow find modules by file name), one
// instance and one case line below.
`default_nettype none
module hiradix_routing_unit(cfg_algorithm, cfg_hop_count_vcs, cfg_p, cfg_a, cfg_h, cfg_palmtree, cfg, router,
                            in_port, in_vc, dst, rs_in, lfsr_in, state,
                            out_port, out_vc, min_port, misroute, rs_out, lfsr_out, no_slot);
/* verilator lint_off UNUSEDPARAM */
`include "hiradix_fields.vh"
`include "hiradix_arith.vh"
`include "hiradix_bus.vh"
/* verilator lint_on UNUSEDPARAM */
`include "lfsr_advance.vh"
  // The unit's own configuration: which routing, the VC scheme, the Dragonfly's geometry.
  input  wire [ALG_W-1:0]    cfg_algorithm;
  input  wire                cfg_hop_count_vcs;
  input  wire [GEOM_W-1:0]   cfg_p, cfg_a, cfg_h;
  input  wire                cfg_palmtree;
  // Every routing's configuration fields and inputs, as the routings declare them (router/routing/*_rtl.h),
  // laid out at build time (hiradix_bus.vh, hiradix_bus_fields.vh); each submodule slices those it reads.
  input  wire [CFG_W-1:0]    cfg;
  input  wire [IN_W-1:0]     state;
  input  wire [ROUTER_W-1:0] router;
  input  wire [PORT_W-1:0]   in_port;
  input  wire [VC_W-1:0]     in_vc;
  input  wire [NODE_W-1:0]   dst;
  input  wire [RS_W-1:0]     rs_in;
  input  wire [LFSR_W-1:0]   lfsr_in;
  output reg  [PORT_W-1:0]   out_port;
  output reg  [VC_W-1:0]     out_vc;
  output reg  [PORT_W-1:0]   min_port;
  output reg                 misroute;
  output reg  [RS_W-1:0]     rs_out;
  output wire [LFSR_W-1:0]   lfsr_out;
  output reg                 no_slot;

  // The routings built into the unit, one bit per ALG_* code. The Verilated model has them all; the
  // synthesis flow (synth/synth_flow.cpp) keeps only the configured one, so that Yosys reads and
  // elaborates only that routing's files and its area is that routing's logic.
  parameter [(1<<ALG_W)-1:0] ROUTINGS = {(1<<ALG_W){1'b1}};
  // UGAL's Q per VC (cfg_vc_load) is built only with VC_LOAD: the synthesis flow leaves it out unless
  // routing.ugal_load is vc.
  parameter integer VC_LOAD = 1;

  assign lfsr_out = lfsr_advance(lfsr_in);  // every decision consumes one fresh state
  wire [LFSR_W-1:0] random = lfsr_out;      // and draws from it

  // The geometry every routing shares (topology/hiradix_dragonfly_geometry.v).
  wire [W-1:0] p, a, h, groups, here, here_g, here_x, dst_router, dst_port, dst_g, dst_x, minimal;
  wire [DIV_MW-1:0] m_a, m_h;
  wire [DIV_SW-1:0] s_a, s_h;
  wire injection;
  hiradix_dragonfly_geometry geometry(.*);

  // One submodule per routing family (rtl/routing/), all with the same ports (routing/hiradix_routing_ports.vh),
  // connected by name; each one's decision {out_port, out_vc, min_port, misroute, rs_out, no_slot} is
  // collected in its d_* vector. A routing left out by ROUTINGS decides nothing (zeros).
  localparam integer D_W = 2 * PORT_W + VC_W + RS_W + 2;
  wire [D_W-1:0] d_min, d_valiant, d_ugal, d_in_transit, d_occupancy, d_acor;
`define HIRADIX_DECISION(d) .out_port(d[D_W-1 -: PORT_W]), .out_vc(d[D_W-PORT_W-1 -: VC_W]), \
    .min_port(d[RS_W+2+PORT_W-1 -: PORT_W]), .misroute(d[RS_W+1]), .rs_out(d[RS_W:1]), .no_slot(d[0])
  generate
    if (ROUTINGS[ALG_MIN]) begin : g_min
      hiradix_route_min routing(.*, `HIRADIX_DECISION(d_min));
    end else begin : g_no_min
      assign d_min = {D_W{1'b0}};
    end
    if (ROUTINGS[ALG_VALIANT] || ROUTINGS[ALG_RVLB]) begin : g_valiant
      hiradix_route_valiant routing(.*, `HIRADIX_DECISION(d_valiant));
    end else begin : g_no_valiant
      assign d_valiant = {D_W{1'b0}};
    end
    if (ROUTINGS[ALG_UGAL] || ROUTINGS[ALG_PB] || ROUTINGS[ALG_RPB] || ROUTINGS[ALG_PB_ACOR] ||
        ROUTINGS[ALG_TPR] || ROUTINGS[ALG_LIAN]) begin : g_ugal
      hiradix_route_ugal #(.VC_LOAD(VC_LOAD)) routing(.*, `HIRADIX_DECISION(d_ugal));
    end else begin : g_no_ugal
      assign d_ugal = {D_W{1'b0}};
    end
    if (ROUTINGS[ALG_BASE] || ROUTINGS[ALG_ECTN]) begin : g_in_transit
      hiradix_route_in_transit routing(.*, `HIRADIX_DECISION(d_in_transit));
    end else begin : g_no_in_transit
      assign d_in_transit = {D_W{1'b0}};
    end
    if (ROUTINGS[ALG_OLM] || ROUTINGS[ALG_HYBRID]) begin : g_occupancy
      hiradix_route_occupancy routing(.*, `HIRADIX_DECISION(d_occupancy));
    end else begin : g_no_occupancy
      assign d_occupancy = {D_W{1'b0}};
    end
    if (ROUTINGS[ALG_ACOR]) begin : g_acor
      hiradix_route_acor routing(.*, `HIRADIX_DECISION(d_acor));
    end else begin : g_no_acor
      assign d_acor = {D_W{1'b0}};
    end
  endgenerate
`undef HIRADIX_DECISION

  // The configured routing's decision.
  reg [D_W-1:0] decision;
  always @* begin
    case (cfg_algorithm)
      ALG_MIN[ALG_W-1:0]:     decision = d_min;
      ALG_VALIANT[ALG_W-1:0]: decision = d_valiant;
      ALG_UGAL[ALG_W-1:0]:    decision = d_ugal;
      ALG_PB[ALG_W-1:0]:      decision = d_ugal;
      ALG_BASE[ALG_W-1:0]:    decision = d_in_transit;
      ALG_ECTN[ALG_W-1:0]:    decision = d_in_transit;
      ALG_OLM[ALG_W-1:0]:     decision = d_occupancy;
      ALG_HYBRID[ALG_W-1:0]:  decision = d_occupancy;
      ALG_RVLB[ALG_W-1:0]:    decision = d_valiant;
      ALG_RPB[ALG_W-1:0]:     decision = d_ugal;
      ALG_ACOR[ALG_W-1:0]:    decision = d_acor;
      ALG_PB_ACOR[ALG_W-1:0]: decision = d_ugal;
      ALG_TPR[ALG_W-1:0]:     decision = d_ugal;
      ALG_LIAN[ALG_W-1:0]:    decision = d_ugal;
      default:                decision = {D_W{1'b0}};  // a code without a routing (14, 15)
    endcase
    {out_port, out_vc, min_port, misroute, rs_out, no_slot} = decision;
  end

endmodule
`default_nettype wire
