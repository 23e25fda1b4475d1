// The hops of a minimal path between two routers a and b, from their coordinates (Topology::distance of each
// family; issue 27), for ugal off the Dragonfly (routing/hiradix_route_generic_valiant.v), which weighs its
// queues by the hops of the minimal and of the Valiant path. A family's inputs are 0 on the other families'
// networks (router/routing/*_geometry_rtl.h, generic_ugal_rtl.h), so its term is 0 there and the terms add:
//  - a mesh or torus (topology/mesh.h): per dimension |b - a| on a line, the shorter way round on a ring;
//  - a Flattened Butterfly (topology/flattened_butterfly.h): the dimensions in which they differ;
//  - a KNS (topology/kns.h, Kns::distance): 0 for the same router, else 2 per differing coordinate outside
//    the switches' own dimensions plus 1 per switch (node -> switch -> node per coordinate; a switch of
//    dimension d is given by its line's end node of coordinate d = 0 and by 1 + d);
//  - a network without coordinates (all_to_all: fully_connected, topology/fully_connected.h): 1 between two
//    routers, by their ids.
// Nothing is divided; purely combinational.
`default_nettype none
module hiradix_router_distance(mesh_a, mesh_b, mesh_size, mesh_rings, fb_a, fb_b, kns_a, kns_a_switch, kns_b, kns_b_switch,
                               all_to_all, id_a, id_b, distance);
/* verilator lint_off UNUSEDPARAM */
`include "hiradix_fields.vh"
`include "hiradix_arith.vh"
/* verilator lint_on UNUSEDPARAM */
  localparam integer MB = MESH_DIMS * COORD_W, HW = 2 * HOPS_W;
  input  wire [MB-1:0]        mesh_a, mesh_b, mesh_size;  // COORD_W bits per dimension, dimension 0 lowest
  input  wire [MESH_DIMS-1:0] mesh_rings;
  input  wire [MB-1:0]        fb_a, fb_b;
  input  wire [MB-1:0]        kns_a, kns_b;
  input  wire [1:0]           kns_a_switch, kns_b_switch;  // 0: an end node; 1 + d: a switch of dimension d
  input  wire                 all_to_all;
  input  wire [W-1:0]         id_a, id_b;
  output wire [HW-1:0]        distance;

  integer d;
  reg [COORD_W-1:0] c, t, k, up, down;
  reg [HW-1:0] mesh_hops, fb_hops, kns_differing;
  always @* begin
    {mesh_hops, fb_hops, kns_differing} = {(3*HW){1'b0}};
    for (d = 0; d < MESH_DIMS; d = d + 1) begin
      c = mesh_a[d*COORD_W +: COORD_W];
      t = mesh_b[d*COORD_W +: COORD_W];
      k = mesh_size[d*COORD_W +: COORD_W];
      up = t - c + (t < c ? k : {COORD_W{1'b0}});  // (t - c) mod k, the hops the plus way round
      down = k - up;
      if (mesh_rings[d]) mesh_hops = mesh_hops + {{(HW-COORD_W){1'b0}}, up < down ? up : down};
      else mesh_hops = mesh_hops + {{(HW-COORD_W){1'b0}}, t > c ? t - c : c - t};
      fb_hops = fb_hops + {{(HW-1){1'b0}}, fb_a[d*COORD_W +: COORD_W] != fb_b[d*COORD_W +: COORD_W]};
      kns_differing = kns_differing + {{(HW-1){1'b0}}, kns_a[d*COORD_W +: COORD_W] != kns_b[d*COORD_W +: COORD_W] &&
                                                       {30'd0, kns_a_switch} != d + 1 && {30'd0, kns_b_switch} != d + 1};
    end
  end
  wire kns_same = kns_a_switch == kns_b_switch && kns_a == kns_b;
  wire [HW-1:0] kns_hops = kns_same ? {HW{1'b0}}
                                    : {kns_differing[HW-2:0], 1'b0} + {{(HW-1){1'b0}}, kns_a_switch != 2'd0} +
                                      {{(HW-1){1'b0}}, kns_b_switch != 2'd0};
  assign distance = mesh_hops + fb_hops + kns_hops + {{(HW-1){1'b0}}, all_to_all && id_a != id_b};
endmodule
`default_nettype wire
