#include "router/congestion_notifier.h"

namespace hiradix {

CongestionNotifier::CongestionNotifier(const QcnParams& params, int ports, std::uint64_t seed, int router)
    : params_(params),
      points_(static_cast<std::size_t>(ports), QcnCongestionPoint(params.cp)),
      port_samples_(static_cast<std::size_t>(ports), 0),
      port_phits_(static_cast<std::size_t>(ports), 0),
      rng_(seed, 0x51C7000000000000ull + static_cast<std::uint64_t>(router)) {
  pending_.reset_growing(4, kMaxPending);
}

std::optional<CongestionNotifier::Notice> CongestionNotifier::entered(int port, const Ring<QueuedPacket>& queue,
                                                                      int occupancy) {
  QcnCongestionPoint& cp = points_[static_cast<std::size_t>(port)];
  if (!cp.packet_arrived()) return std::nullopt;
  const QcnSample s = cp.sample(occupancy, static_cast<std::uint32_t>(rng_.next() >> 32));
  ++port_samples_[static_cast<std::size_t>(port)];
  port_phits_[static_cast<std::size_t>(port)] += static_cast<std::uint64_t>(occupancy);
  if (!s.send_cnm) return std::nullopt;
  const int index = cp.victim_index(static_cast<std::uint32_t>(rng_.next() >> 32), static_cast<int>(queue.size()));
  return Notice{queue[static_cast<std::size_t>(index)].packet, s.fb};
}

}  // namespace hiradix
