// Guards of `hiradix run` and `sweep` before anything is simulated (issues 13, 32): the output directory must
// be writable and used by one sweep at a time, and a sweep may not plan more than --max-points points (a mistyped --seeds 1000000000 used
// to plan silently for minutes, a 1e8-point product ended in std::bad_alloc).
#pragma once
#include <cstddef>
#include <string>
#include <vector>

namespace hiradix {

// Default --max-points.
constexpr std::size_t kDefaultMaxSweepPoints = 10000;

// Creates `dir` if needed and checks that a file can be written in it; throws ConfigError naming `flag`
// and the directory with the reason (exit code 2).
void prepare_out_dir(const std::string& flag, const std::string& dir);

// Throws ConfigError when the product of `value_counts` times `seeds` exceeds `max_points`, or names
// --max-points when it is 0.
void check_sweep_size(const std::vector<std::size_t>& value_counts, long long seeds, std::size_t max_points);

// One sweep at a time in an output directory: an advisory lock (flock) on DIR/.sweep.lock, held while this
// object lives. A second sweep into DIR is refused with a ConfigError naming the holder's process (it used
// to delete the first one's files while it ran). The kernel drops the lock when the process ends, however it
// ends, so a lock file left behind is never stale.
inline constexpr const char* kOutDirLockFile = ".sweep.lock";
class OutDirLock {
 public:
  explicit OutDirLock(const std::string& dir);
  ~OutDirLock();
  OutDirLock(const OutDirLock&) = delete;
  OutDirLock& operator=(const OutDirLock&) = delete;

 private:
  int fd_ = -1;
};

}  // namespace hiradix
