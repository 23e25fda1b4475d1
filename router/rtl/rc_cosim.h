// Routing computation against the RTL (DESIGN §3.3): in `rtl` mode the Verilated routing unit decides; in
// `lockstep` mode the C++ model decides too and every decision is compared bit for bit. A mismatch is
// recorded (cycle, router, inputs, both outputs) and stops the simulation. One per network, shared by
// its routers; `model` mode does not create one. A threaded run (sim.threads) gives each thread its own
// lane: its own Verilated routing unit and queue select, counters and earliest mismatch, merged when read.
#pragma once
#include <cstdint>
#include <limits>
#include <memory>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "router/routing/routing_algorithm.h"
#include "router/rtl/rc_interface.h"
#include "router/rtl/rtl_band_select.h"
#include "router/rtl/rtl_state_block.h"
#include "router/rtl/rtl_routing_unit.h"
#include "router/rtl/rtl_vn_select.h"
#include "tlm/cycle.h"
#include "tlm/window_threads.h"

namespace hiradix {

enum class RcMode : std::uint8_t { kModel, kRtl, kLockstep };
RcMode parse_rc_mode(const std::string& name);

struct RcCoSimOptions {
  RcMode mode = RcMode::kLockstep;
  // Checker self-test: the model's output of this decision (1-based, in the order of a run on one
  // thread) has its VC bit 0 flipped, so a lockstep run must stop there with a mismatch. 0 = never.
  std::uint64_t inject_mismatch_at = 0;
  std::string trace_path;  // FST waveform of the routing unit ("" = none)
  Cycle trace_from = 0, trace_to = std::numeric_limits<Cycle>::max();
};

class RcCoSim {
 public:
  // `network`: where the nodes' NICs attach (the header's destination is the NIC's terminal address);
  // `state_blocks`: the routing's co-simulated state block of each router (router/rtl/rtl_state_block.h),
  // or none.
  RcCoSim(const RcCoSimOptions& options, const RoutingAlgorithm& model, const RcConfig& config, const Topology& network,
          std::vector<std::unique_ptr<RtlStateBlock>> state_blocks = {});
  ~RcCoSim();
  // A lane per thread of a threaded run (tlm/window_threads.h: the calling thread's index picks it). With
  // more than one, a mismatch's stop waits for the window's end (end_window, on the main thread: SystemC
  // is not to be called from the others) and the record has no run-wide decision number.
  void set_threads(int threads);
  void end_window();
  // Where router `router`'s routing state reports the events of its state block (null: none).
  StateBlockEvents* state_block_events(int router) {
    return state_blocks_.empty() ? nullptr : state_blocks_[static_cast<std::size_t>(router)].get();
  }

  // One routing decision of router ctx.router at cycle `now` for `pkt`: updates pkt.route and the
  // router's LFSR state and returns the decision (the RTL's).
  RoutingDecision decide(Cycle now, const RoutingContext& ctx, Packet& pkt, std::uint64_t& lfsr);

  // Band-based queues (router.queues bbq, dbbq): the RTL queue select (rtl/hiradix_band_select.v) picks each
  // decision's band; attach_bands builds it for the network's band map. band() returns the RTL's band of a
  // packet to `dst` in VN `vn`; in lockstep a difference from the model's `model_band` is a mismatch that
  // stops the run.
  void attach_bands(const BandMap& bands);
  int band(Cycle now, int router, std::uint32_t dst, int vn, int model_band);
  // SASHA (the NIC picks the VN, testbench/vn_choice.h): the RTL VN select (rtl/hiradix_vn_select.v) of each
  // NIC link, `units` of them (node * nics per node + link), built by attach_vn_selects. vn_select returns
  // the RTL's VN for the loads the NIC computed; in lockstep a difference from the model's `model_vn` is a
  // mismatch that stops the run. vn_taken clocks the unit's pointer past the VN a head left on.
  void attach_vn_selects(int units, int vns, bool tie_first);
  int vn_select(Cycle now, int unit, const std::uint32_t* load, int model_vn);
  void vn_taken(int unit, int vn) { vn_units_[static_cast<std::size_t>(unit)]->taken(vn); }
  std::uint64_t decisions() const { return sum(&Lane::decisions); }
  std::uint64_t mismatches() const { return sum(&Lane::mismatches); }
  // A mismatch stopped the run (under MPI ranks: on any rank, as agreed at a window's end).
  bool stopped() const;
  // The earliest mismatch, by (cycle, router), the first of that router's cycle: {cycle, router,
  // decision, inputs, model, rtl} (null if none); the same whichever thread found it.
  nlohmann::json mismatch() const;
  nlohmann::json to_json() const;
  void finish() { lanes_.front()->rtl.close_trace(); }  // flushes the waveform

 private:
  // One thread's: the Verilated combinational blocks (each with its own VerilatedContext), the decision
  // being packed, the counters and the earliest mismatch.
  struct Lane {
    RtlRoutingUnit rtl;
    std::unique_ptr<RtlBandSelect> bands;  // null without band-based queues
    RcInputs inputs;                       // one decision's, reused (pack_inputs)
    std::uint64_t decisions = 0, state_reads = 0, band_selects = 0, vn_selects = 0, mismatches = 0;
    nlohmann::json mismatch;
    Cycle mismatch_cycle = 0;
    int mismatch_router = 0;
    bool stop = false;  // a mismatch waits for end_window to stop the run
  };
  Lane& lane() { return *lanes_[static_cast<std::size_t>(WindowThreads::current())]; }
  // A mismatch's stop waits for the window's end: with threads, or with MPI ranks (tlm/ranks.h), which
  // must stop at the same cycle.
  bool deferred() const;
  const Lane* earliest_lane() const;  // the lane whose mismatch is the earliest by (cycle, router); null: none
  nlohmann::json earliest_mismatch_of_all_ranks() const;  // MPI ranks: a collective
  std::uint64_t sum(std::uint64_t Lane::*counter) const;
  // Counts a mismatch at (now, router), keeps `record` if it is the lane's earliest, and stops the run.
  void mismatched(Lane& l, Cycle now, int router, nlohmann::json record);
  // Decisions at injection read the router's state block: its values replace the C++ state's on the RTL's
  // inputs; in lockstep they are compared first, and a difference is a mismatch that stops the run.
  void read_state_block(Lane& l, Cycle now, const RoutingContext& ctx, const Packet& pkt, RcInputs& in);

  RcCoSimOptions options_;
  const RoutingAlgorithm& model_;
  RcConfig config_;
  const Topology& network_;
  std::vector<std::unique_ptr<RtlStateBlock>> state_blocks_;
  std::vector<int> fed_entries_;  // per value a state block feeds, its entry in RcInputs::values
  int ports_;  // router radix
  std::vector<std::unique_ptr<Lane>> lanes_;  // one per thread; the first also traces
  std::unique_ptr<BandMap> band_map_;         // of band-based queues (attach_bands), for each lane's select
  std::vector<std::unique_ptr<RtlVnSelect>> vn_units_;  // empty unless the NICs pick the VN (SASHA)
  int links_per_node_ = 1;                                // of the units, for the mismatch record
  bool tracing_ = false;
  bool stopped_everywhere_ = false;  // MPI ranks: a mismatch on some rank stopped the run
  Cycle trace_cycle_ = 0;
  std::uint64_t trace_slot_ = 0;  // decisions already dumped in trace_cycle_
};

}  // namespace hiradix
