// The Dragonfly routing unit (DESIGN §3.2): one routing decision per evaluation, combinational (the
// synthesis flow's registers, DRAWS_REGISTERED and STAGES below, keep every decision as it is).
// (configuration, router, input port, destination, header route state, LFSR state)
//   -> (output port, output VC, minimal port, misroute flag, new route state, new LFSR state).
// The C++ reference is router/routing/*.cpp; the two must agree bit for bit (tests/test_rtl_routing.cpp,
// and every decision of a `router.rc_mode: lockstep` run).
//
// Geometry and mode are inputs so that one Verilated model serves every configuration; the synthesis
// flow ties them to constants and Yosys specializes the logic.
//
// Structure: the LFSR advance (lfsr_advance.vh), the Dragonfly's geometry (topology/
// hiradix_dragonfly_geometry.v: where this router and the destination are, the minimal hop), Valiant's
// candidate intermediates of the random state (routing/hiradix_valiant_draws.v), and one
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
// Which submodules the unit has, the routings' codes on cfg_algorithm and which decision each code takes are
// generated from the routing families' declarations (router/routing/*_rtl.h, `Submodule`):
// hiradix_routing_codes.vh, hiradix_routing_submodules.vh, hiradix_routing_cases.vh. A new routing: its
// declarations in router/routing/NAME_rtl.h and its file in routing/ (named after its module: the build and
// the synthesis flow find modules by file name); nothing here.
`default_nettype none
module hiradix_routing_unit(clk, cfg_algorithm, cfg_hop_count_vcs, cfg_p, cfg_a, cfg_h, cfg_palmtree, cfg, router,
                            here_group, here_index, peer_index_above, peer_index_below, in_port, in_vc, dst_group,
                            dst_index, dst_terminal, dst_link, inter_group, inter_index, inter_link, lgl_link, rs_in, lfsr_in, state,
                            out_port, out_vc, min_port, misroute, rs_out, lfsr_out, no_slot);
/* verilator lint_off UNUSEDPARAM */
`include "hiradix_fields.vh"
`include "hiradix_arith.vh"
`include "hiradix_bus.vh"
`include "hiradix_routing_codes.vh"
/* verilator lint_on UNUSEDPARAM */
`include "lfsr_advance.vh"
  // Clocks the registered draws (DRAWS_REGISTERED) and stages (STAGES); the Verilated unit leaves it unused.
  /* verilator lint_off UNUSEDSIGNAL */
  input  wire                clk;
  /* verilator lint_on UNUSEDSIGNAL */
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
  // Where the router and the destination are, as a real router has them, so that nothing is divided: this
  // router's group and index in it (straps, beside its id), and the destination from the header, as its
  // router's group and index and its terminal port there (router = group * a + index; cfg_a = 1 off the
  // Dragonfly, so the group is the router's id). The NIC puts the destination's fields in the header once.
  input  wire [ROUTER_W-1:0] here_group, dst_group;
  input  wire [GEOM_W-1:0]   here_index, dst_index;
  input  wire [PORT_W-1:0]   dst_terminal;
  // Two more straps of this router's group, for Valiant's draws under the consecutive arrangement
  // (routing/hiradix_valiant_draws.v, global_peer): the index of the router at which a global link of this
  // group lands in a group numbered above this one (group / h), and in one numbered below ((group - 1) / h).
  // Set at start as the group table is; unused under palmtree and off the Dragonfly.
  input  wire [GEOM_W-1:0]   peer_index_above, peer_index_below;
  // The Dragonfly's group table, as a real router has it, so that no path question divides: a row per group,
  // {owner, k}, the router of this group that holds the global link towards that group and the link's global
  // port there (LINK_W; filled at start as a fabric manager fills it). The unit reads three rows: the
  // destination's group, the header's intermediate's group, and the group of Valiant's lgl draw from this
  // decision's random state (routing/hiradix_valiant_draws.v). The header carries its intermediate router
  // (RS_INTER) also as group and index, as it carries the destination. All 0 off the Dragonfly.
  input  wire [LINK_W-1:0]   dst_link, inter_link, lgl_link;
  input  wire [ROUTER_W-1:0] inter_group;
  input  wire [GEOM_W-1:0]   inter_index;
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
  // Valiant's candidate intermediates depend only on the random state and the router's place
  // (routing/hiradix_valiant_draws.v), so a router draws them one decision ahead: with DRAWS_REGISTERED (the
  // synthesis flow) a register holds those of the next decision's state, advance(lfsr_out), which the next
  // decision's lfsr_in is, and the draws leave the decision's critical path. The Verilated unit (0) draws
  // from this decision's state in the same evaluation: the same module and values.
  parameter integer DRAWS_REGISTERED = 0;
  // The pipeline stages of the routing submodules that have a stage cut (router/routing/rtl_field.h,
  // Submodule::stages): 1 decides in the evaluation (the Verilated unit); 2 (the synthesis flow, when the
  // one-stage unit is slower than the allocator) registers the end of their first stage, and the decision
  // leaves the unit one clock later, the same decision (e.g. routing/hiradix_route_ugal.v).
  parameter integer STAGES = 1;

  assign lfsr_out = lfsr_advance(lfsr_in);  // every decision consumes one fresh state
  wire [LFSR_W-1:0] random = lfsr_out;      // and draws from it

  // The geometry every routing shares (topology/hiradix_dragonfly_geometry.v).
  wire [W-1:0] p, a, h, groups, here, here_g, here_x, dst_router, dst_port, dst_g, dst_x, minimal;
  wire injection;
  hiradix_dragonfly_geometry geometry(.*);
  wire [W-1:0] inter_g = {{(W-ROUTER_W){1'b0}}, inter_group};
  wire [W-1:0] inter_x = {{(W-GEOM_W){1'b0}}, inter_index};

  // Valiant's candidates (routing/hiradix_valiant_draws.v).
  wire [DRAWS_W-1:0] draws;
  generate
    if (DRAWS_REGISTERED != 0) begin : g_draws_ahead
      wire [LFSR_W-1:0] next_random = lfsr_advance(lfsr_out);
      wire [DRAWS_W-1:0] next_draws;
      hiradix_valiant_draws valiant_draws(.*, .random(next_random), .draws(next_draws));
      reg [DRAWS_W-1:0] draws_q;
      always @(posedge clk) draws_q <= next_draws;
      assign draws = draws_q;
    end else begin : g_draws_now
      hiradix_valiant_draws valiant_draws(.*);
    end
  endgenerate

  // One submodule per routing family (rtl/routing/), all with the same ports (routing/hiradix_routing_ports.vh),
  // connected by name; each one's decision {out_port, out_vc, min_port, misroute, rs_out, no_slot} is
  // collected in its d_* vector. A routing left out by ROUTINGS decides nothing (zeros).
  localparam integer D_W = 2 * PORT_W + VC_W + RS_W + 2;
`define HIRADIX_DECISION(d) .out_port(d[D_W-1 -: PORT_W]), .out_vc(d[D_W-PORT_W-1 -: VC_W]), \
    .min_port(d[RS_W+2+PORT_W-1 -: PORT_W]), .misroute(d[RS_W+1]), .rs_out(d[RS_W:1]), .no_slot(d[0])
  generate
`include "hiradix_routing_submodules.vh"
  endgenerate
`undef HIRADIX_DECISION

  // The configured routing's decision.
  reg [D_W-1:0] decision;
  always @* begin
    case (cfg_algorithm)
`include "hiradix_routing_cases.vh"
      default: decision = {D_W{1'b0}};  // a code without a routing
    endcase
    {out_port, out_vc, min_port, misroute, rs_out, no_slot} = decision;
  end

endmodule
`default_nettype wire
