// The far end of a global link of this router's group, as a real router finds it (no division): included in
// the body of a module that has the Dragonfly's geometry (a, h, groups, here_g), its arrangement
// (cfg_palmtree) and its group's straps (peer_index_above, peer_index_below) under those names
// (routing/hiradix_valiant_draws.v, routing/hiradix_route_marbp.v).
  // The router (group upper half, index lower half) at the far end of global port k of router x of this
  // group (seed-000 §2.2-2.3; topology/dragonfly.cpp). Palmtree: the far router is a - 1 - x of its group.
  // Consecutive: the far group pg numbers its links by distance, pg's link back to this group g being number
  // g (pg > g) or g - 1 (pg < g) and leaving router number / h of pg; that router depends only on whether pg
  // lies above or below g, so a fabric manager straps both (peer_index_above = g / h, peer_index_below =
  // (g - 1) / h) and no draw divides.
  function [2*W-1:0] global_peer(input [W-1:0] x, k);
    reg [W-1:0] pg, index;
    begin
      if (cfg_palmtree) begin
        pg = here_g + (a - 1 - x) * h + k + 1;
        if (pg >= groups) pg = pg - groups;
        index = a - 1 - x;
      end else begin
        pg = x * h + k;
        if (pg >= here_g) pg = pg + 1;
        index = {{(W-GEOM_W){1'b0}}, pg > here_g ? peer_index_above : peer_index_below};
      end
      global_peer = {pg, index};
    end
  endfunction
