// `mpirun -np N hiradix run CONFIG ...`: one simulation on N MPI ranks (tlm/ranks.h), each running a block of
// the partitions in its own process; rank 0 writes OUT/result.json and prints what `run` prints.
#pragma once
#include <string>

#include "config/config.h"

namespace hiradix {

// The exit code of `run`; the ranks agree on it.
int run_on_ranks(const std::string& config_path, const Overrides& overrides, const std::string& out_dir, bool quiet,
                 double max_memory_mib);

}  // namespace hiradix
