// One router's forwarding table (issue 27): R rows of P bits, written row by row at start through the write
// port, as a fabric manager fills a switch's table, and read in the RC stage through READS read ports, each
// row a routing unit input. Two kinds (synth/synth_flow.cpp, forwarding_table_block):
//   - off the Dragonfly, a row per destination router of a bit per output port, set where the port is on a
//     minimal path towards that router (router/routing/forwarding_table.h, the model's copy, from
//     Topology::min_ports): the unit's fwd_row, and under valiant / ugal / rvlb also fwd_row_mid, the row
//     of the intermediate router (rtl/routing/hiradix_route_generic_min.v, hiradix_route_generic_valiant.v);
//     under ugal a row also holds that router's coordinates (router/routing/generic_ugal_rtl.h: the unit's
//     mesh_mid, fb_mid or kns_mid with kns_mid_switch, read with fwd_row_mid);
//   - on the Dragonfly, the group table: a row per group, {owner, k}, the router of this router's group that
//     holds the global link towards that group and the link's global port (the unit's dst_link, and for
//     Valiant's routings inter_link and lgl_link; rtl/hiradix_routing_unit.v).
// Flip-flops and a read multiplexer per port: R * P flops, each read a log2(R)-level mux of P bits
// (synthesis reports both).
`default_nettype none
module hiradix_forwarding_table #(
    parameter integer R = 64,  // rows
    parameter integer P = 8,   // bits per row
    parameter integer READS = 1,  // read ports
    parameter integer AW = (R > 1) ? $clog2(R) : 1
) (
    input  wire                clk,
    input  wire                we,     // write `wdata` into row `waddr` (at start)
    input  wire [AW-1:0]       waddr,
    input  wire [P-1:0]        wdata,
    input  wire [READS*AW-1:0] raddr,  // read port i at bits [i*AW +: AW]
    output wire [READS*P-1:0]  rdata   // its row, in the same cycle
);
  reg [P-1:0] rows[0:R-1];

  always @(posedge clk)
    if (we) rows[waddr] <= wdata;

  genvar i;
  generate
    for (i = 0; i < READS; i = i + 1) begin : g_read
      assign rdata[i*P +: P] = rows[raddr[i*AW +: AW]];
    end
  endgenerate
endmodule
`default_nettype wire
