// QCN-Switch's table of minimal-routing probabilities of one switch (seed 002, seed-000 §4.6;
// docs/papers/seed-002-qcn-openflow.md §6): per transit port its probability P (16 bits, 7.9 fixed point in
// percent: 512 = 1 %, 51200 = 100 %), the packets sent through it since its last CNM or increase and, with
// the feedback comparison, the last CNM's Fb; and the sum of those Fb. The C++ reference is
// router/routing/qcn_switch_probabilities.h (QcnSwitchProbabilities), bit for bit: the network's
// co-simulation (router/rtl/rtl_qcn_switch_table.cpp) feeds it every event the C++ table takes, in the same
// order, and compares what the routing unit reads of it (`rd_percent`, P of the minimal rule's port in whole
// percent: the unit's qcn_p) at every decision.
//
// One event per clock, on the transit ports' indices 0 .. T - 1 (the switch's ports from its first
// router-to-router port on):
//   ev_cnm = 0, a packet sent through port x:  cnt[x] + 1 reaches PC_l: cnt[x] = 0, P[x] = min(100 %, P + PI)
//   ev_cnm = 1, a CNM with feedback Fb through x (or made by the switch's own congestion point for x):
//     cnt[x] = 0, and
//     COMPARE = 0 (base, source):  P[x] = max(P_min, P - floor(P Fb / L)),   L = 2^cfg_lf_shift = 1 / L_f
//     COMPARE = 1: sum += Fb - LastFb[x], LastFb[x] = Fb; with avg = sum / T, compared multiplied by T:
//       T Fb > sum + T Th2:   P[x] = max(P_min, P - floor(floor(P (T Fb - sum) / T) / L))
//       T Fb <= sum + T Th1:  P[x] = min(100 %, P + PI)
// floor(floor(y / T) / L) = floor(y / (T L)), the C++ decrement. L must be a power of two (the seeds' 64 and
// 128): the co-simulation refuses others naming routing.qcn_lf_inverse.
//
// A real switch sends up to (ports x the crossbar's speed-up) packets a cycle; this block takes one event a
// clock, as the C++ table does in turn: it checks the update logic and sizes the state, not the event rate
// (README "QCN-Switch").
//
// Configuration inputs (cfg_*) are constant from reset on; the synthesis flow ties them to the configured
// constants (router/rtl/qcn_switch_table_wrapper.cpp) with PORTS = T and CW the counter's width for PC_l.
// State (flip-flops): PORTS x (16 + CW + 6 with COMPARE) + SW with COMPARE.
`default_nettype none
module hiradix_qcn_switch_table #(
    parameter integer PORTS = 32,   // transit ports the table holds (T <= PORTS)
    parameter integer COMPARE = 1,  // the feedback comparison (routing.qcn_variant compare), else base / source
    parameter integer CW = 20,      // bits of a port's packet counter: PC_l - 1 fits (the key's range: 20 bits)
    parameter integer PW = (PORTS > 1) ? $clog2(PORTS) : 1,
    parameter integer TW = $clog2(PORTS + 1),
    parameter integer SW = $clog2(63 * PORTS + 1)
) (
    input  wire          clk,
    input  wire          rst,            // synchronous, active high: every P 100 %, counters and Fb 0
    input  wire [TW-1:0] cfg_transit,    // T, the transit ports (1 .. PORTS)
    input  wire [   4:0] cfg_lf_shift,   // log2 of 1 / L_f (routing.qcn_lf_inverse; Table 4-3: 6)
    input  wire [CW-1:0] cfg_pc_l,       // PC_l (routing.qcn_pc_l; 100), 1 .. 2^CW - 1
    input  wire [  15:0] cfg_pi,         // PI in P's fixed point (routing.qcn_pi_percent x 512)
    input  wire [   5:0] cfg_th1,        // compare: Th1 (routing.qcn_th1; 0)
    input  wire [   5:0] cfg_th2,        // compare: Th2 (routing.qcn_th2; 30)
    input  wire [  15:0] cfg_p_min,      // the floor of P (1 LSB)
    input  wire          ev_valid,
    input  wire          ev_cnm,         // 1: a CNM, 0: a packet sent
    input  wire [PW-1:0] ev_port,
    input  wire [   5:0] ev_fb,
    input  wire [PW-1:0] rd_port,
    output wire [   6:0] rd_percent      // floor(P[rd_port] / 512)
);
  localparam [15:0] FULL = 16'd51200;
  // One register set per port (not a memory: Yosys would round its words up to 2^PW).
  wire [PORTS*16-1:0] p_all;
  wire [PORTS*CW-1:0] cnt_all;
  wire [15:0] p_x = p_all[ev_port*16+:16];
  wire [CW:0] cnt_next = {1'b0, cnt_all[ev_port*CW+:CW]} + 1'b1;
  wire [16:0] raised = {1'b0, p_x} + {1'b0, cfg_pi};
  wire [15:0] p_up = raised > {1'b0, FULL} ? FULL : raised[15:0];
  // max(P_min, P - d), P >= P_min: P_min when d > P - P_min (d may exceed P when L_f Fb > 1).
  function automatic [15:0] floor_at_min(input [15:0] value, input [31:0] decrement);
    begin
      floor_at_min = decrement > {16'd0, value - cfg_p_min} ? cfg_p_min : value - decrement[15:0];
    end
  endfunction

  wire [15:0] p_cnm;
  generate
    if (COMPARE != 0) begin : g_compare
      wire [PORTS*6-1:0] last_fb_all;
      reg [SW-1:0] sum;
      wire [SW:0] sum_next = {1'b0, sum} + {{(SW - 5) {1'b0}}, ev_fb} - {{(SW - 5) {1'b0}}, last_fb_all[ev_port*6+:6]};
      wire [SW+1:0] t = {{(SW + 2 - TW) {1'b0}}, cfg_transit};
      wire [SW+1:0] scaled_fb = t * {{(SW - 4) {1'b0}}, ev_fb};
      wire [SW+1:0] sum_w = {1'b0, sum_next};
      wire [SW+1:0] over = sum_w + t * {{(SW - 4) {1'b0}}, cfg_th2};
      wire [SW+1:0] under = sum_w + t * {{(SW - 4) {1'b0}}, cfg_th1};
      wire [SW+1:0] excess = scaled_fb - sum_w;  // T Fb - sum, when it is above sum + T Th2
      wire [SW+17:0] product = {{(SW + 2) {1'b0}}, p_x} * {16'd0, excess};
      wire [SW+17:0] per_port = product / {16'd0, t};
      wire [SW+17:0] cmp_shifted = per_port >> cfg_lf_shift;
      wire [31:0] cmp_dec = 32'(cmp_shifted);
      assign p_cnm = scaled_fb > over ? floor_at_min(p_x, cmp_dec) : scaled_fb <= under ? p_up : p_x;
      always @(posedge clk)
        if (rst) sum <= {SW{1'b0}};
        else if (ev_valid && ev_cnm) sum <= sum_next[SW-1:0];
      genvar k;
      for (k = 0; k < PORTS; k = k + 1) begin : g_last_fb
        reg [5:0] last_fb;
        always @(posedge clk)
          if (rst) last_fb <= 6'd0;
          else if (ev_valid && ev_cnm && ev_port == k[PW-1:0]) last_fb <= ev_fb;
        assign last_fb_all[k*6+:6] = last_fb;
      end
    end else begin : g_aimd
      wire [31:0] product = {16'd0, p_x} * {26'd0, ev_fb};  // P Fb < 2^22
      wire [31:0] base_dec = product >> cfg_lf_shift;
      assign p_cnm = floor_at_min(p_x, base_dec);
      wire unused = &{1'b0, cfg_th1, cfg_th2, cfg_transit};  // the comparison's alone
    end
  endgenerate

  genvar i;
  generate
    for (i = 0; i < PORTS; i = i + 1) begin : g_port
      reg [15:0] p;
      reg [CW-1:0] cnt;
      wire hit = ev_valid && ev_port == i[PW-1:0];
      always @(posedge clk)
        if (rst) begin
          p <= FULL;
          cnt <= {CW{1'b0}};
        end else if (hit) begin
          if (ev_cnm) begin
            p <= p_cnm;
            cnt <= {CW{1'b0}};
          end else if (cnt_next >= {1'b0, cfg_pc_l}) begin
            p <= p_up;
            cnt <= {CW{1'b0}};
          end else begin
            cnt <= cnt_next[CW-1:0];
          end
        end
      assign p_all[i*16+:16] = p;
      assign cnt_all[i*CW+:CW] = cnt;
    end
  endgenerate

  wire [15:0] p_rd = p_all[rd_port*16+:16];
  assign rd_percent = p_rd[15:9];
  wire unused_fraction = &{1'b0, p_rd[8:0]};  // whole percent: N <= P iff N <= floor(P)
endmodule
`default_nettype wire
