// The fixed ports of every routing submodule (rtl/routing/hiradix_route_*.v), so that the routing unit
// (rtl/hiradix_routing_unit.v) connects each one the same way (`.*`) and picks one decision by
// cfg_algorithm. Included in the module body after hiradix_fields.vh and topology/hiradix_dragonfly.vh;
// the header lists the same names (hiradix_routing_port_list.vh).
//
// A routing reads what it needs and ignores the rest (hence no unused-signal warnings here). When
// cfg_algorithm is none of its codes its outputs are unused and may be anything: a routing with costly
// logic gates it on its own codes, so that the Verilated model, which evaluates every submodule at each
// decision, skips it (in synthesis the gate is a constant). Purely combinational: one decision per
// evaluation.
/* verilator lint_off UNUSEDSIGNAL */
// ---- Configuration (constants once synthesized) ----
input  wire [ALG_W-1:0]    cfg_algorithm;      // ALG_*: a submodule may serve several codes (UGAL and PB)
input  wire [1:0]          cfg_phase_a;        // Valiant's phase-A policy, PHASE_A_*
input  wire                cfg_hop_count_vcs;  // routing.vc_scheme hop_count: VC = hops taken on the link class
input  wire                cfg_palmtree;       // the Dragonfly's global arrangement (else consecutive)
input  wire [THRESH_W-1:0] cfg_ugal_t;         // UGAL's T (signed, phits)
input  wire                cfg_ugal_group;     // UGAL-G: Q adds the path's first global channel
input  wire [COUNT_W-1:0]  cfg_contention_th;  // Base's and ECtN's th, Hybrid's contention th
input  wire [COMB_W-1:0]   cfg_ectn_th;        // ECtN's combined threshold
input  wire [OCC_W-1:0]    cfg_occupancy_th;   // OLM / Hybrid: candidate iff q_nonmin <= th% of q_min
input  wire [OCC_W-1:0]    cfg_min_occupancy;  // OLM / Hybrid: ThMin, percent
input  wire [1:0]          cfg_acor_sequence;  // ACOR's phase-A policies by level, ACOR_SEQ_*
input  wire [2*TPR_W-1:0]  cfg_tpr_li;         // TPR and LIAN: {LI_h, LI_l}, packets
input  wire [3*THRESH_W-1:0] cfg_tpr_t;        // TPR and LIAN: {T adv, T mix, T benign} (signed, phits)
input  wire [PORT_W-1:0]   cfg_lian_sgc;       // LIAN: SGCth, l1 iff lian_saturated > it
input  wire [TPR_W-1:0]    cfg_lian_ilc;       // LIAN: ILCth, l2 iff lian_il > it
input  wire                cfg_vc_load;        // UGAL's Q per VC (routing.ugal_load: vc): vc_load, not port_load
// ---- Geometry (topology/hiradix_dragonfly_geometry.v) ----
input  wire [W-1:0]        p, a, h, groups;    // terminals, routers per group, global ports; a * h + 1
input  wire [DIV_MW-1:0]   m_a, m_h;           // reciprocals of a and h (div_router; m_h, s_h are read by the
input  wire [DIV_SW-1:0]   s_a, s_h;           // path functions of hiradix_dragonfly.vh)
input  wire [W-1:0]        here, here_g, here_x;  // this router: id, group, index in the group
input  wire [W-1:0]        dst_router, dst_port;  // the destination terminal's router and its port there
input  wire [W-1:0]        dst_g, dst_x;          // the destination router's group and index
input  wire [W-1:0]        minimal;            // the minimal output towards the destination
input  wire                injection;          // in_port is a terminal port
// ---- The packet and the decision's random state ----
input  wire [PORT_W-1:0]   in_port;
input  wire [VC_W-1:0]     in_vc;
input  wire [RS_W-1:0]     rs_in;              // header route state (hiradix_fields.vh, RS_*)
input  wire [LFSR_W-1:0]   random;             // this decision's LFSR state (the unit's lfsr_out): draws use it
// ---- Router state (rtl/hiradix_routing_unit.v documents each) ----
input  wire [MAX_PORTS*LOAD_W-1:0]        port_load;   // UGAL, PB
input  wire [MAX_PORTS*COUNT_W-1:0]       contention;  // Base, ECtN, Hybrid
input  wire [MAX_PORTS*READY_W-1:0]       port_ready;  // in-transit routings
input  wire [COMB_W-1:0]                  ectn_dest;   // ECtN
input  wire [MAX_PORTS*COMB_W-1:0]        ectn_comb;   // ECtN
input  wire                               pb_flag;     // PB
input  wire [MAX_GLINKS*LOAD_W-1:0]       group_load;  // UGAL-G
input  wire [MAX_PORTS*READY_W*OCC_W-1:0] occupancy;   // OLM, Hybrid
input  wire [1:0]                         acor_level;  // ACOR
input  wire [TPR_W-1:0]                   tpr_count;   // TPR, LIAN
input  wire [PORT_W-1:0]                  lian_saturated;  // LIAN
input  wire [TPR_W-1:0]                   lian_il;     // LIAN
input  wire [MAX_PORTS*READY_W*LOAD_W-1:0] vc_load;    // UGAL, PB with cfg_vc_load
/* verilator lint_on UNUSEDSIGNAL */
// ---- The decision ----
output wire [PORT_W-1:0]   out_port;
output wire [VC_W-1:0]     out_vc;
output wire [PORT_W-1:0]   min_port;   // for the contention counters
output wire                misroute;
output wire [RS_W-1:0]     rs_out;     // the new header route state
output wire                no_slot;    // the hop has no VC slot (a routing bug)
