// A CSV of LIAN's readings at one router (trace.lian with trace.router, seed-000 §3.13): a row per injection
// decision there within [from, to], with what the routing unit is given and the policy it draws under:
//   cycle, dst_offset (the destination group's signed offset, 0 = this group), g_dst (floor of its extended
//   counter, packets), saturated (global links to a group over GCSth), il (ceil of the larger relevant
//   intermediate-local counter), policy (-g-, -gl, lg-, lgl).
// A head decided again while it waits (routing.source_decision: every_attempt) gives a row per decision.
#pragma once
#include <fstream>
#include <stdexcept>
#include <string>

#include "router/routing/routing_trace.h"
#include "tlm/cycle.h"

namespace hiradix {

class LianTrace final : public RoutingTrace {
 public:
  LianTrace(const std::string& path, Cycle from, Cycle to) : out_(path), from_(from), to_(to) {
    if (!out_) throw std::runtime_error("trace.lian: cannot write " + path);
    out_ << "cycle,dst_offset,g_dst,saturated,il,policy\n";
  }
  void decision(Cycle now, int dst_offset, int g_dst, int saturated, int il, const std::string& policy) {
    if (now < from_ || now > to_) return;
    out_ << now << ',' << dst_offset << ',' << g_dst << ',' << saturated << ',' << il << ',' << policy << '\n';
  }
  void finish() override { out_.flush(); }

 private:
  std::ofstream out_;
  Cycle from_, to_;
};

}  // namespace hiradix
