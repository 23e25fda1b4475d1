// Which packets have been delivered, by serial, in memory bounded by the packets in flight rather than by
// the packets of the whole run (a saturated 10^6-cycle run on h = 4 delivers ~10^8 packets).
#pragma once
#include <cstddef>
#include <cstdint>
#include <vector>

namespace hiradix {

class DeliveryLedger {
 public:
  // Marks `serial` delivered; false if it already was (a duplicate delivery).
  bool deliver(std::uint64_t serial) {
    if (serial < base_) return false;
    const std::uint64_t word = (serial - base_) / 64;
    if (word >= count_) extend(word + 1);
    std::uint64_t& bits = words_[(head_ + word) & mask_];
    const std::uint64_t bit = std::uint64_t{1} << (serial % 64);
    if (bits & bit) return false;
    bits |= bit;
    // Only a delivery into the first word can complete it (the words after it wait for it to go).
    if (word == 0 && bits == kAll) drop_delivered();
    return true;
  }
  // Serials are given in injection order, so this spans from the oldest packet still undelivered to the
  // newest delivered one.
  std::size_t words_kept() const { return count_; }

 private:
  static constexpr std::uint64_t kAll = ~std::uint64_t{0};

  // Keeps `n` words, the new ones empty; the ring doubles when full (rarely: it follows the packets in flight).
  [[gnu::noinline]] void extend(std::size_t n) {
    if (n > words_.size()) {
      std::size_t capacity = words_.empty() ? 64 : words_.size();
      while (capacity < n) capacity *= 2;
      std::vector<std::uint64_t> bigger(capacity, 0);
      for (std::size_t i = 0; i < count_; ++i) bigger[i] = words_[(head_ + i) & mask_];
      words_.swap(bigger);
      head_ = 0;
      mask_ = capacity - 1;
    }
    for (std::size_t i = count_; i < n; ++i) words_[(head_ + i) & mask_] = 0;
    count_ = n;
  }
  // Drops the leading words whose 64 serials are all delivered.
  void drop_delivered() {
    while (count_ > 0 && words_[head_] == kAll) {
      head_ = (head_ + 1) & mask_;
      --count_;
      base_ += 64;
    }
  }

  std::uint64_t base_ = 0;  // every serial below it is delivered; a multiple of 64
  // A ring of count_ words from head_ (a power-of-two capacity): bit s % 64 of word (s - base_) / 64 is
  // serial s delivered.
  std::vector<std::uint64_t> words_;
  std::size_t head_ = 0, count_ = 0, mask_ = 0;
};

}  // namespace hiradix
