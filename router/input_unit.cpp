#include "router/input_unit.h"

#include <string>

namespace hiradix {

InputUnit::InputUnit(sc_core::sc_module_name name, const std::vector<PortSpec>& ports, int flit_size,
                     PacketSink* owner)
    : sc_core::sc_module(name) {
  first_vc_.push_back(0);
  std::vector<std::size_t> capacity;
  for (std::size_t p = 0; p < ports.size(); ++p) {
    for (int v = 0; v < ports[p].in_vcs; ++v) {
      port_of_.push_back(static_cast<int>(p));
      // Credits guarantee at most depth/flit_size flits per VC.
      capacity.push_back(static_cast<std::size_t>(ports[p].in_depth / flit_size));
    }
    first_vc_.push_back(static_cast<int>(port_of_.size()));
    // Packets arriving on the link go straight to the owner (one call, one object less to touch).
    links_.push_back(new (arena_allocate(sizeof(LinkIn), alignof(LinkIn)))
                         LinkIn(("in_" + std::to_string(p)).c_str(), owner, static_cast<int>(p)));
  }
  std::size_t total = 0;
  for (std::size_t c : capacity) total += c;
  slots_.resize(total);
  vcs_.resize(capacity.size());
  for (std::size_t i = 0, offset = 0; i < capacity.size(); offset += capacity[i], ++i)
    vcs_[i].fifo.attach(slots_.data() + offset, capacity[i]);
  active_.assign((vcs_.size() + 63) / 64, 0);
}

void InputUnit::write(int port, const LinkMessage& msg) {
  const int index = first_vc_[port] + msg.vc;
  VcEntry e;
  e.packet = msg.packet;
  e.arrival = msg.arrival;
  e.head = msg.flags & kHeadFlit;
  e.tail = msg.flags & kTailFlit;
  vcs_[index].fifo.push(e);
  active_[index >> 6] |= 1ull << (index & 63);
}

}  // namespace hiradix
