// A QCN congestion point (IEEE 802.1Qau CP) on one sampled buffer: every CPC-th packet that enters the
// buffer is a sample; the sample's quantised feedback Fb (6 bits) says how far the buffer is above its
// equilibrium and how fast it grew, and a share (%CNMs) of the samples with Fb > 0 send a congestion
// notification (CNM) to the source of a victim packet (docs/papers/seed-002-qcn-openflow.md §1.3, §1.8,
// where the thesis' seed-000 §3.7, Eq. 2-3 and Table 4-3 are summarised too). One object per sampled
// buffer: a switch's input or output buffer, whichever the configuration samples (seed-002 §1.3: the paper
// samples inputs, the thesis' final design outputs). The router's `CongestionNotifier` holds them
// (router/congestion_notifier.h; `qcn.sampling`).
//
// Feedback (Eq. 2-3, in magnitude: seed-002 A3): fb = (Q - Q_eq) + w·(Q - Q_old), clipped to
// [0, Q_eq·(2w + 1)], quantised Fb = floor(fb·63 / (Q_eq·(2w + 1))), so 0..63. With w = 0 Fb saturates at
// Q = 2·Q_eq, as the thesis says. Q, Q_eq and Q_old are in "units", whatever the caller counts its buffer
// in (phits or bytes), the same for all three; w is an integer (the thesis 0, 802.1Qau 2), which keeps
// the arithmetic exact and a constant multiply in hardware.
//
// Q_old (seed-002 A4): the paper says the length "when the last CNM was generated"; FOGSim updates it at
// every sample. hiradix updates it at every sample (seed-002 §1.8), whether or not a CNM is sent. With the
// thesis' w = 0 the choice does not matter.
//
// No hidden random generator: the caller draws. The %CNMs gate passes a 32-bit uniform draw r when
// r < ceil(share·2^32 / 100), so exactly share % of the draw's range (to within 2^-32); an RTL compares
// its draw with the same constant. Who picks the victim: the caller, with `victim_index`.
#pragma once
#include <cstdint>

namespace hiradix {

// Which packet a CNM is about (seed-002 §1.3): the one that just arrived (802.1Qau's arrival sampling) or
// one drawn uniformly from the buffer (occupancy sampling, the paper's and the thesis').
enum class QcnSampling { kArrival, kOccupancy };

struct QcnCpParams {
  std::int64_t q_eq = 0;        // equilibrium length, in the buffer's units (thesis: 20 % of the buffer), > 0
  int w = 0;                    // weight of the growth Q - Q_old, >= 0 (thesis 0, 802.1Qau 2)
  int cpc = 100;                // congestion point cycle: every cpc-th arriving packet is a sample, >= 1
  int cnm_share_percent = 30;   // %CNMs: share of samples with Fb > 0 that send a CNM, 0..100 (thesis 30, QCN 10)
  QcnSampling sampling = QcnSampling::kOccupancy;
};

// What a sample decided: its quantised feedback (0..63) and whether it sends a CNM.
struct QcnSample {
  int fb = 0;
  bool send_cnm = false;
};

class QcnCongestionPoint {
 public:
  static constexpr int kMaxFeedback = 63;  // 6 bits

  // Throws std::invalid_argument naming the parameter when one is out of its range.
  explicit QcnCongestionPoint(const QcnCpParams& params);

  // A packet entered the buffer. True when it is the CPC-th since the last sample: the caller then takes
  // the sample with `sample` (so it draws a random number only once per CPC packets).
  bool packet_arrived() {
    if (++since_sample_ < params_.cpc) return false;
    since_sample_ = 0;
    return true;
  }

  // The sample, with the buffer's length after the arrival and a uniform 32-bit draw for the %CNMs gate.
  // Sets Q_old to this length.
  QcnSample sample(std::int64_t queue_length, std::uint32_t random) {
    QcnSample s;
    s.fb = feedback(queue_length);
    s.send_cnm = s.fb > 0 && random < cnm_threshold_;
    q_old_ = queue_length;
    return s;
  }

  // The quantised feedback a sample at this length would give (reads Q_old, changes nothing).
  int feedback(std::int64_t queue_length) const {
    std::int64_t fb = (queue_length - params_.q_eq) + params_.w * (queue_length - q_old_);
    if (fb <= 0) return 0;
    if (fb > fb_max_) fb = fb_max_;
    return static_cast<int>(fb * kMaxFeedback / fb_max_);
  }

  // Which packet of the buffer the CNM is about, as an index from the oldest (0, the head) to the newest
  // (packets_in_buffer - 1, the one that just arrived): the newest under arrival sampling; under occupancy
  // sampling floor(random · n / 2^32), uniform over the n packets. The caller reads that packet's source
  // (and, for source processing, its destination). packets_in_buffer > 0.
  int victim_index(std::uint32_t random, int packets_in_buffer) const {
    if (params_.sampling == QcnSampling::kArrival) return packets_in_buffer - 1;
    const std::uint64_t n = static_cast<std::uint64_t>(packets_in_buffer);
    return static_cast<int>((static_cast<std::uint64_t>(random) * n) >> 32);
  }

  std::int64_t q_old() const { return q_old_; }
  int packets_since_sample() const { return since_sample_; }
  const QcnCpParams& params() const { return params_; }

 private:
  QcnCpParams params_;
  std::int64_t fb_max_;          // Q_eq·(2w + 1): the clip, where Fb reaches 63
  std::uint64_t cnm_threshold_;  // a draw below it passes the %CNMs gate: ceil(share·2^32 / 100)
  std::int64_t q_old_ = 0;       // the length at the previous sample (0 before the first: an empty buffer)
  int since_sample_ = 0;         // packets since the last sample
};

}  // namespace hiradix
