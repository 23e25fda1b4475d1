// Field widths and codes of the routing-unit interface (DESIGN §3.2), defined once for both sides.
// CMake turns every `localparam integer NAME = EXPR;` line of this file into `constexpr int NAME = EXPR;`
// in <build>/generated/rtl_fields.h, so the C++ bridge packs exactly these fields.
localparam integer NODE_W   = 16;  // terminal id
localparam integer ROUTER_W = 14;  // router id (16,384 routers: seed-001's 3-D KNS, k = 24, has 15,552)
localparam integer PORT_W   = 6;   // router port (radix <= 64)
localparam integer VC_W     = 5;   // virtual channel (router.vcs.* <= 32)
localparam integer GEOM_W   = 7;   // p, a and h of the Dragonfly
localparam integer ALG_W    = 5;   // routing algorithm code (the codes: router/routing/*_rtl.h, generated
                                   // into hiradix_routing_codes.vh); 4 bits held codes 0-15, all given
                                   // before hybrid_dor (16)
localparam integer LFSR_W   = 64;  // random-number state
localparam integer HOPS_W   = 5;   // hop counters of the header (31 hops: a hop-count VC per hop up to VC_W)
localparam integer LOAD_W   = 12;  // per-port load (phits queued + uncredited), saturated
localparam integer MAX_PORTS = 64; // port_load entries (radix <= 64)
localparam integer MAX_GLINKS = 256; // group_load entries: global links of a group, a * h <= 256 (UGAL-G)
localparam integer THRESH_W = 16;  // signed thresholds (UGAL T)
localparam integer COUNT_W  = 7;   // contention counter per port (saturated), and its threshold
localparam integer READY_W  = 4;   // per port: VCs 0..3 that can take a whole packet now (in-transit routings)
localparam integer COMB_W   = 8;   // ECtN combined counter (saturated), and its threshold
localparam integer TPR_W    = 8;   // TPR's windowed count of packets towards a group (saturated), and LI_l, LI_h
localparam integer MESH_DIMS = 3;  // dimensions of a mesh or torus the RTL routes (topology.dims), and
localparam integer COORD_W  = 6;   // bits per coordinate and per dimension size (k <= 63)
localparam integer OCC_W    = 7;   // per port and VC 0..READY_W-1: occupancy in integer percent 0..100 (OLM, Hybrid),
                                   // and the percent thresholds
localparam integer LINK_W   = 2 * GEOM_W;  // a row of a Dragonfly router's group table: {owner, k}, the router of
                                           // its group that holds the global link towards a group, and that
                                           // link's global port there (topology/hiradix_dragonfly.vh)
localparam integer DRAWS_W  = 8 * ROUTER_W + 3 * GEOM_W;  // Valiant's candidate intermediate routers of one
                                             // random state, one per phase-A policy, and the links of the two
                                             // drawn as a global link's far end (routing/hiradix_valiant_draws.v)

// Valiant phase-A policies (cfg_phase_a, seed-000 Table 5-1).
localparam integer PHASE_A_LGL = 0;  // lgl
localparam integer PHASE_A_LG  = 1;  // lg-
localparam integer PHASE_A_GL  = 2;  // -gl
localparam integer PHASE_A_G   = 3;  // -g-
// ACOR's sequences of phase-A policies (cfg_acor_sequence, seed-000 Table 5-2), from the lowest level up.
localparam integer ACOR_SEQ_2LA = 0; // -g- lgl
localparam integer ACOR_SEQ_2LB = 1; // -gl lgl
localparam integer ACOR_SEQ_3L  = 2; // -g- -gl lgl

// Header route state, packed LSB first.
localparam integer RS_INTER_LSB   = 0;                         // intermediate router (Valiant R_ROOT)
localparam integer RS_PHASE_BIT   = RS_INTER_LSB + ROUTER_W;   // 0: towards intermediate, 1: towards destination
localparam integer RS_PATH_LSB    = RS_PHASE_BIT + 1;          // phase-A hops taken: bit0 l1, bit1 g, bit2 l2
localparam integer RS_LHOPS_LSB   = RS_PATH_LSB + 3;           // local hops taken
localparam integer RS_GHOPS_LSB   = RS_LHOPS_LSB + HOPS_W;     // global hops taken
localparam integer RS_PGLOBAL_BIT = RS_GHOPS_LSB + HOPS_W;     // a global hop was taken in this phase
localparam integer RS_LMIS_BIT    = RS_PGLOBAL_BIT + 1;        // in-transit: a local misroute in this group
localparam integer RS_MANDG_BIT   = RS_LMIS_BIT + 1;           // in-transit: leave this router globally
// RouteState::flags, the 8 bits a routing defines for itself, is carried whole: bit 0 at RS_LMIS_BIT, bit 1 at
// RS_MANDG_BIT (MM+L's names for them), bits 2-7 here (dor: 1 + the dimension of the last hop in bits 0-2,
// the dateline crossed in bit 7). Every routing that does not define them passes them through.
localparam integer RS_FLAGS_HI_LSB = RS_MANDG_BIT + 1;
localparam integer RS_W           = RS_FLAGS_HI_LSB + 6;

// The LFSR shared bit for bit with the C++ side (router/common/lfsr.h): a 64-bit right-shifting Galois LFSR for
// x^64 + x^63 + x^61 + x^60 + 1, advanced LFSR_STEPS times per routing decision so that every decision
// draws fresh bits.
localparam [63:0] LFSR_MASK = 64'hD800000000000000;
localparam integer LFSR_STEPS = 64;
