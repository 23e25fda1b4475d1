// MM+L misrouting (seed-003 §1.7), the machinery every in-transit routing shares (InTransitRouting,
// router/routing/in_transit_routing.cpp): a routing supplies only its trigger and its candidate filter.
//   1. The misroute type of this hop. Before the first global hop, towards another group: global at
//      injection; after a local hop, local (MM), and then the next router must leave globally
//      (mandatory). Otherwise local (L) when the minimal hop is local. None at the destination router,
//      and no local one after this group's local misroute.
//   2. The routing's trigger (from min_vc, the VC the minimal hop would take) fires the misroute:
//      `fire` = a type and (the trigger or a mandatory exit).
//   3. Candidates: the ports of the type's class but the minimal one (mandatory: any global port), whose
//      VC (cand_vc, by the in-transit VC rule) can take the packet now and that pass the routing's filter
//      (candidate_ok; every ready candidate after a mandatory exit or a trigger_any).
//   4. The k-th valid candidate, k uniform in [0, count), the lowest port first; none valid: minimal.
// Then the hop's VC, the hop counters and the MM+L header bits. The decision ports are a routing's
// (routing/hiradix_routing_ports.vh).
`default_nettype none
module hiradix_mml_misroute(on, p, a, h, here, here_g, dst_router, dst_g, minimal, injection, in_port, in_vc, rs_in,
                            port_ready, random, trigger, trigger_any, candidate_ok, min_vc, fire, cand_vc, out_port,
                            out_vc, min_port, misroute, rs_out, no_slot);
/* verilator lint_off UNUSEDPARAM */
`include "hiradix_fields.vh"
`include "hiradix_arith.vh"
/* verilator lint_on UNUSEDPARAM */
`include "routing/hiradix_draw.vh"
  input  wire                         on;  // an in-transit routing using this instance is selected
  input  wire [W-1:0]                 p, a, h, here, here_g, dst_router, dst_g, minimal;
  input  wire                         injection;
  input  wire [PORT_W-1:0]            in_port;
  input  wire [VC_W-1:0]              in_vc;
  input  wire [RS_W-1:0]              rs_in;
  input  wire [MAX_PORTS*READY_W-1:0] port_ready;
  /* verilator lint_off UNUSEDSIGNAL */
  input  wire [LFSR_W-1:0]            random;  // the draw uses the low 32 bits
  /* verilator lint_on UNUSEDSIGNAL */
  input  wire                         trigger;       // the routing's trigger fired on the minimal port / VC
  input  wire                         trigger_any;   // ... and every ready candidate is valid (Hybrid's counter)
  input  wire [MAX_PORTS-1:0]         candidate_ok;  // the routing's filter, per port (read when `fire`)
  output reg  [VC_W:0]                min_vc;        // the minimal hop's VC
  output reg                          fire;
  output reg  [MAX_PORTS*(VC_W+1)-1:0] cand_vc;      // per port, its VC as a candidate (valid when `fire`)
  output wire [PORT_W-1:0]            out_port;
  output wire [VC_W-1:0]              out_vc;
  output wire [PORT_W-1:0]            min_port;
  output wire                         misroute;
  output wire [RS_W-1:0]              rs_out;
  output wire                         no_slot;

  // In-transit VC rule (seed-003 §1.8): VC 0 from injection or to ejection; a local misroute and a
  // local-to-global hop keep the input VC; other hops take it + 1.
  function [VC_W:0] next_vc(input [W-1:0] from_port, to_port, input [VC_W-1:0] vc, input mis);
    begin
      if (from_port < p || to_port < p) next_vc = {(VC_W+1){1'b0}};
      else if (to_port < p + a - 1 && mis) next_vc = {1'b0, vc};
      else if (from_port < p + a - 1 && to_port >= p + a - 1) next_vc = {1'b0, vc};
      else next_vc = {1'b0, vc} + 1'b1;
    end
  endfunction

  wire [W-1:0] in_port_w = {{(W-PORT_W){1'b0}}, in_port};
  localparam [2:0] MR_NONE = 3'd0, MR_GLOBAL = 3'd1, MR_MANDATORY = 3'd2, MR_LOCAL_MM = 3'd3, MR_LOCAL = 3'd4;
  // 1. The type, and the header's MM+L bits as this router reads them (cleared on entering a new group;
  // the mandatory exit is consumed here).
  reg [2:0] mr_type;
  reg lmis_in, mandatory;
  always @* begin
    lmis_in = rs_in[RS_LMIS_BIT];
    mandatory = rs_in[RS_MANDG_BIT];
    mr_type = MR_NONE;
    min_vc = {(VC_W+1){1'b0}};
    if (on) begin
      if (in_port_w >= p + a - 1) {lmis_in, mandatory} = 2'b00;  // a new group
      if (here != dst_router) begin
        if (rs_in[RS_GHOPS_LSB +: HOPS_W] == {HOPS_W{1'b0}} && dst_g != here_g) begin
          if (mandatory) mr_type = MR_MANDATORY;
          else if (injection) mr_type = MR_GLOBAL;
          else if (in_port_w < p + a - 1 && !lmis_in) mr_type = MR_LOCAL_MM;
        end else if (!lmis_in && minimal < p + a - 1) mr_type = MR_LOCAL;
        min_vc = next_vc(in_port_w, minimal, in_vc, 1'b0);
      end
    end
  end

  // 2. `fire`, the candidates' port range, and their VCs for the routing's filter.
  reg any;
  reg [W-1:0] first, last;
  integer c;
  always @* begin
    fire = mr_type != MR_NONE && (mr_type == MR_MANDATORY || trigger);
    any = mr_type == MR_MANDATORY || trigger_any;
    first = (mr_type == MR_LOCAL_MM || mr_type == MR_LOCAL) ? p : p + a - 1;
    last = (mr_type == MR_LOCAL_MM || mr_type == MR_LOCAL) ? p + a - 1 : p + a - 1 + h;
    // Don't care (x) unless `fire`, when nothing reads them: then synthesis needs no gating muxes on the
    // late `fire` (they doubled OLM's critical path), while the `if` lets the Verilated model skip the loop.
    cand_vc = {(MAX_PORTS*(VC_W+1)){1'bx}};
    if (fire)
      for (c = 0; c < MAX_PORTS; c = c + 1)
        cand_vc[c * (VC_W+1) +: VC_W+1] = next_vc(in_port_w, c[W-1:0], in_vc, c[W-1:0] != minimal);
  end

  // 3. and 4., then the hop's VC and the header.
  reg [VC_W:0] vc_c, hop_vc;
  reg [MAX_PORTS-1:0] valid;
  reg [W-1:0] count, k, out;
  reg mis, lmis, mandg;
  integer j;
  reg [HOPS_W-1:0] lhops, ghops;
  reg [2:0] path;  // the header's path shape: bit 0 a local misroute taken, bit 1 a global one
  always @* begin
    valid = {MAX_PORTS{1'b0}};
    {count, k} = {(2*W){1'b0}};
    out = minimal;
    lmis = lmis_in;
    mandg = 1'b0;
    lhops = rs_in[RS_LHOPS_LSB +: HOPS_W];
    ghops = rs_in[RS_GHOPS_LSB +: HOPS_W];
    path = rs_in[RS_PATH_LSB +: 3];
    hop_vc = {(VC_W+1){1'b0}};
    vc_c = {(VC_W+1){1'b0}};
    if (fire) begin
      for (j = 0; j < MAX_PORTS; j = j + 1) begin
        vc_c = cand_vc[j * (VC_W+1) +: VC_W+1];
        if (j[W-1:0] >= first && j[W-1:0] < last && (j[W-1:0] != minimal || mr_type == MR_MANDATORY) &&
            vc_c < READY_W[VC_W:0] && port_ready[j * READY_W + {30'b0, vc_c[1:0]}] && (any || candidate_ok[j])) begin
          valid[j] = 1'b1;
          count = count + 1'b1;
        end
      end
      if (count != {W{1'b0}}) begin  // the k-th valid candidate, k uniform in [0, count)
        k = draw(random[31:0], count);
        for (j = 0; j < MAX_PORTS; j = j + 1)  // the lowest first, as the C++
          if (valid[j]) begin
            if (k == {W{1'b0}}) out = j[W-1:0];
            k = k - 1'b1;
          end
      end
    end
    mis = out != minimal;
    if (on && here != dst_router) begin
      hop_vc = next_vc(in_port_w, out, in_vc, mis);
      if (mis) path = path | (out >= p + a - 1 ? 3'd2 : 3'd1);
      if (out >= p + a - 1) ghops = ghops + 1'b1;
      else begin
        lhops = lhops + 1'b1;
        if (mis) {lmis, mandg} = {1'b1, mr_type == MR_LOCAL_MM};
      end
    end
  end

  assign out_port = out[PORT_W-1:0];
  assign out_vc = hop_vc[VC_W-1:0];
  assign min_port = minimal[PORT_W-1:0];
  assign misroute = mis;
  assign no_slot = on && here != dst_router && hop_vc >= (out >= p + a - 1 ? 2 : 3);
  assign rs_out = {rs_in[RS_FLAGS_HI_LSB +: 6], mandg, lmis, rs_in[RS_PGLOBAL_BIT], ghops, lhops, path, rs_in[RS_PHASE_BIT],
                   rs_in[RS_INTER_LSB +: ROUTER_W]};
endmodule
`default_nettype wire
