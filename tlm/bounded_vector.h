// A list of at most `capacity` plain elements, its capacity fixed when it is made, in the arena next to
// its owner. For the per-cycle lists of the hot path whose bound is known (the switch allocator's
// requests, grants and touched outputs, at most one per port): push_back is a store and an increment,
// where a vector tests its capacity and keeps an out-of-line growth path (GCC did not inline
// emplace_back for the grants: a call per grant, docs/benchmark.md).
#pragma once
#include <cassert>
#include <cstddef>
#include <type_traits>

#include "tlm/arena.h"

namespace hiradix {

template <typename T>
class BoundedVector {
  static_assert(std::is_trivially_copyable_v<T>, "a bounded vector holds plain data");

 public:
  BoundedVector() = default;
  explicit BoundedVector(std::size_t capacity)
      : data_(capacity ? static_cast<T*>(arena_allocate(capacity * sizeof(T), alignof(T))) : nullptr), capacity_(capacity) {}
  void push_back(const T& v) {
    assert(size_ < capacity_);
    data_[size_++] = v;
  }
  void clear() { size_ = 0; }
  bool empty() const { return size_ == 0; }
  std::size_t size() const { return size_; }
  std::size_t capacity() const { return capacity_; }
  T& operator[](std::size_t i) { return data_[i]; }
  const T& operator[](std::size_t i) const { return data_[i]; }
  T* begin() { return data_; }
  T* end() { return data_ + size_; }
  const T* begin() const { return data_; }
  const T* end() const { return data_ + size_; }

 private:
  T* data_ = nullptr;
  std::size_t size_ = 0;
  std::size_t capacity_ = 0;
};

}  // namespace hiradix
