// The ranks of `mpirun -np N hiradix run ...` (tlm/ranks.h), over MPI_COMM_WORLD. Built into the hiradix
// command only, when CMake finds MPI (scripts/setup.sh installs Open MPI from Debian's packages).
#pragma once
#include <memory>

#include "tlm/ranks.h"

namespace hiradix {

// True when an MPI launcher (mpirun, mpiexec, srun with PMIx or PMI) started this process, whether or not
// hiradix was built with MPI; `size` then holds the number of processes it started when it says.
bool launched_by_mpi(int* size = nullptr);

#ifdef HIRADIX_MPI
// MPI_Init on construction, MPI_Finalize on destruction; installed with use_ranks for the run.
class MpiRanks final : public Ranks {
 public:
  MpiRanks(int* argc, char*** argv);
  ~MpiRanks() override;
  MpiRanks(const MpiRanks&) = delete;
  MpiRanks& operator=(const MpiRanks&) = delete;

  int rank() const override { return rank_; }
  int size() const override { return size_; }
  void sum(std::uint64_t* values, int n) override;
  void max(std::int64_t* values, int n) override;
  std::uint64_t min(std::uint64_t value) override;
  std::vector<std::vector<char>> exchange(const std::vector<std::vector<char>>& to_rank) override;
  std::vector<std::vector<char>> gather_all(const std::vector<char>& mine) override;
  int ranks_on_this_machine() const { return local_size_; }  // those that share its memory
  [[noreturn]] void abort(int code);  // ends every rank (one that failed alone: the others may be waiting)
  using Ranks::sum;

 private:
  int rank_ = 0, size_ = 1, local_size_ = 1;
};
#endif

}  // namespace hiradix
