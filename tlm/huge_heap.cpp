#include "tlm/huge_heap.h"

#include <malloc.h>
#include <sys/mman.h>
#include <unistd.h>

#include <algorithm>
#include <cstdint>
#include <cstdlib>
#include <vector>

namespace hiradix {

namespace {
constexpr std::uintptr_t kHugePage = std::uintptr_t{2} << 20;
}  // namespace

void heap_on_huge_pages(std::size_t bytes) {
  mallopt(M_MMAP_THRESHOLD, 32 << 20);  // blocks up to 32 MiB from the heap (the most mallopt allows)
  mallopt(M_TOP_PAD, static_cast<int>(std::min<std::size_t>(bytes, 1u << 30)));
  // Use up the heap's free top in blocks below the mmap threshold until the heap grows (by the pad).
  constexpr std::size_t kBlock = 64 << 10;
  std::vector<void*> blocks;
  blocks.reserve(1024);  // the free top is at most the trim threshold (64 MiB at most)
  const auto before = reinterpret_cast<std::uintptr_t>(sbrk(0));
  while (reinterpret_cast<std::uintptr_t>(sbrk(0)) == before && blocks.size() < blocks.capacity())
    blocks.push_back(std::malloc(kBlock));
  for (void* b : blocks) std::free(b);
  const auto end = reinterpret_cast<std::uintptr_t>(sbrk(0));
  const std::uintptr_t from = (before + kHugePage - 1) & ~(kHugePage - 1), to = end & ~(kHugePage - 1);
  if (to > from) madvise(reinterpret_cast<void*>(from), to - from, MADV_HUGEPAGE);
}

}  // namespace hiradix
