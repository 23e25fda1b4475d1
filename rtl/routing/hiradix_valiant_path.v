// A Valiant path, hop by hop (seed-000 §3.2; router/routing/valiant_routing.cpp): phase A towards the
// intermediate router R_ROOT chosen at injection (hiradix_valiant_root.v), phase B from there towards the
// destination, each a minimal path whose hops take their slots of the policy's canonical path
// (hiradix_path_vc.v). At injection the path is minimal from the start when R_ROOT is the source or the
// destination router (degenerate draws) or when `take_minimal` (UGAL's verdict) is set. With `restricted`
// (RVLB, RPB: seed-000 §3.3) a packet still in its source group with its destination there is on the
// intra-group path l - l, whose hops take local VCs 0 and 1. With cfg_valiant_in_group (routing.valiant_in_group:
// source_group, FOGSim's Valiant) a destination in the source group is routed minimally from injection. With
// cfg_ugal_min_slots (routing.ugal_min_slots: min, FOGSim's VCs) a path minimal from the source (phase 1, no
// phase-A hop) takes MIN's slots. The decision ports are those of a routing (routing/hiradix_routing_ports.vh).
`default_nettype none
module hiradix_valiant_path(on, restricted, take_minimal, root_g, root_x, root_link, p, a, h, groups, here,
                            here_g, here_x, dst_router, dst_port, dst_g, dst_x, minimal, injection, inter_g, inter_x,
                            inter_link, cfg_phase_a,
                            cfg_palmtree, cfg_hop_count_vcs, cfg_valiant_in_group, cfg_ugal_min_slots, rs_in, out_port,
                            out_vc, min_port, misroute, rs_out, no_slot);
/* verilator lint_off UNUSEDPARAM */
`include "hiradix_fields.vh"
`include "hiradix_arith.vh"
`include "topology/hiradix_dragonfly.vh"
/* verilator lint_on UNUSEDPARAM */
  input  wire              on;            // a Valiant-based routing is selected (else the logic idles)
  input  wire              restricted;    // ... with RVLB's restriction
  input  wire              take_minimal;  // at injection: route minimally (UGAL)
  input  wire [W-1:0]      root_g, root_x;  // R_ROOT drawn for this decision (used at injection)
  input  wire [LINK_W-1:0] root_link;       // and this group's link towards its group (hiradix_valiant_root.v)
  input  wire [W-1:0]      p, a, h, groups;
  input  wire [W-1:0]      here, here_g, here_x, dst_router, dst_port, dst_g, dst_x, minimal;
  input  wire              injection;
  input  wire [W-1:0]      inter_g, inter_x;  // the header's intermediate (in transit), as group and index
  input  wire [LINK_W-1:0] inter_link;        // the group table's row for its group
  input  wire [1:0]        cfg_phase_a;
  input  wire              cfg_palmtree, cfg_hop_count_vcs;
  input  wire              cfg_valiant_in_group;
  input  wire              cfg_ugal_min_slots;
  input  wire [RS_W-1:0]   rs_in;
  output wire [PORT_W-1:0] out_port;
  output wire [VC_W-1:0]   out_vc;
  output wire [PORT_W-1:0] min_port;
  output wire              misroute;
  output wire [RS_W-1:0]   rs_out;
  output wire              no_slot;

  // The work sits in the branches that use it: the same hardware, but the Verilated model, which evaluates
  // every routing at each decision, skips it.
  /* verilator lint_off UNUSEDSIGNAL */
  reg [W-1:0] root;  // < 2^ROUTER_W
  /* verilator lint_on UNUSEDSIGNAL */
  reg [LINK_W-1:0] target_link;
  reg [ROUTER_W-1:0] inter;
  reg phase, phase_global_in, global_hop;
  reg [2:0] path;
  reg [W-1:0] target, target_g, target_x, next_port;
  always @* begin
    inter = rs_in[RS_INTER_LSB +: ROUTER_W];
    phase = rs_in[RS_PHASE_BIT];
    path = rs_in[RS_PATH_LSB +: 3];
    phase_global_in = rs_in[RS_PGLOBAL_BIT];
    root = {W{1'b0}};
    target = dst_router;
    {target_g, target_x} = {dst_g, dst_x};
    target_link = {LINK_W{1'b0}};
    if (on) begin
      if (injection) begin  // take R_ROOT; degenerate draws route minimally
        root = root_g * a + root_x;
        inter = root[ROUTER_W-1:0];
        phase = (root_g == here_g && root_x == here_x) || (root_g == dst_g && root_x == dst_x) || take_minimal ||
                (cfg_valiant_in_group && dst_g == here_g);
      end
      if (!phase && here[ROUTER_W-1:0] == inter) begin  // R_ROOT reached: phase B
        phase = 1'b1;
        phase_global_in = 1'b0;
      end
      if (!phase) begin  // phase A: towards R_ROOT
        target = {{(W-ROUTER_W){1'b0}}, inter};
        if (injection) {target_g, target_x, target_link} = {root_g, root_x, root_link};  // inter = root
        else {target_g, target_x, target_link} = {inter_g, inter_x, inter_link};
      end
    end

    // The minimal hop towards `target`, or ejection at the destination router (phase A's in its own branch,
    // as above, so that the Verilated model does not evaluate it at every decision).
    next_port = here == dst_router ? dst_port : minimal;  // towards the destination: computed once
    if (on && !phase) begin
      if (here == target) next_port = dst_port;
      else if (target == dst_router) next_port = minimal;
      else next_port = min_port_via(here_g, here_x, target_g, target_x, target_link);
    end
    global_hop = next_port >= p + a - 1;
    if (here != target && on && !phase) path = path | (global_hop ? 3'b010 : (path[1] ? 3'b100 : 3'b001));
  end

  // RVLB's intra-group path: no global hop taken yet and the destination in this group.
  wire intra_group = restricted && rs_in[RS_GHOPS_LSB +: HOPS_W] == {HOPS_W{1'b0}} && dst_g == here_g;
  wire [HOPS_W-1:0] local_hops, global_hops;
  wire phase_global;
  hiradix_path_vc path_vc(
      .hop(on && here != target), .global_hop(global_hop),
      .valiant_paths(on && !(cfg_ugal_min_slots && phase && path == 3'b000)), .intra_group(intra_group),
      .cfg_phase_a(cfg_phase_a), .phase(phase),
      .cfg_hop_count_vcs(cfg_hop_count_vcs), .local_hops_in(rs_in[RS_LHOPS_LSB +: HOPS_W]),
      .global_hops_in(rs_in[RS_GHOPS_LSB +: HOPS_W]), .phase_global_in(phase_global_in), .vc(out_vc),
      .no_slot(no_slot), .local_hops(local_hops), .global_hops(global_hops), .phase_global(phase_global));

  assign out_port = next_port[PORT_W-1:0];
  assign min_port = minimal[PORT_W-1:0];
  assign misroute = here != target && next_port != minimal;
  assign rs_out = {rs_in[RS_FLAGS_HI_LSB +: 6], rs_in[RS_MANDG_BIT], rs_in[RS_LMIS_BIT], phase_global, global_hops, local_hops, path, phase, inter};
endmodule
`default_nettype wire
