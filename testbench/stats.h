// Run statistics, all kept in integers so that results do not depend on the order in which SystemC runs
// processes. Packets count in the measurement window by the cycle their tail reaches the destination.
#pragma once
#include <array>
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "testbench/burst_latency.h"
#include "testbench/delivery_ledger.h"
#include "tlm/cycle.h"
#include "tlm/packet.h"
#include "topology/topology.h"

namespace hiradix {

class RoutingAlgorithm;

// Percentiles of latencies in memory that does not grow with the run: exact for values below `limit`, one
// bin per cycle; above it in log buckets of 2^kMantissaBits per power of two (a value is resolved to within
// 1/4096 of itself, read as its bucket's lower bound; exact below 2^13), allocated up to the largest value
// seen. The mean is exact. The exact bins, too, are allocated up to the largest value seen (doubling, up to
// `limit`): a run's three histograms no longer zero 1.5 MiB before the first packet (docs/benchmark.md, "The
// latency histograms allocated as they fill").
class LatencyHistogram {
 public:
  static constexpr int kMantissaBits = 12;
  explicit LatencyHistogram(std::size_t limit = 1 << 16) : limit_(limit), coarse_base_(coarse_index(limit)) {}
  void add(Cycle v) {
    ++count_;
    sum_ += v;
    if (v < bins_.size()) ++bins_[v]; else add_beyond(v);
  }
  std::uint64_t count() const { return count_; }
  double mean() const { return count_ ? static_cast<double>(sum_) / static_cast<double>(count_) : 0.0; }
  Cycle percentile(double q) const;
  std::size_t buckets() const { return bins_.size() + coarse_.size(); }  // what it holds, whatever the count

  // The log bucket of a value, and the smallest value in a bucket.
  static std::size_t coarse_index(Cycle v);
  static Cycle coarse_value(std::size_t index);

 private:
  void add_beyond(Cycle v);  // a value past the exact bins allocated so far
  std::vector<std::uint64_t> bins_;      // exact, one per cycle, up to the largest value seen below limit_
  std::size_t limit_;
  std::size_t coarse_base_;              // coarse_index(limit): coarse_[0]'s bucket
  std::vector<std::uint64_t> coarse_;    // from coarse_base_ up to the largest value's bucket
  std::uint64_t count_ = 0;
  std::uint64_t sum_ = 0;
};

// Packets of one time bin: those delivered in it, or (by_generation) those the NICs created in it. A change
// shows in the delivery bins only after the packets' path latency; the generation bins show when the
// routing reacted (seed-003 §V-B reaction time).
struct TimeBin {
  std::uint64_t packets = 0, phits = 0, misrouted = 0, latency_sum = 0;
  std::array<std::uint32_t, 8> path_types{};  // by RouteState::path_bits, as the run's path_types
  void add(const Packet& pkt, Cycle latency) {
    ++packets;
    phits += pkt.size;
    misrouted += pkt.route.misrouted;
    latency_sum += latency;
    ++path_types[pkt.route.path_bits & 7];
  }
};

class Stats {
 public:
  Stats(int terminals, int terminals_per_router, Cycle measure_begin, Cycle measure_end);  // generic path names
  Stats(const Topology& topo, Cycle measure_begin, Cycle measure_end);  // the topology's path names
  // The routing's path names (RoutingAlgorithm::path_type_name).
  Stats(const Topology& topo, const RoutingAlgorithm& routing, Cycle measure_begin, Cycle measure_end);

  void enable_time_series(Cycle begin, Cycle end, Cycle bin);
  // Bursty repetitive traffic: result.json gains `bursts`, the latency of each burst's packets (burst_latency.h).
  void enable_bursts(Cycle at, Cycle period, Cycle burst, Cycle end) { bursts_ = std::make_unique<BurstLatency>(at, period, burst, end); }
  const BurstLatency* bursts() const { return bursts_.get(); }
  // routing.vns: with more than one, result.json gains the accepted packets and load of each VN.
  void set_vns(int vns) { vns_ = vns; }
  // Pattern hotspot: result.json gains `hotspot`, the accepted load split by whether the packet's
  // destination is one of `hot`, and the packets and latency of the cold ones (seed-001 §6.8 measures the
  // victims' flows). A lookup per delivered packet, no allocation.
  void set_hot_nodes(const std::vector<int>& hot, int nodes);

  // QCN runs (qcn.sampling): result.json gains `fairness`, Jain's index of the accepted load of the nodes
  // that offered traffic in the window (under hotspot: of the non-hot nodes' load into the hot nodes, the
  // flows that share the hot spot), and `qcn`'s CNMs delivered to NICs. A write per packet, no allocation.
  void enable_per_source(int nodes);

  void on_generate(int node, Cycle now, int size, bool accepted) {
    if (!accepted) ++refused_total_;
    else ++created_total_;
    if (in_window(now)) {
      offered_phits_ += static_cast<std::uint64_t>(size);
      if (!accepted) ++refused_;
      if (!source_offered_.empty()) source_offered_[static_cast<std::size_t>(node)] = 1;
    }
  }
  // A CNM reached the NIC of `at_node`; its tail lands at `tail` (misdelivered unless it is the CNM's dst).
  void on_cnm(const Packet& cnm, int at_node, Cycle tail) {
    ++cnms_delivered_total_;
    if (static_cast<int>(cnm.dst) != at_node) ++misdelivered_;
    if (in_window(tail)) ++cnms_delivered_;
  }
  std::uint64_t cnms_delivered_total() const { return cnms_delivered_total_; }
  std::uint64_t cnms_delivered() const { return cnms_delivered_; }
  // Returns the packet's serial: its injection order in this run, from 0.
  std::uint64_t on_inject(int terminal, Cycle now, int size) {
    const std::uint64_t serial = injected_total_;
    count_inject(terminal, now, size);
    return serial;
  }
  // An injection whose serial was given elsewhere: under sim.threads each partition numbers its own
  // (testbench/stats_log.h), partition p's serials from p << kSerialPartitionShift.
  void count_inject(int terminal, Cycle now, int size) {
    if (in_window(now)) injected_phits_[static_cast<std::size_t>(terminal / per_router_)] += static_cast<std::uint64_t>(size);
    ++injected_total_;
  }
  static constexpr int kSerialPartitionShift = 40;
  void set_serial_partitions(int partitions) { delivered_.resize(static_cast<std::size_t>(partitions)); }
  // Called when the last router commits a packet to its ejection link; `tail` is when the NIC has it all.
  // `at_node`, `at_nic`: where it was delivered (misdelivered unless that is the packet's dst and dst_nic).
  void on_eject(const Packet& pkt, int at_node, Cycle tail, int at_nic = 0);

  // Flit conservation (DESIGN §3.5).
  std::uint64_t created() const { return created_total_; }
  std::uint64_t injected() const { return injected_total_; }
  std::uint64_t ejected() const { return ejected_total_; }
  std::uint64_t ejected_after(Cycle end) const;  // committed ejections whose tail lands at or after `end`
  std::uint64_t misdelivered() const { return misdelivered_; }
  std::uint64_t refused_total() const { return refused_total_; }  // packets a full NIC queue refused, whole run
  // When the last delivered packet's tail reached its NIC (0 before any): a trace's completion.
  Cycle last_tail() const { return last_tail_; }
  std::uint64_t duplicates() const { return duplicates_; }

  nlohmann::json to_json(Cycle measure_cycles, int terminals) const;
  nlohmann::json time_series_json() const;
  // How fast the misrouted fraction of the packets *created* after `change` moved to its new level (see
  // stats.cpp for the definition); its fields are null when they cannot be measured.
  nlohmann::json reaction_json(Cycle change) const;

 private:
  bool in_window(Cycle c) const { return c >= begin_ && c < end_; }

  int per_router_;
  Cycle begin_, end_;
  std::uint64_t created_total_ = 0, refused_total_ = 0, injected_total_ = 0, ejected_total_ = 0;
  std::uint64_t offered_phits_ = 0, refused_ = 0;
  std::uint64_t accepted_phits_ = 0, packets_ = 0, misrouted_ = 0, hops_ = 0;
  std::uint64_t misdelivered_ = 0, duplicates_ = 0;
  std::vector<std::uint64_t> injected_phits_;  // per router, in the window
  std::vector<std::uint64_t> path_types_;      // 8 entries, by RouteState::path_bits
  int vns_ = 1;
  std::array<std::uint64_t, kMaxVirtualNetworks> vn_packets_{}, vn_phits_{};  // in the window, by Packet::vn
  std::vector<char> hot_destination_;          // per node; empty unless the pattern is hotspot
  std::vector<std::uint64_t> source_phits_;    // per source node, accepted in the window; empty unless enabled
  std::vector<char> source_offered_;           // per node: offered traffic in the window
  std::uint64_t cnms_delivered_total_ = 0, cnms_delivered_ = 0;
  std::uint64_t hot_phits_ = 0, cold_phits_ = 0, cold_packets_ = 0, cold_latency_sum_ = 0;  // in the window
  std::array<std::string, 8> path_names_;      // their names in result.json (RoutingAlgorithm::path_type_name)
  LatencyHistogram total_, injection_, network_;
  std::vector<DeliveryLedger> delivered_{1};  // by packet serial, a ledger per numbering partition: each packet delivered once
  std::vector<Cycle> late_tails_;              // tails beyond the window end (for in-flight accounting)
  Cycle last_tail_ = 0;                        // the latest tail of any delivered packet
  Cycle series_begin_ = 0, series_end_ = 0, bin_ = 0;
  std::vector<TimeBin> series_;                // by delivery cycle
  std::vector<TimeBin> series_generated_;      // by generation cycle
  std::unique_ptr<BurstLatency> bursts_;       // bursty repetitive traffic only
};

}  // namespace hiradix
