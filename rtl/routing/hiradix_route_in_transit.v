// Base and ECtN (seed-003 §1.3, §1.5; router/routing/in_transit_routing.cpp): in-transit MM+L misrouting
// (hiradix_mml_misroute.v) triggered by contention counters. Base misroutes when the minimal port's
// counter reaches th, to candidates whose counter is below th. ECtN is Base plus, at injection towards
// another group (e_source), the group's combined counters: it also misroutes when the destination link's
// combined counter reaches th_e, and a global candidate then needs its own link's combined counter below
// th_e instead of the Base counter.
`default_nettype none
module hiradix_route_in_transit(
`include "routing/hiradix_routing_port_list.vh"
);
/* verilator lint_off UNUSEDPARAM */
`include "hiradix_fields.vh"
`include "hiradix_arith.vh"
/* verilator lint_on UNUSEDPARAM */
`include "routing/hiradix_routing_ports.vh"

  wire ectn = cfg_algorithm == ALG_ECTN[ALG_W-1:0];
  wire on = cfg_algorithm == ALG_BASE[ALG_W-1:0] || ectn;
  wire e_source = ectn && injection && dst_g != here_g;
  reg trigger;
  always @* begin  // (the `if`: the Verilated model skips the work when another routing is selected)
    trigger = 1'b0;
    if (on) trigger = contention[minimal * COUNT_W +: COUNT_W] >= cfg_contention_th ||
                      (e_source && ectn_dest >= cfg_ectn_th);
  end

  reg [MAX_PORTS-1:0] candidate_ok;
  wire fire;
  /* verilator lint_off UNUSEDSIGNAL */
  wire [VC_W:0] min_vc;  // the counters do not depend on the VC
  wire [MAX_PORTS*(VC_W+1)-1:0] cand_vc;
  /* verilator lint_on UNUSEDSIGNAL */
  integer c;
  always @* begin
    candidate_ok = {MAX_PORTS{1'bx}};  // don't care unless `fire` (hiradix_mml_misroute.v, cand_vc)
    if (fire)
      for (c = 0; c < MAX_PORTS; c = c + 1)
        candidate_ok[c] = (e_source && c[W-1:0] >= p + a - 1) ? ectn_comb[c * COMB_W +: COMB_W] < cfg_ectn_th
                                                             : contention[c * COUNT_W +: COUNT_W] < cfg_contention_th;
  end

  hiradix_mml_misroute mml(.*, .trigger_any(1'b0));
endmodule
`default_nettype wire
