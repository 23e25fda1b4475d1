// A bounded FIFO with a capacity fixed at construction: no allocation after that. Its slots are either
// its own or lent by the owner of many rings (attach), so that all the rings of one router sit together
// in memory.
#pragma once
#include "tlm/arena.h"
#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <stdexcept>
#include <vector>

namespace hiradix {

template <typename T>
class Ring {
 public:
  Ring() { reset(1); }
  explicit Ring(std::size_t capacity) { reset(capacity); }
  Ring(const Ring&) = delete;
  Ring& operator=(const Ring&) = delete;
  Ring(Ring&&) noexcept = default;
  Ring& operator=(Ring&&) noexcept = default;

  // Own storage for `capacity` items.
  void reset(std::size_t capacity) {
    owned_.assign(capacity ? capacity : 1, T{});
    attach(owned_.data(), owned_.size());
  }
  // Own storage that starts at `initial` items and doubles when full, up to `limit` (then push throws as
  // usual): for queues whose bound is large but rarely reached.
  void reset_growing(std::size_t initial, std::size_t limit) {
    limit_ = static_cast<std::uint32_t>(limit);
    reset(std::min(initial, limit));
  }
  // Storage lent by the caller, which must outlive the ring.
  void attach(T* slots, std::size_t capacity) {
    items_ = slots;
    capacity_ = static_cast<std::uint32_t>(capacity);
    head_ = count_ = 0;
  }

  bool empty() const { return count_ == 0; }
  bool full() const { return count_ == capacity_ && capacity_ >= limit_; }  // a growing ring: at its limit
  std::size_t size() const { return count_; }
  const std::uint32_t& size_for_trace() const { return count_; }  // sc_trace samples it by reference
  std::size_t capacity() const { return capacity_; }
  T& front() { return items_[head_]; }
  const T& front() const { return items_[head_]; }
  T& operator[](std::size_t i) { return items_[wrap(head_ + static_cast<std::uint32_t>(i))]; }
  const T& operator[](std::size_t i) const { return items_[wrap(head_ + static_cast<std::uint32_t>(i))]; }
  void push(const T& v) {
    if (count_ == capacity_) make_room();  // out of line: keeps push small enough to inline
    items_[wrap(head_ + count_)] = v;
    ++count_;
  }
  // An emptied ring starts again at its first slot: a queue that is mostly empty or short (most of them,
  // below saturation) keeps touching the same few cache lines instead of walking its whole storage, which
  // in a large network is a cache miss per item (docs/benchmark.md, "Where an h = 8 crossing's time goes").
  void pop() {
    head_ = --count_ == 0 ? 0 : wrap(head_ + 1);
  }

 private:
  std::uint32_t wrap(std::uint32_t i) const { return i >= capacity_ ? i - capacity_ : i; }
  [[gnu::noinline, gnu::cold]] void make_room() {
    if (capacity_ >= limit_) throw std::logic_error("ring overflow: a credit or capacity invariant was broken");
    grow();
  }
  void grow() {
    HotVector<T> bigger(std::min<std::size_t>(limit_, 2 * static_cast<std::size_t>(capacity_)));
    for (std::uint32_t i = 0; i < count_; ++i) bigger[i] = (*this)[i];
    owned_.swap(bigger);
    items_ = owned_.data();
    capacity_ = static_cast<std::uint32_t>(owned_.size());
    head_ = 0;
  }
  // What push, pop and front read first (24 bytes), the storage's owner last: a ring inside a larger
  // record (an input VC) keeps its hot part on the record's first cache line.
  T* items_ = nullptr;
  std::uint32_t capacity_ = 0;
  std::uint32_t head_ = 0;
  std::uint32_t count_ = 0;
  std::uint32_t limit_ = 0;  // growing rings only
  HotVector<T> owned_;
};

}  // namespace hiradix
