#include "tools/sweep/sweep_guards.h"

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
  if (max_points == 0) max_points = kDefaultMaxSweepPoints;
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

}  // namespace hiradix
