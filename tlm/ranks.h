// The processes of one simulation: MPI ranks (`mpirun -np N hiradix run ...`), each running a contiguous
// block of a partitioned run's partitions (tlm/scheduler.h). Every rank elaborates the whole network and
// runs the same SystemC processes, so the ranks call these collectives in the same order: at each window's
// end (the next busy cycle, the messages of the links between ranks, the NICs' reports), in the watchdog,
// and at the run's end (the result's sums). Without MPI (the default) there is one rank and every call is
// the identity. The MPI implementation lives with the command line (tools/run/mpi_ranks.cpp), so that the
// library, the Python module and a SystemC platform built on it do not depend on MPI.
#pragma once
#include <cstdint>
#include <vector>

namespace hiradix {

class Ranks {
 public:
  virtual ~Ranks() = default;
  virtual int rank() const { return 0; }
  virtual int size() const { return 1; }
  // Element-wise over the ranks, in place.
  virtual void sum(std::uint64_t* /*values*/, int /*n*/) {}
  virtual void max(std::int64_t* /*values*/, int /*n*/) {}
  virtual std::uint64_t min(std::uint64_t value) { return value; }
  // to_rank[r]: the bytes for rank r (to_rank[rank()] is ignored); returns the bytes each rank sent here.
  virtual std::vector<std::vector<char>> exchange(const std::vector<std::vector<char>>& to_rank) { return to_rank; }
  // Every rank's bytes, by rank, on every rank.
  virtual std::vector<std::vector<char>> gather_all(const std::vector<char>& mine) { return {mine}; }

  // Convenience: one value summed over the ranks.
  std::uint64_t sum(std::uint64_t value) {
    sum(&value, 1);
    return value;
  }
};

// The ranks of this process's simulation (one rank until use_ranks is called, before the network is built).
Ranks& ranks();
void use_ranks(Ranks* ranks);

}  // namespace hiradix
