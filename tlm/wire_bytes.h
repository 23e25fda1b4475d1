// Plain data in the byte buffers that MPI ranks exchange (tlm/ranks.h): values of trivially copyable types,
// raw byte ranges and vectors (their length, then the elements), appended to a buffer and read back from a
// position that advances. A read past the buffer's end is a logic error (a buffer cut short), never a
// silent zero.
#pragma once
#include <cstdint>
#include <cstring>
#include <stdexcept>
#include <type_traits>
#include <vector>

namespace hiradix::wire {

inline void put_bytes(std::vector<char>& out, const void* from, std::size_t n) {
  const std::size_t at = out.size();
  out.resize(at + n);
  if (n) std::memcpy(out.data() + at, from, n);
}

inline void take_bytes(const std::vector<char>& in, std::size_t& at, void* to, std::size_t n) {
  if (n > in.size() || at > in.size() - n) throw std::logic_error("a message between ranks was cut short");
  if (n) std::memcpy(to, in.data() + at, n);
  at += n;
}

template <typename T>
void put(std::vector<char>& out, const T& v) {
  static_assert(std::is_trivially_copyable_v<T>, "only plain data travels between ranks");
  put_bytes(out, &v, sizeof(T));
}

template <typename T>
T take(const std::vector<char>& in, std::size_t& at) {
  static_assert(std::is_trivially_copyable_v<T>, "only plain data travels between ranks");
  T v;
  take_bytes(in, at, &v, sizeof(T));
  return v;
}

template <typename T>
void put_vector(std::vector<char>& out, const std::vector<T>& v) {
  put(out, static_cast<std::uint64_t>(v.size()));
  put_bytes(out, v.data(), v.size() * sizeof(T));
}

template <typename T>
std::vector<T> take_vector(const std::vector<char>& in, std::size_t& at) {
  static_assert(std::is_trivially_copyable_v<T>, "only plain data travels between ranks");
  const auto n = take<std::uint64_t>(in, at);
  if (n > (in.size() - at) / sizeof(T)) throw std::logic_error("a message between ranks was cut short");
  std::vector<T> v(static_cast<std::size_t>(n));
  take_bytes(in, at, v.data(), v.size() * sizeof(T));
  return v;
}

}  // namespace hiradix::wire
