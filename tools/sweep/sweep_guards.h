// Guards of `hiradix run` and `sweep` before anything is simulated (issue 13): the output directory must
// be writable, and a sweep may not plan more than --max-points points (a mistyped --seeds 1000000000 used
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

// Throws ConfigError when the product of `value_counts` times `seeds` exceeds `max_points` (0 = default).
void check_sweep_size(const std::vector<std::size_t>& value_counts, long long seeds, std::size_t max_points);

}  // namespace hiradix
