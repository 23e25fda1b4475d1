#include "tlm/window_threads.h"

#include <immintrin.h>

namespace hiradix {

namespace {
constexpr std::uint64_t kStop = ~std::uint64_t{0};
// About 20 microseconds of polling before sleeping: windows are short, but another process may hold the
// core (a machine with fewer cores than threads must not spin away its time slices).
constexpr int kSpins = 20000;
thread_local int current_thread = 0;
}  // namespace

int WindowThreads::current() { return current_thread; }

WindowThreads::WindowThreads(int threads) : errors_(static_cast<std::size_t>(threads)) {
  for (int t = 1; t < threads; ++t) workers_.emplace_back([this, t] { work(t); });
}

WindowThreads::~WindowThreads() {
  {
    std::lock_guard<std::mutex> lock(mutex_);
    generation_.store(kStop, std::memory_order_release);
  }
  start_.notify_all();
  for (std::thread& w : workers_) w.join();
}

void WindowThreads::run(const std::function<void(int)>& job) {
  job_ = &job;
  running_.store(static_cast<int>(workers_.size()), std::memory_order_relaxed);
  {
    std::lock_guard<std::mutex> lock(mutex_);
    generation_.fetch_add(1, std::memory_order_release);
  }
  start_.notify_all();
  try {
    job(0);
  } catch (...) {
    errors_[0] = std::current_exception();
  }
  wait_for_workers();
  job_ = nullptr;
  for (std::exception_ptr& e : errors_)
    if (e) {
      std::exception_ptr first = e;
      for (std::exception_ptr& x : errors_) x = nullptr;
      std::rethrow_exception(first);
    }
}

void WindowThreads::wait_for_workers() {
  for (int i = 0; i < kSpins; ++i) {
    if (running_.load(std::memory_order_acquire) == 0) return;
    _mm_pause();
  }
  std::unique_lock<std::mutex> lock(mutex_);
  done_.wait(lock, [this] { return running_.load(std::memory_order_acquire) == 0; });
}

void WindowThreads::wait_for_start(std::uint64_t generation) {
  for (int i = 0; i < kSpins; ++i) {
    if (generation_.load(std::memory_order_acquire) != generation) return;
    _mm_pause();
  }
  std::unique_lock<std::mutex> lock(mutex_);
  start_.wait(lock, [&] { return generation_.load(std::memory_order_acquire) != generation; });
}

void WindowThreads::work(int t) {
  current_thread = t;
  std::uint64_t seen = 0;
  for (;;) {
    wait_for_start(seen);
    seen = generation_.load(std::memory_order_acquire);
    if (seen == kStop) return;
    try {
      (*job_)(t);
    } catch (...) {
      errors_[static_cast<std::size_t>(t)] = std::current_exception();
    }
    if (running_.fetch_sub(1, std::memory_order_acq_rel) == 1) {
      std::lock_guard<std::mutex> lock(mutex_);  // the caller may be about to sleep: wake it under the lock
      done_.notify_one();
    }
  }
}

}  // namespace hiradix
