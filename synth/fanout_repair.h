// Buffer trees on the outputs of flip-flops in a mapped netlist (the synthesis flow's last step before
// timing). ABC buffers the high-fanout nets of the logic it maps (`buffer -p` in synth_scripts.cpp),
// but not the outputs of registers, which it sees as inputs with an ideal driver: a register that retiming
// (synth.rc_stages) placed on a decoded signal drove 283 gates through one minimum-size flip-flop, 4.1 ns of
// clock-to-Q in OpenSTA. A timing-driven flow buffers such a net as any other; this does it after the fact,
// on Yosys's netlist, with the liberty's strongest buffer.
#pragma once
#include <map>
#include <set>
#include <string>

namespace hiradix::synth_detail {

// What the repair needs from a liberty: which cells are flip-flops, each cell's output pins, and the buffer
// to insert (the largest-area cell whose footprint is `buf`, with its input and output pin).
struct LibertyCells {
  std::set<std::string> flip_flops;
  std::map<std::string, std::set<std::string>> outputs;
  std::string buffer, buffer_in, buffer_out;
  double buffer_area = 0;
};
LibertyCells read_liberty_cells(const std::string& liberty_text);

struct FanoutRepair {
  int buffers = 0;   // inserted
  double area = 0;   // their area, to add to Yosys's
  int worst_before = 0;  // the largest flip-flop fanout found
};
// Rewrites `netlist` (Yosys's `write_verilog -noattr`: one cell instance per block of lines, one pin per
// line) so that no net driven by a flip-flop feeds more than `max_fanout` cell pins: its sinks are split
// into groups of at most `max_fanout`, each behind a buffer, and the buffers likewise, as a tree. Connections
// through `assign` (module outputs) keep the register's net. Throws std::runtime_error if the liberty has no
// buffer and some net needs one.
FanoutRepair repair_register_fanout(std::string& netlist, const LibertyCells& lib, int max_fanout);

}  // namespace hiradix::synth_detail
