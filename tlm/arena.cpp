#include "tlm/arena.h"

#include <sys/mman.h>

#include <algorithm>
#include <new>
#include <utility>

namespace hiradix {

namespace {
constexpr std::size_t kChunk = std::size_t{64} << 20;  // 64 MiB, a multiple of the 2 MiB huge page

struct Arena {
  std::uint8_t* next = nullptr;
  std::uint8_t* end = nullptr;
};
// One per thread: what the threads of a partitioned run (sim.threads) allocate while it runs comes from
// chunks of their own; everything built before it is the main thread's.
thread_local Arena arena;
thread_local bool recording = false;  // an ArenaRecording lives
thread_local std::vector<ArenaSpan> recorded_spans;
}  // namespace

ArenaRecording::ArenaRecording() {
  recording = true;
  recorded_spans.clear();
}
ArenaRecording::~ArenaRecording() { recording = false; }
std::vector<ArenaSpan> ArenaRecording::take() { return std::exchange(recorded_spans, {}); }

void* arena_allocate(std::size_t bytes, std::size_t align, std::size_t recorded) {
  auto aligned = [&](std::uint8_t* p) {
    const auto v = reinterpret_cast<std::uintptr_t>(p);
    return reinterpret_cast<std::uint8_t*>((v + align - 1) & ~(static_cast<std::uintptr_t>(align) - 1));
  };
  std::uint8_t* p = arena.next ? aligned(arena.next) : nullptr;
  if (!p || p + bytes > arena.end) {
    const std::size_t size = bytes + align > kChunk ? bytes + align : kChunk;
    void* chunk = mmap(nullptr, size, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    if (chunk == MAP_FAILED) throw std::bad_alloc();
    madvise(chunk, size, MADV_HUGEPAGE);  // a hint; ignored where huge pages are off
    arena.next = static_cast<std::uint8_t*>(chunk);
    arena.end = arena.next + size;
    p = aligned(arena.next);
  }
  arena.next = p + bytes;
  if (recording) add_span(recorded_spans, {p, p + std::min(bytes, recorded)});
  return p;
}

}  // namespace hiradix
