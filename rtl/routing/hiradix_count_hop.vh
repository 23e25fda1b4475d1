// The header after a hop of the routings that count every router-to-router hop in the local counter and
// never misroute (hiradix_route_generic_min.v, hiradix_route_hybrid_dor.v): rs_out is rs_in with the local
// counter one up when `hop`, else untouched (an ejection); misroute and no_slot low. Included in the module
// body after routing/hiradix_routing_ports.vh, with a wire `hop` declared before.
  reg [RS_W-1:0] rs;
  always @* begin
    rs = rs_in;
    if (hop) rs[RS_LHOPS_LSB +: HOPS_W] = rs_in[RS_LHOPS_LSB +: HOPS_W] + 1'b1;
  end
  assign rs_out = rs;
  assign misroute = 1'b0;
  assign no_slot = 1'b0;
