// OLM and Hybrid (seed-003 §1.4, §2; router/routing/occupancy_routing.h): in-transit MM+L misrouting
// (hiradix_mml_misroute.v) triggered by credits. OLM misroutes when the minimal VC is congested (its
// occupancy q_min >= ThMin and it cannot take the packet now), to candidates at most th% as occupied
// (100 q_nonmin <= th q_min, integer percents). Hybrid also misroutes when the minimal port's contention
// counter reaches its th, and then takes any ready candidate.
`default_nettype none
module hiradix_route_occupancy(
`include "routing/hiradix_routing_port_list.vh"
);
/* verilator lint_off UNUSEDPARAM */
`include "hiradix_fields.vh"
`include "hiradix_arith.vh"
/* verilator lint_on UNUSEDPARAM */
`include "routing/hiradix_routing_ports.vh"

  wire hybrid = cfg_algorithm == ALG_HYBRID[ALG_W-1:0];
  wire on = cfg_algorithm == ALG_OLM[ALG_W-1:0] || hybrid;

  // The minimal VC's occupancy and readiness, the credit trigger, and the filter's limit: the relative
  // test 100 q_nonmin <= th q_min is, on integers, q_nonmin <= floor(th q_min / 100): one constant
  // division per decision instead of a multiply per candidate (same decisions), done as a multiply by
  // 100's reciprocal (div_by, exact for dividends below 2^DIV_N; th q_min < 2^(2 OCC_W)).
  localparam [DIV_SW-1:0] S_100 = recip_shift(100, DIV_N[DIV_SW-1:0]);
  localparam [DIV_MW-1:0] M_100 = recip_mult(100, S_100);
  wire [VC_W:0] min_vc;
  reg [OCC_W-1:0] q_min;
  reg ready_min;
  reg [2*OCC_W-1:0] limit;
  /* verilator lint_off UNUSEDSIGNAL */
  reg [W-1:0] quotient;  // < 2^(2 OCC_W)
  /* verilator lint_on UNUSEDSIGNAL */
  reg credit, contended;
  always @* begin  // (the `if`: the Verilated model skips the work when another routing is selected)
    q_min = {OCC_W{1'b0}};
    ready_min = 1'b0;
    limit = {(2*OCC_W){1'b0}};
    quotient = {W{1'b0}};
    {credit, contended} = 2'b00;
    if (on) begin
      if (min_vc < READY_W[VC_W:0]) begin
        q_min = occupancy[(minimal * READY_W + {30'b0, min_vc[1:0]}) * OCC_W +: OCC_W];
        ready_min = port_ready[minimal * READY_W + {30'b0, min_vc[1:0]}];
      end
      quotient = div_by({{(W-2*OCC_W){1'b0}}, {{OCC_W{1'b0}}, cfg_occupancy_th} * {{OCC_W{1'b0}}, q_min}}, M_100, S_100);
      limit = quotient[2*OCC_W-1:0];
      credit = q_min >= cfg_min_occupancy && !ready_min;
      contended = hybrid && contention[minimal * COUNT_W +: COUNT_W] >= cfg_contention_th;
    end
  end
  wire trigger = credit || contended;
  wire trigger_any = contended;

  reg [MAX_PORTS-1:0] candidate_ok;
  reg [OCC_W-1:0] q;
  wire fire;
  wire [MAX_PORTS*(VC_W+1)-1:0] cand_vc;
  integer c;
  always @* begin
    candidate_ok = {MAX_PORTS{1'bx}};  // don't care unless `fire` (hiradix_mml_misroute.v, cand_vc)
    q = {OCC_W{1'b0}};
    if (fire)
      for (c = 0; c < MAX_PORTS; c = c + 1) begin
        q = occupancy[(c * READY_W + {30'b0, cand_vc[c * (VC_W+1) +: 2]}) * OCC_W +: OCC_W];
        candidate_ok[c] = {{OCC_W{1'b0}}, q} <= limit;
      end
  end

  hiradix_mml_misroute mml(.*);
endmodule
`default_nettype wire
