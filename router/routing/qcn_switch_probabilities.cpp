#include "router/routing/qcn_switch_probabilities.h"

#include <algorithm>
#include <stdexcept>
#include <string>

namespace hiradix {

namespace {
void require(bool ok, const std::string& what) {
  if (!ok) throw std::invalid_argument("QCN-Switch probabilities: " + what);
}
}  // namespace

QcnSwitchProbabilities::QcnSwitchProbabilities(const QcnSwitchParams& params, const std::vector<bool>& transit)
    : params_(params), ports_(transit.size()) {
  require(params.lf_den >= 1 && params.lf_num >= 0 && params.lf_num <= params.lf_den,
          "L_f = " + std::to_string(params.lf_num) + "/" + std::to_string(params.lf_den) + " must be in [0, 1]");
  require(params.pc_l >= 1, "pc_l must be 1 or more, not " + std::to_string(params.pc_l));
  require(params.pi >= 0 && params.pi <= kQcnFullProbability, "pi must be in [0, 100 %]");
  require(params.th2 >= 0 && params.th1 <= params.th2,
          "th1 <= th2 and th2 >= 0 needed, not th1 = " + std::to_string(params.th1) +
              ", th2 = " + std::to_string(params.th2));
  require(params.p_min >= 1 && params.p_min <= kQcnFullProbability, "p_min must be in [1, 51200] (1/512 % .. 100 %)");
  for (std::size_t i = 0; i < transit.size(); ++i) {
    ports_[i].transit = transit[i];
    transit_count_ += transit[i] ? 1 : 0;
  }
}

QcnSwitchProbabilities::Port& QcnSwitchProbabilities::transit_port(int port, int fb) {
  const std::size_t p = static_cast<std::size_t>(port);
  if (port < 0 || p >= ports_.size() || !ports_[p].transit)
    throw std::logic_error("QCN-Switch: a CNM through port " + std::to_string(port) + ", which is not a transit port");
  if (fb < 0 || fb > kMaxFeedback)
    throw std::logic_error("QCN-Switch: a CNM's Fb must be in 0..63, not " + std::to_string(fb));
  return ports_[p];
}

void QcnSwitchProbabilities::cnm_received(int port, int fb) {
  Port& o = transit_port(port, fb);
  o.since_cnm = 0;
  if (params_.variant != QcnSwitchVariant::kCompare) {
    decrease(o, fb, 1);
    return;
  }
  last_fb_sum_ += fb - o.last_fb;
  o.last_fb = fb;
  // Fb against avg = sum / T, multiplied through by T: no division, exact.
  const std::int64_t t = transit_count_;
  const std::int64_t scaled_fb = t * fb;
  if (scaled_fb > last_fb_sum_ + t * params_.th2)
    decrease(o, scaled_fb - last_fb_sum_, t);  // by Fb - avg = (T·Fb - sum) / T
  else if (scaled_fb <= last_fb_sum_ + t * params_.th1)
    increase(o);
}

void QcnSwitchProbabilities::decrease(Port& o, std::int64_t num, std::int64_t den) const {
  const std::int64_t decrement = (o.p * num * params_.lf_num) / (den * params_.lf_den);  // floor: all >= 0
  o.p = static_cast<std::int32_t>(std::max<std::int64_t>(params_.p_min, o.p - decrement));
}

void QcnSwitchProbabilities::set_probability(int port, std::int32_t p) {
  ports_[static_cast<std::size_t>(port)].p = std::clamp(p, params_.p_min, kQcnFullProbability);
}

}  // namespace hiradix
