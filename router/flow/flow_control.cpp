// The flow-control schemes: one line each (a new scheme is its own file plus a line here).
#include "router/flow/flow_control.h"

#include <stdexcept>

#include "router/flow/credit_flow_control.h"
#include "router/flow/pause_flow_control.h"

namespace hiradix {

ArenaPtr<FlowControlSender> make_flow_sender(FlowControlKind kind, const std::vector<FlowPort>& ports, int flit_size) {
  switch (kind) {
    case FlowControlKind::kCredits: return arena_new<CreditSender>(ports, flit_size);
    case FlowControlKind::kPause: return arena_new<PauseSender>(ports);
  }
  throw std::logic_error("unknown flow control");
}

ArenaPtr<FlowControlReceiver> make_flow_receiver(FlowControlKind kind, const std::vector<FlowInputPort>& ports) {
  switch (kind) {
    case FlowControlKind::kCredits: return arena_new<CreditReturn>(ports.size());
    case FlowControlKind::kPause: return arena_new<PauseReceiver>(ports);
  }
  throw std::logic_error("unknown flow control");
}

}  // namespace hiradix
