// Where QCN's congestion points sit (qcn.sampling; router/flow/qcn_params.h): every output queue of every
// switch (the thesis' final design), or every router-to-router input port (seed 002's, the paper's). Here,
// apart, because the routing's state hears which one made a CNM (RoutingState::cnm_made).
#pragma once
#include <cstdint>

namespace hiradix {

enum class QcnCpSite : std::uint8_t { kOutput, kInput };

}  // namespace hiradix
