// Piggyback's state (seed-000 §3.6, Eq. 2-2): the congestion flag of each of the router's own global
// channels, and the flag vectors received from the other a - 1 routers of the group.
//
// Own flags, registered every cycle from the per-port occupancies q (phits; e.g. OutputUnit::load):
//   C_gc = Q_gc > F * Qbar + T,  Qbar = mean occupancy of the router's *other* global channels,
// with F = F_NUM / F_DEN (seed-000 Table 3-1: 1.2 = 6/5; a power-of-two F_DEN is plain fixed point) and T
// in phits (Table 3-1: 5). Multiplied out so that nothing is divided, exactly:
//   Q_gc * (H - 1) * F_DEN > F_NUM * sum_{j != gc} Q_j + T * (H - 1) * F_DEN.
// With H = 1 there is no other channel: C = Q > T.
// The flags are piggybacked on the local links (tx_flags = the own register). Received: local input port j
// always comes from the same router, so lane j owns slot j, overwritten when rx_valid[j].
//
// State (flip-flops): H own flags + (A - 1) * H received flags = A * H bits (the group's L global links).
`default_nettype none
module hiradix_pb_state #(
    parameter integer H = 2,       // global ports (h)
    parameter integer A = 4,       // routers per group (a)
    parameter integer QW = 12,     // occupancy width (rtl/hiradix_fields.vh LOAD_W)
    parameter integer F_NUM = 6,   // F = F_NUM / F_DEN
    parameter integer F_DEN = 5,
    parameter integer T = 5        // phits
) (
    input  wire               clk,
    input  wire               rst,  // synchronous, active high
    input  wire [   H*QW-1:0] q,
    output reg  [      H-1:0] flags,
    output wire [      H-1:0] tx_flags,
    input  wire [      A-2:0] rx_valid,
    input  wire [(A-1)*H-1:0] rx_flags,
    output reg  [(A-1)*H-1:0] group_flags
);
  // Widths: the sum of H occupancies, times the larger constant; headroom for T's term.
  localparam integer SUMW = QW + ((H > 1) ? $clog2(H) : 1);
  localparam integer KMAX = (F_NUM > (H * F_DEN) ? F_NUM : (H * F_DEN)) + 1;
  localparam integer MW = SUMW + $clog2(KMAX + 1) + 1;
  localparam integer HM1 = (H > 1) ? H - 1 : 1;
  localparam integer I_LEFT = HM1 * F_DEN;  // (H - 1) * F_DEN
  localparam integer I_T = (H > 1) ? T * HM1 * F_DEN : T;
  localparam [MW-1:0] C_LEFT = I_LEFT[MW-1:0];
  localparam [MW-1:0] C_F = F_NUM[MW-1:0];
  localparam [MW-1:0] C_T = I_T[MW-1:0];

  reg [SUMW-1:0] total;
  reg [MW-1:0] left, right;
  reg [H-1:0] next;
  integer g;
  always @* begin
    total = {SUMW{1'b0}};
    for (g = 0; g < H; g = g + 1) total = total + {{(SUMW - QW) {1'b0}}, q[g*QW+:QW]};
    for (g = 0; g < H; g = g + 1) begin
      if (H > 1) begin
        left = {{(MW - QW) {1'b0}}, q[g*QW+:QW]} * C_LEFT;
        right = {{(MW - SUMW) {1'b0}}, total - {{(SUMW - QW) {1'b0}}, q[g*QW+:QW]}} * C_F + C_T;
      end else begin
        left = {{(MW - QW) {1'b0}}, q[g*QW+:QW]};
        right = C_T;
      end
      next[g] = left > right;
    end
  end
  assign tx_flags = flags;

  integer j;
  always @(posedge clk)
    if (rst) begin
      flags <= {H{1'b0}};
      group_flags <= {((A - 1) * H) {1'b0}};
    end else begin
      flags <= next;
      for (j = 0; j < A - 1; j = j + 1)
        if (rx_valid[j]) group_flags[j*H+:H] <= rx_flags[j*H+:H];
    end
endmodule
