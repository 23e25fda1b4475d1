// The heap on huge pages (tlm/huge_heap.h): after heap_on_huge_pages(N) the heap has grown by at least N
// and that growth is marked for transparent huge pages (the kernel's own record: VmFlags "hg" of the heap's
// mappings in /proc/self/smaps), and memory from it works. In a child process: the call changes the
// process's malloc settings for good. And the hiradix command's own heap is marked from its start, before
// SystemC's library zeroes its scratch heap (tools/main.cpp), not only its simulation child's.
#include <gtest/gtest.h>

#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>

#include "sim_helpers.h"
#include "testbench/child_process.h"
#include "tlm/huge_heap.h"

namespace hiradix {
namespace {

// KiB of a process's [heap] mappings marked for huge pages.
std::size_t heap_kib_marked_huge(const std::string& process = "self") {
  std::ifstream smaps("/proc/" + process + "/smaps");
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

// The command's own process (which loads the config, runs the deadlock check and forks the simulation),
// looked at while its simulation runs: its heap is marked, so SystemC's scratch heap, the deadlock check's
// child and the simulation's child all start on huge pages. Without the .preinit_array hook only the
// simulation child's heap was.
TEST(HugeHeap, TheCommandsOwnHeapIsMarkedFromItsStart) {
#ifdef HIRADIX_SANITIZE
  GTEST_SKIP() << "AddressSanitizer's allocator does not use the heap";
#endif
  if (!std::filesystem::exists("/sys/kernel/mm/transparent_hugepage/enabled")) GTEST_SKIP() << "no transparent huge pages here";
  const test::TempDir dir("hiradix_huge_heap");
  std::ofstream(dir.file("c.yaml")) << "{}\n";
  const pid_t pid = test::start_hiradix(dir, {"run", "c.yaml", "-q", "--out", "res", "--set", "topology.h=2", "--set", "sim.measure=100000000"});
  const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(60);
  while (test::children_of(pid).empty() && std::chrono::steady_clock::now() < deadline) usleep(10000);
  const bool simulating = !test::children_of(pid).empty();
  const std::size_t marked = heap_kib_marked_huge(std::to_string(pid));
  kill(-pid, SIGKILL);
  waitpid(pid, nullptr, 0);
  ASSERT_TRUE(simulating) << "no simulation started: " << test::read_text(dir.file("stderr.txt"));
  EXPECT_GE(marked, (kSimulationHeapBytes >> 10) - 2 * 2048) << "the command's heap is not marked for huge pages";
}

}  // namespace
}  // namespace hiradix
