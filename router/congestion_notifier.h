// A switch's QCN side (router/flow/qcn_params.h; docs/papers/seed-002-qcn-openflow.md): a congestion point on
// each output queue (qcn.sampling: output) or on each router-to-router input port (input), and the CNMs it
// has made that wait for their first hop's queue room and credits. The router tells it of every data packet
// entering an output queue, or of every data head arriving at an input, takes the samples due and the CNMs
// to send from it; the CNM packets themselves (their header, their route) are the router's.
#pragma once
#include <algorithm>
#include <cstdint>
#include <optional>
#include <vector>

#include "router/common/router_params.h"
#include "router/flow/qcn_params.h"
#include "router/common/rng.h"
#include "router/output_unit.h"
#include "tlm/ring.h"

namespace hiradix {

// What a switch counts of QCN, from the end of warm-up.
struct QcnCounts {
  std::uint64_t cnms_made = 0;       // CNMs made (the samples are counted per port)
  std::uint64_t cnm_phits_sent = 0;  // phits of CNMs this router put into its output queues (hops of CNMs)
  std::uint64_t cnms_dropped = 0;    // made while kMaxPending waited (CongestionNotifier)
};

class CongestionNotifier {
 public:
  // `ports`: the router's (under input sampling, each router-to-router port's data VCs are its buffer and
  // Q_eq 0 means 20 % of them); `seed`, `router`: its random stream, one per router of the run.
  CongestionNotifier(const QcnParams& params, const std::vector<PortSpec>& ports, std::uint64_t seed, int router);

  // Output sampling: a data packet entered output queue `port`, now `queue` of `occupancy` phits: the victim
  // of a CNM and its feedback when this arrival is a sample whose CNM the %CNMs gate lets go.
  struct Notice {
    PacketId victim;
    int fb;
  };
  std::optional<Notice> entered(int port, const Ring<QueuedPacket>& queue, int occupancy);

  // Input sampling. A data head reaches router-to-router input `port` at cycle `at` (told when its link
  // delivers it, before `at`): every CPC-th is a sample, taken at `at` with the buffer as it is then, so
  // that when the link delivers does not matter (it differs between event-driven and polled runs).
  struct InputSample {
    Cycle at;
    int port;
  };
  void head_arriving(int port, Cycle at) {
    if (!points_[static_cast<std::size_t>(port)].packet_arrived()) return;
    input_samples_.push_back({at, port});
    next_input_sample_ = std::min(next_input_sample_, at);
  }
  Cycle next_input_sample() const { return next_input_sample_; }
  // The samples due by `now`, in (cycle, port) order, taken off the list.
  const std::vector<InputSample>& take_due_samples(Cycle now);
  // A sample of `port`'s congestion point, its buffer holding `packets` data packets of `occupancy` phits:
  // the victim's index among them from the oldest arrival (the newest under arrival sampling) and the
  // feedback, when the %CNMs gate lets a CNM go. (Output sampling's `entered` takes it too.)
  struct Sampled {
    int victim_index;
    int fb;
  };
  std::optional<Sampled> sample(int port, int occupancy, int packets);
  // The packets of an input buffer a sample looks at (Router::sample_inputs): the router's scratch space.
  std::vector<std::pair<Cycle, PacketId>>& scratch() { return scratch_; }
  std::int64_t q_eq(int port) const { return points_[static_cast<std::size_t>(port)].params().q_eq; }
  // Per port (its sampled buffer) since the counts were reset: samples and their lengths summed (the busiest).
  std::uint64_t port_samples(int port) const { return port_samples_[static_cast<std::size_t>(port)]; }
  std::uint64_t port_sampled_phits(int port) const { return port_phits_[static_cast<std::size_t>(port)]; }
  void reset_counts() {
    counts_ = QcnCounts{};
    std::fill(port_samples_.begin(), port_samples_.end(), 0);
    std::fill(port_phits_.begin(), port_phits_.end(), 0);
  }

  // CNMs made, waiting to enter their first hop's output queue, in the order made; each with that hop once
  // decided (out_port -1: not yet).
  struct Pending {
    PacketId packet;
    int out_port = -1;
    int out_vc = 0;
  };
  Ring<Pending>& pending() { return pending_; }
  // The most CNMs waiting at a switch; one made beyond it is dropped (a full management queue), counted.
  static constexpr std::size_t kMaxPending = 1024;
  std::uint64_t next_random() { return rng_.next(); }
  const QcnParams& params() const { return params_; }
  QcnCounts& counts() { return counts_; }
  const QcnCounts& counts() const { return counts_; }
  // CNMs made since the start (not reset with the counts): CNM conservation.
  std::uint64_t made_total() const { return made_total_; }
  void made() {
    ++counts_.cnms_made;
    ++made_total_;
  }

 private:
  const QcnParams& params_;
  std::vector<QcnCongestionPoint> points_;  // per port: its output queue's or its input buffer's
  std::vector<std::uint64_t> port_samples_, port_phits_;
  Rng rng_;  // the gate's and the victim's draws, and min's ties for CNMs: not the routing's LFSR
  Ring<Pending> pending_;
  std::vector<InputSample> input_samples_, due_;  // input sampling: samples not yet taken; those taken now
  Cycle next_input_sample_ = kNever;
  std::vector<std::pair<Cycle, PacketId>> scratch_;
  QcnCounts counts_;
  std::uint64_t made_total_ = 0;
};

}  // namespace hiradix
