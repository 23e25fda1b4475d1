// The heap on huge pages (tlm/huge_heap.h): after heap_on_huge_pages(N) the heap has grown by at least N
// and that growth is marked for transparent huge pages (the kernel's own record: VmFlags "hg" of the heap's
// mappings in /proc/self/smaps), and memory from it works. In a child process: the call changes the
// process's malloc settings for good.
#include <gtest/gtest.h>

#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>

#include "testbench/child_process.h"
#include "tlm/huge_heap.h"

namespace hiradix {
namespace {

// KiB of the process's [heap] mappings marked for huge pages.
std::size_t heap_kib_marked_huge() {
  std::ifstream smaps("/proc/self/smaps");
  std::string line;
  bool heap = false;
  std::size_t size = 0, marked = 0;
  while (std::getline(smaps, line)) {
    if (line.find('-') != std::string::npos && line.find(':') > line.find(' ')) {  // a mapping's first line
      heap = line.size() >= 6 && line.compare(line.size() - 6, 6, "[heap]") == 0;
    } else if (heap && line.rfind("Size:", 0) == 0) {
      size = std::stoul(line.substr(5));
    } else if (heap && line.rfind("VmFlags:", 0) == 0 && (line + " ").find(" hg ") != std::string::npos) {
      marked += size;
    }
  }
  return marked;
}

TEST(HugeHeap, TheHeapsGrowthIsMarkedForHugePages) {
  if (!std::filesystem::exists("/sys/kernel/mm/transparent_hugepage/enabled")) GTEST_SKIP() << "no transparent huge pages here";
  const std::string out = compute_in_child([] {
    std::ostringstream s;
    s << heap_kib_marked_huge();
    heap_on_huge_pages(std::size_t{64} << 20);
    s << " " << heap_kib_marked_huge();
    // 40 MiB in blocks of 1 MiB (under the 32 MiB mmap threshold it sets: from the heap), written and read.
    std::size_t sum = 0;
    for (int i = 0; i < 40; ++i) {
      auto* p = static_cast<unsigned char*>(std::malloc(1 << 20));
      std::memset(p, i, 1 << 20);
      sum += p[(1 << 20) - 1];
    }
    s << " " << sum;
    return s.str();
  });
  std::istringstream in(out);
  std::size_t before = 0, after = 0, sum = 0;
  in >> before >> after >> sum;
  EXPECT_EQ(before, 0u) << "nothing marked before the call: " << out;
  // The 64 MiB growth, less at most a huge page at each end (the marking is rounded inward to 2 MiB).
  EXPECT_GE(after, (64u << 10) - 2 * 2048) << out;
  EXPECT_EQ(sum, 39u * 40 / 2) << out;
}

}  // namespace
}  // namespace hiradix
