// How a source NIC picks the virtual network of each new packet (routing.vn_select, seed 001 §1.3-§1.4): the
// VN is chosen once, when the packet's head is about to leave the NIC, and kept in Packet::vn for its life.
// Round robin and random are oblivious (OSHA's choice, made at the NIC); `adaptive` is SASHA's (routing.algorithm
// sasha, seed 001 §1.4, docs/papers/seed-001-sasha-osha.md): the VN whose candidate queue at the source is the
// least loaded, by a load the NIC reads of its own injection link (testbench/nic.cpp, Nic::source_loads):
//  - occupancy: the phits of the VN's candidate injection VC(s) committed and not yet credited back, i.e. what
//    sits in the source router's injection buffer of that VC (plus its flits on the wire);
//  - xmit_wait: InfiniBand's PortVLXmitWait (§4): the cycles of the last complete interval in which the NIC's
//    packet of that VN could not go for lack of credits (XmitWaitCounter, testbench/xmit_wait.h).
// Among equal loads the tie rule (routing.sasha_tie) decides.
#pragma once
#include <cstdint>
#include <stdexcept>
#include <string>

#include "router/common/rng.h"

namespace hiradix {

enum class VnSelect : std::uint8_t { kRoundRobin, kRandom, kAdaptive };
// SASHA's load (routing.sasha_metric) and tie rule (routing.sasha_tie).
enum class VnMetric : std::uint8_t { kOccupancy, kXmitWait };
enum class VnTie : std::uint8_t { kRoundRobin, kFirst };

inline VnSelect parse_vn_select(const std::string& text) {
  if (text == "round_robin") return VnSelect::kRoundRobin;
  if (text == "random") return VnSelect::kRandom;
  throw std::invalid_argument("routing.vn_select: unknown value '" + text + "'");
}
inline VnMetric parse_vn_metric(const std::string& text) {
  if (text == "occupancy") return VnMetric::kOccupancy;
  if (text == "xmit_wait") return VnMetric::kXmitWait;
  throw std::invalid_argument("routing.sasha_metric: unknown value '" + text + "'");
}
inline VnTie parse_vn_tie(const std::string& text) {
  if (text == "round_robin") return VnTie::kRoundRobin;
  if (text == "vn0") return VnTie::kFirst;
  throw std::invalid_argument("routing.sasha_tie: unknown value '" + text + "'");
}

// One NIC's choice over `vns` VNs. Round robin starts at VN 0; random draws from the NIC's own stream, so a
// run stays deterministic per seed (and with vns = 1 nothing is drawn: the stream is as without VNs).
class VnChoice {
 public:
  VnChoice(int vns, VnSelect how, VnTie tie = VnTie::kRoundRobin) : vns_(vns), how_(how), tie_(tie) {}
  int vns() const { return vns_; }
  bool adaptive() const { return how_ == VnSelect::kAdaptive; }
  // The oblivious policies: the next packet's VN. (Adaptive: 0, a placeholder until the head is offered.)
  int next(Rng& rng) {
    if (vns_ == 1 || how_ == VnSelect::kAdaptive) return 0;
    if (how_ == VnSelect::kRandom) return static_cast<int>(rng.below(static_cast<std::uint32_t>(vns_)));
    const int vn = next_;
    next_ = next_ + 1 == vns_ ? 0 : next_ + 1;
    return vn;
  }
  // Adaptive (SASHA): the VN of least `load[v]`; among equal loads the first from the round-robin pointer
  // (tie round_robin) or the lowest VN (tie vn0). Reads nothing else and changes nothing: the NIC may ask
  // again while the head waits, and the pointer moves only when a head leaves (taken()).
  int least_loaded(const std::uint32_t* load) const {
    const int from = tie_ == VnTie::kRoundRobin ? next_ : 0;
    int best = from;
    for (int i = 1; i < vns_; ++i) {
      const int v = from + i < vns_ ? from + i : from + i - vns_;
      if (load[v] < load[best]) best = v;
    }
    return best;
  }
  // Adaptive: a head left on VN `vn`; the round-robin pointer of the tie rule moves past it.
  void taken(int vn) { next_ = vn + 1 == vns_ ? 0 : vn + 1; }

 private:
  int vns_;
  VnSelect how_;
  VnTie tie_;
  int next_ = 0;  // round robin: the VN of the next packet (adaptive: where a tie starts looking)
};

}  // namespace hiradix
