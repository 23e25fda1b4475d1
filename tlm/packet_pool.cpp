#include <sys/mman.h>

#include <new>
#include <stdexcept>
#include <string>

#include "tlm/packet.h"

namespace hiradix {

namespace {
// The most packets alive at once: address space only (3.5 GiB of it); pages are committed as ids are used.
constexpr std::size_t kMaxPackets = std::size_t{1} << 26;
}  // namespace

PacketPool::PacketPool() : parts_(1) {
  void* slots = mmap(nullptr, kMaxPackets * sizeof(Packet), PROT_READ | PROT_WRITE,
                     MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
  if (slots == MAP_FAILED) throw std::bad_alloc();
  madvise(slots, kMaxPackets * sizeof(Packet), MADV_HUGEPAGE);  // a hint; ignored where huge pages are off
  slots_ = static_cast<Packet*>(slots);
}

void PacketPool::set_partitions(int partitions) {
  for (const Partition& p : parts_)
    if (p.blocks) throw std::logic_error("the packet pool is partitioned after its first allocation");
  parts_.assign(static_cast<std::size_t>(partitions), Partition{});
}

void PacketPool::refill(Partition& p, int partition) {
  const std::size_t block = static_cast<std::size_t>(p.blocks++) * parts_.size() + static_cast<std::size_t>(partition);
  const std::size_t first = block * kBlock;
  if (first + kBlock > kMaxPackets)
    throw std::runtime_error("more than " + std::to_string(kMaxPackets) + " packet ids in one run");
  for (std::size_t id = first + kBlock; id-- > first;) p.free.push_back(static_cast<PacketId>(id));  // lowest on top
}

}  // namespace hiradix
