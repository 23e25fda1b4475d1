// QCN-Switch's table of minimal-routing probabilities, one per transit port of a switch
// (docs/papers/seed-002-qcn-openflow.md §1.4-1.7, where the thesis' seed-000 §3.9, Eq. 4-3..4-5 and
// Table 4-3 are summarised too). The switch a source host is attached to intercepts the CNMs addressed to
// its hosts and, instead of the hosts slowing down, sends less of their traffic minimally through the port
// the CNM came from: at injection a uniform N in 1..100 is drawn and the minimal rule of output port o is
// taken iff N <= P[o], else the packet takes its host's static non-minimal port. `routing.algorithm:
// qcn_switch` reads it (qcn_switch_state.h, qcn_switch_routing.h).
//
// Events (AIMD):
//   - a CNM with feedback Fb (0..63) arrives through transit port x (`cnm_received`):
//       base / source:  P[x] <- P[x]·(1 - L_f·Fb)                                      (Eq. 4-3)
//       compare:        LastFb[x] <- Fb; avg = sum of LastFb over all transit ports / their number;
//                       Fb > avg + Th2:   P[x] <- P[x]·(1 - L_f·(Fb - avg))            (Eq. 4-5)
//                       Fb <= avg + Th1:  P[x] <- min(100 %, P[x] + PI)
//                       otherwise no change (the band that keeps P high under uniform load)
//     and in every variant the port's packet counter restarts;
//   - `packet_sent(x)`: after PC_l packets sent through x with no CNM, P[x] <- min(100 %, P[x] + PI), in
//     every variant (the thesis keeps the base's increase beside the comparison);
//   - source processing (`local_cnm`): the switch whose congestion point sent a CNM applies it itself to the
//     output port its victim packet requests, as if the CNM had arrived through that port. The same call
//     serves output sampling, where the switch's own hosts' CNMs reduce the port whose buffer sent them.
// Choices where the papers leave it open (seed-002 A7, A9, A10, §1.7): P starts at 100 %; avg counts every
// transit port, 0 until its first CNM; LastFb takes the new Fb before avg is computed; the increase test is
// FOGSim's Fb <= avg + Th1 (the thesis writes avg - Th1: the same at its Th1 = 0); the decrease test is
// FOGSim's strict Fb > avg + Th2 (the thesis writes >=; they differ only at Fb = avg + Th2 exactly).
//
// Fixed point, so that an RTL table can match it bit for bit (seed-002 §6.2): P is 16 bits, 7.9 in percent
// (512 = 1 %, 51200 = 100 %). A decrease by d (Fb, or Fb - avg = (T·Fb - sum)/T over T transit ports)
// is P <- P - floor(P·d·L_f): the decrement is rounded down, so P·(1 - d·L_f) is rounded up, and the whole
// comparison is integer (T·Fb against sum + T·Th2, no division). P never falls below P_min (1 LSB by
// default, 1/512 %, as FOGSim's tiny floor); with L_f·63 < 1 the decrease alone never reaches 0 anyway.
// N is an integer 1..100 (FOGSim's rand()%100 + 1): minimal iff N·512 <= P, so a P below 1 % is never
// minimal and a fraction of a percent acts from the next whole percent up.
#pragma once
#include <cstdint>
#include <vector>

namespace hiradix {

// P's fixed point: 9 fraction bits of a percent.
constexpr int kQcnProbabilityFractionBits = 9;
constexpr std::int32_t kQcnOnePercent = 1 << kQcnProbabilityFractionBits;  // 512
constexpr std::int32_t kQcnFullProbability = 100 * kQcnOnePercent;           // 51200, 100 %

// base: the AIMD of seed-002 §1.5; source: base plus the local processing of §1.6 (the table's logic is the
// base's, the switch also calls `local_cnm`); compare: the feedback comparison of §1.7 (the thesis' final
// design, with output sampling).
enum class QcnSwitchVariant { kBase, kSource, kCompare };

struct QcnSwitchParams {
  QcnSwitchVariant variant = QcnSwitchVariant::kCompare;
  int lf_num = 1;                                // L_f = lf_num / lf_den in [0, 1] (thesis 1/64; the paper's
  int lf_den = 64;                               //   example 1/128); a power-of-two lf_den is a shift in RTL
  int pc_l = 100;                                // packets with no CNM before an increase, >= 1
  std::int32_t pi = kQcnOnePercent;              // PI: the increase, in P's fixed point (1 % = 512)
  int th1 = 0;                                   // compare: increase iff Fb <= avg + Th1
  int th2 = 30;                                  // compare: decrease iff Fb > avg + Th2; Th1 <= Th2
  std::int32_t p_min = 1;                        // the floor of P, in fixed point, in [1, 51200]
};

class QcnSwitchProbabilities {
 public:
  static constexpr int kMaxFeedback = 63;

  // transit[port]: whether a port is a transit port (a local or global link); terminal ports have no P and
  // their minimal rule always applies. Throws std::invalid_argument naming a parameter out of range.
  QcnSwitchProbabilities(const QcnSwitchParams& params, const std::vector<bool>& transit);

  // A CNM with feedback fb (0..63) arrived through transit port `port` (a non-transit port, or fb out of
  // range, is a model error: std::logic_error).
  void cnm_received(int port, int fb);
  // Source processing / output sampling: this switch's own congestion point sent a CNM whose victim leaves
  // (or left) through `port`; it is processed as one received through that port.
  void local_cnm(int port, int fb) { cnm_received(port, fb); }

  // A packet was sent through `port` (terminal ports count nothing).
  void packet_sent(int port) {
    Port& o = ports_[static_cast<std::size_t>(port)];
    if (!o.transit) return;
    if (++o.since_cnm < params_.pc_l) return;
    o.since_cnm = 0;
    increase(o);
  }

  // Whether a packet whose minimal output is `port` takes it, with n uniform in 1..100 (`draw_n`): the
  // minimal rule is disabled when n > P.
  bool takes_minimal(int port, int n) const {
    const Port& o = ports_[static_cast<std::size_t>(port)];
    return !o.transit || n * kQcnOnePercent <= o.p;
  }
  // N in 1..100 from a uniform 32-bit draw: 1 + floor(random·100 / 2^32).
  static int draw_n(std::uint32_t random) {
    return 1 + static_cast<int>((static_cast<std::uint64_t>(random) * 100u) >> 32);
  }

  std::int32_t probability(int port) const { return ports_[static_cast<std::size_t>(port)].p; }  // fixed point
  double probability_percent(int port) const { return static_cast<double>(probability(port)) / kQcnOnePercent; }
  int packets_since_cnm(int port) const { return ports_[static_cast<std::size_t>(port)].since_cnm; }
  int last_fb(int port) const { return ports_[static_cast<std::size_t>(port)].last_fb; }
  int last_fb_sum() const { return last_fb_sum_; }
  int transit_ports() const { return transit_count_; }
  const QcnSwitchParams& params() const { return params_; }
  // Sets a port's P (fixed point, clipped to [P_min, 100 %]): a warm start, or a test's starting table.
  void set_probability(int port, std::int32_t p);

 private:
  struct Port {
    std::int32_t p = kQcnFullProbability;  // minimal-routing probability, fixed point
    std::int32_t since_cnm = 0;            // packets sent since the last CNM or increase
    std::int32_t last_fb = 0;              // compare: the last CNM's Fb
    bool transit = false;
  };
  void increase(Port& o) const {
    o.p = o.p + params_.pi < kQcnFullProbability ? o.p + params_.pi : kQcnFullProbability;
  }
  // P <- max(P_min, P - floor(P·(num/den)·L_f)), d = num/den the decrease's feedback.
  void decrease(Port& o, std::int64_t num, std::int64_t den) const;
  Port& transit_port(int port, int fb);

  QcnSwitchParams params_;
  std::vector<Port> ports_;
  int transit_count_ = 0;
  int last_fb_sum_ = 0;  // compare: the sum of LastFb over the transit ports, kept as they change
};

}  // namespace hiradix
