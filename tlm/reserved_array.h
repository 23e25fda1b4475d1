// An array of up to `capacity` elements at an address that never moves: the address space is reserved
// once and its pages are committed by the kernel as they are first touched. Unlike a growing vector, one
// thread may read an element while another touches a new one (the packet pool and the path headers under
// sim.threads). Elements start zeroed; T must be trivially copyable.
#pragma once
#include <cstddef>
#include <type_traits>

namespace hiradix {

void* reserve_address_space(std::size_t bytes);  // zeroed pages committed as touched; throws std::bad_alloc

template <typename T>
class ReservedArray {
  static_assert(std::is_trivially_copyable_v<T>, "a reserved array holds plain data");

 public:
  explicit ReservedArray(std::size_t capacity)
      : data_(static_cast<T*>(reserve_address_space(capacity * sizeof(T)))), capacity_(capacity) {}
  ReservedArray(const ReservedArray&) = delete;
  ReservedArray& operator=(const ReservedArray&) = delete;
  T& operator[](std::size_t i) { return data_[i]; }
  const T& operator[](std::size_t i) const { return data_[i]; }
  std::size_t capacity() const { return capacity_; }

 private:
  T* data_;
  std::size_t capacity_;
};

}  // namespace hiradix
