// The port list of every routing submodule, in the module header: `module hiradix_route_NAME(` then
// `include "routing/hiradix_routing_port_list.vh"` then `);`. The ports are declared, with what each
// means, in hiradix_routing_ports.vh.
    clk, cfg_algorithm, cfg_hop_count_vcs, cfg_palmtree, cfg,
    p, a, h, groups, here, here_g, here_x, peer_index_above, peer_index_below, dst_router, dst_port, dst_g, dst_x,
    minimal, injection,
    dst_link, inter_g, inter_x, inter_link, lgl_link,
    in_port, in_vc, rs_in, random, draws, state,
    out_port, out_vc, min_port, misroute, rs_out, no_slot
