// One router's forwarding table (issue 27): R rows, one per destination router, of P bits, one per output
// port, set where the port is on a minimal path towards that router (router/routing/forwarding_table.h, the
// model's copy, from Topology::min_ports). Written row by row at start through the write port, as a fabric
// manager fills a switch's table; read in the RC stage by the packet's destination router, and the row is
// the routing unit's input fwd_row (rtl/routing/hiradix_route_generic_min.v). Flip-flops and a read
// multiplexer: R * P flops, the read a log2(R)-level mux of P bits (synthesis reports both).
`default_nettype none
module hiradix_forwarding_table #(
    parameter integer R = 64,  // destination routers: rows
    parameter integer P = 8,   // output ports: bits per row
    parameter integer AW = (R > 1) ? $clog2(R) : 1
) (
    input  wire          clk,
    input  wire          we,     // write `wdata` into row `waddr` (at start)
    input  wire [AW-1:0] waddr,
    input  wire [ P-1:0] wdata,
    input  wire [AW-1:0] raddr,  // the packet's destination router
    output wire [ P-1:0] rdata   // its row, in the same cycle
);
  reg [P-1:0] rows[0:R-1];

  always @(posedge clk)
    if (we) rows[waddr] <= wdata;

  assign rdata = rows[raddr];
endmodule
`default_nettype wire
