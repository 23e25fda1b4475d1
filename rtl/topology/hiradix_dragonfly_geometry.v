// The Dragonfly's geometry for one routing decision: where this router and the destination are, and the
// minimal hop towards the destination (topology/dragonfly.cpp, DragonflyRouting). What every routing of
// the Dragonfly needs, computed once; a routing's own path questions use the functions of
// hiradix_dragonfly.vh. Nothing of the decision's own path is divided:
// this router's group and index are its straps (here_group, here_index) and the destination's come in the
// header (dst_group, dst_index, dst_terminal), as the fields of a real Dragonfly's addresses, and the owner of
// this group's global link towards the destination's group is the row dst_link of the router's group table;
// off the Dragonfly cfg_a = 1, so a group is a router. Purely combinational; with the cfg_* inputs tied to
// constants (synthesis) p, a, h and the group count are constants.
`default_nettype none
module hiradix_dragonfly_geometry(cfg_p, cfg_a, cfg_h, cfg_palmtree, router, here_group, here_index, in_port,
                                  dst_group, dst_index, dst_terminal, dst_link, p, a, h, groups,
                                  here, here_g, here_x, dst_router, dst_port, dst_g, dst_x, minimal,
                                  injection);
/* verilator lint_off UNUSEDPARAM */
`include "hiradix_fields.vh"
`include "hiradix_arith.vh"
`include "topology/hiradix_dragonfly.vh"
/* verilator lint_on UNUSEDPARAM */
  input  wire [GEOM_W-1:0]   cfg_p, cfg_a, cfg_h;
  input  wire                cfg_palmtree;
  input  wire [ROUTER_W-1:0] router;
  input  wire [PORT_W-1:0]   in_port;
  input  wire [ROUTER_W-1:0] here_group, dst_group;
  input  wire [GEOM_W-1:0]   here_index, dst_index;
  input  wire [PORT_W-1:0]   dst_terminal;
  input  wire [LINK_W-1:0]   dst_link;  // the group table's row for dst_group (min_port_via)
  output wire [W-1:0]        p, a, h, groups;  // groups = a * h + 1
  output wire [W-1:0]        here, here_g, here_x;  // this router: id, group, index in the group
  output wire [W-1:0]        dst_router, dst_port;  // the destination terminal's router and its port there
  output wire [W-1:0]        dst_g, dst_x;          // the destination router's group and index
  output reg  [W-1:0]        minimal;  // the minimal output towards dst (its ejection port at dst_router)
  output wire                injection;  // in_port is a terminal port

  assign p = {{(W-GEOM_W){1'b0}}, cfg_p};
  assign a = {{(W-GEOM_W){1'b0}}, cfg_a};
  assign h = {{(W-GEOM_W){1'b0}}, cfg_h};
  assign groups = a * h + 1;
  assign here = {{(W-ROUTER_W){1'b0}}, router};
  assign here_g = {{(W-ROUTER_W){1'b0}}, here_group};
  assign here_x = {{(W-GEOM_W){1'b0}}, here_index};
  assign dst_g = {{(W-ROUTER_W){1'b0}}, dst_group};
  assign dst_x = {{(W-GEOM_W){1'b0}}, dst_index};
  assign dst_port = {{(W-PORT_W){1'b0}}, dst_terminal};
  assign dst_router = dst_g * a + dst_x;
  assign injection = {{(W-PORT_W){1'b0}}, in_port} < p;

  always @* begin
    if (here_g == dst_g && here_x == dst_x) minimal = dst_port;  // here == dst_router, without the product
    else minimal = min_port_via(here_g, here_x, dst_g, dst_x, dst_link);
  end
endmodule
`default_nettype wire
