// A CSV of one router's contention counters over time (trace.contention, seed-003 §1.3): one row per cycle
// in which a counter changed, with the value of every output port's counter at the end of that cycle,
// within [from, to]. Columns: cycle, then one per port named by class (T terminal, L local, G global) and
// index. A tail leaving its buffer counts at the cycle it leaves, although the router books it at its
// next activation: the routing unit cannot see the difference, since it runs only in activations.
#pragma once
#include <cstdint>
#include <fstream>
#include <string>
#include <vector>

#include "router/common/router_params.h"
#include "tlm/cycle.h"

namespace hiradix {

class ContentionTrace {
 public:
  // `classes`: the topology's link class names; a column is named by its port's class initial and number.
  ContentionTrace(const std::string& path, const std::vector<PortSpec>& ports, const std::vector<std::string>& classes,
                  Cycle from, Cycle to);
  ~ContentionTrace() { finish(); }
  // Counter `port` moved by `delta` at cycle `at` (never earlier than a previous call's `at`).
  void changed(Cycle at, int port, int delta);
  // Writes the last open row and flushes the file.
  void finish();

 private:
  void write_row(Cycle at, const std::vector<int>& values);

  std::ofstream out_;
  Cycle from_, to_;
  std::vector<int> values_;   // counters now (end of the open cycle)
  std::vector<int> written_;  // counters at the start of the open cycle
  Cycle open_ = 0;
  bool has_open_ = false, wrote_ = false;
};

}  // namespace hiradix
