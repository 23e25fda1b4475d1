// Base's state (seed-003 §6.1): the per-output-port contention counters (hiradix_contention_counters.v)
// plus the per-input-VC tag that remembers which counter a packet incremented, so that its tail decrements
// the same counter even when the packet left on a nonminimal port (§1.3).
//
// Input ports are numbered as in the router: [0, PI) injection, [PI, PI+PL) local, then PG global; port
// class c has V<c> VCs. Each cycle every input port may signal one head event (a header reached the head of
// VC head_vc; head_port is its minimal output) and one tail event (the tail of the packet at VC tail_vc
// left the buffer). A VC's tag is valid from its head event to its tail event; a tail on a VC without a
// valid tag decrements nothing. Head and tail on the same VC in one cycle (the next packet's header
// arrives as the previous tail leaves) decrement the old tag's counter and store the new one.
//
// State (flip-flops): K * ceil(log2(V + 1)) counter bits + V * (1 + ceil(log2 K)) tag bits, with
// K = PI + PL + PG ports and V = PI*VI + PL*VL + PG*VG input VCs. Seed-003 Table I (p = 8, a = 16, h = 8,
// 3/3/2 VCs): 31 * 7 + 85 * 6 = 727 bits (the seed's "about 0.7 kbit").
`default_nettype none
module hiradix_base_state #(
    parameter integer PI = 2,  // injection ports (p)
    parameter integer PL = 3,  // local ports (a - 1)
    parameter integer PG = 2,  // global ports (h)
    parameter integer VI = 2,  // VCs per injection port
    parameter integer VL = 2,  // VCs per local port
    parameter integer VG = 1,  // VCs per global port
    parameter integer K = PI + PL + PG,
    parameter integer V = PI * VI + PL * VL + PG * VG,
    parameter integer PW = (K > 1) ? $clog2(K) : 1,
    parameter integer VMAX = (VI > VL ? (VI > VG ? VI : VG) : (VL > VG ? VL : VG)),
    parameter integer VW = (VMAX > 1) ? $clog2(VMAX) : 1,
    parameter integer CW = $clog2(V + 1)
) (
    input  wire          clk,
    input  wire          rst,        // synchronous, active high
    input  wire [   K-1:0] head,
    input  wire [K*VW-1:0] head_vc,
    input  wire [K*PW-1:0] head_port,  // the header's minimal output
    input  wire [   K-1:0] tail,
    input  wire [K*VW-1:0] tail_vc,
    output wire [K*CW-1:0] count,
    output wire [   V-1:0] tag_valid
);
  // Flat index of (input port, VC); a VC beyond the port's count (loop iterations that do nothing) maps to
  // the port's VC 0, so that no select is out of range.
  function integer vc_index(input integer port, input integer vc);
    begin
      if (port < PI) vc_index = port * VI + (vc < VI ? vc : 0);
      else if (port < PI + PL) vc_index = PI * VI + (port - PI) * VL + (vc < VL ? vc : 0);
      else vc_index = PI * VI + PL * VL + (port - PI - PL) * VG + (vc < VG ? vc : 0);
    end
  endfunction

  reg  [V*PW-1:0] tag_port;
  reg  [   V-1:0] valid;
  reg  [   K-1:0] dec;
  reg  [K*PW-1:0] dec_port;
  reg  [V*PW-1:0] tag_port_next;
  reg  [   V-1:0] valid_next;
  integer i, v, n;
  always @* begin
    tag_port_next = tag_port;
    valid_next = valid;
    dec = {K{1'b0}};
    dec_port = {(K * PW) {1'b0}};
    for (i = 0; i < K; i = i + 1) begin
      n = i < PI ? VI : (i < PI + PL ? VL : VG);
      for (v = 0; v < VMAX; v = v + 1) begin
        if (v < n) begin
          if (tail[i] && tail_vc[i*VW+:VW] == v[VW-1:0] && valid[vc_index(i, v)]) begin
            dec[i] = 1'b1;
            dec_port[i*PW+:PW] = tag_port[vc_index(i, v)*PW+:PW];
            valid_next[vc_index(i, v)] = 1'b0;
          end
          if (head[i] && head_vc[i*VW+:VW] == v[VW-1:0]) begin
            valid_next[vc_index(i, v)] = 1'b1;
            tag_port_next[vc_index(i, v)*PW+:PW] = head_port[i*PW+:PW];
          end
        end
      end
    end
  end

  always @(posedge clk)
    if (rst) begin
      valid <= {V{1'b0}};
      tag_port <= {(V * PW) {1'b0}};
    end else begin
      valid <= valid_next;
      tag_port <= tag_port_next;
    end

  assign tag_valid = valid;

  hiradix_contention_counters #(.P(K), .MAXC(V)) counters (
      .clk(clk), .rst(rst), .inc(head), .inc_port(head_port), .dec(dec), .dec_port(dec_port), .count(count));
endmodule
