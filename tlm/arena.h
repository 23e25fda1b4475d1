// The hot state of the simulation (buffers, queues, counters, due cycles, the packet pool) is allocated
// from one arena, apart from the SystemC objects (names, sockets, registries) built alongside it. Each
// router's state is then contiguous and the whole of it dense, which matters because every message
// touches the far end of its link: in a large network those touches are cache and TLB misses. The arena
// asks the kernel for transparent huge pages. Memory is never returned (a run owns its process).
#pragma once
#include <cstddef>
#include <cstdint>
#include <memory>
#include <new>
#include <utility>
#include <vector>

namespace hiradix {

// `recorded`: how many of the bytes, from the first, an ArenaRecording takes in (all by default; an object
// whose tail is rarely read, as a link end's socket, leaves it out of its partition's prefetch).
void* arena_allocate(std::size_t bytes, std::size_t align, std::size_t recorded = SIZE_MAX);

// A span of the arena: [begin, end).
struct ArenaSpan {
  const std::uint8_t* begin;
  const std::uint8_t* end;
};
// Appends `s` to `spans`, joining it to the last when it follows it (across a cache line of padding at most).
inline void add_span(std::vector<ArenaSpan>& spans, ArenaSpan s) {
  if (!spans.empty() && s.begin >= spans.back().end && s.begin - spans.back().end <= 64) spans.back().end = s.end;
  else spans.push_back(s);
}
// Records what this thread allocates from the arena while it lives (one at a time): the memory of one part
// of the network, which its partition prefetches (tlm/partition_memory.h).
class ArenaRecording {
 public:
  ArenaRecording();
  ~ArenaRecording();
  ArenaRecording(const ArenaRecording&) = delete;
  ArenaRecording& operator=(const ArenaRecording&) = delete;
  std::vector<ArenaSpan> take();  // the spans so far, in allocation order
};

template <typename T>
struct ArenaAllocator {
  using value_type = T;
  ArenaAllocator() = default;
  template <typename U>
  ArenaAllocator(const ArenaAllocator<U>&) {}
  T* allocate(std::size_t n) { return static_cast<T*>(arena_allocate(n * sizeof(T), alignof(T))); }
  void deallocate(T*, std::size_t) {}
  template <typename U>
  bool operator==(const ArenaAllocator<U>&) const { return true; }
  template <typename U>
  bool operator!=(const ArenaAllocator<U>&) const { return false; }
};

template <typename T>
using HotVector = std::vector<T, ArenaAllocator<T>>;

// An object in the arena, owned like a unique_ptr (destroyed, its memory kept): for the polymorphic parts
// of a router (flow control, input-buffer scheme) that every packet or credit reaches, so that they sit on
// the arena's huge pages next to their router instead of on the heap's 4 KiB pages.
struct ArenaDelete {
  template <typename T>
  void operator()(T* p) const { p->~T(); }
};
template <typename T>
using ArenaPtr = std::unique_ptr<T, ArenaDelete>;
template <typename T, typename... Args>
ArenaPtr<T> arena_new(Args&&... args) {
  return ArenaPtr<T>(new (arena_allocate(sizeof(T), alignof(T))) T(std::forward<Args>(args)...));
}

}  // namespace hiradix
