// The router's RC, VA and ST stages as SystemC modules (SA is router/switch_allocator.h). A SystemC user
// sees every stage in the hierarchy (router.rc, .va, .sa, .st, next to .input_unit and .output_unit with
// the link sockets) and can trace its state with sc_trace (Router::trace). The stage logic is plain C++
// that the router's one process calls in pipeline order (Router::tick), as gem5 Garnet's Router::wakeup
// calls each unit's wakeup(), and unit tests call directly; the modules have no processes of their own,
// so a busy router costs one activation per cycle (DESIGN §3.1). Which step lives in which block, and what
// stays in the router because moving it costs instructions: docs/architecture.md, "Each stage owns its
// step".
#pragma once
#include <algorithm>
#include <cstdint>
#include <string>

#include <systemc>

#include "router/common/router_params.h"
#include "router/routing/routing_algorithm.h"
#include "router/speedup_clock.h"
#include "tlm/arena.h"

namespace hiradix {

class RouterView;

// RC: the routing function. The routing pulls its inputs from the router (RouterView), then decides.
class RouteComputation : public sc_core::sc_module {
 public:
  RouteComputation(sc_core::sc_module_name name, const RoutingAlgorithm& algorithm, int latency)
      : sc_core::sc_module(name), algorithm_(algorithm), latency_(latency) {}
  void gather(RouterView& view, const Packet& pkt, RoutingContext& ctx) const { algorithm_.gather(view, pkt, ctx); }
  RoutingDecision route(const RoutingContext& ctx, Packet& pkt) const { return algorithm_.route(ctx, pkt); }
  bool recomputes(const RouteState& rs) const { return algorithm_.recomputes(rs); }
  int own_vn(int vc) const { return algorithm_.own_vn(vc); }
  void recomputing(const RouteState& decided, RouteState& header, RoutingState* state, Cycle now) const {
    algorithm_.recomputing(decided, header, state, now);
  }
  // A decision was taken (by the C++ routing or the RTL): what a waveform shows of it.
  void decided(const RoutingDecision& d) {
    ++decisions_;
    out_port_ = d.out_port;
    misroute_ = d.misroute;
  }
  int latency() const { return latency_; }
  void trace(sc_core::sc_trace_file* tf) const {
    const std::string n = name();
    sc_core::sc_trace(tf, decisions_, n + ".decisions");
    sc_core::sc_trace(tf, out_port_, n + ".out_port");
    sc_core::sc_trace(tf, misroute_, n + ".misroute");
  }

 private:
  const RoutingAlgorithm& algorithm_;
  int latency_;
  std::uint64_t decisions_ = 0;  // routing decisions so far
  std::uint16_t out_port_ = 0;   // the latest decision's output port ...
  bool misroute_ = false;        // ... and whether it misroutes
};

// VA: the output VC follows from the per-hop VC rule (seed-000 §1.2 note [D]), taken with the route, so VA
// needs no arbitration here and is a pipeline delay.
class VcAllocation : public sc_core::sc_module {
 public:
  VcAllocation(sc_core::sc_module_name name, int latency) : sc_core::sc_module(name), latency_(latency) {}
  void allocated(std::uint8_t out_vc) { out_vc_ = out_vc; }
  int latency() const { return latency_; }
  void trace(sc_core::sc_trace_file* tf) const { sc_core::sc_trace(tf, out_vc_, std::string(name()) + ".out_vc"); }

 private:
  int latency_;
  std::uint8_t out_vc_ = 0;  // the latest head's output VC
};

// ST: a crossbar whose ports each move one phit per internal tick; tracks when each input and output is
// free again (in ticks). Under router.queues voq_sw an input port has a crossbar input per output (seed
// 001's VOQs, "demultiplexed accesses to the crossbar"): only the outputs are booked, so an input port may
// feed several outputs at once.
class Crossbar : public sc_core::sc_module {
 public:
  Crossbar(sc_core::sc_module_name name, int ports, const RouterParams& params)
      : sc_core::sc_module(name),
        clock(params.speedup_num, params.speedup_den),
        in_free(static_cast<std::size_t>(ports), 0),
        out_free(static_cast<std::size_t>(ports), 0),
        input_per_output_(params.input_buffers == InputBufferKind::kVoqSwitch) {}
  bool input_free(int in, std::uint64_t tick) const { return in_free[in] <= tick; }
  bool output_free(int out, std::uint64_t tick) const { return out_free[out] <= tick; }
  // The ST step of a switch grant at `tick` from input `in` to output `out`: books both until the flit's
  // tail has crossed and returns the cycle that tail leaves the input buffer. The crossbar moves one phit
  // per tick but cannot overtake phits still arriving on the input link (cut-through): the tail crosses no
  // earlier than the tick it is in the buffer. Allocation happens `sa` cycles before the traversal, so the
  // flit's arrival (its first phit, `arrival`) is shifted by sa into the allocation time frame.
  Cycle traverse(int in, int out, std::uint64_t tick, int size, Cycle arrival, Cycle sa) {
    const Cycle tail_arrival = arrival + static_cast<Cycle>(size) - 1;
    const std::uint64_t tail_tick = std::max<std::uint64_t>(tick + static_cast<std::uint64_t>(size) - 1,
                                                            clock.first_tick(tail_arrival > sa ? tail_arrival - sa : 0));
    if (!input_per_output_) in_free[in] = tail_tick + 1;
    out_free[out] = tail_tick + 1;
    return clock.cycle_of(tail_tick) + sa;
  }
  // A bid from input `in` to output `out` that was not served in cycle `now` can succeed again once both are
  // free: in the cycle of the later free tick if that is beyond this cycle, else (arbitration was lost)
  // in the next cycle.
  Cycle free_again(int in, int out, Cycle now) const {
    const std::uint64_t busy = std::max(in_free[in], out_free[out]);
    return busy > clock.first_tick(now + 1) ? clock.cycle_of(busy) : now + 1;
  }
  void trace(sc_core::sc_trace_file* tf) const {
    const std::string n = name();
    for (std::size_t p = 0; p < in_free.size(); ++p) {
      sc_core::sc_trace(tf, in_free[p], n + ".in_free_" + std::to_string(p));
      sc_core::sc_trace(tf, out_free[p], n + ".out_free_" + std::to_string(p));
    }
  }
  SpeedupClock clock;
  HotVector<std::uint64_t> in_free, out_free;

 private:
  bool input_per_output_;  // voq_sw: in_free stays 0
};

}  // namespace hiradix
