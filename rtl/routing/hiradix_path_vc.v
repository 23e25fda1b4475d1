// The VC of one hop of a source-routed path (MIN, Valiant and what builds on it), and the header's hop
// bookkeeping it depends on (DragonflyRouting, routing_algorithm.h): the hop takes the VC of the slot it
// fills in the routing's canonical path (docs/decisions.md), or with cfg_hop_count_vcs the count of hops
// already taken on that link class (seed-000 §1.6, which deadlocks; kept to demonstrate it).
`default_nettype none
module hiradix_path_vc(hop, global_hop, valiant_paths, intra_group, cfg_phase_a, phase, cfg_hop_count_vcs, local_hops_in,
                       global_hops_in, phase_global_in, vc, no_slot, local_hops, global_hops, phase_global);
/* verilator lint_off UNUSEDPARAM */
`include "hiradix_fields.vh"
/* verilator lint_on UNUSEDPARAM */
  input  wire              hop;              // the packet leaves this router (not ejected here)
  input  wire              global_hop;       // ... on a global link
  input  wire              valiant_paths;    // Valiant's canonical paths (else MIN's l1 g1 l2)
  input  wire              intra_group;      // ... RVLB's intra-group path l - l instead (seed-000 §3.3)
  input  wire [1:0]        cfg_phase_a;      // Valiant's phase-A policy
  input  wire              phase;            // Valiant's phase after this hop's bookkeeping (1: towards dst)
  input  wire              cfg_hop_count_vcs;
  input  wire [HOPS_W-1:0] local_hops_in, global_hops_in;  // hops taken before this one (rs_in)
  input  wire              phase_global_in;  // a global hop was taken in this phase
  output wire [VC_W-1:0]   vc;
  output wire              no_slot;          // this hop has no slot in this phase (a routing bug)
  output reg  [HOPS_W-1:0] local_hops, global_hops;  // including this hop
  output reg               phase_global;

  localparam [3:0] NONE = 4'hF;  // "this hop has no slot in this phase", in phase_slots' 4-bit slots
  // A slot as the hop takes it: a VC, or all ones for NONE (a hop count never is: HOPS_W <= VC_W).
  localparam integer SW = VC_W + 1;
  function [SW-1:0] widen(input [3:0] s);
    widen = s == NONE ? {SW{1'b1}} : {{(SW-4){1'b0}}, s};
  endfunction

  // VC slots of one phase {local before the global hop, global, local after} (routing_algorithm.h).
  function [11:0] phase_slots(input valiant, input intra, input [1:0] policy, input in_phase);
    begin
      if (!valiant) phase_slots = {4'd0, 4'd0, 4'd1};  // MIN: l1 g1 l2
      else if (intra) phase_slots = {in_phase ? 4'd1 : 4'd0, NONE, NONE};  // RVLB intra-group: L0 | L1
      else case ({policy, in_phase})
        {PHASE_A_LGL[1:0], 1'b0}: phase_slots = {4'd0, 4'd0, 4'd1};  // lgl: L0 G0 L1 | L2 G1 L3
        {PHASE_A_LGL[1:0], 1'b1}: phase_slots = {4'd2, 4'd1, 4'd3};
        {PHASE_A_LG[1:0], 1'b0}:  phase_slots = {4'd0, 4'd0, NONE};  // lg-: L0 G0 | L1 G1 L2
        {PHASE_A_LG[1:0], 1'b1}:  phase_slots = {4'd1, 4'd1, 4'd2};
        {PHASE_A_GL[1:0], 1'b0}:  phase_slots = {NONE, 4'd0, 4'd0};  // -gl: G0 L0 | L1 G1 L2
        {PHASE_A_GL[1:0], 1'b1}:  phase_slots = {4'd1, 4'd1, 4'd2};
        {PHASE_A_G[1:0], 1'b0}:   phase_slots = {NONE, 4'd0, NONE};  // -g-: G0 | L0 G1 L1
        default:                  phase_slots = {4'd0, 4'd1, 4'd1};
      endcase
    end
  endfunction

  reg [11:0] slots;
  reg [SW-1:0] slot;
  always @* begin
    local_hops = local_hops_in;
    global_hops = global_hops_in;
    phase_global = phase_global_in;
    slots = 12'd0;
    slot = {SW{1'b0}};
    if (hop) begin
      slots = phase_slots(valiant_paths, intra_group, cfg_phase_a, phase);
      if (global_hop) begin
        slot = cfg_hop_count_vcs ? {{(SW-HOPS_W){1'b0}}, global_hops} : widen(slots[7:4]);
        global_hops = global_hops + 1'b1;
        phase_global = 1'b1;
      end else begin
        slot = cfg_hop_count_vcs ? {{(SW-HOPS_W){1'b0}}, local_hops} : widen(phase_global ? slots[3:0] : slots[11:8]);
        local_hops = local_hops + 1'b1;
      end
    end
  end
  assign vc = slot[VC_W-1:0];
  assign no_slot = slot == {SW{1'b1}};
endmodule
`default_nettype wire
