// How a source NIC picks the virtual network of each new packet (routing.vn_select, seed 001 §1.3-§1.4): the
// VN is chosen once, when the packet's head is about to leave the NIC, and kept in Packet::vn for its life.
// A further policy (SASHA's adaptive choice, "the VN whose candidate queue at the source is least occupied")
// is one more VnSelect value and one more case of next(), given what it reads of the source.
#pragma once
#include <cstdint>
#include <stdexcept>
#include <string>

#include "router/common/rng.h"

namespace hiradix {

enum class VnSelect : std::uint8_t { kRoundRobin, kRandom };

inline VnSelect parse_vn_select(const std::string& text) {
  if (text == "round_robin") return VnSelect::kRoundRobin;
  if (text == "random") return VnSelect::kRandom;
  throw std::invalid_argument("routing.vn_select: unknown value '" + text + "'");
}

// One NIC's choice over `vns` VNs. Round robin starts at VN 0; random draws from the NIC's own stream, so a
// run stays deterministic per seed (and with vns = 1 nothing is drawn: the stream is as without VNs).
class VnChoice {
 public:
  VnChoice(int vns, VnSelect how) : vns_(vns), how_(how) {}
  int vns() const { return vns_; }
  int next(Rng& rng) {
    if (vns_ == 1) return 0;
    if (how_ == VnSelect::kRandom) return static_cast<int>(rng.below(static_cast<std::uint32_t>(vns_)));
    const int vn = next_;
    next_ = next_ + 1 == vns_ ? 0 : next_ + 1;
    return vn;
  }

 private:
  int vns_;
  VnSelect how_;
  int next_ = 0;  // round robin: the VN of the next packet
};

}  // namespace hiradix
