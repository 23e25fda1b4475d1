// The threads of a partitioned run (sim.threads): `threads` - 1 workers beside the calling thread, kept for
// the whole run. run(job) calls job(t) for every t in [0, threads), job(0) on the calling thread, and
// returns when every call has; it is called once per window, so the meeting is cheap: the threads spin a
// little before they sleep (a window of a mesh is one cycle long).
#pragma once
#include <atomic>
#include <condition_variable>
#include <cstdint>
#include <exception>
#include <functional>
#include <mutex>
#include <thread>
#include <vector>

namespace hiradix {

class WindowThreads {
 public:
  explicit WindowThreads(int threads);
  ~WindowThreads();
  WindowThreads(const WindowThreads&) = delete;
  WindowThreads& operator=(const WindowThreads&) = delete;

  int threads() const { return static_cast<int>(workers_.size()) + 1; }
  // The calling thread's t: 0 on the thread that calls run() and on every thread outside a pool; what is
  // kept per thread (the RTL co-simulation's units, router/rtl/rc_cosim.h) is picked by it.
  static int current();
  // Runs job(t) on thread t and waits for all. An exception in any call is rethrown here once all have
  // returned, the lowest t's first: the same whatever the threads' timing.
  void run(const std::function<void(int)>& job);

 private:
  void work(int t);
  void wait_for_start(std::uint64_t generation);
  void wait_for_workers();

  std::vector<std::thread> workers_;
  std::vector<std::exception_ptr> errors_;  // by thread
  const std::function<void(int)>* job_ = nullptr;
  std::atomic<std::uint64_t> generation_{0};  // windows started (bumped to start one; ~0: stop)
  std::atomic<int> running_{0};               // workers still in the current window
  std::mutex mutex_;
  std::condition_variable start_, done_;
};

}  // namespace hiradix
