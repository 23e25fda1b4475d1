// The hot state of the simulation (buffers, queues, counters, due cycles, the packet pool) is allocated
// from one arena, apart from the SystemC objects (names, sockets, registries) built alongside it. Each
// router's state is then contiguous and the whole of it dense, which matters because every message
// touches the far end of its link: in a large network those touches are cache and TLB misses. The arena
// asks the kernel for transparent huge pages. Memory is never returned (a run owns its process).
#pragma once
#include <cstddef>
#include <cstdint>
#include <vector>

namespace hiradix {

void* arena_allocate(std::size_t bytes, std::size_t align);

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

}  // namespace hiradix
