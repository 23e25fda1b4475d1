#include "router/flow/pause_flow_control.h"

#include <algorithm>
#include <stdexcept>

namespace hiradix {

PauseSender::PauseSender(const std::vector<FlowPort>& ports) {
  ports_.resize(ports.size());
  for (std::size_t i = 0; i < ports.size(); ++i) {
    Port& o = ports_[i];
    // At most two frames per class in flight per link latency; the ring grows if a long link holds more.
    o.pending.reset_growing(static_cast<std::size_t>(2 * ports[i].classes + 2), std::size_t{1} << 24);
    o.paused.assign(static_cast<std::size_t>(std::max(1, ports[i].classes)), 0);
    o.depth = ports[i].depth;
  }
}

void PauseSender::trace(sc_core::sc_trace_file* tf, const std::string& prefix) const {
  for (std::size_t p = 0; p < ports_.size(); ++p)
    for (std::size_t c = 0; c < (ports_[p].depth == 0 ? 0 : ports_[p].paused.size()); ++c)
      sc_core::sc_trace(tf, ports_[p].paused[c], prefix + ".paused_" + std::to_string(p) + "_" + std::to_string(c));
}

PauseReceiver::PauseReceiver(const std::vector<FlowInputPort>& ports)
    : ports_(ports), classes_(ports.size()), last_stamp_(ports.size(), 0) {
  for (std::size_t p = 0; p < ports.size(); ++p) classes_[p].assign(static_cast<std::size_t>(ports[p].classes), Class{});
}

void PauseReceiver::arrived(LinkIn& link, int port, int cls, int phits, Cycle at, Cycle now) {
  const FlowInputPort& t = ports_[static_cast<std::size_t>(port)];
  Class& c = classes_[static_cast<std::size_t>(port)][static_cast<std::size_t>(cls)];
  c.count += phits;
  if (c.count > t.depth)
    throw std::logic_error("pause flow control: class " + std::to_string(cls) + " of input " + std::to_string(port) + " holds " +
                           std::to_string(c.count) + " phits, more than its " + std::to_string(t.depth) +
                           " (the headroom did not hold what was in flight)");
  if (!c.paused && c.count >= t.xoff) {
    c.paused = true;
    send(link, port, cls, true, at, now);
  }
}

void PauseReceiver::freed(LinkIn& link, int port, int cls, int phits, Cycle at, Cycle now) {
  const FlowInputPort& t = ports_[static_cast<std::size_t>(port)];
  Class& c = classes_[static_cast<std::size_t>(port)][static_cast<std::size_t>(cls)];
  c.count -= phits;
  if (c.paused && c.count <= t.xon) {
    c.paused = false;
    send(link, port, cls, false, at, now);
  }
}

void PauseReceiver::send(LinkIn& link, int port, int cls, bool on, Cycle at, Cycle now) {
  Cycle& last = last_stamp_[static_cast<std::size_t>(port)];
  last = std::max(last, at);  // in order on the link: the class ends in the state of its last frame
  link.send_back(static_cast<std::uint8_t>(cls), 0, on ? kPauseOn : 0, last, now);
  ++(on ? xoff_frames_ : xon_frames_);
}

}  // namespace hiradix
