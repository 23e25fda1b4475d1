#include "tlm/huge_heap.h"

#include <malloc.h>
#include <sys/mman.h>
#include <unistd.h>

#include <algorithm>
#include <cstdint>
#include <cstdlib>

namespace hiradix {

namespace {
constexpr std::uintptr_t kHugePage = std::uintptr_t{2} << 20;
}  // namespace

void heap_on_huge_pages(std::size_t bytes) {
  // Once a process: a second call would find the pad's free top and walk it in blocks, backing huge pages
  // for nothing. A forked child inherits the flag with the heap it describes.
  static bool done = false;
  if (done) return;
  done = true;
  mallopt(M_MMAP_THRESHOLD, 32 << 20);  // blocks up to 32 MiB from the heap (the most mallopt allows)
  mallopt(M_TOP_PAD, static_cast<int>(std::min<std::size_t>(bytes, 1u << 30)));
  // Use up the heap's free top in blocks below the mmap threshold until the heap grows (by the pad).
  constexpr std::size_t kBlock = 64 << 10;
  // A plain array, not a vector: the call may come before the C++ library's own initialisation.
  constexpr std::size_t kMaxBlocks = 1024;  // the free top is at most the trim threshold (64 MiB at most)
  static void* blocks[kMaxBlocks];
  std::size_t n = 0;
  const auto before = reinterpret_cast<std::uintptr_t>(sbrk(0));
  while (reinterpret_cast<std::uintptr_t>(sbrk(0)) == before && n < kMaxBlocks) blocks[n++] = std::malloc(kBlock);
  for (std::size_t i = 0; i < n; ++i) std::free(blocks[i]);
  const auto end = reinterpret_cast<std::uintptr_t>(sbrk(0));
  const std::uintptr_t from = (before + kHugePage - 1) & ~(kHugePage - 1), to = end & ~(kHugePage - 1);
  if (to > from) madvise(reinterpret_cast<void*>(from), to - from, MADV_HUGEPAGE);
}

}  // namespace hiradix
