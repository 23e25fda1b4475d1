// Paths in the Dragonfly (topology/dragonfly.cpp), shared by its geometry module
// (hiradix_dragonfly_geometry.v) and by the routing submodules, which ask their own path questions (the
// minimal port and hop count towards Valiant's intermediate router, the owner of a group's global link).
// Wiring and port numbering as in topology/dragonfly.h (seed-000 §2.1-2.3): ports [0,p) terminals,
// [p,p+a-1) local, then h global. Routers are handled as (group, index in the group) pairs:
// router = group * a + index.
//
// Needs hiradix_arith.vh (W, div_router). The functions read the network from the including module's
// signals p, a, h, groups (W bits; groups = a * h + 1), the reciprocal of h (m_h, s_h) and cfg_palmtree:
// the geometry module computes them and every routing has them among its ports
// (routing/hiradix_routing_ports.vh).

// The local port of router `from` towards router `to` of the same group (indices, from != to).
function [W-1:0] local_port_to(input [W-1:0] from, to);
  reg [W-1:0] d;
  begin
    d = to + a - from - 1;  // (to - from - 1) mod a, for from, to < a
    if (d >= a) d = d - a;
    local_port_to = p + d;
  end
endfunction

// Router index (upper half) and global port number k (lower half) of `group` that owns the link to
// `to_group`: seed-000 §2.2 (palmtree) and §2.3 (consecutive).
function [2*W-1:0] global_owner(input [W-1:0] group, to_group);
  reg [W-1:0] d, q, index, k;
  begin
    if (cfg_palmtree) d = (to_group >= group ? to_group - group : to_group + groups - group) - 1;
    else d = to_group < group ? to_group : to_group - 1;
    q = div_router(d, h, m_h, s_h);
    index = cfg_palmtree ? a - 1 - q : q;
    k = d - q * h;  // d % h
    global_owner = {index, k};
  end
endfunction

// Next port on the minimal path from router (g, x) to router (tg, tx), different routers.
function [W-1:0] min_port_to(input [W-1:0] g, x, tg, tx);
  reg [W-1:0] owner, k;
  begin
    {owner, k} = global_owner(g, tg);
    if (g == tg) min_port_to = local_port_to(x, tx);
    else if (owner == x) min_port_to = p + a - 1 + k;
    else min_port_to = local_port_to(x, owner);
  end
endfunction

// The router (group upper half, index lower half) at the far end of global port k of router (g, x).
function [2*W-1:0] global_peer(input [W-1:0] g, x, k);
  reg [W-1:0] pg, index;
  reg [W-1:0] unused_k;
  begin
    if (cfg_palmtree) begin
      pg = g + (a - 1 - x) * h + k + 1;
      if (pg >= groups) pg = pg - groups;
    end else begin
      pg = x * h + k;
      if (pg >= g) pg = pg + 1;
    end
    {index, unused_k} = global_owner(pg, g);
    global_peer = {pg, index};
  end
endfunction

// Router-to-router hops of the minimal path from router (g, x) to router (tg, tx) (0..3).
// The global link from group g towards tg lands in tg, at the router that owns tg's link to g: with the
// palmtree arrangement router a - 1 - owner (seed-000 §2.2: no division needed).
function [1:0] min_hops(input [W-1:0] g, x, tg, tx);
  reg [W-1:0] owner, unused_k, landing_x, unused_k2;
  begin
    {owner, unused_k2} = global_owner(g, tg);
    {landing_x, unused_k} = global_owner(tg, g);
    if (cfg_palmtree) landing_x = a - 1 - owner;
    if (g == tg && x == tx) min_hops = 2'd0;
    else if (g == tg) min_hops = 2'd1;
    else min_hops = 2'd1 + {1'b0, owner != x} + {1'b0, landing_x != tx};
  end
endfunction
