// The fixed ports of every routing submodule (rtl/routing/hiradix_route_*.v), so that the routing unit
// (rtl/hiradix_routing_unit.v) connects each one the same way (`.*`) and picks one decision by
// cfg_algorithm. Included in the module body after hiradix_fields.vh and topology/hiradix_dragonfly.vh; the header lists the same names (hiradix_routing_port_list.vh).
//
// A routing reads what it needs and ignores the rest (hence no unused-signal warnings here). When
// cfg_algorithm is none of its codes its outputs are unused and may be anything: a routing with costly
// logic gates it on its own codes, so that the Verilated model, which evaluates every submodule at each
// decision, skips it (in synthesis the gate is a constant). Combinational, one decision per evaluation,
// unless the unit's STAGES asks a submodule that has a stage cut for its register (Submodule::stages).
`include "hiradix_bus.vh"
`include "hiradix_routing_codes.vh"
/* verilator lint_off UNUSEDSIGNAL */
// ---- The clock of a submodule in stages (Submodule::stages: a register after its first stage) ----
input  wire                clk;
// ---- Configuration (constants once synthesized) ----
input  wire [ALG_W-1:0]    cfg_algorithm;      // ALG_*: a submodule may serve several codes (UGAL and PB)
input  wire                cfg_hop_count_vcs;  // routing.vc_scheme hop_count: VC = hops taken on the link class
input  wire                cfg_palmtree;       // the Dragonfly's global arrangement (else consecutive)
input  wire [CFG_W-1:0]    cfg;                // the routings' configuration fields (cfg_NAME, sliced below)
// ---- Geometry (topology/hiradix_dragonfly_geometry.v) ----
input  wire [W-1:0]        p, a, h, groups;    // terminals, routers per group, global ports; a * h + 1
input  wire [W-1:0]        here, here_g, here_x;  // this router: id, group, index in the group
input  wire [GEOM_W-1:0]   peer_index_above, peer_index_below;  // the group's straps (topology/hiradix_global_peer.vh)
input  wire [W-1:0]        dst_router, dst_port;  // the destination terminal's router and its port there
input  wire [W-1:0]        dst_g, dst_x;          // the destination router's group and index
input  wire [W-1:0]        minimal;            // the minimal output towards the destination
input  wire                injection;          // in_port is a terminal port
// ---- The router's group table and the header's intermediate (the Dragonfly's; 0 elsewhere) ----
// A row of the group table is {owner, k}: the router of this group that holds the global link towards a
// group, and that link's global port (min_port_via, topology/hiradix_dragonfly.vh).
input  wire [LINK_W-1:0]   dst_link;           // the row for the destination's group
input  wire [W-1:0]        inter_g, inter_x;   // the header's intermediate router (RS_INTER) as group, index
input  wire [LINK_W-1:0]   inter_link;         // the row for its group
input  wire [LINK_W-1:0]   lgl_link;           // the row for the group Valiant's lgl draw picks (draws' lgl_g)
// ---- The packet and the decision's random state ----
input  wire [PORT_W-1:0]   in_port;
input  wire [VC_W-1:0]     in_vc;
input  wire [RS_W-1:0]     rs_in;              // header route state (hiradix_fields.vh, RS_*)
input  wire [LFSR_W-1:0]   random;             // this decision's LFSR state (the unit's lfsr_out): draws use it
input  wire [DRAWS_W-1:0]  draws;              // Valiant's candidates drawn from it (hiradix_valiant_draws.v)
// ---- Router state: the routings' inputs (NAME, sliced below) ----
input  wire [IN_W-1:0]     state;
/* verilator lint_on UNUSEDSIGNAL */
// Every declared field by name, from `cfg` and `state` (generated from router/routing/*_rtl.h, which
// document each).
`include "hiradix_bus_fields.vh"
// ---- The decision ----
output wire [PORT_W-1:0]   out_port;
output wire [VC_W-1:0]     out_vc;
output wire [PORT_W-1:0]   min_port;   // for the contention counters
output wire                misroute;
output wire [RS_W-1:0]     rs_out;     // the new header route state
output wire                no_slot;    // the hop has no VC slot (a routing bug)
