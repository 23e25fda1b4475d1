// The input-buffer schemes: one line each (a new scheme is its own file plus a line here).
#include "router/buffers/input_buffer.h"

#include <stdexcept>

#include "router/buffers/vc_fifo_buffers.h"
#include "router/buffers/voq_switch_buffers.h"

namespace hiradix {

ArenaPtr<InputBufferScheme> make_input_buffers(InputBufferKind kind, const std::vector<PortSpec>& ports) {
  switch (kind) {
    case InputBufferKind::kVcFifos: return arena_new<VcFifoBuffers>();
    case InputBufferKind::kVoqSwitch: return arena_new<VoqSwitchBuffers>(ports);
  }
  throw std::logic_error("unknown input-buffer scheme");
}

}  // namespace hiradix
