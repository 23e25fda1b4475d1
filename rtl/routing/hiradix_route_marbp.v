// MAR-bP (seed-000 §4.5, seed 002's Conditional OpenFlow; router/routing/marbp_routing.cpp): at injection
// towards another group, the minimal hop unless its VC's flow control holds a packet back (flow_ready: the
// class paused, or fewer credits than a packet), then the host port's alternative rule: out of global port
// (host mod h) of this router and minimally from its far end, a Valiant -g- path whose intermediate is that
// far end. In-group and in-transit packets: minimal. The two candidate paths are Valiant's path logic
// (hiradix_valiant_path.v) under -g-, one with R_ROOT this router (minimal), one with the host's far end.
// QCN-Switch (seed 002, seed-000 §4.6; router/routing/qcn_switch_routing.h) under its own code: the same
// rules, the minimal one taken iff the draw N = 1 + floor(random[31:0] * 100 / 2^32) is at most qcn_p, the
// minimal port's probability in whole percent (the switch's table, an input).
`default_nettype none
module hiradix_route_marbp(
`include "routing/hiradix_routing_port_list.vh"
);
/* verilator lint_off UNUSEDPARAM */
`include "hiradix_fields.vh"
`include "hiradix_arith.vh"
`include "topology/hiradix_dragonfly.vh"
/* verilator lint_on UNUSEDPARAM */
`include "routing/hiradix_routing_ports.vh"
`include "topology/hiradix_global_peer.vh"

  wire marbp = cfg_algorithm == ALG_MARBP[ALG_W-1:0];
  wire qcn_switch = cfg_algorithm == ALG_QCN_SWITCH[ALG_W-1:0];
  wire on = marbp || qcn_switch;
  localparam [1:0] MINUS_G_MINUS = PHASE_A_G[1:0];
  // The host port's global port k = in_port mod h, without a divider: host j < 2h (rtl_refusal).
  wire [W-1:0] host = {{(W-PORT_W){1'b0}}, in_port};
  wire [W-1:0] k = host >= h ? host - h : host;
  wire [W-1:0] alt_g, alt_x;
  assign {alt_g, alt_x} = global_peer(here_x, k);
  wire [LINK_W-1:0] alt_link = {here_x[GEOM_W-1:0], k[GEOM_W-1:0]};

  wire [PORT_W-1:0] min_out, alt_out, min_min, alt_min;
  wire [VC_W-1:0] min_vc, alt_vc;
  wire [RS_W-1:0] min_rs, alt_rs;
  wire min_mis, alt_mis, min_no_slot, alt_no_slot;
  hiradix_valiant_path minimal_path(.*, .restricted(1'b0), .take_minimal(1'b1), .root_g(here_g), .root_x(here_x),
                                    .root_link({LINK_W{1'b0}}), .cfg_phase_a(MINUS_G_MINUS), .cfg_valiant_in_group(1'b0),
                                    .cfg_ugal_min_slots(1'b0), .out_port(min_out), .out_vc(min_vc), .min_port(min_min),
                                    .misroute(min_mis), .rs_out(min_rs), .no_slot(min_no_slot));
  hiradix_valiant_path host_path(.*, .restricted(1'b0), .take_minimal(1'b0), .root_g(alt_g), .root_x(alt_x),
                                 .root_link(alt_link), .cfg_phase_a(MINUS_G_MINUS), .cfg_valiant_in_group(1'b0),
                                 .cfg_ugal_min_slots(1'b0), .out_port(alt_out), .out_vc(alt_vc), .min_port(alt_min),
                                 .misroute(alt_mis), .rs_out(alt_rs), .no_slot(alt_no_slot));

  // MAR-bP: the minimal rule is disabled while its VC cannot take a packet (VCs beyond READY_W never are).
  wire ready = min_vc < READY_W[VC_W-1:0] && flow_ready[min_out * READY_W + {30'b0, min_vc[1:0]}];
  // QCN-Switch: N - 1 = floor(random[31:0] * 100 / 2^32), 0..99; minimal iff N <= qcn_p.
  /* verilator lint_off UNUSEDSIGNAL */
  wire [38:0] scaled = {7'b0, random[31:0]} * 39'd100;  // its low 32 bits are the fraction
  /* verilator lint_on UNUSEDSIGNAL */
  wire drawn_minimal = scaled[38:32] < qcn_p;
  wire keeps_minimal = marbp ? ready : drawn_minimal;
  wire take_host = on && injection && dst_g != here_g && !keeps_minimal;
  assign {out_port, out_vc, min_port, misroute, rs_out, no_slot} =
      take_host ? {alt_out, alt_vc, alt_min, alt_mis, alt_rs, alt_no_slot}
                : {min_out, min_vc, min_min, min_mis, min_rs, min_no_slot};
endmodule
`default_nettype wire
