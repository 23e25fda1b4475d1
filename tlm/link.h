// The link protocol between routers and NICs: a light custom TLM-2.0 protocol (not the generic payload).
// Packets travel forward (nb_transport_fw) and credits backward (nb_transport_bw) over the same socket
// pair; every message carries its exact arrival cycle (sender's cycle + link latency), which also goes
// in the TLM delay annotation. The receiver stores the message and acts on it at that cycle.
#pragma once
#include <cstddef>
#include <cstdint>
#include <string>

#include <systemc>
#include <tlm>

#include "tlm/cycle.h"
#include "tlm/packet.h"

namespace hiradix {

// What crosses a link forward is a flit: the whole packet under virtual cut-through, or one of its
// packet.size / packet.flit flits under wormhole switching.
enum FlitFlags : std::uint8_t { kHeadFlit = 1, kTailFlit = 2 };

struct LinkMessage {
  PacketId packet = 0;     // forward only
  std::uint16_t phits = 0; // backward: credits returned; forward: flit size
  std::uint8_t vc = 0;     // VC the flit is written into, or the credits belong to
  std::uint8_t flags = kHeadFlit | kTailFlit;  // forward: which flit of its packet
  Cycle arrival = 0;       // cycle the flit's first phit (or the credit) reaches the other end
};

struct LinkProtocol {
  using tlm_payload_type = LinkMessage;
  using tlm_phase_type = tlm::tlm_phase;
};

using LinkInitiatorSocket = tlm::tlm_initiator_socket<32, LinkProtocol, 1, sc_core::SC_ZERO_OR_MORE_BOUND>;
using LinkTargetSocket = tlm::tlm_target_socket<32, LinkProtocol, 1, sc_core::SC_ZERO_OR_MORE_BOUND>;

// Who consumes what arrives on a link end. One virtual call per packet or credit, not per phit.
class PacketSink {
 public:
  virtual ~PacketSink() = default;
  // `now`: the sender's cycle (the message arrives `latency` cycles later, at msg.arrival).
  virtual void receive_packet(int port, const LinkMessage& msg, Cycle now) = 0;
};
class CreditSink {
 public:
  virtual ~CreditSink() = default;
  virtual void receive_credit(int port, const LinkMessage& msg) = 0;
};

// The sending end of a link: forwards packets, receives credits.
class alignas(64) LinkOut : public tlm::tlm_bw_transport_if<LinkProtocol> {
 public:
  LinkOut(const char* name, CreditSink* owner, int port) : owner_(owner), port_(port), socket(name) {
    socket.bind(*this);
  }
  bool connected() const { return socket.size() > 0; }
  Cycle latency() const { return latency_; }
  void set_latency(Cycle l) {
    latency_ = l;
    delay_ = cycles_to_time(l);
  }
  CreditSink* owner() const { return owner_; }  // who takes this end's credits, as its port port()
  int port() const { return port_; }

  void send(PacketId packet, std::uint16_t size, std::uint8_t vc, std::uint8_t flags, Cycle now) {
    LinkMessage msg{packet, size, vc, flags, now + latency_};
    if (!peer_) resolve();
    if (sink_) return sink_->receive_packet(sink_port_, msg, now);
    tlm::tlm_phase phase = tlm::BEGIN_REQ;
    sc_core::sc_time delay = delay_;
    peer_->nb_transport_fw(msg, phase, delay);
  }

  // A partitioned run's link between partitions: packets go to `via` (tlm/cut_links.h), which delivers
  // them to the other end at the window's end.
  void redirect(tlm::tlm_fw_transport_if<LinkProtocol>* via) {
    peer_ = via;
    sink_ = nullptr;
  }

  tlm::tlm_sync_enum nb_transport_bw(LinkMessage& msg, tlm::tlm_phase&, sc_core::sc_time&) override {
    owner_->receive_credit(port_, msg);
    return tlm::TLM_COMPLETED;
  }
  void invalidate_direct_mem_ptr(sc_dt::uint64, sc_dt::uint64) override {}

 private:
  friend class LinkIn;
  // At the first message: the interface bound to the socket; when it is a LinkIn of the same latency, its
  // owner and port, so that messages go to the owner directly (below).
  void resolve();
  // The fields a message touches come first, next to the vtable pointer: one cache line per call.
  CreditSink* owner_;
  int port_;
  Cycle latency_ = 1;
  tlm::tlm_fw_transport_if<LinkProtocol>* peer_ = nullptr;
  sc_core::sc_time delay_ = cycle_period();
  // The other end's owner and port when the socket is bound to a LinkIn (set by resolve, cleared by
  // redirect): a packet goes to it straight, as the LinkIn's nb_transport_fw would pass it on, without a
  // virtual call and the LinkIn's cache line (a miss per flit in a large network).
  PacketSink* sink_ = nullptr;
  int sink_port_ = 0;

 public:
  LinkInitiatorSocket socket;
};

// What a message touches of a link end (LinkOut, LinkIn): its first line, the fields before its socket, which
// is read at set-up only. A partition prefetches only that line of each (tlm/partition_memory.h).
inline constexpr std::size_t kLinkEndHotBytes = 64;

// The receiving end of a link: receives packets, returns credits.
class alignas(64) LinkIn : public tlm::tlm_fw_transport_if<LinkProtocol> {
 public:
  LinkIn(const char* name, PacketSink* owner, int port) : owner_(owner), port_(port), socket(name) {
    socket.bind(*this);
  }
  bool connected() const { return socket.size() > 0; }
  Cycle latency() const { return latency_; }
  void set_latency(Cycle l) {
    latency_ = l;
    delay_ = cycles_to_time(l);
  }
  PacketSink* owner() const { return owner_; }  // who takes this end's packets, as its port port()
  int port() const { return port_; }

  // Returns `phits` credits of `vc`, freed at cycle `freed` (which may lie in the future).
  void return_credits(std::uint8_t vc, std::uint16_t phits, Cycle freed, Cycle now) { send_back(vc, phits, 0, freed, now); }
  // Where send_back delivers straight (the other end's owner and port, and the latency), resolved now; a null
  // sink when the other end is not a LinkOut of this partition (a cut link, a socket of a platform).
  struct Direct {
    CreditSink* sink;
    std::uint32_t port;
    std::uint32_t latency;
  };
  Direct direct() {
    if (!peer_) resolve();
    return {sink_, static_cast<std::uint32_t>(sink_port_), static_cast<std::uint32_t>(latency_)};
  }
  // A control message of the receiving end's flow control (a pause frame: router/flow/pause_flow_control.h)
  // about class `vc`, sent at cycle `at` (which may lie in the future); it arrives one link latency later.
  void send_back(std::uint8_t vc, std::uint16_t phits, std::uint8_t flags, Cycle at, Cycle now) {
    LinkMessage msg{0, phits, vc, flags, at + latency_};
    if (!peer_) resolve();
    if (sink_) return sink_->receive_credit(sink_port_, msg);
    tlm::tlm_phase phase = tlm::BEGIN_RESP;
    // The latency's delay is kept; a later `at` adds a few cycles with sc_time's inline arithmetic
    // (exact below 2^53 time units), not the library's from_value: one call per credit was 1 % of MIN.
    sc_core::sc_time delay = delay_;
    if (at > now) delay += cycle_period() * static_cast<double>(at - now);
    peer_->nb_transport_bw(msg, phase, delay);
  }

  // A partitioned run's link between partitions: credits and flow-control frames go to `via` (see LinkOut).
  void redirect(tlm::tlm_bw_transport_if<LinkProtocol>* via) {
    peer_ = via;
    sink_ = nullptr;
  }

  tlm::tlm_sync_enum nb_transport_fw(LinkMessage& msg, tlm::tlm_phase&, sc_core::sc_time&) override {
    owner_->receive_packet(port_, msg, msg.arrival - latency_);
    return tlm::TLM_COMPLETED;
  }
  void b_transport(LinkMessage& msg, sc_core::sc_time&) override { owner_->receive_packet(port_, msg, msg.arrival - latency_); }
  bool get_direct_mem_ptr(LinkMessage&, tlm::tlm_dmi&) override { return false; }
  unsigned int transport_dbg(LinkMessage&) override { return 0; }

 private:
  friend class LinkOut;
  void resolve();  // as LinkOut's, for a LinkOut at the other end
  PacketSink* owner_;  // first: see LinkOut
  int port_;
  Cycle latency_ = 1;
  tlm::tlm_bw_transport_if<LinkProtocol>* peer_ = nullptr;
  sc_core::sc_time delay_ = cycle_period();
  CreditSink* sink_ = nullptr;  // the LinkOut's owner and port: credits go to it straight (see LinkOut)
  int sink_port_ = 0;

 public:
  LinkTargetSocket socket;
};

// A message of a direct link arrives as through the sockets: the receiving end passes a packet on with the
// sender's cycle (its arrival less the latency: the same when both ends have it) and a credit as it came.
inline void LinkOut::resolve() {
  peer_ = socket.operator->();
  if (const auto* in = dynamic_cast<const LinkIn*>(peer_); in && in->latency_ == latency_) {
    sink_ = in->owner_;
    sink_port_ = in->port_;
  }
}

inline void LinkIn::resolve() {
  peer_ = socket.operator->();
  if (const auto* out = dynamic_cast<const LinkOut*>(peer_)) {
    sink_ = out->owner_;
    sink_port_ = out->port_;
  }
}

// Wires `out` to `in` with the given latency in cycles (same latency for packets and credits, as in
// seed 003 §IV-B: "for both data and ACK packets").
inline void connect(LinkOut& out, LinkIn& in, Cycle latency) {
  out.socket.bind(in.socket);
  out.set_latency(latency);
  in.set_latency(latency);
}

}  // namespace hiradix
