#include "router/common/group_broadcast.h"

#include <algorithm>
#include <stdexcept>

namespace hiradix {

GroupBroadcast::GroupBroadcast(const BroadcastParams& params, int group_size, int index, int ports)
    : params_(params), group_size_(group_size), index_(index) {
  if (params_.period < 1 || params_.entries < 1 || params_.phit_bits < 1)
    throw std::invalid_argument("group broadcast: period, payload and phit size must be positive");
  // A port sends at most one message per period, plus one delayed from the period before (piggyback);
  // messages stay in flight for the latency plus their serialisation.
  const Cycle flight = params_.latency + static_cast<Cycle>(params_.phits());
  capacity_ = static_cast<std::size_t>(2 * (flight / params_.period + 2));
  const std::size_t w = static_cast<std::size_t>(params_.entries);
  const std::size_t g = static_cast<std::size_t>(group_size);
  peer_.assign(static_cast<std::size_t>(ports), nullptr);
  link_latency_.assign(static_cast<std::size_t>(ports), 0);
  run_start_.assign(static_cast<std::size_t>(ports), kNever);
  done_.assign(static_cast<std::size_t>(ports), 0);
  outgoing_.assign(w, 0);
  arrival_.assign(g * capacity_, kNever);
  inflight_.assign(g * capacity_ * w, 0);
  head_.assign(g, 0);
  count_.assign(g, 0);
  applied_.assign(g * w, 0);
  sum_.assign(w, 0);
}

void GroupBroadcast::connect(int port, GroupBroadcast* peer, Cycle latency) {
  peer_[static_cast<std::size_t>(port)] = peer;
  link_latency_[static_cast<std::size_t>(port)] = latency;
  local_ports_ |= 1ull << port;
}

void GroupBroadcast::fire(Cycle now) {
  if (params_.mode == BroadcastMode::kFree) {
    for (std::uint64_t m = local_ports_; m; m &= m - 1) {
      deliver(*peer_[static_cast<std::size_t>(__builtin_ctzll(m))], now + latency_of(__builtin_ctzll(m)), now);
      ++messages_;
    }
    return;
  }
  superseded_ += static_cast<std::uint64_t>(__builtin_popcountll(pending_));
  for (std::uint64_t m = pending_; m; m &= m - 1) {  // a superseded piggyback message starts over
    run_start_[static_cast<std::size_t>(__builtin_ctzll(m))] = kNever;
    done_[static_cast<std::size_t>(__builtin_ctzll(m))] = 0;
  }
  pending_ = local_ports_;
}

void GroupBroadcast::piggyback(int port, Cycle now, bool busy) {
  const std::size_t p = static_cast<std::size_t>(port);
  if (busy) {  // data goes first; the phits of the run so far were sent
    if (run_start_[p] != kNever) done_[p] += static_cast<int>(now - run_start_[p]);
    run_start_[p] = kNever;
    return;
  }
  if (run_start_[p] == kNever) run_start_[p] = now;
  const int phits = params_.phits();
  if (done_[p] + static_cast<int>(now - run_start_[p]) + 1 < phits) return;
  // The last phit goes now.
  run_start_[p] = kNever;
  done_[p] = 0;
  pending_ &= ~(1ull << port);
  deliver(*peer_[p], now + latency_of(port), now);
  ++messages_;
  control_phits_ += static_cast<std::uint64_t>(phits);
}

Cycle GroupBroadcast::control_due(int port, Cycle now, Cycle link_free) const {
  if (!(pending_ >> port & 1)) return kNever;
  const std::size_t p = static_cast<std::size_t>(port);
  if (params_.mode == BroadcastMode::kPiggyback && run_start_[p] != kNever)
    return run_start_[p] + static_cast<Cycle>(params_.phits() - done_[p]) - 1;  // its last phit
  return std::max(link_free, now + 1);
}

void GroupBroadcast::sent(int port, Cycle now) {
  pending_ &= ~(1ull << port);
  const Cycle phits = static_cast<Cycle>(params_.phits());
  deliver(*peer_[static_cast<std::size_t>(port)], now + latency_of(port) + phits - 1, now);
  ++messages_;
  control_phits_ += phits;
}

void GroupBroadcast::deliver(GroupBroadcast& to, Cycle arrival, Cycle now) {
  to.receive(index_, outgoing_.data(), arrival, now);
}

void GroupBroadcast::receive(int sender, const std::uint8_t* payload, Cycle arrival, Cycle now) {
  catch_up(now);  // what has arrived by now frees its slot (later reads are all at >= now)
  const std::size_t s = static_cast<std::size_t>(sender);
  if (count_[s] == capacity_) throw std::logic_error("group broadcast: more messages in flight than provisioned");
  const std::size_t slot = s * capacity_ + (head_[s] + count_[s]) % capacity_;
  ++count_[s];
  arrival_[slot] = arrival;
  std::copy(payload, payload + params_.entries, inflight_.begin() + static_cast<std::ptrdiff_t>(slot * static_cast<std::size_t>(params_.entries)));
  next_arrival_ = std::min(next_arrival_, arrival);
}

void GroupBroadcast::catch_up(Cycle now) {
  if (next_arrival_ > now) return;
  next_arrival_ = kNever;
  for (std::size_t s = 0; s < head_.size(); ++s) {
    // Arrivals from one sender are in order (one link, FIFO); apply those that have arrived.
    while (count_[s] && arrival_[s * capacity_ + head_[s]] <= now) {
      apply(static_cast<int>(s), s * capacity_ + head_[s]);
      head_[s] = static_cast<std::uint32_t>((head_[s] + 1) % capacity_);
      --count_[s];
    }
    if (count_[s]) next_arrival_ = std::min(next_arrival_, arrival_[s * capacity_ + head_[s]]);
  }
}

void GroupBroadcast::apply(int sender, std::size_t slot) {
  const std::size_t w = static_cast<std::size_t>(params_.entries);
  std::uint8_t* cur = applied_.data() + static_cast<std::size_t>(sender) * w;
  const std::uint8_t* in = inflight_.data() + slot * w;
  for (std::size_t e = 0; e < w; ++e) {
    sum_[e] += static_cast<std::int32_t>(in[e]) - static_cast<std::int32_t>(cur[e]);
    cur[e] = in[e];
  }
}

}  // namespace hiradix
