#!/usr/bin/env bash
# The whole test suite under AddressSanitizer + UndefinedBehaviorSanitizer (incl. float-cast-overflow),
# in its own build directory (default build-sanitize): HIRADIX_SANITIZE=ON (CMakeLists.txt) compiles
# everything, the Verilated models included, with -fsanitize=address,undefined,float-cast-overflow and
# scales the per-test timeouts by 6. Any sanitizer report fails the test that triggers it (UBSan halts on
# the first error; ASan's exit code is 1).
#   scripts/sanitize.sh [BUILD_DIR] [ctest args...]      e.g. scripts/sanitize.sh build-sanitize -R Golden
set -euo pipefail
cd "$(dirname "$0")/.."
build=${1:-build-sanitize}
shift || true
scripts/setup.sh build >/dev/null   # the Debian packages (and the normal build the fuzz test needs)
cmake -S . -B "$build" -DCMAKE_BUILD_TYPE=RelWithDebInfo -DHIRADIX_SANITIZE=ON >/dev/null
cmake --build "$build" -j "$(nproc)"
# SystemC switches stacks between its threads (QuickThreads): ASan warns once per switch it cannot follow
# and must not look for use-after-return on those stacks. Runs are never torn down (the network lives
# until exit, decisions.md "Memory layout"), so leak checking would report the whole model.
export ASAN_OPTIONS=detect_leaks=0:detect_stack_use_after_return=0:check_initialization_order=1:abort_on_error=0
export UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1:suppressions=$PWD/scripts/ubsan.supp
slurm_was_up=0
scripts/slurm-cluster.sh status 2>/dev/null && slurm_was_up=1
trap '[ "$slurm_was_up" = 1 ] || scripts/slurm-cluster.sh stop >/dev/null 2>&1 || true' EXIT
ctest --test-dir "$build" --output-on-failure -j "$(nproc)" "$@"
