#include "testbench/nic.h"

#include <algorithm>
#include <cmath>

namespace hiradix {

namespace {

// Gaps at or beyond 2^62 cycles never come (no run is that long) and stay clear of overflow.
constexpr double kGapNever = 4611686018427387904.0;  // 2^62

// from + gap - 1, saturating at kNever (a gap of kNever, or a sum that would wrap, means never).
Cycle instant_after(Cycle from, Cycle gap) { return gap == kNever || gap - 1 > kNever - 1 - from ? kNever : from + gap - 1; }

}  // namespace

Nic::Nic(sc_core::sc_module_name name, int id, const NicParams& params, const Topology& topo,
         const TrafficSchedule& traffic, Stats& stats, PacketPool& pool, ActivityScheduler& scheduler,
         std::uint64_t seed)
    : sc_core::sc_module(name),
      id_(id),
      params_(params),
      topo_(topo),
      traffic_(traffic),
      stats_(stats),
      pool_(pool),
      scheduler_(scheduler),
      rng_(seed, static_cast<std::uint64_t>(id)),
      out_("inject", this, 0),
      in_("eject", this, 0),
      queue_(),
      flow_(make_flow_sender(params.flow_control, {{params.injection_vcs, params.injection_depth}}, params.flit_size)),
      injection_vcs_(params.injection_vcs) {
  queue_.reset_growing(16, static_cast<std::size_t>(params.queue_phits / params.packet_size));
  submitted_.reset_growing(4, static_cast<std::size_t>(1) << 30);
  next_generation_ = first_instant(0);
  if (next_generation_ != kNever) wake_at(next_generation_);
}

Cycle Nic::gap(double load) {
  const double p = std::min(1.0, load / params_.packet_size);  // packets per cycle
  if (p >= 1.0) return 1;
  const double u = 1.0 - rng_.uniform();  // (0, 1]
  const double g = std::floor(std::log(u) / std::log1p(-p));
  // A tiny load gives a gap beyond any run (or inf, or NaN when p underflows to 0): never. Casting such a
  // double to an integer is undefined (it used to come out as 0: maximum load).
  if (!(g < kGapNever)) return kNever;
  return 1 + static_cast<Cycle>(g);
}

Cycle Nic::first_instant(Cycle from) {
  const double load = traffic_.at(from).load;
  Cycle t = load > 0 ? instant_after(from, gap(load)) : kNever;
  // A change of load restarts the (memoryless) process at the change.
  if (traffic_.has_change && from < traffic_.change_at && t >= traffic_.change_at) {
    const double after = traffic_.after.load;
    t = after > 0 ? instant_after(traffic_.change_at, gap(after)) : kNever;
  }
  return t;
}

void Nic::generate(Cycle now) {
  const bool accepted = !queue_.full();
  stats_.on_generate(now, params_.packet_size, accepted);
  if (accepted)
    queue_.push({now, static_cast<std::uint32_t>(pick_destination(traffic_.at(now), topo_, id_, rng_))});
  next_generation_ = first_instant(now + 1);
}

void Nic::submit(int dst, std::uint32_t tag, Cycle now) {
  submitted_.push({now + 1, static_cast<std::uint32_t>(dst), tag});
  scheduler_.wake_external(this, now + 1);
}

void Nic::take_submitted(Cycle now) {
  while (!submitted_.empty() && submitted_.front().generated <= now) {
    const Waiting w = submitted_.front();
    submitted_.pop();
    const bool accepted = !queue_.full();
    stats_.on_generate(now, params_.packet_size, accepted);
    if (accepted) queue_.push(w);
    else listener_->refused(w.tag);
  }
}

void Nic::tick(Cycle now) {
  flow_->catch_up(0, now);
  if (!submitted_.empty()) take_submitted(now);
  if (next_generation_ <= now) generate(now);
  // Send the next flit of the packet at the head of the queue on a free link, into an injection VC with
  // room for the flit; a packet's flits all go to the VC its head took.
  bool waiting_credits = false;
  if (!queue_.empty() && link_free_ <= now) {
    const int flit = params_.flit_size;
    const int vcs = injection_vcs_;
    int vc = -1;
    if (next_flit_ > 0) {
      if (flow_->may_send(0, packet_vc_, flit, now)) vc = packet_vc_;
    } else {
      for (int i = 0; i < vcs; ++i) {
        const int c = (next_vc_ + i) % vcs;
        if (flow_->may_send(0, c, flit, now)) {
          vc = c;
          break;
        }
      }
    }
    if (vc < 0) {
      waiting_credits = true;
    } else {
      const bool head = next_flit_ == 0, tail = next_flit_ == params_.packet_size / flit - 1;
      if (head) {  // the packet comes into being as its head leaves
        next_vc_ = (vc + 1) % vcs;
        packet_vc_ = vc;
        const Waiting& w = queue_.front();
        sending_ = pool_.allocate();
        Packet& pkt = pool_[sending_];
        pkt.serial = stats_.on_inject(id_, now, params_.packet_size);
        pkt.src = static_cast<std::uint32_t>(id_);
        pkt.dst = w.dst;
        pkt.size = static_cast<std::uint16_t>(params_.packet_size);
        pkt.generated = w.generated;
        pkt.injected = now;
        if (listener_) listener_->injected(sending_, w.tag);
      }
      const PacketId id = sending_;
      flow_->committed(0, vc, flit);
      link_free_ = now + static_cast<Cycle>(flit);
      out_.send(id, static_cast<std::uint16_t>(flit), static_cast<std::uint8_t>(vc),
                static_cast<std::uint8_t>((head ? kHeadFlit : 0) | (tail ? kTailFlit : 0)), now);
      if (tail) {
        queue_.pop();
        next_flit_ = 0;
      } else {
        ++next_flit_;
      }
    }
  }
  Cycle next = next_generation_;
  if (!submitted_.empty()) next = std::min(next, submitted_.front().generated);
  next = std::min(next, flow_->next_message(0));
  if (!queue_.empty() && !waiting_credits) next = std::min(next, std::max(link_free_, now + 1));
  if (next != kNever) wake_at(next);
}

void Nic::receive_packet(int, const LinkMessage& msg, Cycle) {
  // The ejection link delivers one phit per cycle and the NIC consumes one per cycle, so it never
  // backs up: the packet is consumed when the last phit of its tail flit is.
  if (!(msg.flags & kTailFlit)) return;
  stats_.on_eject(pool_[msg.packet], id_, msg.arrival + msg.phits - 1);
  if (listener_) listener_->delivered(msg.packet, msg.arrival + msg.phits - 1);
  pool_.release(msg.packet);
}

void Nic::receive_credit(int, const LinkMessage& msg) {
  flow_->receive(0, msg);
  wake_at(msg.arrival);
}

}  // namespace hiradix
