// A routing's state block in the RTL (RoutingAlgorithm::rtl_state_blocks: ACOR-Switch's level, TPR's
// window, LIAN's counters), Verilated, one per router, inside the network's co-simulation (router.rc_mode
// rtl and lockstep; router/rtl/rc_cosim.h). It is clocked once per cycle with the events of that cycle as
// the routing's C++ state reports them (StateBlockEvents), and gives every decision at an injection port
// the routing's own inputs that the RTL routing unit reads: in rtl mode the unit decides on them, in
// lockstep they are compared with the C++ state's first.
//
// The Verilated models are built once, at the largest sizes the co-simulation takes (CMakeLists.txt,
// "co-simulated state blocks"); their configuration (thresholds, windows) is input, so one model serves
// every configuration within those sizes, and a network beyond them is refused naming the key.
#pragma once
#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "router/routing/routing_state.h"
#include "tlm/cycle.h"

namespace hiradix {

class RtlStateBlock : public StateBlockEvents {
 public:
  virtual const char* name() const = 0;  // as RoutingAlgorithm::rtl_state_blocks names it
  // The routing unit's inputs it feeds, by their declared names (the routing's own inputs).
  virtual const std::vector<std::string>& feeds() const = 0;
  // Its values at cycle `now` for a decision towards destination group `dst_group`, one per feeds(), each
  // within its field's width (the block's outputs are the unit's inputs).
  virtual void read(Cycle now, int dst_group, std::uint32_t* values) = 0;
};

// What a block is built from, in the co-simulation and in the synthesis flow (router/rtl/state_block_wrapper.h):
// the run's routing keys (resolved), the network, and the most events one router has in a cycle. Plain
// values and functions, so that the Verilated drivers (library hiradix_rtl) need nothing of the core's.
struct StateBlockSetup {
  std::function<long long(const char* key)> integer;
  std::function<std::string(const char* key)> text;
  // Any topology's (Topology::domain_of: a Dragonfly's groups, a Flattened Butterfly's rows): its domains,
  // the router-to-router ports of a router (ports p .. p + transit - 1), and the port the minimal rule of
  // MAR-bP's rules takes towards another domain (QCN-Switch's table is read at it).
  int domains = 0, transit = 0, p = 0;
  std::function<int(int router)> domain_of;
  std::function<int(int router, int dst_domain)> rule_port;
  std::string network;       // its description, for errors
  int injection_grants = 0;  // packets forwarded from the injection ports in a cycle (p x the crossbar's ticks)
  // The rest is the Dragonfly's, set only on one (`dragonfly`).
  bool dragonfly = false;
  int groups = 0, h = 0, a = 0;
  bool palmtree = false;  // its global links in the palmtree arrangement
  std::function<int(int router)> group_of;
  std::function<int(int router, int k)> global_group;       // the group global link k of `router` reaches
  std::function<int(int router, int dst_router)> min_port;  // the minimal hop's port (Dragonfly::min_port)
  int vcs_injection = 0, vcs_local = 0, vcs_global = 0;     // VCs per input port of each class
  // Heads recomputed at the injection ports in a cycle: at most one per injection VC.
  int recomputations() const { return p * vcs_injection; }
};

}  // namespace hiradix
