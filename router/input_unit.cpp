#include "router/input_unit.h"

#include <algorithm>
#include <stdexcept>
#include <string>
#include <vector>

namespace hiradix {

InputUnit::InputUnit(sc_core::sc_module_name name, const std::vector<PortSpec>& ports, int flit_size,
                     InputBufferKind scheme, PacketSink* owner)
    : sc_core::sc_module(name),
      scheme_(make_input_buffers(scheme, ports)),
      vc_fifos_(dynamic_cast<const VcFifoBuffers*>(scheme_.get())) {
  first_vc_.push_back(0);
  std::vector<std::size_t> capacity;
  bool voqs = false;
  for (std::size_t p = 0; p < ports.size(); ++p) {
    for (int q = 0; q < scheme_->queues(ports[p]); ++q) {
      port_of_.push_back(static_cast<int>(p));
      flow_class_.push_back(scheme_->flow_class(ports[p], q));
      capacity.push_back(static_cast<std::size_t>(scheme_->capacity(ports[p], q, flit_size)));
      const int voq = scheme_->voq_of(ports[p], q, 0);
      voq_base_.push_back(voq < 0 ? -1 : first_vc_.back() + voq);
      voqs |= voq >= 0;
    }
    first_vc_.push_back(static_cast<int>(port_of_.size()));
    // Packets arriving on the link go straight to the owner (one call, one object less to touch).
    links_.push_back(new (arena_allocate(sizeof(LinkIn), alignof(LinkIn), kLinkEndHotBytes))
                         LinkIn(("in_" + std::to_string(p)).c_str(), owner, static_cast<int>(p)));
  }
  if (!voqs) voq_base_.clear();  // moves_on() is one test of emptiness
  // A port's queues hold at most its VCs' depth together (the credits bound them). Queues that share that
  // space (VOQs: each may take the whole VC) get rings that grow as they fill, up to their capacity;
  // reserving every one's bound would be the VC's depth times the radix (16 GiB at h = 8 with VOQs).
  vcs_.resize(capacity.size());
  std::vector<bool> shared(capacity.size());
  std::size_t total = 0, flits = 0;  // slots of the rings that do not share; flits the buffers can hold
  for (std::size_t p = 0; p < ports.size(); ++p) {
    const std::size_t space = static_cast<std::size_t>(ports[p].in_vcs) * static_cast<std::size_t>(ports[p].in_depth / flit_size);
    std::size_t sum = 0;
    for (int i = first_vc_[p]; i < first_vc_[p + 1]; ++i) sum += capacity[static_cast<std::size_t>(i)];
    for (int i = first_vc_[p]; i < first_vc_[p + 1]; ++i) shared[static_cast<std::size_t>(i)] = sum > space;
    if (sum <= space) total += sum;
    flits += std::min(sum, space);
  }
  slots_.resize(total);
  if (first_vc_.back() > (1 << kTailIndexBits))
    throw std::invalid_argument("input unit: " + std::to_string(first_vc_.back()) + " VCs, more than the 2^20 a tail's key holds");
  tails_.reset_growing(flits, UINT32_MAX);  // at most one per flit in the buffers (grows, as the heap did, if not)
  constexpr std::size_t kFirstSlots = 4;  // a shared queue's first ring: most stay this short
  for (std::size_t i = 0, offset = 0; i < capacity.size(); ++i)
    if (shared[i]) {
      vcs_[i].fifo.reset_growing(kFirstSlots, capacity[i]);
    } else {
      vcs_[i].fifo.attach(slots_.data() + offset, capacity[i]);
      offset += capacity[i];
    }
  active_.assign((vcs_.size() + 63) / 64, 0);
}

void InputUnit::trace(sc_core::sc_trace_file* tf) const {
  const std::string n = name();
  for (int i = 0; i < total_vcs(); ++i)
    sc_core::sc_trace(tf, vcs_[i].fifo.size_for_trace(),
                      n + ".flits_" + std::to_string(port_of(i)) + "_" + std::to_string(i - first_vc_[port_of(i)]));
}

int InputUnit::write(int port, const LinkMessage& msg, const PacketPool& pool) {
  const int index = first_vc_[port] + (vc_fifos_ ? vc_fifos_->queue_of(port, msg, pool) : scheme_->queue_of(port, msg, pool));
  VcEntry e;
  e.packet = msg.packet;
  e.arrival = msg.arrival;
  e.head = msg.flags & kHeadFlit;
  e.tail = msg.flags & kTailFlit;
  vcs_[index].fifo.push(e);
  vcs_[index].phits_in += msg.phits;
  active_[index >> 6] |= 1ull << (index & 63);
  return index;
}

}  // namespace hiradix
