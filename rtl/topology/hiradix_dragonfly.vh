// Paths in the Dragonfly (topology/dragonfly.cpp), shared by its geometry module
// (hiradix_dragonfly_geometry.v) and by the routing submodules, which ask their own path questions (the
// minimal port and hop count towards Valiant's intermediate router, the owner of a group's global link).
// Wiring and port numbering as in topology/dragonfly.h (seed-000 §2.1-2.3): ports [0,p) terminals,
// [p,p+a-1) local, then h global. Routers are handled as (group, index in the group) pairs:
// router = group * a + index.
//
// Needs hiradix_arith.vh (W). The functions read the network from the including module's signals p, a, h,
// groups (W bits; groups = a * h + 1) and cfg_palmtree: the geometry module computes them and every routing
// has them among its ports (routing/hiradix_routing_ports.vh). Nothing here divides.

// The local port of router `from` towards router `to` of the same group (indices, from != to).
function [W-1:0] local_port_to(input [W-1:0] from, to);
  reg [W-1:0] d;
  begin
    d = to + a - from - 1;  // (to - from - 1) mod a, for from, to < a
    if (d >= a) d = d - a;
    local_port_to = p + d;
  end
endfunction

// The distance from `group` to `to_group` that numbers the global links of `group` (0 .. a*h - 1): link d
// leaves router d / h of the group (palmtree: router a - 1 - d / h) on its global port d % h; seed-000 §2.2
// (palmtree) and §2.3 (consecutive).
function [W-1:0] group_distance(input [W-1:0] group, to_group);
  begin
    if (cfg_palmtree) group_distance = (to_group >= group ? to_group - group : to_group + groups - group) - 1;
    else group_distance = to_group < group ? to_group : to_group - 1;
  end
endfunction

// floor(d / h) == q, without dividing: d lies in q's block of h links.
function in_block(input [W-1:0] d, q);
  reg [W-1:0] low;
  begin
    low = q * h;
    in_block = d >= low && d - low < h;
  end
endfunction

// The two fields of a row of a router's group table, {owner, k} (LINK_W bits: the unit's dst_link,
// inter_link, lgl_link inputs, or a drawn link's own), widened to W bits: the router of the group that holds
// the global link towards the row's group, and that link's global port there. (Each reads half the row.)
/* verilator lint_off UNUSEDSIGNAL */
function [W-1:0] link_owner(input [LINK_W-1:0] link);
  link_owner = {{(W-GEOM_W){1'b0}}, link[LINK_W-1 -: GEOM_W]};
endfunction
function [W-1:0] link_global_port(input [LINK_W-1:0] link);
  link_global_port = {{(W-GEOM_W){1'b0}}, link[GEOM_W-1:0]};
endfunction
/* verilator lint_on UNUSEDSIGNAL */

// Next port on the minimal path from router (g, x) to router (tg, tx), different routers, where `link` is
// the row of g's group table for tg.
function [W-1:0] min_port_via(input [W-1:0] g, x, tg, tx, input [LINK_W-1:0] link);
  begin
    if (g == tg) min_port_via = local_port_to(x, tx);
    else if (link_owner(link) == x) min_port_via = p + a - 1 + link_global_port(link);
    else min_port_via = local_port_to(x, link_owner(link));
  end
endfunction

// Router-to-router hops of the minimal path from router (g, x) to router (tg, tx) (0..3), without dividing:
// the global link from group g towards tg leaves g's router x iff the link's number lies in x's block
// (in_block), and lands in tg at the router that owns tg's link to g, with the palmtree arrangement router
// a - 1 - owner (seed-000 §2.2), so in the same block of g's link numbers.
function [1:0] min_hops(input [W-1:0] g, x, tg, tx);
  reg [W-1:0] d;
  reg leaves_here, lands_there;
  begin
    d = group_distance(g, tg);
    leaves_here = in_block(d, cfg_palmtree ? a - 1 - x : x);
    lands_there = cfg_palmtree ? in_block(d, tx) : in_block(group_distance(tg, g), tx);
    if (g == tg && x == tx) min_hops = 2'd0;
    else if (g == tg) min_hops = 2'd1;
    else min_hops = 2'd1 + {1'b0, !leaves_here} + {1'b0, !lands_there};
  end
endfunction
