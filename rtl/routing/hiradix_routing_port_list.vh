// The port list of every routing submodule, in the module header: `module hiradix_route_NAME(` then
// `include "routing/hiradix_routing_port_list.vh"` then `);`. The ports are declared, with what each
// means, in hiradix_routing_ports.vh.
    cfg_algorithm, cfg_phase_a, cfg_hop_count_vcs, cfg_palmtree, cfg_ugal_t, cfg_ugal_group, cfg_contention_th,
    cfg_ectn_th, cfg_occupancy_th, cfg_min_occupancy, cfg_acor_sequence, cfg_tpr_li, cfg_tpr_t,
    cfg_lian_sgc, cfg_lian_ilc, cfg_vc_load,
    p, a, h, groups, m_a, s_a, m_h, s_h, here, here_g, here_x, dst_router, dst_port, dst_g, dst_x, minimal, injection,
    in_port, in_vc, rs_in, random,
    port_load, contention, port_ready, ectn_dest, ectn_comb, pb_flag, group_load, occupancy, acor_level, tpr_count,
    lian_saturated, lian_il, vc_load,
    out_port, out_vc, min_port, misroute, rs_out, no_slot
