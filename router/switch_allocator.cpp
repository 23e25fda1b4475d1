#include "router/switch_allocator.h"

#include <stdexcept>

namespace hiradix {

SwitchAllocator::SwitchAllocator(sc_core::sc_module_name name, int ports, int max_vcs, AllocatorKind kind,
                                 bool input_pointer_on_output_grant, std::uint64_t priority_inputs, bool input_per_output)
    : sc_core::sc_module(name),
      port_(static_cast<std::size_t>(ports)),
      ports_(ports),
      max_vcs_(max_vcs),
      kind_(kind),
      input_per_output_(input_per_output),
      move_on_output_grant_(input_pointer_on_output_grant),
      priority_inputs_(priority_inputs),
      out_urgent_(static_cast<std::size_t>(ports), 0),
      urgent_vcs_(static_cast<std::size_t>(ports), 0),
      offered_(static_cast<std::size_t>(ports), 0),
      touched_(static_cast<std::size_t>(ports)),
      requests_(static_cast<std::size_t>(ports)),
      grants_(static_cast<std::size_t>(ports)) {
  if (input_per_output) {
    const std::size_t pairs = static_cast<std::size_t>(ports) * static_cast<std::size_t>(ports);
    pair_ptr_.assign(pairs, 0);
    pair_bids_.assign(pairs, 0);
    pair_requested_.assign(pairs, 0);
    pair_requests_ = BoundedVector<PairRequest>(pairs);
  }
  if (ports > 64) throw std::invalid_argument("router radix above 64 is not supported");
  if (max_vcs > kMaxPortQueues)
    throw std::invalid_argument("more than " + std::to_string(kMaxPortQueues) + " queues per input port are not supported");
}

}  // namespace hiradix
