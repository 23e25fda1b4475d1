// `valiant` and `ugal` on the topologies other than the Dragonfly (router/routing/generic_valiant_routing.cpp,
// generic_ugal_routing.cpp and generic_routing.cpp, their C++ twins; issue 27), driven by the forwarding
// table as `min` off the Dragonfly is (hiradix_route_generic_min.v): `fwd_row` is this router's row for the
// destination router, `fwd_row_mid` its row for the intermediate router (the table's second read; the
// header's intermediate in transit, at injection the one drawn below).
//
// At injection (a terminal input port; a KNS switch's ports never are, kns_switch) the intermediate router is drawn among the vlb_routers routers from
// the low 32 bits of the decision's random state (lfsr_draw, routing/hiradix_draw.vh); under rvlb on a grid
// (code GRID_RVLB, router/routing/grid_rvlb_routing.cpp) from the same bits by the grid's chain of fractions
// (routing/hiradix_grid_draw.v: the coordinates of the dimensions with an offset drawn, the others this
// router's), over the mesh's coordinates or the Flattened Butterfly's (each 0 on the other's networks, so
// ORed); everything after the draw is valiant's. A draw of this router
// or of the destination's is the minimal path (phase 1 from the start, path bits 0), any other phase 0 (path
// bits 1), the header's flags cleared. UGAL (code GENERIC_UGAL) then takes the minimal path iff
//   Q_min * H_min <= Q_vlb * H_vlb + T
// (seed-000 §3.5, Eq. 2-1), Q the least port_load of the row's ports (Q_min 0 when H_min is, the row being
// empty), H_min and H_vlb the distances by coordinates (below), T = cfg_ugal_t signed.
// Phase 0 ends at the intermediate router: phase 1 begins, its flags keep phase 0's hops (the local counter).
// At the destination router in phase 1 the ejection port dst_port, VC 0. Else a hop on the row of the router
// the packet heads for (phase 0: the intermediate's; phase 1: the destination's), the least loaded of its
// ports, ties drawn by the high 32 bits (routing/hiradix_row_pick.v, shared with min); VC the hops taken in
// phase 0, vlb_h + the hops taken in phase 1 after (vlb_h = max(1, H), H the most hops of a minimal path);
// the local counter counts the hop; a misroute when the port is not on the destination's row; min_port the
// destination row's first port (dst_port at the destination router).
// MAR-bP and QCN-Switch on the Flattened Butterfly (codes GENERIC_MARBP, GENERIC_QCN_SWITCH;
// router/routing/generic_marbp_routing.h, qcn_switch_routing.h) draw nothing: at injection towards another
// row (dimension 0's lines, the groups) the minimal rule (the table's row for the destination is the
// row-last one, MinPaths::kRowLast) is kept while flow_ready of (its first port, VC vlb_h) is set (MAR-bP),
// or iff N = 1 + floor(random[31:0] * 100 / 2^32) <= qcn_p (QCN-Switch; the Dragonfly's draw,
// hiradix_route_marbp.v); else the intermediate is marbp_mid, the far end of the host port's alternative rule
// (an input: the rule table's entry for in_port), whose row fwd_row_mid is. Everything after is valiant's.
`default_nettype none
module hiradix_route_generic_valiant(
`include "routing/hiradix_routing_port_list.vh"
);
/* verilator lint_off UNUSEDPARAM */
`include "hiradix_fields.vh"
`include "hiradix_arith.vh"
/* verilator lint_on UNUSEDPARAM */
`include "routing/hiradix_routing_ports.vh"
`include "routing/hiradix_draw.vh"

  // A terminal input port: the shared geometry's in_port < p, but on a KNS not at a switch (no terminals,
  // kns_switch != 0; 0 on the other families).
  wire at_injection = injection && kns_switch == 2'd0;
  wire ugal = cfg_algorithm == ALG_GENERIC_UGAL[ALG_W-1:0];
  wire grid_rvlb = cfg_algorithm == ALG_GRID_RVLB[ALG_W-1:0];
  wire marbp = cfg_algorithm == ALG_GENERIC_MARBP[ALG_W-1:0];
  wire qcn_switch = cfg_algorithm == ALG_GENERIC_QCN_SWITCH[ALG_W-1:0];
  wire rules = marbp || qcn_switch;  // MAR-bP's rules: no draw of the intermediate router
  // `on` only lets the Verilated model skip the searches when another routing is selected.
  wire on = ugal || grid_rvlb || rules || cfg_algorithm == ALG_GENERIC_VALIANT[ALG_W-1:0];

  // Both rows' choices side by side; the phase picks one at the end.
  wire found_dst, found_mid;
  wire [PORT_W-1:0] pick_dst, first_dst, pick_mid;
  wire [LOAD_W-1:0] q_dst, q_mid;
  /* verilator lint_off UNUSEDSIGNAL */
  wire [PORT_W-1:0] first_mid;
  /* verilator lint_on UNUSEDSIGNAL */
  hiradix_row_pick to_dst(.on(on), .row(fwd_row), .port_load(port_load), .tie_bits(random[63:32]), .found(found_dst),
                          .pick(pick_dst), .first(first_dst), .least(q_dst));
  hiradix_row_pick to_mid(.on(on), .row(fwd_row_mid), .port_load(port_load), .tie_bits(random[63:32]), .found(found_mid),
                          .pick(pick_mid), .first(first_mid), .least(q_mid));

  // The draw of the intermediate router, and UGAL's comparison (signed, CW bits).
  /* verilator lint_off UNUSEDSIGNAL */
  wire [W-1:0] grid_root;  // < 2^ROUTER_W
  /* verilator lint_on UNUSEDSIGNAL */
  wire grid_at_here, grid_at_dst;
  hiradix_grid_draw grid_draw(.bits(random[31:0]), .here(mesh_here | fb_here), .dst(mesh_dst | fb_dst), .size(mesh_size | fb_size),
                              .root(grid_root), .at_here(grid_at_here), .at_dst(grid_at_dst));
  wire [W-1:0] vlb_root = draw(random[31:0], {{(W-ROUTER_W-1){1'b0}}, vlb_routers});
  wire [ROUTER_W-1:0] root = grid_rvlb ? grid_root[ROUTER_W-1:0] : vlb_root[ROUTER_W-1:0];  // < the router count
  wire degenerate = grid_rvlb ? grid_at_here || grid_at_dst : vlb_root == here || vlb_root == dst_router;
  localparam integer HW = 2 * HOPS_W, CW = LOAD_W + HW + 3, MB = MESH_DIMS * COORD_W;
  // UGAL's distances from coordinates (topology/hiradix_router_distance.v): H_min this router to the
  // destination's, H_vlb this router to the drawn intermediate plus the intermediate to the destination's.
  // The intermediate's coordinates are the forwarding table's coordinate column, read with its row
  // (*_mid, generic_ugal_rtl.h); a network with no sizes is all-to-all (fully_connected).
  wire all_to_all = mesh_size == {MB{1'b0}} && fb_size == {MB{1'b0}} && kns_size == {MB{1'b0}};
  wire [W-1:0] root_id = {{(W-ROUTER_W){1'b0}}, root};
  wire [HW-1:0] h_min, h_to_mid, h_from_mid;
  hiradix_router_distance here_to_dst(.mesh_a(mesh_here), .mesh_b(mesh_dst), .mesh_size(mesh_size), .mesh_rings(mesh_rings),
                                      .fb_a(fb_here), .fb_b(fb_dst), .kns_a(kns_here), .kns_a_switch(kns_switch), .kns_b(kns_dst),
                                      .kns_b_switch(2'd0), .all_to_all(all_to_all), .id_a(here), .id_b(dst_router),
                                      .distance(h_min));
  hiradix_router_distance here_to_mid(.mesh_a(mesh_here), .mesh_b(mesh_mid), .mesh_size(mesh_size), .mesh_rings(mesh_rings),
                                      .fb_a(fb_here), .fb_b(fb_mid), .kns_a(kns_here), .kns_a_switch(kns_switch), .kns_b(kns_mid),
                                      .kns_b_switch(kns_mid_switch), .all_to_all(all_to_all), .id_a(here), .id_b(root_id),
                                      .distance(h_to_mid));
  hiradix_router_distance mid_to_dst(.mesh_a(mesh_mid), .mesh_b(mesh_dst), .mesh_size(mesh_size), .mesh_rings(mesh_rings),
                                     .fb_a(fb_mid), .fb_b(fb_dst), .kns_a(kns_mid), .kns_a_switch(kns_mid_switch), .kns_b(kns_dst),
                                     .kns_b_switch(2'd0), .all_to_all(all_to_all), .id_a(root_id), .id_b(dst_router),
                                     .distance(h_from_mid));
  wire [HW-1:0] h_vlb = h_to_mid + h_from_mid;
  wire [LOAD_W+HW-1:0] product_min = {{HW{1'b0}}, q_dst} * {{LOAD_W{1'b0}}, h_min};
  wire [LOAD_W+HW-1:0] product_vlb = {{HW{1'b0}}, q_mid} * {{LOAD_W{1'b0}}, h_vlb};
  wire [CW-1:0] cost_min = {{(CW-LOAD_W-HW){1'b0}}, product_min};
  wire [CW-1:0] cost_vlb = {{(CW-LOAD_W-HW){1'b0}}, product_vlb} + {{(CW-THRESH_W){cfg_ugal_t[THRESH_W-1]}}, cfg_ugal_t};
  wire take_min = ugal && $signed(cost_min) <= $signed(cost_vlb);

  // MAR-bP / QCN-Switch (rules): towards another row (a coordinate above dimension 0 differs) the minimal
  // rule, whose hop is the row's first port on phase 1's first VC, vlb_h, is kept while that VC's flow
  // control lets a packet go (MAR-bP; VCs beyond READY_W never do) or iff the draw N = 1 + floor(random[31:0]
  // * 100 / 2^32) is at most qcn_p (QCN-Switch); else the host port's alternative rule: phase 0 towards
  // marbp_mid, its far end.
  wire other_row = fb_here[MB-1:COORD_W] != fb_dst[MB-1:COORD_W];
  wire ready = vlb_h < READY_W[HOPS_W:0] && flow_ready[first_dst * READY_W + {30'b0, vlb_h[1:0]}];
  /* verilator lint_off UNUSEDSIGNAL */
  wire [38:0] scaled = {7'b0, random[31:0]} * 39'd100;  // its low 32 bits are the fraction
  /* verilator lint_on UNUSEDSIGNAL */
  wire keeps_minimal = marbp ? ready : scaled[38:32] < qcn_p;
  wire take_alt = other_row && !keeps_minimal;
  wire [ROUTER_W-1:0] rules_inter = take_alt ? marbp_mid : here[ROUTER_W-1:0];
  wire rules_phase = !take_alt || {{(W-ROUTER_W){1'b0}}, marbp_mid} == dst_router;

  // The header after injection and after the phase's change at the intermediate router.
  wire [ROUTER_W-1:0] rs_inter = rs_in[RS_INTER_LSB +: ROUTER_W];
  wire [HOPS_W-1:0] lhops = rs_in[RS_LHOPS_LSB +: HOPS_W];
  wire [7:0] rs_flags = {rs_in[RS_FLAGS_HI_LSB +: 6], rs_in[RS_MANDG_BIT], rs_in[RS_LMIS_BIT]};
  reg [RS_W-1:0] rs;
  reg [ROUTER_W-1:0] inter;
  reg [7:0] flags;
  reg phase, turn;
  always @* begin
    rs = rs_in;
    inter = rs_inter;
    phase = rs_in[RS_PHASE_BIT];
    flags = rs_flags;
    if (at_injection) begin
      inter = rules ? rules_inter : root;
      phase = rules ? rules_phase : degenerate || take_min;
      flags = 8'd0;
      rs[RS_PATH_LSB +: 3] = phase ? 3'd0 : 3'd1;
    end
    // Phase 0 ends at the header's intermediate (at injection phase 0 means a drawn router other than this one).
    turn = !phase && !at_injection && {{(W-ROUTER_W){1'b0}}, rs_inter} == here;
    if (turn) begin
      phase = 1'b1;
      rs[RS_PGLOBAL_BIT] = 1'b0;
      flags = {{(8-HOPS_W){1'b0}}, lhops};
    end
    rs[RS_INTER_LSB +: ROUTER_W] = inter;
    rs[RS_PHASE_BIT] = phase;
    {rs[RS_FLAGS_HI_LSB +: 6], rs[RS_MANDG_BIT], rs[RS_LMIS_BIT]} = flags;
    if (!(phase && here == dst_router)) rs[RS_LHOPS_LSB +: HOPS_W] = lhops + 1'b1;
  end

  wire eject = phase && here == dst_router;
  wire [PORT_W-1:0] port = phase ? pick_dst : pick_mid;
  /* verilator lint_off UNUSEDSIGNAL */
  wire found = phase ? found_dst : found_mid;  // always, off the ejection (a row towards another router)
  /* verilator lint_on UNUSEDSIGNAL */
  wire [VC_W-1:0] vc = phase ? vlb_h[VC_W-1:0] + lhops - flags[VC_W-1:0] : lhops;
  assign out_port = eject ? dst_port[PORT_W-1:0] : port;
  assign min_port = eject || here == dst_router ? dst_port[PORT_W-1:0] : first_dst;
  assign out_vc = eject ? {VC_W{1'b0}} : vc;
  assign rs_out = rs;
  assign misroute = !eject && !fwd_row[port];
  assign no_slot = 1'b0;
endmodule
`default_nettype wire
