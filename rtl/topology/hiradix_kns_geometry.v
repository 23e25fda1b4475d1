// The geometry of a KNS by coordinates (topology/kns.h; issue 27): which kind of router the unit sits in,
// and its ports towards the destination end node. An end node (the NIC that forwards, radix p + n) knows its
// coordinates; a switch (radix k) knows its dimension (the inputs kns_switch, kns_here, kns_dst;
// router/routing/kns_geometry_rtl.h); the destination's coordinates come from the header, so nothing is
// divided. Purely combinational; with kns_switch and kns_here tied to a router's straps the numbering folds.
//
// Port numbering (Kns): an end node has [0, p) terminals, then port p + d towards its switch of dimension d;
// a switch of dimension d has port c towards the end node of its line whose coordinate d is c. A dimension
// the network lacks reads coordinate 0 on both sides and never differs.
`default_nettype none
module hiradix_kns_geometry(p, kns_switch, kns_here, kns_dst, at_switch, differs, node_port, switch_port);
/* verilator lint_off UNUSEDPARAM */
`include "hiradix_fields.vh"
`include "hiradix_arith.vh"
/* verilator lint_on UNUSEDPARAM */
  localparam integer MB = MESH_DIMS * COORD_W;
  /* verilator lint_off UNUSEDSIGNAL */
  input  wire [W-1:0]                p;            // terminals per end node: its first dimension port
  /* verilator lint_on UNUSEDSIGNAL */
  input  wire [1:0]                  kns_switch;   // 0: an end node; 1 + d: a switch of dimension d
  input  wire [MB-1:0]               kns_here, kns_dst;  // COORD_W bits per dimension
  output wire                        at_switch;
  output reg  [MESH_DIMS-1:0]        differs;      // an end node: its coordinate differs from the destination's
  output reg  [MESH_DIMS*PORT_W-1:0] node_port;    // an end node: per dimension d, its port p + d
  output reg  [PORT_W-1:0]           switch_port;  // a switch: the port of the destination's coordinate

  assign at_switch = kns_switch != 2'd0;
  wire [1:0] switch_dim = kns_switch - 2'd1;

  integer d;
  reg [PORT_W-1:0] coord;  // COORD_W <= PORT_W
  always @* begin
    differs = {MESH_DIMS{1'b0}};
    node_port = {(MESH_DIMS*PORT_W){1'b0}};
    switch_port = {PORT_W{1'b0}};
    for (d = 0; d < MESH_DIMS; d = d + 1) begin
      differs[d] = kns_here[d*COORD_W +: COORD_W] != kns_dst[d*COORD_W +: COORD_W];
      node_port[d*PORT_W +: PORT_W] = p[PORT_W-1:0] + d[PORT_W-1:0];
      coord = {PORT_W{1'b0}};
      coord[COORD_W-1:0] = kns_dst[d*COORD_W +: COORD_W];
      if (switch_dim == d[1:0]) switch_port = coord;
    end
  end
endmodule
`default_nettype wire
