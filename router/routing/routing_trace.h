// A routing's own trace of its decisions at one router (trace.router), written to the file its entry's
// trace key names (RoutingEntry::trace_key; LIAN's trace.lian). The routing opens it
// (RoutingAlgorithm::open_trace) and its state in the traced router writes to it; the network only holds
// it and flushes it at the end.
#pragma once

namespace hiradix {

class RoutingTrace {
 public:
  virtual ~RoutingTrace() = default;
  virtual void finish() = 0;  // flushes what was written
};

}  // namespace hiradix
