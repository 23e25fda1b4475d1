#include "router/congestion_notifier.h"

namespace hiradix {

namespace {
// Each port's congestion point: under input sampling Q_eq 0 is 20 % of the port's data VCs (the VCs below
// the CNMs'), and injection ports have none that samples (a placeholder is kept so ports index the vector).
std::vector<QcnCongestionPoint> congestion_points(const QcnParams& params, const std::vector<PortSpec>& ports) {
  std::vector<QcnCongestionPoint> points;
  for (const PortSpec& port : ports) {
    QcnCpParams cp = params.cp;
    if (params.site == QcnCpSite::kInput && cp.q_eq == 0) {
      const int data_vcs = port.link_class == 0 ? port.in_vcs : params.cnm_vc_base[port.link_class];
      cp.q_eq = std::max<std::int64_t>(1, static_cast<std::int64_t>(data_vcs) * port.in_depth / 5);
    }
    points.emplace_back(cp);
  }
  return points;
}
}  // namespace

CongestionNotifier::CongestionNotifier(const QcnParams& params, const std::vector<PortSpec>& ports, std::uint64_t seed,
                                       int router)
    : params_(params),
      points_(congestion_points(params, ports)),
      port_samples_(ports.size(), 0),
      port_phits_(ports.size(), 0),
      rng_(seed, 0x51C7000000000000ull + static_cast<std::uint64_t>(router)) {
  pending_.reset_growing(4, kMaxPending);
}

std::optional<CongestionNotifier::Sampled> CongestionNotifier::sample(int port, int occupancy, int packets) {
  QcnCongestionPoint& cp = points_[static_cast<std::size_t>(port)];
  const QcnSample s = cp.sample(occupancy, static_cast<std::uint32_t>(rng_.next() >> 32));
  ++port_samples_[static_cast<std::size_t>(port)];
  port_phits_[static_cast<std::size_t>(port)] += static_cast<std::uint64_t>(occupancy);
  if (!s.send_cnm) return std::nullopt;
  return Sampled{cp.victim_index(static_cast<std::uint32_t>(rng_.next() >> 32), packets), s.fb};
}

std::optional<CongestionNotifier::Notice> CongestionNotifier::entered(int port, const Ring<QueuedPacket>& queue,
                                                                      int occupancy) {
  if (!points_[static_cast<std::size_t>(port)].packet_arrived()) return std::nullopt;
  const std::optional<Sampled> n = sample(port, occupancy, static_cast<int>(queue.size()));
  if (!n) return std::nullopt;
  return Notice{queue[static_cast<std::size_t>(n->victim_index)].packet, n->fb};
}

const std::vector<CongestionNotifier::InputSample>& CongestionNotifier::take_due_samples(Cycle now) {
  due_.clear();
  next_input_sample_ = kNever;
  std::size_t kept = 0;
  for (const InputSample& s : input_samples_) {
    if (s.at <= now) {
      due_.push_back(s);
    } else {
      input_samples_[kept++] = s;
      next_input_sample_ = std::min(next_input_sample_, s.at);
    }
  }
  input_samples_.resize(kept);
  std::sort(due_.begin(), due_.end(), [](const InputSample& a, const InputSample& b) {
    return a.at != b.at ? a.at < b.at : a.port < b.port;
  });
  return due_;
}

}  // namespace hiradix
