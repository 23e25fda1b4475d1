#include <sys/mman.h>

#include <new>
#include <stdexcept>
#include <string>

#include "tlm/packet.h"
#include "tlm/reserved_array.h"

namespace hiradix {

// The address space is not returned: a run owns its process, and it holds at most a few such arrays.
void* reserve_address_space(std::size_t bytes) {
  void* p = mmap(nullptr, bytes, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
  if (p == MAP_FAILED) throw std::bad_alloc();
  madvise(p, bytes, MADV_HUGEPAGE);  // a hint; ignored where huge pages are off
  return p;
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
    throw std::runtime_error("more than " + std::to_string(kMaxPackets) + " packet ids in one run (packets alive at once)");
  for (std::size_t id = first + kBlock; id-- > first;) p.free.push_back(static_cast<PacketId>(id));  // lowest on top
}

void PacketPool::rebalance() {
  for (Partition& p : parts_)  // a partition that releases more than it allocates gives the surplus back
    while (p.free.size() > 2 * kBlock) {
      spare_.push_back(p.free.back());
      p.free.pop_back();
    }
  for (Partition& p : parts_)  // and one that allocates more takes it, rather than fresh blocks
    while (p.free.size() < kBlock && !spare_.empty()) {
      p.free.push_back(spare_.back());
      spare_.pop_back();
    }
}

}  // namespace hiradix
