#include "router/input_unit.h"

#include <string>

namespace hiradix {

InputUnit::InputUnit(sc_core::sc_module_name name, const std::vector<PortSpec>& ports, int packet_size,
                     PacketSink* notify)
    : sc_core::sc_module(name), notify_(notify) {
  first_vc_.push_back(0);
  for (std::size_t p = 0; p < ports.size(); ++p) {
    for (int v = 0; v < ports[p].in_vcs; ++v) {
      port_of_.push_back(static_cast<int>(p));
      vcs_.emplace_back();
      // Credits guarantee at most depth/size packets per VC (VCT allocates whole packets).
      vcs_.back().fifo.reset(static_cast<std::size_t>(ports[p].in_depth / packet_size));
    }
    first_vc_.push_back(static_cast<int>(vcs_.size()));
    links_.push_back(std::make_unique<LinkIn>(("in_" + std::to_string(p)).c_str(), this, static_cast<int>(p)));
  }
  active_.assign((vcs_.size() + 63) / 64, 0);
}

void InputUnit::receive_packet(int port, const LinkMessage& msg) {
  const int index = first_vc_[port] + msg.vc;
  VcEntry e;
  e.packet = msg.packet;
  e.arrival = msg.arrival;
  vcs_[index].fifo.push(e);
  active_[index >> 6] |= 1ull << (index & 63);
  notify_->receive_packet(port, msg);  // the router wakes at the arrival cycle
}

}  // namespace hiradix
