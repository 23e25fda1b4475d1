#include "tools/sweep/sweep_guards.h"

#include <fcntl.h>
#include <sys/file.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <filesystem>
#include <fstream>

#include <fmt/format.h>

#include "config/config.h"

namespace hiradix {

void prepare_out_dir(const std::string& flag, const std::string& dir) {
  namespace fs = std::filesystem;
  const std::string what = flag + " " + dir;
  std::error_code ec;
  if (fs::exists(dir, ec) && !fs::is_directory(dir, ec)) config_fail(what, "exists and is not a directory");
  fs::create_directories(dir, ec);
  if (ec) config_fail(what, "cannot create the directory: " + ec.message());
  const fs::path probe = fs::path(dir) / fmt::format(".hiradix_write_test.{}", getpid());
  {
    std::ofstream out(probe);
    if (!out || !(out << "x").flush()) {
      const std::string why = errno ? std::strerror(errno) : "write failed";
      fs::remove(probe, ec);
      config_fail(what, "cannot write into the directory: " + why);
    }
  }
  fs::remove(probe, ec);
}

void check_sweep_size(const std::vector<std::size_t>& value_counts, long long seeds, std::size_t max_points) {
  if (max_points == 0) config_fail("--max-points", "must be at least 1 (the default is " + std::to_string(kDefaultMaxSweepPoints) + ")");
  double points = seeds > 0 ? static_cast<double>(seeds) : 1;  // a double: the product may overflow 64 bits
  std::string product;
  for (std::size_t n : value_counts) {
    points *= static_cast<double>(n);
    product += fmt::format("{} x ", n);
  }
  if (points > static_cast<double>(max_points))
    config_fail(static_cast<double>(seeds) > static_cast<double>(max_points) ? "--seeds" : "--vary", fmt::format("the sweep has {}{} seeds = {:.0f} points, more than {}; check --vary and --seeds, "
                                            "or raise the limit with --max-points",
                                            product, seeds, points, max_points));
}

OutDirLock::OutDirLock(const std::string& dir) {
  const std::string path = (std::filesystem::path(dir) / kOutDirLockFile).string();
  fd_ = ::open(path.c_str(), O_RDWR | O_CREAT | O_CLOEXEC, 0644);
  if (fd_ < 0) config_fail("--out " + dir, std::string("cannot create its lock file: ") + std::strerror(errno));
  if (::flock(fd_, LOCK_EX | LOCK_NB) != 0) {
    char holder[32] = {};
    const ssize_t n = ::pread(fd_, holder, sizeof holder - 1, 0);
    ::close(fd_);
    const std::string pid = n > 0 ? std::string(holder, static_cast<std::size_t>(n)) : "?";
    config_fail("--out " + dir, "another sweep writes into it (process " + pid.substr(0, pid.find('\n')) +
                                    "); wait for it to end or use another --out");
  }
  // The holder's pid, for the message above; the lock itself is the kernel's and dies with the process.
  const std::string me = std::to_string(getpid()) + "\n";
  const bool noted = ::ftruncate(fd_, 0) == 0 && ::pwrite(fd_, me.data(), me.size(), 0) == static_cast<ssize_t>(me.size());
  (void)noted;  // informative only: the lock holds without it
}

OutDirLock::~OutDirLock() {
  if (fd_ >= 0) ::close(fd_);
}

}  // namespace hiradix
