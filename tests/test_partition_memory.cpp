// A partition's memory (tlm/partition_memory.h): the arena spans recorded while a part of the network is
// built, and their prefetch paced over a window. Checked against the allocations themselves: every line of
// every recorded allocation is touched exactly once within the window, no more than the cycle's share at a
// time, and no other line.
#include <gtest/gtest.h>

#include <cstdint>
#include <map>
#include <string>
#include <vector>

#include "sim_helpers.h"
#include "tlm/arena.h"
#include "tlm/link.h"
#include "tlm/partition_memory.h"

namespace hiradix {
namespace {

constexpr std::uintptr_t kLine = PartitionMemory::kLine;
std::uintptr_t line_of(const void* p) { return reinterpret_cast<std::uintptr_t>(p) / kLine; }
// How many spans blocks allocated one after the other make: a new one where a block starts more than a line
// past the previous one's end, or before it (a new chunk of the arena).
std::size_t runs(const std::vector<std::pair<const std::uint8_t*, std::size_t>>& blocks) {
  std::size_t n = 0;
  for (std::size_t i = 0; i < blocks.size(); ++i) {
    const std::uint8_t* end = i ? blocks[i - 1].first + blocks[i - 1].second : nullptr;
    n += i == 0 || blocks[i].first < end || blocks[i].first - end > static_cast<std::ptrdiff_t>(kLine);
  }
  return n;
}

TEST(PartitionMemory, RecordsWhatIsAllocatedWhileItLives) {
  arena_allocate(100, 64);  // before: not recorded
  std::vector<std::pair<const std::uint8_t*, std::size_t>> blocks;
  std::vector<ArenaSpan> spans;
  {
    ArenaRecording recording;
    for (std::size_t bytes : {24, 1000, 8, 4096, 200})
      blocks.push_back({static_cast<const std::uint8_t*>(arena_allocate(bytes, 8)), bytes});
    blocks.push_back({static_cast<const std::uint8_t*>(arena_allocate(64, 4096)), 64});  // a page away at most
    spans = recording.take();
  }
  const void* after = arena_allocate(100, 64);  // after: not recorded
  ASSERT_FALSE(spans.empty());
  for (const auto& [p, bytes] : blocks) {  // each block lies in one span
    int in = 0;
    for (const ArenaSpan& s : spans) in += p >= s.begin && p + bytes <= s.end;
    EXPECT_EQ(in, 1);
  }
  for (const ArenaSpan& s : spans) EXPECT_FALSE(after >= s.begin && after < s.end);
  // Adjacent allocations joined (the last one is up to 4 KiB of alignment padding apart).
  EXPECT_EQ(spans.size(), runs(blocks));
}

TEST(PartitionMemory, PrefetchTouchesEveryLineOnceWithinTheWindow) {
  // Four parts of a partition (routers): the first two adjacent, the others apart.
  std::vector<std::vector<ArenaSpan>> parts;
  std::vector<std::pair<const std::uint8_t*, std::size_t>> blocks;
  // The last starts and ends inside a line, apart from the others: its two lines are whole lines.
  for (std::size_t bytes : {5000, 300, 12000, 100}) {
    if (bytes == 12000) arena_allocate(1 << 14, 64);  // gaps before these two
    if (bytes == 100) arena_allocate(200, 64);
    ArenaRecording recording;
    blocks.push_back({static_cast<const std::uint8_t*>(arena_allocate(bytes, bytes == 100 ? 8 : 64)), bytes});
    parts.push_back(recording.take());
  }
  PartitionMemory memory;
  for (const auto& spans : parts) memory.add(spans);
  EXPECT_EQ(memory.spans().size(), runs(blocks));  // 3 (5,000 and 300 bytes are adjacent) but across a chunk
  std::map<std::uintptr_t, int> expected;  // every line of the blocks -> times touched
  for (const auto& [p, bytes] : blocks)
    for (std::uintptr_t line = line_of(p); line <= line_of(p + bytes - 1); ++line) expected[line] = 0;
  EXPECT_EQ(memory.lines(), expected.size());

  for (Cycle window : {Cycle{16}, Cycle{100}, Cycle{1000}}) {
    std::map<std::uintptr_t, int> touched = expected;
    PacedPrefetch prefetch;
    prefetch.start(memory, window);
    const std::size_t share = memory.lines() / window + 1;
    for (Cycle c = 0; c < window; ++c) {
      std::size_t n = 0;
      prefetch.step_with([&](const std::uint8_t* p) {
        ASSERT_TRUE(touched.count(line_of(p))) << "a line of no block";
        ++touched[line_of(p)];
        ++n;
      });
      EXPECT_LE(n, share);
    }
    for (const auto& [line, times] : touched) EXPECT_EQ(times, 1) << "window " << window;
  }
}

TEST(PartitionMemory, ShortWindowsDoNotPrefetch) {
  ArenaRecording recording;
  arena_allocate(4096, 64);
  PartitionMemory memory;
  memory.add(recording.take());
  PacedPrefetch prefetch;
  prefetch.start(memory, PacedPrefetch::kMinWindow - 1);
  int touched = 0;
  for (Cycle c = 0; c < PacedPrefetch::kMinWindow; ++c) prefetch.step_with([&](const std::uint8_t*) { ++touched; });
  EXPECT_EQ(touched, 0);
}

// A link end's recorded part is its first line: the fields a message reads (tlm/link.h) lie before its
// socket, which begins within that line's reach at most.
struct LinkEnds : sc_core::sc_module {
  LinkIn* in;
  LinkOut* out;
  std::vector<ArenaSpan> spans;
  explicit LinkEnds(sc_core::sc_module_name name) : sc_core::sc_module(name) {
    ArenaRecording recording;
    in = new (arena_allocate(sizeof(LinkIn), alignof(LinkIn), kLinkEndHotBytes)) LinkIn("in", nullptr, 0);
    out = new (arena_allocate(sizeof(LinkOut), alignof(LinkOut), kLinkEndHotBytes)) LinkOut("out", nullptr, 0);
    spans = recording.take();
  }
};

TEST(PartitionMemory, LinkEndsRecordTheirMessageFieldsOnly) {
  const std::string failure = test::in_child([]() -> std::string {  // sockets need a module: a fresh kernel
    LinkEnds ends("ends");
    const auto offset = [](const void* field, const void* object) {
      return static_cast<const std::uint8_t*>(field) - static_cast<const std::uint8_t*>(object);
    };
    const auto hot = static_cast<std::ptrdiff_t>(kLinkEndHotBytes);
    if (offset(&ends.in->socket, ends.in) > hot) return "LinkIn's socket starts past its first line";
    if (offset(&ends.out->socket, ends.out) > hot) return "LinkOut's socket starts past its first line";
    std::size_t bytes = 0;
    for (const ArenaSpan& s : ends.spans) bytes += static_cast<std::size_t>(s.end - s.begin);
    if (bytes != 2 * kLinkEndHotBytes) return "recorded " + std::to_string(bytes) + " bytes, not two lines";
    return "";
  });
  EXPECT_EQ(failure, "");
}

}  // namespace
}  // namespace hiradix
