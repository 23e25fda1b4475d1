#include "router/flow/qcn_reaction_point.h"

#include <algorithm>
#include <limits>
#include <stdexcept>
#include <string>

namespace hiradix {

namespace {
void require(bool ok, const std::string& what) {
  if (!ok) throw std::invalid_argument("QCN reaction point: " + what);
}
}  // namespace

QcnReactionPoint::QcnReactionPoint(const QcnRpParams& params)
    : params_(params), current_(params.line_rate), target_(params.line_rate) {
  require(params.line_rate > 0, "line_rate must be positive");
  require(params.byte_counter >= 1, "byte_counter must be 1 or more, not " + std::to_string(params.byte_counter));
  require(params.fast_recovery_cycles >= 0, "fast_recovery_cycles must be 0 or more");
  require(params.r_ai >= 0 && params.r_hai >= 0, "r_ai and r_hai must be 0 or more");
  require(params.gd > 0 && params.gd * kMaxFeedback < 1, "gd must be in (0, 1/63): a CNM may not stop a source");
  require(params.min_rate > 0 && params.min_rate <= params.line_rate, "min_rate must be in (0, line_rate]");
}

void QcnReactionPoint::cnm(int fb) {
  if (fb < 0 || fb > kMaxFeedback)
    throw std::invalid_argument("QCN reaction point: a CNM's Fb must be in 0..63, not " + std::to_string(fb));
  target_ = current_;
  current_ = std::max(params_.min_rate, current_ * (1.0 - params_.gd * fb));
  stage_ = 0;
  bytes_ = 0;
  timer_stage_ = 0;
  timer_elapsed_ = 0;
}

void QcnReactionPoint::recovery_cycle() {
  if (stage_ < kStageCap) ++stage_;  // saturating: past F every stage behaves the same
  increase();
}

void QcnReactionPoint::elapse(double seconds) {
  if (params_.timer <= 0 || !limited()) return;
  timer_elapsed_ += seconds;
  while (limited() && timer_elapsed_ >= timer_period()) {
    timer_elapsed_ -= timer_period();
    if (timer_stage_ < kStageCap) ++timer_stage_;
    increase();
  }
  if (!limited()) timer_elapsed_ = 0;
}

double QcnReactionPoint::timer_left() const {
  if (params_.timer <= 0 || !limited()) return std::numeric_limits<double>::infinity();
  return timer_period() - timer_elapsed_;
}

void QcnReactionPoint::increase() {
  // Past fast recovery the target itself climbs: hyper-active when both counters are past F, else active;
  // in every case CR halves its distance to TR.
  const int f = params_.fast_recovery_cycles;
  if (stage_ > f && timer_stage_ > f) target_ += (std::min(stage_, timer_stage_) - f) * params_.r_hai;
  else if (stage_ > f || timer_stage_ > f) target_ += params_.r_ai;
  target_ = std::min(params_.line_rate, target_);
  current_ = std::min(params_.line_rate, (current_ + target_) / 2);
}

}  // namespace hiradix
