// The Dragonfly routing unit (DESIGN §3.2): one routing decision per evaluation, purely combinational.
// (configuration, router, input port, destination, header route state, LFSR state)
//   -> (output port, output VC, minimal port, misroute flag, new route state, new LFSR state).
// The C++ reference is router/routing/*.cpp; the two must agree bit for bit (tests/test_rtl_routing.cpp,
// and every decision of a `router.rc_mode: lockstep` run).
//
// Geometry and mode are inputs so that one Verilated model serves every configuration; the synthesis
// flow ties them to constants and Yosys specializes the logic. Wiring and port numbering as in
// topology/dragonfly.h (seed-000 §2.1-2.3): ports [0,p) terminals, [p,p+a-1) local, then h global.
// Routing: MIN (seed-000 §3.1), Valiant with the phase-A policies of seed-000 §3.2 / Table 5-1, UGAL-L
// (seed-000 §3.5, Eq. 2-1: Valiant's draw, kept only if the minimal path looks worse; with cfg_ugal_group
// UGAL-G, whose Q also counts each path's first global channel from group_load), PB (UGAL-L plus the
// minimal global link's saturation flag), and the in-transit Base, ECtN, OLM and Hybrid (seed-003 §1.3-1.5:
// MM+L misrouting on counters, combined counters and/or credit occupancy); each
// hop takes the VC of the slot it fills in the routing's canonical path (docs/decisions.md), or with
// cfg_hop_count_vcs the count of hops already taken on that link class.
`default_nettype none
module hiradix_routing_unit(cfg_algorithm, cfg_phase_a, cfg_hop_count_vcs, cfg_p, cfg_a, cfg_h, cfg_palmtree,
                            cfg_ugal_t, cfg_contention_th, cfg_ectn_th, cfg_occupancy_th, cfg_min_occupancy, router,
                            in_port, in_vc, dst, rs_in, lfsr_in, port_load, contention, port_ready, ectn_dest,
                            ectn_comb, pb_flag, cfg_ugal_group, group_load, occupancy,
                            out_port, out_vc, min_port, misroute, rs_out, lfsr_out, no_slot);
/* verilator lint_off UNUSEDPARAM */
`include "hiradix_fields.vh"
/* verilator lint_on UNUSEDPARAM */
`include "lfsr_advance.vh"
  input  wire [ALG_W-1:0]    cfg_algorithm;
  input  wire [1:0]          cfg_phase_a;
  input  wire                cfg_hop_count_vcs;
  input  wire [GEOM_W-1:0]   cfg_p, cfg_a, cfg_h;
  input  wire                cfg_palmtree;
  input  wire [THRESH_W-1:0] cfg_ugal_t;    // UGAL's T (signed, phits)
  input  wire [COUNT_W-1:0]  cfg_contention_th;  // Base's and ECtN's th, Hybrid's contention th
  input  wire [COMB_W-1:0]   cfg_ectn_th;  // ECtN's combined threshold
  input  wire [OCC_W-1:0]    cfg_occupancy_th;   // OLM / Hybrid: candidate iff q_nonmin <= th% of q_min
  input  wire [OCC_W-1:0]    cfg_min_occupancy;  // OLM / Hybrid: ThMin, percent
  input  wire [ROUTER_W-1:0] router;
  input  wire [PORT_W-1:0]   in_port;
  input  wire [VC_W-1:0]     in_vc;
  input  wire [NODE_W-1:0]   dst;
  input  wire [RS_W-1:0]     rs_in;
  input  wire [LFSR_W-1:0]   lfsr_in;
  input  wire [MAX_PORTS*LOAD_W-1:0] port_load;  // per output port: queued + uncredited phits (UGAL)
  input  wire [MAX_PORTS*COUNT_W-1:0] contention;  // per output port: contention counter (Base)
  input  wire [MAX_PORTS*READY_W-1:0] port_ready;  // per output port: VCs that can take a packet now (Base)
  // ECtN (seed-003 §1.5), at injection towards another group: the group's combined counter of the
  // destination's global link, and per output port (global ports) that of the port's own link.
  input  wire [COMB_W-1:0]   ectn_dest;
  input  wire [MAX_PORTS*COMB_W-1:0] ectn_comb;
  input  wire                pb_flag;  // PB (seed-000 §3.6): the minimal path's global link is flagged saturated
  input  wire                cfg_ugal_group;  // UGAL-G: Q adds the path's first global channel
  // UGAL-G: per global link of this router's group (router index in the group * h + global port number),
  // the load of that link's output port at its owner router (queued + uncredited phits).
  input  wire [MAX_GLINKS*LOAD_W-1:0] group_load;
  // per output port p and VC v < READY_W, entry p * READY_W + v: occupancy in percent (OLM, Hybrid)
  input  wire [MAX_PORTS*READY_W*OCC_W-1:0] occupancy;
  output reg  [PORT_W-1:0]   out_port;
  output reg  [VC_W-1:0]     out_vc;
  output reg  [PORT_W-1:0]   min_port;
  output reg                 misroute;
  output reg  [RS_W-1:0]     rs_out;
  output wire [LFSR_W-1:0]   lfsr_out;
  output reg                 no_slot;

  // Internal arithmetic width: wide enough for a*(a*h+1) of every geometry the fields can name.
  localparam integer W = 24;
  localparam [3:0] NONE = 4'hF;  // "this hop has no slot in this phase"

  // ---- Division by the geometry constants ----
  // Every dividend is cut to the width it has (a 24-bit constant division is a deep array in synthesis).
  // Terminal numbers (< 2^NODE_W) are divided by p and p * a
  // as a multiply by the divisor's reciprocal (Granlund-Montgomery): for x < 2^n
  // and 1 <= d < 2^15, floor(x / d) = (x * M) >> S exactly, with S = n + ceil(log2 d) and
  // M = ceil(2^S / d): M*d - 2^S < d <= 2^(S - n), so the error x*(M*d - 2^S)/(d*2^S) < 1/d never carries
  // into the quotient (tests/test_rtl_routing.cpp checks every d and x); a power of two d gives a shift.
  // M and S are computed once per divisor from the cfg_* inputs: constants that Yosys folds, so synthesis
  // sees a multiply by a constant (shifts and adds) instead of a divider. Dividends are terminal numbers
  // (n = NODE_W) or router, group or link numbers (n = ROUTER_W: every network has < 2^ROUTER_W routers).
  localparam integer DIV_N = NODE_W;      // the widest dividend
  localparam integer DIV_MW = DIV_N + 1;  // M < 2^(n + 1)
  localparam integer DIV_SW = 5;          // S <= DIV_N + 15 < 32

  function [DIV_SW-1:0] recip_shift(input [W-1:0] d, input [DIV_SW-1:0] n);
    reg [W-1:0] power;
    integer i;
    begin
      recip_shift = n;
      power = {{(W-1){1'b0}}, 1'b1};
      for (i = 0; i < 15; i = i + 1) begin  // + ceil(log2 d): the powers 2^i, i < 15, below d
        if (power < d) recip_shift = recip_shift + 1'b1;
        power = power << 1;
      end
    end
  endfunction

  function [DIV_MW-1:0] recip_mult(input [W-1:0] d, input [DIV_SW-1:0] s);
    /* verilator lint_off UNUSEDSIGNAL */
    reg [63:0] q;  // < 2^DIV_MW
    /* verilator lint_on UNUSEDSIGNAL */
    begin
      if (d == {W{1'b0}}) q = 64'd0;  // no geometry: any M
      else q = ((64'd1 << s) + {{(64-W){1'b0}}, d} - 64'd1) / {{(64-W){1'b0}}, d};
      recip_mult = q[DIV_MW-1:0];
    end
  endfunction

  // floor(x / d) for the divisor whose reciprocal is (m, s); x < 2^DIV_N.
  /* verilator lint_off UNUSEDSIGNAL */
  function [W-1:0] div_by(input [W-1:0] x, input [DIV_MW-1:0] m, input [DIV_SW-1:0] s);
    reg [DIV_N+DIV_MW-1:0] product, quotient;  // x's high bits are zero; the quotient fits DIV_N bits
    begin
      product = {{DIV_MW{1'b0}}, x[DIV_N-1:0]} * {{DIV_N{1'b0}}, m};
      quotient = product >> s;
      div_by = {{(W-DIV_N){1'b0}}, quotient[DIV_N-1:0]};
    end
  endfunction

  // floor(x / d) for x < 2^ROUTER_W (router, group and link numbers). Measured (docs/synthesis.md), Yosys
  // maps a 12-bit dividend's constant division to fewer and faster cells than the reciprocal's multiply
  // (its constant multiplier is a plain array, about 350 cells at this width against 70-120), so by
  // default this division stays the operator, on the narrow dividend; ROUTER_DIV_RECIPROCAL = 1 selects
  // the multiply (m, s for n = ROUTER_W). Either way it is exact and the divisor a constant after synthesis.
  localparam ROUTER_DIV_RECIPROCAL = 1'b0;
  function [W-1:0] div_router(input [W-1:0] x, input [W-1:0] d, input [DIV_MW-1:0] m, input [DIV_SW-1:0] s);
    begin
      if (ROUTER_DIV_RECIPROCAL) div_router = div_by({{(W-ROUTER_W){1'b0}}, x[ROUTER_W-1:0]}, m, s);
      else div_router = d == {W{1'b0}} ? {W{1'b0}} : {{(W-ROUTER_W){1'b0}}, x[ROUTER_W-1:0]} / d;
    end
  endfunction
  /* verilator lint_on UNUSEDSIGNAL */

  // ---- Dragonfly geometry (topology/dragonfly.cpp) ----
  // Routers are handled as (group, index in the group) pairs: router = group * a + index.
  function [W-1:0] local_port_to(input [W-1:0] p, a, from, to);
    reg [W-1:0] d;
    begin
      d = to + a - from - 1;  // (to - from - 1) mod a, for from, to < a
      if (d >= a) d = d - a;
      local_port_to = p + d;
    end
  endfunction

  // Router index (upper half) and global port number k (lower half) of `group` that owns the link to
  // `to_group`: seed-000 §2.2 (palmtree) and §2.3 (consecutive).
  function [2*W-1:0] global_owner(input [W-1:0] a, h, groups, group, to_group, input palm);
    reg [W-1:0] d, q, index, k;
    begin
      if (palm) d = (to_group >= group ? to_group - group : to_group + groups - group) - 1;
      else d = to_group < group ? to_group : to_group - 1;
      q = div_router(d, h, m_h, s_h);
      index = palm ? a - 1 - q : q;
      k = d - q * h;  // d % h
      global_owner = {index, k};
    end
  endfunction

  // Next port on the minimal path from router (g, x) to router (tg, tx), different routers.
  function [W-1:0] min_port_to(input [W-1:0] p, a, h, groups, g, x, tg, tx, input palm);
    reg [W-1:0] owner, k;
    begin
      {owner, k} = global_owner(a, h, groups, g, tg, palm);
      if (g == tg) min_port_to = local_port_to(p, a, x, tx);
      else if (owner == x) min_port_to = p + a - 1 + k;
      else min_port_to = local_port_to(p, a, x, owner);
    end
  endfunction

  // The router (group upper half, index lower half) at the far end of global port k of router (g, x).
  function [2*W-1:0] global_peer(input [W-1:0] a, h, groups, g, x, k, input palm);
    reg [W-1:0] pg, index;
    reg [W-1:0] unused_k;
    begin
      if (palm) begin
        pg = g + (a - 1 - x) * h + k + 1;
        if (pg >= groups) pg = pg - groups;
      end else begin
        pg = x * h + k;
        if (pg >= g) pg = pg + 1;
      end
      {index, unused_k} = global_owner(a, h, groups, pg, g, palm);
      global_peer = {pg, index};
    end
  endfunction

  // Router-to-router hops of the minimal path from router (g, x) to router (tg, tx) (0..3).
  // The global link from group g towards tg lands in tg, at the router that owns tg's link to g: with the
  // palmtree arrangement router a - 1 - owner (seed-000 §2.2: no division needed).
  function [1:0] min_hops(input [W-1:0] a, h, groups, g, x, tg, tx, input palm);
    reg [W-1:0] owner, unused_k, landing_x, unused_k2;
    begin
      {owner, unused_k2} = global_owner(a, h, groups, g, tg, palm);
      {landing_x, unused_k} = global_owner(a, h, groups, tg, g, palm);
      if (palm) landing_x = a - 1 - owner;
      if (g == tg && x == tx) min_hops = 2'd0;
      else if (g == tg) min_hops = 2'd1;
      else min_hops = 2'd1 + {1'b0, owner != x} + {1'b0, landing_x != tx};
    end
  endfunction

  // In-transit VC rule (seed-003 §1.8): VC 0 from injection or to ejection; a local misroute and a
  // local-to-global hop keep the input VC; other hops take it + 1.
  function [VC_W:0] next_vc(input [W-1:0] p, a, from_port, to_port, input [VC_W-1:0] vc, input mis);
    begin
      if (from_port < p || to_port < p) next_vc = {(VC_W+1){1'b0}};
      else if (to_port < p + a - 1 && mis) next_vc = {1'b0, vc};
      else if (from_port < p + a - 1 && to_port >= p + a - 1) next_vc = {1'b0, vc};
      else next_vc = {1'b0, vc} + 1'b1;
    end
  endfunction

  // Uniform draw in [0, n) from 32 random bits (multiply-high, as router/lfsr.h).
  function [W-1:0] draw(input [31:0] bits, input [W-1:0] n);
    /* verilator lint_off UNUSEDSIGNAL */
    reg [31+W:0] product;  // the low 32 bits are the discarded fraction
    /* verilator lint_on UNUSEDSIGNAL */
    begin
      product = {{W{1'b0}}, bits} * {32'b0, n};
      draw = product[31+W:32];
    end
  endfunction

  // VC slots of one phase {local before the global hop, global, local after} (routing_algorithm.h).
  function [11:0] phase_slots(input valiant_paths, input [1:0] policy, input phase);
    begin
      if (!valiant_paths) phase_slots = {4'd0, 4'd0, 4'd1};  // MIN: l1 g1 l2
      else case ({policy, phase})
        {PHASE_A_LGL[1:0], 1'b0}: phase_slots = {4'd0, 4'd0, 4'd1};  // lgl: L0 G0 L1 | L2 G1 L3
        {PHASE_A_LGL[1:0], 1'b1}: phase_slots = {4'd2, 4'd1, 4'd3};
        {PHASE_A_LG[1:0], 1'b0}:  phase_slots = {4'd0, 4'd0, NONE};  // lg-: L0 G0 | L1 G1 L2
        {PHASE_A_LG[1:0], 1'b1}:  phase_slots = {4'd1, 4'd1, 4'd2};
        {PHASE_A_GL[1:0], 1'b0}:  phase_slots = {NONE, 4'd0, 4'd0};  // -gl: G0 L0 | L1 G1 L2
        {PHASE_A_GL[1:0], 1'b1}:  phase_slots = {4'd1, 4'd1, 4'd2};
        {PHASE_A_G[1:0], 1'b0}:   phase_slots = {NONE, 4'd0, NONE};  // -g-: G0 | L0 G1 L1
        default:                  phase_slots = {4'd0, 4'd1, 4'd1};
      endcase
    end
  endfunction

  assign lfsr_out = lfsr_advance(lfsr_in);  // every decision consumes one fresh state

  wire [W-1:0] p = {{(W-GEOM_W){1'b0}}, cfg_p};
  wire [W-1:0] a = {{(W-GEOM_W){1'b0}}, cfg_a};
  wire [W-1:0] h = {{(W-GEOM_W){1'b0}}, cfg_h};
  wire [W-1:0] groups = a * h + 1;
  wire [W-1:0] pa = p * a;
  localparam [DIV_SW-1:0] N_NODE = NODE_W[DIV_SW-1:0], N_ROUTER = ROUTER_W[DIV_SW-1:0];
  wire [DIV_SW-1:0] s_p = recip_shift(p, N_NODE), s_pa = recip_shift(pa, N_NODE);
  wire [DIV_SW-1:0] s_a = recip_shift(a, N_ROUTER), s_h = recip_shift(h, N_ROUTER);
  wire [DIV_MW-1:0] m_p = recip_mult(p, s_p), m_pa = recip_mult(pa, s_pa);
  wire [DIV_MW-1:0] m_a = recip_mult(a, s_a), m_h = recip_mult(h, s_h);
  wire [W-1:0] here = {{(W-ROUTER_W){1'b0}}, router};
  wire [W-1:0] here_g = div_router(here, a, m_a, s_a);
  wire [W-1:0] here_x = here - here_g * a;
  wire [W-1:0] dst_w = {{(W-NODE_W){1'b0}}, dst};
  wire [W-1:0] dst_router = div_by(dst_w, m_p, s_p);
  wire [W-1:0] dst_port = dst_w - dst_router * p;
  wire [W-1:0] dst_g = div_by(dst_w, m_pa, s_pa);  // = dst_router / a, in parallel
  wire [W-1:0] dst_x = dst_router - dst_g * a;
  wire pb = cfg_algorithm == ALG_PB[ALG_W-1:0];
  wire ugal = cfg_algorithm == ALG_UGAL[ALG_W-1:0] || pb;  // PB is UGAL-L plus the flag of the minimal link
  wire valiant = cfg_algorithm == ALG_VALIANT[ALG_W-1:0] || ugal;  // UGAL's non-minimal paths are Valiant's
  wire injection = {{(W-PORT_W){1'b0}}, in_port} < p;

  // Valiant's intermediate router R_ROOT = root_g * a + root_x, drawn from the policy's candidate set
  // (seed-000 Table 5-1). The `if`s that gate this block and the next change nothing in hardware (their
  // results are used only under the same conditions) but let the Verilated model skip the work in most
  // decisions.
  /* verilator lint_off UNUSEDSIGNAL */
  reg [W-1:0] root;  // < 2^ROUTER_W
  /* verilator lint_on UNUSEDSIGNAL */
  reg [W-1:0] root_g, root_x, k_draw, link, link_x;
  always @* begin
    k_draw = {W{1'b0}};
    link = {W{1'b0}};
    link_x = {W{1'b0}};
    root_g = here_g;
    root_x = here_x;
    if (valiant && injection) begin
      k_draw = draw(lfsr_out[31:0], h);
      link = draw(lfsr_out[31:0], a * h);
      link_x = div_router(link, h, m_h, s_h);
      case (cfg_phase_a)
        PHASE_A_LGL[1:0]: begin  // any router: draw(bits, a * groups), whose / a is draw(bits, groups)
          root_g = draw(lfsr_out[31:0], groups);
          root_x = draw(lfsr_out[31:0], a * groups) - root_g * a;
        end
        PHASE_A_G[1:0]:   // far end of an own global link
          {root_g, root_x} = global_peer(a, h, groups, here_g, here_x, k_draw, cfg_palmtree);
        PHASE_A_GL[1:0]: begin  // any router of such a group
          {root_g, root_x} = global_peer(a, h, groups, here_g, here_x, k_draw, cfg_palmtree);
          root_x = draw(lfsr_out[63:32], a);
        end
        default:  // lg-: far end of any global link of the group
          {root_g, root_x} = global_peer(a, h, groups, here_g, link_x, link - link_x * h, cfg_palmtree);
      endcase
    end
    root = root_g * a + root_x;
  end

  // UGAL: minimal iff Q_MIN * H_MIN <= Q_VLB * H_VLB + T (signed). UGAL-L: Q of each path's first output
  // port. UGAL-G (router/routing/valiant_routing.h): Q also adds the load of the path's first global
  // channel unless the first hop is that channel: the source group's link to the destination group (MIN),
  // to R_ROOT's group or, for an R_ROOT in the source group, again to the destination group (Valiant).
  // Q < 2^(LOAD_W+1); costs fit LOAD_W + 4 bits (at most 6 hops), plus a 16-bit signed T: CW bits signed.
  localparam integer CW = LOAD_W + 6;
  localparam integer GL_W = $clog2(MAX_GLINKS);
  reg [1:0] h_min, h_vlb_a, h_vlb_b;
  reg [2:0] h_vlb;
  reg [W-1:0] port_min, port_vlb;
  reg [W-1:0] gl_min_x, gl_min_k, gl_vlb_g, gl_vlb_x, gl_vlb_k;
  /* verilator lint_off UNUSEDSIGNAL */
  reg [W-1:0] gl_min, gl_vlb;  // < MAX_GLINKS
  /* verilator lint_on UNUSEDSIGNAL */
  reg [LOAD_W:0] q_min, q_vlb;
  reg [CW-1:0] cost_min, cost_vlb, threshold;
  reg ugal_minimal;
  always @* begin
    {h_min, h_vlb_a, h_vlb_b, h_vlb} = 9'b0;
    {port_min, port_vlb} = {(2*W){1'b0}};
    {gl_min_x, gl_min_k, gl_vlb_g, gl_vlb_x, gl_vlb_k, gl_min, gl_vlb} = {(7*W){1'b0}};
    threshold = {{(CW-THRESH_W){cfg_ugal_t[THRESH_W-1]}}, cfg_ugal_t};
    cost_min = {CW{1'b0}};
    cost_vlb = {CW{1'b0}};
    {q_min, q_vlb} = {(2*LOAD_W+2){1'b0}};
    if (ugal && injection) begin
      h_min = min_hops(a, h, groups, here_g, here_x, dst_g, dst_x, cfg_palmtree);
      h_vlb_a = min_hops(a, h, groups, here_g, here_x, root_g, root_x, cfg_palmtree);
      h_vlb_b = min_hops(a, h, groups, root_g, root_x, dst_g, dst_x, cfg_palmtree);
      h_vlb = {1'b0, h_vlb_a} + {1'b0, h_vlb_b};
      port_min = min_port_to(p, a, h, groups, here_g, here_x, dst_g, dst_x, cfg_palmtree);
      port_vlb = min_port_to(p, a, h, groups, here_g, here_x, root_g, root_x, cfg_palmtree);
      q_min = h_min == 2'd0 ? {(LOAD_W+1){1'b0}} : {1'b0, port_load[port_min * LOAD_W +: LOAD_W]};  // local destination: cost 0
      q_vlb = {1'b0, port_load[port_vlb * LOAD_W +: LOAD_W]};
      if (cfg_ugal_group) begin
        {gl_min_x, gl_min_k} = global_owner(a, h, groups, here_g, dst_g, cfg_palmtree);
        gl_min = gl_min_x * h + gl_min_k;
        gl_vlb_g = root_g != here_g ? root_g : dst_g;
        {gl_vlb_x, gl_vlb_k} = global_owner(a, h, groups, here_g, gl_vlb_g, cfg_palmtree);
        gl_vlb = gl_vlb_x * h + gl_vlb_k;
        // A first hop on a local port (< p + a - 1; never a terminal here) is not the global channel.
        if (dst_g != here_g && port_min < p + a - 1)
          q_min = q_min + {1'b0, group_load[gl_min[GL_W-1:0] * LOAD_W +: LOAD_W]};
        if (gl_vlb_g != here_g && port_vlb < p + a - 1)
          q_vlb = q_vlb + {1'b0, group_load[gl_vlb[GL_W-1:0] * LOAD_W +: LOAD_W]};
      end
      cost_min = {5'b0, q_min} * {{(CW-2){1'b0}}, h_min};
      cost_vlb = {5'b0, q_vlb} * {{(CW-3){1'b0}}, h_vlb};
    end
    // PB: MIN iff the minimal global link is not flagged AND Eq. 2-1 holds.
    ugal_minimal = !(pb && pb_flag) && $signed(cost_min) <= $signed(cost_vlb + threshold);
  end

  // The minimal output towards the destination (the ejection port at the destination router).
  reg [W-1:0] minimal;
  always @* begin
    if (here == dst_router) minimal = dst_port;
    else minimal = min_port_to(p, a, h, groups, here_g, here_x, dst_g, dst_x, cfg_palmtree);
  end

  // Base, ECtN, OLM and Hybrid (seed-003 §1.3-1.5) with MM+L (§1.7): router/routing/in_transit_routing.cpp
  // and occupancy_routing.h, bit for bit. They differ only in the trigger and the candidate filter.
  // ECtN is Base plus, at injection towards another group (e_source), the combined counters: trigger OR
  // combined[destination link] >= th_e; global candidates need their own link's combined counter < th_e
  // instead of the Base counter (router/routing/in_transit_routing.h).
  wire ectn = cfg_algorithm == ALG_ECTN[ALG_W-1:0];
  wire base = cfg_algorithm == ALG_BASE[ALG_W-1:0] || ectn;
  wire olm = cfg_algorithm == ALG_OLM[ALG_W-1:0];
  wire hybrid = cfg_algorithm == ALG_HYBRID[ALG_W-1:0];
  wire in_transit = base || olm || hybrid;
  wire e_source = ectn && injection && dst_g != here_g;
  localparam [2:0] MR_NONE = 3'd0, MR_GLOBAL = 3'd1, MR_MANDATORY = 3'd2, MR_LOCAL_MM = 3'd3, MR_LOCAL = 3'd4;
  reg b_lmis, b_mandg, b_mandatory, b_misroute, b_no_slot;
  reg b_contended, b_ready_min, b_credit, b_fire, b_any, b_ok;
  reg [OCC_W-1:0] b_q_min, b_q;
  reg [2*OCC_W-1:0] b_lim;
  localparam [2*OCC_W-1:0] PERCENT = 100;
  reg [VC_W:0] b_min_vc;
  reg [2:0] b_type;
  reg [W-1:0] b_min, b_out, b_first, b_last, b_count, b_k;
  reg [VC_W:0] b_vc, b_cand_vc;
  reg [MAX_PORTS-1:0] b_valid;
  reg [HOPS_W-1:0] b_lhops, b_ghops;
  reg [RS_W-1:0] b_rs;
  integer c;
  always @* begin
    b_lmis = rs_in[RS_LMIS_BIT];
    b_mandg = rs_in[RS_MANDG_BIT];
    b_lhops = rs_in[RS_LHOPS_LSB +: HOPS_W];
    b_ghops = rs_in[RS_GHOPS_LSB +: HOPS_W];
    {b_misroute, b_no_slot, b_mandatory} = 3'b0;
    b_type = MR_NONE;
    {b_min, b_out, b_first, b_last, b_count, b_k} = {(6*W){1'b0}};
    {b_vc, b_cand_vc} = {(2*VC_W+2){1'b0}};
    b_valid = {MAX_PORTS{1'b0}};
    {b_contended, b_ready_min, b_credit, b_fire, b_any, b_ok} = 6'b0;
    {b_q_min, b_q} = {(2*OCC_W){1'b0}};
    b_lim = {(2*OCC_W){1'b0}};
    b_min_vc = {(VC_W+1){1'b0}};
    if (in_transit) begin
      if ({{(W-PORT_W){1'b0}}, in_port} >= p + a - 1) {b_lmis, b_mandg} = 2'b00;  // a new group
      b_mandatory = b_mandg;
      b_mandg = 1'b0;
      b_min = minimal;
      b_out = minimal;
      if (here != dst_router) begin
        if (b_ghops == {HOPS_W{1'b0}} && dst_g != here_g) begin
          if (b_mandatory) b_type = MR_MANDATORY;
          else if (injection) b_type = MR_GLOBAL;
          else if ({{(W-PORT_W){1'b0}}, in_port} < p + a - 1 && !b_lmis) b_type = MR_LOCAL_MM;
        end else if (!b_lmis && minimal < p + a - 1) b_type = MR_LOCAL;
        // The trigger on the minimal output and its VC: Base on the counter, OLM on credits (q_min >= ThMin
        // and the minimal VC cannot take the packet now), Hybrid on either; a mandatory global exit always.
        // b_any: every ready candidate is valid (mandatory, or Hybrid's counter fired).
        b_min_vc = next_vc(p, a, {{(W-PORT_W){1'b0}}, in_port}, minimal, in_vc, 1'b0);
        if (b_min_vc < READY_W[VC_W:0]) begin
          b_q_min = occupancy[(minimal * READY_W + {30'b0, b_min_vc[1:0]}) * OCC_W +: OCC_W];
          b_ready_min = port_ready[minimal * READY_W + {30'b0, b_min_vc[1:0]}];
        end
        b_contended = contention[minimal * COUNT_W +: COUNT_W] >= cfg_contention_th;
        b_credit = b_q_min >= cfg_min_occupancy && !b_ready_min;
        // OLM's relative test 100 q_nonmin <= th q_min is, on integers, q_nonmin <= floor(th q_min / 100):
        // one constant division per decision instead of a multiply per candidate (same decisions).
        b_lim = ({{OCC_W{1'b0}}, cfg_occupancy_th} * {{OCC_W{1'b0}}, b_q_min}) / PERCENT;
        b_any = b_type == MR_MANDATORY || (hybrid && b_contended);
        b_fire = b_type != MR_NONE && (b_any || (base && b_contended) || ((olm || hybrid) && b_credit) ||
                                        (e_source && ectn_dest >= cfg_ectn_th));
        if (b_fire) begin
          b_first = (b_type == MR_LOCAL_MM || b_type == MR_LOCAL) ? p : p + a - 1;
          b_last = (b_type == MR_LOCAL_MM || b_type == MR_LOCAL) ? p + a - 1 : p + a - 1 + h;
          for (c = 0; c < MAX_PORTS; c = c + 1) begin
            b_cand_vc = next_vc(p, a, {{(W-PORT_W){1'b0}}, in_port}, c[W-1:0], in_vc, c[W-1:0] != minimal);
            // The filter: Base, counter under th (ECtN at injection: a global port's combined counter under th_e);
            // OLM / Hybrid, 100 q_nonmin <= th% q_min (integer percents).
            b_q = occupancy[(c * READY_W + {30'b0, b_cand_vc[1:0]}) * OCC_W +: OCC_W];
            b_ok = b_any || (!base ? {{OCC_W{1'b0}}, b_q} <= b_lim
                             : (e_source && c[W-1:0] >= p + a - 1) ? ectn_comb[c * COMB_W +: COMB_W] < cfg_ectn_th
                                                                   : contention[c * COUNT_W +: COUNT_W] < cfg_contention_th);
            if (c[W-1:0] >= b_first && c[W-1:0] < b_last && (c[W-1:0] != minimal || b_type == MR_MANDATORY) &&
                b_cand_vc < READY_W[VC_W:0] && port_ready[c * READY_W + {30'b0, b_cand_vc[1:0]}] && b_ok) begin
              b_valid[c] = 1'b1;
              b_count = b_count + 1'b1;
            end
          end
          if (b_count != {W{1'b0}}) begin  // the k-th valid candidate, k uniform in [0, count)
            b_k = draw(lfsr_out[31:0], b_count);
            for (c = 0; c < MAX_PORTS; c = c + 1)  // the lowest first, as the C++
              if (b_valid[c]) begin
                if (b_k == {W{1'b0}}) b_out = c[W-1:0];
                b_k = b_k - 1'b1;
              end
          end
        end
      end
      b_misroute = b_out != b_min;
      b_vc = here == dst_router ? {(VC_W+1){1'b0}}
                                : next_vc(p, a, {{(W-PORT_W){1'b0}}, in_port}, b_out, in_vc, b_misroute);
      if (here != dst_router) begin
        if (b_out >= p + a - 1) b_ghops = b_ghops + 1'b1;
        else begin
          b_lhops = b_lhops + 1'b1;
          if (b_misroute) {b_lmis, b_mandg} = {1'b1, b_type == MR_LOCAL_MM};
        end
        b_no_slot = b_vc >= (b_out >= p + a - 1 ? 2 : 3);
      end
    end
    b_rs = {b_mandg, b_lmis, rs_in[RS_PGLOBAL_BIT], b_ghops, b_lhops, rs_in[RS_PATH_LSB +: 3], rs_in[RS_PHASE_BIT],
            rs_in[RS_INTER_LSB +: ROUTER_W]};
  end

  reg [ROUTER_W-1:0] inter;
  reg phase, phase_global, global_hop;
  reg [2:0] path;
  reg [HOPS_W-1:0] local_hops, global_hops;
  wire [W-1:0] rs_inter = {{(W-ROUTER_W){1'b0}}, rs_in[RS_INTER_LSB +: ROUTER_W]};
  wire [W-1:0] rs_inter_g = div_router(rs_inter, a, m_a, s_a);
  wire [W-1:0] rs_inter_x = rs_inter - rs_inter_g * a;
  reg [W-1:0] target, target_g, target_x, next_port;
  reg [11:0] slots;
  reg [3:0] slot;
  always @* begin
    inter = rs_in[RS_INTER_LSB +: ROUTER_W];
    phase = rs_in[RS_PHASE_BIT];
    path = rs_in[RS_PATH_LSB +: 3];
    local_hops = rs_in[RS_LHOPS_LSB +: HOPS_W];
    global_hops = rs_in[RS_GHOPS_LSB +: HOPS_W];
    phase_global = rs_in[RS_PGLOBAL_BIT];
    if (valiant && injection) begin  // draw R_ROOT; degenerate draws route minimally
      inter = root[ROUTER_W-1:0];
      phase = (root_g == here_g && root_x == here_x) || (root_g == dst_g && root_x == dst_x)
              || (ugal && ugal_minimal);
    end
    if (valiant && !phase && router == inter) begin  // R_ROOT reached: phase B
      phase = 1'b1;
      phase_global = 1'b0;
    end
    target = (valiant && !phase) ? {{(W-ROUTER_W){1'b0}}, inter} : dst_router;
    if (!(valiant && !phase)) {target_g, target_x} = {dst_g, dst_x};
    else if (injection) {target_g, target_x} = {root_g, root_x};  // inter = root
    else {target_g, target_x} = {rs_inter_g, rs_inter_x};
    slots = phase_slots(valiant, cfg_phase_a, phase);

    // The minimal hop towards `target`, or ejection at the destination router.
    if (here == target) next_port = dst_port;
    else if (target == dst_router) next_port = minimal;  // the same hop: computed once
    else next_port = min_port_to(p, a, h, groups, here_g, here_x, target_g, target_x, cfg_palmtree);
    global_hop = next_port >= p + a - 1;
    slot = 4'd0;
    if (here != target) begin
      if (global_hop) begin
        slot = cfg_hop_count_vcs ? {1'b0, global_hops} : slots[7:4];
        global_hops = global_hops + 1'b1;
        phase_global = 1'b1;
      end else begin
        slot = cfg_hop_count_vcs ? {1'b0, local_hops} : (phase_global ? slots[3:0] : slots[11:8]);
        local_hops = local_hops + 1'b1;
      end
      if (valiant && !phase) path = path | (global_hop ? 3'b010 : (path[1] ? 3'b100 : 3'b001));
    end

    out_port = next_port[PORT_W-1:0];
    min_port = minimal[PORT_W-1:0];
    out_vc = slot[VC_W-1:0];
    no_slot = slot == NONE;
    misroute = here != target && next_port != minimal;
    rs_out = {rs_in[RS_MANDG_BIT], rs_in[RS_LMIS_BIT], phase_global, global_hops, local_hops, path, phase, inter};
    if (in_transit) begin
      out_port = b_out[PORT_W-1:0];
      out_vc = b_vc[VC_W-1:0];
      misroute = b_misroute;
      no_slot = b_no_slot;
      rs_out = b_rs;
    end
  end

endmodule
`default_nettype wire
