#include "tools/run/mpi_ranks.h"

#include <cstdlib>
#include <string>

#ifdef HIRADIX_MPI
#include <mpi.h>
#endif

namespace hiradix {

bool launched_by_mpi(int* size) {
  for (const char* var : {"OMPI_COMM_WORLD_SIZE", "PMI_SIZE", "PMIX_SIZE", "MPI_LOCALNRANKS"})
    if (const char* v = std::getenv(var)) {
      if (size) *size = std::atoi(v);
      return true;
    }
  if (std::getenv("PMIX_RANK") || std::getenv("PMI_RANK")) {
    if (size) *size = 0;  // the launcher did not say how many
    return true;
  }
  return false;
}

#ifdef HIRADIX_MPI

namespace {
void check(int code, const char* what) {
  if (code != MPI_SUCCESS) throw std::runtime_error(std::string("MPI: ") + what + " failed (error " + std::to_string(code) + ")");
}

// Counts and displacements of byte buffers, for the v-collectives.
std::vector<int> displacements(const std::vector<int>& counts) {
  std::vector<int> at(counts.size(), 0);
  for (std::size_t i = 1; i < counts.size(); ++i) at[i] = at[i - 1] + counts[i - 1];
  return at;
}

std::vector<std::vector<char>> split(const std::vector<char>& all, const std::vector<int>& counts) {
  std::vector<std::vector<char>> parts(counts.size());
  std::size_t at = 0;
  for (std::size_t i = 0; i < counts.size(); ++i) {
    parts[i].assign(all.begin() + static_cast<std::ptrdiff_t>(at), all.begin() + static_cast<std::ptrdiff_t>(at + static_cast<std::size_t>(counts[i])));
    at += static_cast<std::size_t>(counts[i]);
  }
  return parts;
}
}  // namespace

MpiRanks::MpiRanks(int* argc, char*** argv) {
  check(MPI_Init(argc, argv), "MPI_Init");
  MPI_Comm_rank(MPI_COMM_WORLD, &rank_);
  MPI_Comm_size(MPI_COMM_WORLD, &size_);
  MPI_Comm local;
  check(MPI_Comm_split_type(MPI_COMM_WORLD, MPI_COMM_TYPE_SHARED, rank_, MPI_INFO_NULL, &local), "MPI_Comm_split_type");
  MPI_Comm_size(local, &local_size_);
  MPI_Comm_free(&local);
}

MpiRanks::~MpiRanks() { MPI_Finalize(); }

void MpiRanks::abort(int code) {
  MPI_Abort(MPI_COMM_WORLD, code);
  std::exit(code);  // MPI_Abort does not return; the compiler is not told so
}

void MpiRanks::sum(std::uint64_t* values, int n) {
  check(MPI_Allreduce(MPI_IN_PLACE, values, n, MPI_UINT64_T, MPI_SUM, MPI_COMM_WORLD), "MPI_Allreduce (sum)");
}

void MpiRanks::max(std::int64_t* values, int n) {
  check(MPI_Allreduce(MPI_IN_PLACE, values, n, MPI_INT64_T, MPI_MAX, MPI_COMM_WORLD), "MPI_Allreduce (max)");
}

std::uint64_t MpiRanks::min(std::uint64_t value) {
  check(MPI_Allreduce(MPI_IN_PLACE, &value, 1, MPI_UINT64_T, MPI_MIN, MPI_COMM_WORLD), "MPI_Allreduce (min)");
  return value;
}

std::vector<std::vector<char>> MpiRanks::exchange(const std::vector<std::vector<char>>& to_rank) {
  std::vector<int> send_counts(static_cast<std::size_t>(size_), 0), recv_counts(static_cast<std::size_t>(size_), 0);
  std::vector<char> send;
  for (int r = 0; r < size_; ++r) {
    if (r == rank_) continue;
    send_counts[static_cast<std::size_t>(r)] = static_cast<int>(to_rank[static_cast<std::size_t>(r)].size());
    send.insert(send.end(), to_rank[static_cast<std::size_t>(r)].begin(), to_rank[static_cast<std::size_t>(r)].end());
  }
  check(MPI_Alltoall(send_counts.data(), 1, MPI_INT, recv_counts.data(), 1, MPI_INT, MPI_COMM_WORLD), "MPI_Alltoall");
  const std::vector<int> send_at = displacements(send_counts), recv_at = displacements(recv_counts);
  std::vector<char> recv(static_cast<std::size_t>(recv_at.back() + recv_counts.back()));
  check(MPI_Alltoallv(send.data(), send_counts.data(), send_at.data(), MPI_CHAR, recv.data(), recv_counts.data(),
                      recv_at.data(), MPI_CHAR, MPI_COMM_WORLD),
        "MPI_Alltoallv");
  return split(recv, recv_counts);
}

std::vector<std::vector<char>> MpiRanks::gather_all(const std::vector<char>& mine) {
  std::vector<int> counts(static_cast<std::size_t>(size_), 0);
  const int count = static_cast<int>(mine.size());
  check(MPI_Allgather(&count, 1, MPI_INT, counts.data(), 1, MPI_INT, MPI_COMM_WORLD), "MPI_Allgather");
  const std::vector<int> at = displacements(counts);
  std::vector<char> all(static_cast<std::size_t>(at.back() + counts.back()));
  check(MPI_Allgatherv(mine.data(), count, MPI_CHAR, all.data(), counts.data(), at.data(), MPI_CHAR, MPI_COMM_WORLD),
        "MPI_Allgatherv");
  return split(all, counts);
}

#endif

}  // namespace hiradix
