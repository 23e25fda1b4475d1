// ECtN's state (seed-003 §1.5, §6.3): the router's own partial array, the partial arrays received from the
// other a - 1 routers of the group, the combined counters (computed on lookup), and the serializer of the
// periodic broadcast.
//
// Own partial array: one counter per global link of the group (L = A * PG; link index = router index in
// the group * PG + global port number). Event lanes are the injection ports [0, PI) then the global input
// ports [PI, PI + PG). A head event with head_remote set (the packet at the head of VC head_vc is bound for
// a remote group, not this one: §1.5) increments partial[head_link] and stores {valid, link} as the VC's
// tag; the tail event of that VC decrements the tagged counter. Local inputs never count (§1.5).
// The tag stores the link index (ceil(log2 L) bits) instead of the destination group (§6.3's
// ceil(log2 G)): the same information, one bit narrower when L is a power of two.
//
// Broadcast (§1.5, [F]: at cycle mod PERIOD == 0): the own array saturated to SAT_W bits (L * SAT_W bits,
// §6.3: 512 bits in Table I) is sent in NCHUNK chunks of CHUNK_W bits (a phit: 80 bits in Table I), chunk c
// in cycle c of each period (tx_valid, tx_chunk, tx_data, the same on every local output). Chunks are read
// from the live counters, so a broadcast needs no copy of the array; its only state is the period counter.
// Receive: local input port j always comes from the same router, so lane j owns slot j of the received
// arrays; a chunk overwrites its bits of that slot (§1.5 [F]: overwritten per sender).
//
// Combined counters (§6.3 option "compute on demand"): combined[l] = sat(own[l]) + sum over the a - 1
// slots of slot[l], each term SAT_W bits, so nothing stores it: lookup_sum for the injection check (any
// link), cand_sum for the candidate check of the router's own PG global links (links X * PG + k, fixed).
// This drops §6.3's L * ceil(log2(a * 15 + 1)) combined bits (1,024 in Table I) for two adder trees.
//
// State (flip-flops): L * OW (own) + (A - 1) * L * SAT_W (received) + NV * (1 + LW) (tags)
// + ceil(log2 PERIOD) (period counter), OW = ceil(log2(NV + 1)), NV = PI*VI + PG*VG, LW = ceil(log2 L).
// Table I (p = 8, a = 16, h = 8, 3 injection / 2 global VCs): 768 + 7,680 + 320 + 7 = 8,775 bits.
`default_nettype none
module hiradix_ectn_state #(
    parameter integer PI = 2,        // injection ports (p)
    parameter integer PG = 2,        // global ports (h)
    parameter integer A = 4,         // routers per group (a)
    parameter integer VI = 2,        // VCs per injection port
    parameter integer VG = 1,        // VCs per global port
    parameter integer X = 0,         // this router's index in its group
    parameter integer PERIOD = 100,  // broadcast period, cycles (seed-003 Table I)
    parameter integer CHUNK_W = 80,  // bits per broadcast phit (10-byte phits, §VI-B)
    parameter integer SAT_W = 4,     // bits per broadcast counter (§VI-B: saturates above th = 10)
    parameter integer L = A * PG,
    parameter integer NE = PI + PG,
    parameter integer NV = PI * VI + PG * VG,
    parameter integer LW = (L > 1) ? $clog2(L) : 1,
    parameter integer OW = $clog2(NV + 1),
    parameter integer VMAX = VI > VG ? VI : VG,
    parameter integer VW = (VMAX > 1) ? $clog2(VMAX) : 1,
    parameter integer NCHUNK = (L * SAT_W + CHUNK_W - 1) / CHUNK_W,
    parameter integer CIW = (NCHUNK > 1) ? $clog2(NCHUNK) : 1,
    parameter integer TW = (PERIOD > 1) ? $clog2(PERIOD) : 1,
    parameter integer SW = $clog2(A * ((1 << SAT_W) - 1) + 1)
) (
    input  wire                     clk,
    input  wire                     rst,  // synchronous, active high
    input  wire [           NE-1:0] head,
    input  wire [        NE*VW-1:0] head_vc,
    input  wire [           NE-1:0] head_remote,
    input  wire [        NE*LW-1:0] head_link,
    input  wire [           NE-1:0] tail,
    input  wire [        NE*VW-1:0] tail_vc,
    input  wire [          A-2:0] rx_valid,
    input  wire [  (A-1)*CIW-1:0] rx_chunk,
    input  wire [(A-1)*CHUNK_W-1:0] rx_data,
    output wire                     tx_valid,
    output wire [          CIW-1:0] tx_chunk,
    output wire [      CHUNK_W-1:0] tx_data,
    input  wire [           LW-1:0] lookup_link,
    output reg  [           SW-1:0] lookup_sum,
    output reg  [        PG*SW-1:0] cand_sum,
    output wire [         L*OW-1:0] partial
);
  localparam integer RXW = L * SAT_W;  // one received array
  localparam [OW-1:0] MAXOWN = NV[OW-1:0];
  localparam integer NPAD = 1 << CIW;  // chunks addressable by tx_chunk
  localparam [OW+SAT_W-1:0] SATMAX = (1 << SAT_W) - 1;

  // Flat index of (lane, VC); a VC beyond the lane's count (loop iterations that do nothing) maps to the
  // lane's VC 0, so that no select is out of range.
  function integer vc_index(input integer lane, input integer vc);
    if (lane < PI) vc_index = lane * VI + (vc < VI ? vc : 0);
    else vc_index = PI * VI + (lane - PI) * VG + (vc < VG ? vc : 0);
  endfunction

  // ---- Own partial array and the per-VC tags ----
  reg [L*OW-1:0] own, own_next;
  reg [NV-1:0] valid, valid_next;
  reg [NV*LW-1:0] tag, tag_next;
  reg [NE-1:0] dec;
  reg [NE*LW-1:0] dec_link;
  localparam integer UW = OW + $clog2(NE + 1) + 1;
  reg [UW-1:0] up, down;
  integer e, v, l, n;
  always @* begin
    valid_next = valid;
    tag_next = tag;
    dec = {NE{1'b0}};
    dec_link = {(NE * LW) {1'b0}};
    for (e = 0; e < NE; e = e + 1) begin
      n = e < PI ? VI : VG;
      for (v = 0; v < VMAX; v = v + 1)
        if (v < n) begin
          if (tail[e] && tail_vc[e*VW+:VW] == v[VW-1:0] && valid[vc_index(e, v)]) begin
            dec[e] = 1'b1;
            dec_link[e*LW+:LW] = tag[vc_index(e, v)*LW+:LW];
            valid_next[vc_index(e, v)] = 1'b0;
          end
          if (head[e] && head_remote[e] && head_vc[e*VW+:VW] == v[VW-1:0]) begin
            valid_next[vc_index(e, v)] = 1'b1;
            tag_next[vc_index(e, v)*LW+:LW] = head_link[e*LW+:LW];
          end
        end
    end
    for (l = 0; l < L; l = l + 1) begin
      up = {{(UW - OW) {1'b0}}, own[l*OW+:OW]};
      down = {UW{1'b0}};
      for (e = 0; e < NE; e = e + 1) begin
        up = up + {{(UW - 1) {1'b0}}, head[e] && head_remote[e] && head_link[e*LW+:LW] == l[LW-1:0]};
        down = down + {{(UW - 1) {1'b0}}, dec[e] && dec_link[e*LW+:LW] == l[LW-1:0]};
      end
      up = (up <= down) ? {UW{1'b0}} : up - down;
      if (up > {{(UW - OW) {1'b0}}, MAXOWN}) up = {{(UW - OW) {1'b0}}, MAXOWN};
      own_next[l*OW+:OW] = up[OW-1:0];
    end
  end
  assign partial = own;

  // ---- Broadcast serializer ----
  reg [TW-1:0] phase;  // cycle within the period
  reg [NPAD*CHUNK_W-1:0] payload;  // combinational: the saturated own array, zero padded
  reg [OW+SAT_W-1:0] wide;
  always @* begin
    payload = {(NPAD * CHUNK_W) {1'b0}};
    for (l = 0; l < L; l = l + 1) begin
      wide = {{SAT_W{1'b0}}, own[l*OW+:OW]};
      payload[l*SAT_W+:SAT_W] = wide > SATMAX ? SATMAX[SAT_W-1:0] : wide[SAT_W-1:0];
    end
  end
  assign tx_valid = {{(32 - TW) {1'b0}}, phase} < NCHUNK;
  assign tx_chunk = phase[CIW-1:0];
  assign tx_data = payload[tx_chunk*CHUNK_W+:CHUNK_W];

  // ---- Received arrays: lane j writes slot j ----
  reg [(A-1)*RXW-1:0] rx, rx_next;
  integer j, b;
  always @* begin
    rx_next = rx;
    for (j = 0; j < A - 1; j = j + 1)
      for (b = 0; b < RXW; b = b + 1)
        if (rx_valid[j] && {{(32 - CIW) {1'b0}}, rx_chunk[j*CIW+:CIW]} == b / CHUNK_W) rx_next[j*RXW+b] = rx_data[j*CHUNK_W+b%CHUNK_W];
  end

  // ---- Combined counters, on lookup ----
  // The lookup selects link lookup_link of each array as a one-hot AND-OR over its L entries: a variable
  // part-select of the flat received vector would become a shifter as wide as all a - 1 arrays.
  integer k;
  reg [SW-1:0] sel;
  always @* begin
    sel = {SW{1'b0}};  // the own array, saturated
    for (l = 0; l < L; l = l + 1)
      if (lookup_link == l[LW-1:0]) sel = sel | {{(SW - SAT_W) {1'b0}}, payload[l*SAT_W+:SAT_W]};
    lookup_sum = sel;
    for (j = 0; j < A - 1; j = j + 1) begin
      sel = {SW{1'b0}};
      for (l = 0; l < L; l = l + 1)
        if (lookup_link == l[LW-1:0]) sel = sel | {{(SW - SAT_W) {1'b0}}, rx[j*RXW+l*SAT_W+:SAT_W]};
      lookup_sum = lookup_sum + sel;
    end
    for (k = 0; k < PG; k = k + 1) begin  // the router's own links X * PG + k: constant indices
      cand_sum[k*SW+:SW] = {{(SW - SAT_W) {1'b0}}, payload[(X*PG+k)*SAT_W+:SAT_W]};
      for (j = 0; j < A - 1; j = j + 1)
        cand_sum[k*SW+:SW] = cand_sum[k*SW+:SW] + {{(SW - SAT_W) {1'b0}}, rx[j*RXW+(X*PG+k)*SAT_W+:SAT_W]};
    end
  end

  always @(posedge clk)
    if (rst) begin
      own <= {(L * OW) {1'b0}};
      valid <= {NV{1'b0}};
      tag <= {(NV * LW) {1'b0}};
      rx <= {((A - 1) * RXW) {1'b0}};
      phase <= {TW{1'b0}};
    end else begin
      own <= own_next;
      valid <= valid_next;
      tag <= tag_next;
      rx <= rx_next;
      phase <= phase == PERIOD[TW-1:0] - 1'b1 ? {TW{1'b0}} : phase + 1'b1;
    end
endmodule
