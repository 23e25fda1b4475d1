// The queue select of band-based queues (router.queues bbq and dbbq; router/common/band_map.h is the C++
// reference): the band a packet's VC takes among the BOUNDS + 1 of the routing's VC, at the NIC and in
// every VA stage. The band is floor(x * Q / M): x the destination node and M the network's nodes (bbq,
// Eq. 1; dbbq's first VN, Eq. 2), or x the column of the destination's router (from the header, as a real
// router has the destination's coordinates) and M the grid's width (dbbq's second VN, Eq. 3).
//
// No division and no multiplication: floor(x * Q / M) >= j exactly when x >= ceil(j * M / Q), so the band is
// how many of the boundaries ceil(j * M / Q), j = 1 .. Q - 1, x reaches. The boundaries are configuration
// written at start (as a fabric manager writes SL-to-VL tables); synthesis ties them to the network's
// constants (hiradix synth's queue_select block), and a co-simulation gives unused ones all ones.
`default_nettype none
module hiradix_band_select #(
    parameter integer BOUNDS = 1,   // bands - 1
    parameter integer X_W = 16,     // node numbers and columns
    parameter integer BAND_W = 5
) (
    input  wire [X_W-1:0]        dst,            // destination node
    input  wire [X_W-1:0]        column,         // its router's column (dimension 0 of the grid)
    input  wire                  by_column,      // dbbq and the packet's VN is the second
    input  wire [BOUNDS*X_W-1:0] row_bounds,     // ceil(j * N / Q), boundary j - 1 at [(j - 1) * X_W +: X_W]
    input  wire [BOUNDS*X_W-1:0] column_bounds,  // ceil(j * k / Q)
    output reg  [BAND_W-1:0]     band
);
  wire [X_W-1:0]        x      = by_column ? column : dst;
  wire [BOUNDS*X_W-1:0] bounds = by_column ? column_bounds : row_bounds;
  integer j;
  always @* begin
    band = {BAND_W{1'b0}};
    for (j = 0; j < BOUNDS; j = j + 1)
      if (x >= bounds[j*X_W +: X_W]) band = band + 1'b1;
  end
endmodule
`default_nettype wire
