// The malloc heap on transparent huge pages. SystemC allocates each of a network's tens of thousands of
// objects (modules, ports, exports, their names and registries) with `new`, and a network's elaboration
// writes some 20 MiB of heap at h = 4 a 4 KiB page at a time: thousands of page faults, which on a virtual
// machine cost more than the elaboration's instructions (docs/benchmark.md, "The heap on huge pages"). The
// arena (tlm/arena.h) already asks for huge pages; this does the same for the heap that SystemC uses, as
// glibc's `glibc.malloc.hugetlb=1` tunable would, without the environment variable.
#pragma once
#include <cstddef>

namespace hiradix {

// Makes the heap grow now by at least `bytes` and asks the kernel for huge pages over that growth (a hint:
// ignored where transparent huge pages are off). The heap keeps that much free at its top from then on
// (glibc's M_TOP_PAD), so it never shrinks below it; large blocks come from the heap too, not from mmaps
// of their own (M_MMAP_THRESHOLD). Once a process is enough and later calls do nothing: the hiradix
// command calls it before anything else (tools/main.cpp); a forked simulation (spawn_simulation) calls it
// too, for the processes that are not the command (the Python module, the tests).
void heap_on_huge_pages(std::size_t bytes);

// What a simulation process asks for: the heap that elaborating an h = 8 Dragonfly writes fits in it (seed
// 003's Table I: 40,107 page faults without, 3,335 with); only virtual address space until it is used.
constexpr std::size_t kSimulationHeapBytes = std::size_t{256} << 20;

}  // namespace hiradix
