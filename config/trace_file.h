// Trace replay (traffic.pattern: trace; seed-001 §4.4 replays MPI traces): a text file of messages, one a
// line, read once when the config is loaded.
//
//   # comment (from # to the end of the line; blank lines are skipped)
//   <cycle> <source> <destination> <packets>
//
// cycle: the simulation cycle the message is created at (0 = the run's first cycle; a message before
// sim.warmup's end is simulated but not measured); source, destination: node IDs, different; packets: the
// message's size in packets of packet.size phits (>= 1), all created at that cycle. Lines may come in any
// order. A line that is not that is an error naming the file and the line (TraceError), never skipped.
// tools/trace/make_trace.py writes all-to-all and PTRANS-like phases.
#pragma once
#include <cstdint>
#include <stdexcept>
#include <string>
#include <vector>

#include "tlm/cycle.h"

namespace hiradix {

struct TraceMessage {
  Cycle time;
  int source;
  int destination;
  int packets;
};

class TraceError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

// The messages of the trace file `path` for a network of `nodes` nodes, in the file's order; throws
// TraceError "path:line: why" for a malformed line or a node out of range, "path: why" for a file it cannot
// read or one without messages.
std::vector<TraceMessage> read_trace(const std::string& path, int nodes);

}  // namespace hiradix
