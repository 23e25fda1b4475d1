// TPR's routing-unit fields (router/routing/rtl_field.h, seed-000 §3.12), LIAN's too: the region thresholds
// LI_l and LI_h, T per region, and the destination group's windowed count.
#pragma once
#include "router/routing/rtl_field.h"

namespace hiradix::rtl_decl {
inline constexpr Field tpr_fields[] = {
    config("tpr_low", rtl::TPR_W, "routing.tpr_low"),
    config("tpr_high", rtl::TPR_W, "routing.tpr_high"),
    config("tpr_t_benign", rtl::THRESH_W, "routing.tpr_t_benign", FromKey::kPhits),
    config("tpr_t_mix", rtl::THRESH_W, "routing.tpr_t_mix", FromKey::kPhits),
    config("tpr_t_adv", rtl::THRESH_W, "routing.tpr_t_adv", FromKey::kPhits),
    own_input("tpr_count", rtl::TPR_W),
};
}  // namespace hiradix::rtl_decl
