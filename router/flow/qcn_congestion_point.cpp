#include "router/flow/qcn_congestion_point.h"

#include <stdexcept>
#include <string>

namespace hiradix {

namespace {
void require(bool ok, const std::string& what) {
  if (!ok) throw std::invalid_argument("QCN congestion point: " + what);
}
}  // namespace

QcnCongestionPoint::QcnCongestionPoint(const QcnCpParams& params) : params_(params) {
  require(params.q_eq > 0, "q_eq must be positive, not " + std::to_string(params.q_eq));
  require(params.w >= 0, "w must be 0 or more, not " + std::to_string(params.w));
  require(params.cpc >= 1, "cpc must be 1 or more, not " + std::to_string(params.cpc));
  require(params.cnm_share_percent >= 0 && params.cnm_share_percent <= 100,
          "cnm_share_percent must be in 0..100, not " + std::to_string(params.cnm_share_percent));
  // fb·63 must not overflow: q_eq·(2w + 1)·63 < 2^63 holds for any buffer a run can have.
  require(params.q_eq <= (std::int64_t{1} << 40) && params.w <= (1 << 10), "q_eq or w too large");
  fb_max_ = params.q_eq * (2 * static_cast<std::int64_t>(params.w) + 1);
  // ceil(share·2^32 / 100): the draws below it are share % of the 2^32 values, to within one value.
  cnm_threshold_ = ((static_cast<std::uint64_t>(params.cnm_share_percent) << 32) + 99) / 100;
}

}  // namespace hiradix
