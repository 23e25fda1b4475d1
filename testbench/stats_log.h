// What the NICs report to the run's Stats when partitions run on threads (sim.threads): each partition's
// reports wait in its own log during a window and are applied to Stats at the window's end, by one thread,
// partitions in order. Nothing is lost by the wait: every Stats update commutes (sums, counts, maxima, a
// set of delivered serials), and Stats is read only between windows (the driver, the watchdog).
#pragma once
#include <cstdint>
#include <vector>

#include "testbench/stats.h"
#include "tlm/wire_bytes.h"

namespace hiradix {

class StatsLog {
 public:
  // Partition `p`'s log; the serials it gives are p's own (Stats::serial_partition).
  explicit StatsLog(int p) : next_serial_(static_cast<std::uint64_t>(p) << Stats::kSerialPartitionShift) {}

  void on_generate(int node, Cycle now, int size, bool accepted) { generated_.push_back({now, node, size, accepted}); }
  void on_cnm(const Packet& cnm, int at_node, Cycle tail) { cnms_.push_back({cnm, at_node, 0, tail}); }
  std::uint64_t on_inject(int terminal, Cycle now, int size) {
    injected_.push_back({now, terminal, size, true});
    return next_serial_++;
  }
  void on_eject(const Packet& pkt, int at_node, Cycle tail, int at_nic) { ejected_.push_back({pkt, at_node, at_nic, tail}); }

  // The window's reports, into `stats`; the log is then empty.
  void apply(Stats& stats) {
    for (const Event& e : generated_) stats.on_generate(e.node, e.at, e.size, e.accepted);
    for (const Event& e : injected_) stats.count_inject(e.node, e.at, e.size);
    for (const Delivery& d : ejected_) stats.on_eject(d.pkt, d.node, d.tail, d.nic);
    for (const Delivery& d : cnms_) stats.on_cnm(d.pkt, d.node, d.tail);
    clear();
  }
  void clear() {
    generated_.clear();
    injected_.clear();
    ejected_.clear();
    cnms_.clear();
  }

  // Under MPI ranks every rank applies every partition's log, partitions in order: this rank's own are
  // sent to the others as bytes (appended to `out`), and another rank's log is applied from them.
  void pack(std::vector<char>& out) const {
    wire::put_vector(out, generated_);
    wire::put_vector(out, injected_);
    wire::put_vector(out, ejected_);
    wire::put_vector(out, cnms_);
  }
  static void apply_packed(const std::vector<char>& in, std::size_t& at, Stats& stats) {
    StatsLog log(0);
    log.generated_ = wire::take_vector<Event>(in, at);
    log.injected_ = wire::take_vector<Event>(in, at);
    log.ejected_ = wire::take_vector<Delivery>(in, at);
    log.cnms_ = wire::take_vector<Delivery>(in, at);
    log.apply(stats);
  }

 private:
  struct Event {
    Cycle at;
    int node;  // the node, or the terminal of an injection
    int size;
    bool accepted;
  };
  struct Delivery {
    Packet pkt;  // a copy: the pool recycles the packet at once
    int node, nic;
    Cycle tail;
  };
  std::vector<Event> generated_, injected_;
  std::vector<Delivery> ejected_, cnms_;
  std::uint64_t next_serial_;
};

// Where a NIC reports: the run's Stats, or its partition's log while partitions run on threads.
class StatsSink {
 public:
  explicit StatsSink(Stats& stats) : stats_(stats) {}
  void log_to(StatsLog* log) { log_ = log; }

  void on_generate(int node, Cycle now, int size, bool accepted) {
    if (log_) log_->on_generate(node, now, size, accepted);
    else stats_.on_generate(node, now, size, accepted);
  }
  void on_cnm(const Packet& cnm, int at_node, Cycle tail) {
    if (log_) log_->on_cnm(cnm, at_node, tail);
    else stats_.on_cnm(cnm, at_node, tail);
  }
  std::uint64_t on_inject(int terminal, Cycle now, int size) {
    return log_ ? log_->on_inject(terminal, now, size) : stats_.on_inject(terminal, now, size);
  }
  void on_eject(const Packet& pkt, int at_node, Cycle tail, int at_nic) {
    if (log_) log_->on_eject(pkt, at_node, tail, at_nic);
    else stats_.on_eject(pkt, at_node, tail, at_nic);
  }

 private:
  Stats& stats_;
  StatsLog* log_ = nullptr;
};

}  // namespace hiradix
