// DRB's free ACKs (routing.drb_acks free; testbench/nic.h FreeAckCarrier): an ACK reaches its source NIC
// after the latency it would have on an empty network, carried by no link, so that a comparison shows what
// the ACKs' own load costs (seed 004 §3.8.1 names it among DRB's limits; the thesis does not measure it).
// That latency, from the cycle its packet's tail reached the destination: one cycle to be made, then a
// one-flit packet's zero-load latency over the minimal hops (PathTiming; tests/test_drb.cpp compares it
// with a network ACK's on an idle network).
#pragma once
#include <vector>

#include "testbench/nic.h"

namespace hiradix {

class FreeAcks final : public FreeAckCarrier {
 public:
  FreeAcks(const Topology& topo, const std::vector<Nic*>& nics, const PathTiming& timing, int flit)
      : topo_(topo), nics_(nics), timing_(timing), flit_(flit) {}

  Cycle delay(std::uint32_t from, std::uint32_t to) const {
    const int hops = topo_.distance(topo_.nic_port(static_cast<int>(from), 0).router, topo_.nic_port(static_cast<int>(to), 0).router);
    return 1 + timing_.latency(hops, flit_);
  }
  void carry(std::uint32_t from, std::uint32_t to, const PathHeader& ack, Cycle made) override {
    nics_[to]->ack_arrives(from, ack, made + delay(from, to));
  }

 private:
  const Topology& topo_;
  const std::vector<Nic*>& nics_;
  PathTiming timing_;
  int flit_;
};

}  // namespace hiradix
