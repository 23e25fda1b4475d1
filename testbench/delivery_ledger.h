// Which packets have been delivered, by serial, in memory bounded by the packets in flight rather than by
// the packets of the whole run (a saturated 10^6-cycle run on h = 4 delivers ~10^8 packets).
#pragma once
#include <cstdint>
#include <deque>

namespace hiradix {

class DeliveryLedger {
 public:
  // Marks `serial` delivered; false if it already was (a duplicate delivery).
  bool deliver(std::uint64_t serial) {
    if (serial < base_) return false;
    const std::uint64_t word = (serial - base_) / 64;
    if (word >= words_.size()) words_.resize(word + 1, 0);
    const std::uint64_t bit = std::uint64_t{1} << (serial % 64);
    if (words_[word] & bit) return false;
    words_[word] |= bit;
    while (!words_.empty() && words_.front() == ~std::uint64_t{0}) {  // 64 consecutive serials all delivered
      words_.pop_front();
      base_ += 64;
    }
    return true;
  }
  // Serials are given in injection order, so this spans from the oldest packet still undelivered to the
  // newest delivered one.
  std::size_t words_kept() const { return words_.size(); }

 private:
  std::uint64_t base_ = 0;  // every serial below it is delivered; a multiple of 64
  std::deque<std::uint64_t> words_;  // bit s % 64 of word (s - base_) / 64: serial s delivered
};

}  // namespace hiradix
