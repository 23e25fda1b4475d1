// SASHA's choice of virtual network at the source NIC (routing.algorithm sasha, seed 001 §1.4;
// testbench/vn_choice.h, VnChoice::least_loaded and taken, is the C++ reference): the VN of least load, and
// among equal loads the first from the round-robin pointer (tie round_robin) or the lowest VN (tie vn0).
// The loads are the NIC's own (its injection VCs' outstanding phits, or XmitWait counts): inputs here.
//
// No rotation of the loads by the pointer: each VN's key is {load, rank}, the rank being the VN's distance
// from where the tie rule starts looking ((v - from) mod VNS), so keys never tie and the least key is the
// least load first from the pointer. The choice is combinational (the NIC may ask again while its head
// waits); the pointer moves only on `taken`, to the VN after the one a head left on, as VnChoice::taken.
`default_nettype none
module hiradix_vn_select #(
    parameter integer VNS = 2,      // virtual networks, 2 .. 8 (tlm/packet.h, kMaxVirtualNetworks)
    parameter integer LOAD_W = 16,  // bits of a load
    parameter integer VN_W = (VNS > 1) ? $clog2(VNS) : 1
) (
    input  wire                  clk,
    input  wire                  rst,        // synchronous: the pointer to VN 0, as a new VnChoice
    input  wire [VNS*LOAD_W-1:0] load,       // VN v's load at [v * LOAD_W +: LOAD_W]
    input  wire                  tie_first,  // tie vn0: equal loads go to the lowest VN (else from the pointer)
    input  wire                  taken,      // a head left the NIC ...
    input  wire [VN_W-1:0]       taken_vn,   // ... on this VN
    output reg  [VN_W-1:0]       vn          // the least loaded VN
);
  localparam [VN_W:0] COUNT = VNS[VN_W:0], LAST = COUNT - 1'b1;
  reg [VN_W-1:0] pointer;  // tie round_robin: where a tie starts looking
  wire [VN_W-1:0] from = tie_first ? {VN_W{1'b0}} : pointer;

  // (v - from) mod VNS for v, from < VNS, one bit wider so VNS - from + v does not wrap.
  function automatic [VN_W:0] rank(input [VN_W-1:0] which, input [VN_W-1:0] start);
    rank = which >= start ? {1'b0, which} - {1'b0, start} : {1'b0, which} + COUNT - {1'b0, start};
  endfunction

  integer v;
  reg [LOAD_W-1:0] best_load;
  reg [VN_W:0]     best_rank;
  always @* begin
    vn = {VN_W{1'b0}};
    best_load = load[0 +: LOAD_W];
    best_rank = rank({VN_W{1'b0}}, from);
    for (v = 1; v < VNS; v = v + 1)
      if (load[v*LOAD_W +: LOAD_W] < best_load ||
          (load[v*LOAD_W +: LOAD_W] == best_load && rank(v[VN_W-1:0], from) < best_rank)) begin
        vn = v[VN_W-1:0];
        best_load = load[v*LOAD_W +: LOAD_W];
        best_rank = rank(v[VN_W-1:0], from);
      end
  end

  always @(posedge clk)
    if (rst) pointer <= {VN_W{1'b0}};
    else if (taken) pointer <= {1'b0, taken_vn} == LAST ? {VN_W{1'b0}} : taken_vn + 1'b1;
endmodule
`default_nettype wire
