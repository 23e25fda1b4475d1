// A bounded FIFO with a fixed capacity chosen at construction: no allocation after that.
#pragma once
#include <cstddef>
#include <stdexcept>
#include <vector>

namespace hiradix {

template <typename T>
class Ring {
 public:
  Ring() = default;
  explicit Ring(std::size_t capacity) : items_(capacity ? capacity : 1) {}
  void reset(std::size_t capacity) {
    items_.assign(capacity ? capacity : 1, T{});
    head_ = count_ = 0;
  }
  bool empty() const { return count_ == 0; }
  bool full() const { return count_ == items_.size(); }
  std::size_t size() const { return count_; }
  std::size_t capacity() const { return items_.size(); }
  T& front() { return items_[head_]; }
  const T& front() const { return items_[head_]; }
  T& operator[](std::size_t i) { return items_[(head_ + i) % items_.size()]; }
  const T& operator[](std::size_t i) const { return items_[(head_ + i) % items_.size()]; }
  void push(const T& v) {
    if (full()) throw std::logic_error("ring overflow: a credit or capacity invariant was broken");
    items_[(head_ + count_) % items_.size()] = v;
    ++count_;
  }
  void pop() {
    head_ = (head_ + 1) % items_.size();
    --count_;
  }

 private:
  std::vector<T> items_{1};
  std::size_t head_ = 0;
  std::size_t count_ = 0;
};

}  // namespace hiradix
