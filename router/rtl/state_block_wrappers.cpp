#include <stdexcept>

#include "router/rtl/state_block_wrapper.h"

namespace hiradix {

StateBlockWrapper base_state_wrapper(const StateBlockSetup& s);
StateBlockWrapper ectn_state_wrapper(const StateBlockSetup& s);
StateBlockWrapper pb_state_wrapper(const StateBlockSetup& s);
StateBlockWrapper acor_state_wrapper(const StateBlockSetup& s);
StateBlockWrapper tpr_state_wrapper(const StateBlockSetup& s);
StateBlockWrapper lian_state_wrapper(const StateBlockSetup& s);
StateBlockWrapper qcn_switch_table_wrapper(const StateBlockSetup& s);

namespace {
struct Synthesized {
  const char* name;  // as RoutingAlgorithm::rtl_state_blocks names it
  StateBlockWrapper (*wrap)(const StateBlockSetup&);
  bool holds_contention_counters = false;
};
// One line per block (its wrapper: router/rtl/NAME_wrapper.cpp).
constexpr Synthesized kBlocks[] = {
    {"base_state", &base_state_wrapper, true},
    {"ectn_state", &ectn_state_wrapper},
    {"pb_state", &pb_state_wrapper},
    {"acor_state", &acor_state_wrapper},
    {"tpr_state", &tpr_state_wrapper},
    {"lian_state", &lian_state_wrapper},
    {"qcn_switch_table", &qcn_switch_table_wrapper},
};

const Synthesized* find(const std::string& name) {
  for (const Synthesized& b : kBlocks)
    if (name == b.name) return &b;
  throw std::logic_error("no state block " + name);
}
}  // namespace

const std::vector<std::string>& synthesizable_state_blocks() {
  static const std::vector<std::string> names = [] {
    std::vector<std::string> n;
    for (const Synthesized& b : kBlocks) n.push_back(b.name);
    return n;
  }();
  return names;
}

StateBlockWrapper state_block_wrapper(const std::string& name, const StateBlockSetup& setup) {
  return find(name)->wrap(setup);
}

bool state_block_holds_contention_counters(const std::string& name) { return find(name)->holds_contention_counters; }

}  // namespace hiradix
