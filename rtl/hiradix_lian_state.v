// LIAN's counters and the three readings the routing unit takes from them at injection (seed-000 §3.13,
// Eq. 6-1 and 6-2, Table 6-1; docs/papers/seed-000-thesis.md "§3.13 LIAN"). The C++ reference is
// router/routing/lian_counters.h (LianCounters) read by LianRouting::read_counters, which
// tests/rtl/test_rtl_tpr.cpp compares with this block cycle by cycle. Per remote group g, in hundredths
// of a packet so that every comparison is exact:
//
//   inj[g]   packets forwarded from the injection ports towards g in cycles [t - W, t - 1]
//            (hiradix_tpr_window, TPR's counters)
//   stor[g]  packets waiting in the injection buffers towards g: heads arrived before t minus those
//            forwarded before t (updated at the clock edge that ends each cycle)
//   ext[g]   = 100 inj[g] + WP stor[g]                                                        (Eq. 6-1)
//
// and, for a head towards group `dst_group` (signed offset d from the router's group, |d| <= H^2):
//   tpr_count       min(floor(ext[dst] / 100), 2^OW - 1); 0 for the own group
//   lian_saturated  how many of the router's H global links reach a group with ext > 100 GCS
//   lian_il         min(ceil(IL / (100 H)), 2^OW - 1) of the larger relevant IL counter (Eq. 6-2 times
//                   100 H: the sum over j = -(H-1) .. H-1 of (H - |j|) ext at offset s (k H + j), for the
//                   k of |d| = k H + m: k if k >= 1, k + 1 if m > 0; s = sign(d)); 0 for the own group
//
// The groups are G = 2 H^2 + 1 (the balanced palmtree Dragonfly, a = 2h, that LIAN assumes). The
// router's own group and the groups its global links reach are inputs that a router ties to constants,
// so synthesis folds the rotation by `own_group` into wiring.
//
// Configuration: the window W, w (in percent, WP) and GCSth are inputs (`cfg_window`, `cfg_w_percent`,
// `cfg_gcs`: the keys routing.tpr_window, lian_w_percent, lian_gcs), so that one Verilated model serves
// every configuration of its size; they must be constant from reset on (change them with rst held). The
// sizes stay parameters: H, E, P, the counter widths, W_MAX (the longest window, 1 .. W_MAX cycles; see
// hiradix_tpr_window) and WP_MAX (the largest w in percent, which sizes ext). GCSth takes the key's
// whole range (0 .. 1,000,000 in GCSW = 20 bits). The synthesis flow ties the inputs to the configured
// constants with W_MAX = W and WP_MAX = WP, so that the netlist is the configured block's
// (docs/synthesis.md).
//
// State (flip-flops): hiradix_tpr_window's W_MAX * E * (1 + GW) + G * CW + ceil(log2(W_MAX + 1)), and
// G * STW for stor.
`default_nettype none
module hiradix_lian_state #(
    parameter integer H = 2,          // global links per router; G = 2 H^2 + 1 groups
    parameter integer W_MAX = 200,    // the longest window, cycles (Table 6-1: HW = 200)
    parameter integer E = 4,          // the most forwards from injection ports in one cycle
    parameter integer P = 2,          // the most head arrivals at the injection buffers in one cycle
    parameter integer WP_MAX = 100,   // the largest w in percent (the key allows up to 10,000)
    parameter integer GCSW = 20,      // bits of cfg_gcs (the key's range 0 .. 1,000,000)
    parameter integer STW = 10,       // bits of a stored-packet counter
    parameter integer OW = 8,         // tpr_count and lian_il (the routing unit's TPR_W)
    parameter integer SATW = 6,       // lian_saturated (the routing unit's PORT_W)
    parameter integer G = 2 * H * H + 1,
    parameter integer GW = $clog2(G),
    parameter integer CW = $clog2(W_MAX * E + 1),
    parameter integer WW = $clog2(W_MAX + 1),
    parameter integer WPW = (WP_MAX > 0) ? $clog2(WP_MAX + 1) : 1
) (
    input  wire            clk,
    input  wire            rst,           // synchronous, active high: cycle 0, nothing counted
    input  wire [  WW-1:0] cfg_window,    // W, cycles: 1 .. W_MAX (Table 6-1: 200)
    input  wire [ WPW-1:0] cfg_w_percent, // w in percent: 0 .. WP_MAX (Table 6-1: 0.1, so 10)
    input  wire [GCSW-1:0] cfg_gcs,       // GCSth, packets (Table 6-1: 5)
    input  wire [   E-1:0] fwd,           // slot e forwarded a packet from an injection port this cycle
    input  wire [E*GW-1:0] fwd_group,     // ... towards this remote group
    input  wire [   P-1:0] arr,           // slot k: a head arrived in an injection buffer this cycle
    input  wire [P*GW-1:0] arr_group,     // ... towards this remote group
    input  wire [  GW-1:0] own_group,     // the router's group (a constant per router)
    input  wire [H*GW-1:0] global_group,  // the group each global link reaches (constants per router)
    input  wire [  GW-1:0] dst_group,     // the group of the head being routed
    output reg  [  OW-1:0] tpr_count,
    output reg  [SATW-1:0] lian_saturated,
    output reg  [  OW-1:0] lian_il
);
  localparam integer XW = $clog2(100 * W_MAX * E + WP_MAX * ((1 << STW) - 1) + 1);  // ext
  localparam integer SATCW = (XW > GCSW + 7) ? XW : GCSW + 7;  // ext against 100 GCSth (< 2^(GCSW+7))
  localparam integer IW = XW + $clog2(H * H + 1);  // an IL sum: at most H^2 ext
  localparam integer OMAX = (1 << OW) - 1;

  wire [G*CW-1:0] inj;
  wire [  CW-1:0] inj_dst;
  hiradix_tpr_window #(.G(G), .W_MAX(W_MAX), .E(E)) window(
      .clk(clk), .rst(rst), .cfg_window(cfg_window), .fwd(fwd), .fwd_group(fwd_group), .lookup_group(dst_group), .lookup_count(inj_dst),
      .count(inj));

  // stor: this cycle's arrivals in, its forwards out, at the clock edge.
  // (Each always block has loop variables of its own.)
  reg [G*STW-1:0] stor, stor_next;
  integer sg, sk;
  always @* begin
    stor_next = stor;
    for (sg = 0; sg < G; sg = sg + 1) begin
      for (sk = 0; sk < P; sk = sk + 1)
        if (arr[sk] && {{(32 - GW) {1'b0}}, arr_group[sk*GW+:GW]} == sg)
          stor_next[sg*STW+:STW] = stor_next[sg*STW+:STW] + 1'b1;
      for (sk = 0; sk < E; sk = sk + 1)
        if (fwd[sk] && {{(32 - GW) {1'b0}}, fwd_group[sk*GW+:GW]} == sg)
          stor_next[sg*STW+:STW] = stor_next[sg*STW+:STW] - 1'b1;
    end
  end
  always @(posedge clk) stor <= rst ? {G * STW{1'b0}} : stor_next;

  // Eq. 6-1 for every group, then rotated so that rot[o] is the group at offset o (mod G) from the
  // router's.
  reg [G*XW-1:0] ext, rot;
  integer eg, o, idx;
  always @* begin
    for (eg = 0; eg < G; eg = eg + 1)
      ext[eg*XW+:XW] = XW'(inj[eg*CW+:CW]) * XW'(100) + XW'(stor[eg*STW+:STW]) * XW'(cfg_w_percent);
    for (o = 0; o < G; o = o + 1) begin
      idx = {{(32 - GW) {1'b0}}, own_group} + o;
      if (idx >= G) idx = idx - G;
      rot[o*XW+:XW] = ext[idx*XW+:XW];
    end
  end

  // Eq. 6-2 times 100 H for both signs s and every k = 1 .. H: il_pos[k] reads the groups at offsets
  // +(k H + j), il_neg[k] those at -(k H + j).
  reg [(H+2)*IW-1:0] il_pos, il_neg;  // k = 0 and k = H + 1 stay 0
  integer j, kk, off;
  always @* begin
    il_pos = {(H + 2) * IW{1'b0}};
    il_neg = {(H + 2) * IW{1'b0}};
    for (kk = 1; kk <= H; kk = kk + 1)
      for (j = -(H - 1); j <= H - 1; j = j + 1) begin
        off = (kk * H + j) % G;
        il_pos[kk*IW+:IW] = il_pos[kk*IW+:IW] + IW'(H - (j < 0 ? -j : j)) * IW'(rot[off*XW+:XW]);
        off = (G - off) % G;
        il_neg[kk*IW+:IW] = il_neg[kk*IW+:IW] + IW'(H - (j < 0 ? -j : j)) * IW'(rot[off*XW+:XW]);
      end
  end

  // The readings for dst_group.
  integer d, mag, kd, md, link;
  reg [STW-1:0] stor_dst;
  reg [XW-1:0] count_full;
  reg [IW-1:0] il, il_k, il_k1;
  always @* begin
    d = {{(32 - GW) {1'b0}}, dst_group} - {{(32 - GW) {1'b0}}, own_group};
    if (d < 0) d = d + G;  // 0 .. G - 1; above H^2 the negative side
    mag = (d > H * H) ? G - d : d;
    kd = mag / H;
    md = mag % H;
    stor_dst = stor[{{(32 - GW) {1'b0}}, dst_group}*STW+:STW];
    // floor(ext / 100) = inj + floor(WP stor / 100): only the small stored part is divided.
    count_full = XW'(inj_dst) + XW'(stor_dst) * XW'(cfg_w_percent) / XW'(100);
    il_k = {IW{1'b0}};
    il_k1 = {IW{1'b0}};
    if (kd >= 1) il_k = (d > H * H) ? il_neg[kd*IW+:IW] : il_pos[kd*IW+:IW];
    if (md > 0) il_k1 = (d > H * H) ? il_neg[(kd+1)*IW+:IW] : il_pos[(kd+1)*IW+:IW];
    il = il_k > il_k1 ? il_k : il_k1;
    if (d == 0) begin
      tpr_count = {OW{1'b0}};
      lian_il = {OW{1'b0}};
    end else begin
      tpr_count = (count_full > XW'(OMAX)) ? OW'(OMAX) : OW'(count_full);
      lian_il = (il > IW'(100 * H * OMAX)) ? OW'(OMAX) : OW'((il + IW'(100 * H - 1)) / IW'(100 * H));
    end
    lian_saturated = {SATW{1'b0}};
    for (link = 0; link < H; link = link + 1)
      if (SATCW'(ext[global_group[link*GW+:GW]*XW+:XW]) > SATCW'(cfg_gcs) * SATCW'(100))
        lian_saturated = lian_saturated + 1'b1;
  end
endmodule
