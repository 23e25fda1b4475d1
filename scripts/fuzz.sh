#!/usr/bin/env bash
# Builds the libFuzzer target on the config loader and the --set parser (fuzz/fuzz_config.cpp, clang with
# ASan + UBSan) and runs it for a bounded time, seeded with testbench/configs/ and fuzz/corpus_extra/.
#   scripts/fuzz.sh [SECONDS] [BUILD_DIR]     (default 60 s; build in BUILD_DIR/fuzz, default build/fuzz)
# The short run is a test (ctest -R Fuzz); a long one, e.g. an hour:  scripts/fuzz.sh 3600
# Findings (crash-*, leak-*, timeout-*) are written to BUILD_DIR/fuzz/findings/ and the script exits 1;
# reproduce one with: BUILD_DIR/fuzz/fuzz_config FILE
set -euo pipefail
cd "$(dirname "$0")/.."
seconds=${1:-60}
build=$(realpath -m "${2:-build}")
fuzz_build="$build/fuzz"
[ -f "$build/generated/rtl_fields.h" ] || { echo "fuzz: $build/generated/rtl_fields.h missing: run scripts/setup.sh $build first" >&2; exit 1; }
command -v clang++ >/dev/null || { echo "fuzz: clang++ not found (scripts/setup.sh installs clang)" >&2; exit 1; }
if [ ! -f "$fuzz_build/CMakeCache.txt" ]; then
  cmake -S fuzz -B "$fuzz_build" -DCMAKE_CXX_COMPILER=clang++ -DCMAKE_BUILD_TYPE=RelWithDebInfo \
        -DHIRADIX_GENERATED_DIR="$build/generated" >/dev/null
fi
cmake --build "$fuzz_build" --target fuzz_config -j "$(nproc)" >/dev/null
# A working corpus (grows as the fuzzer finds new paths) seeded with every example config.
corpus="$fuzz_build/corpus"
mkdir -p "$corpus" "$fuzz_build/findings"
cp -n testbench/configs/*.yaml fuzz/corpus_extra/* "$corpus"/ 2>/dev/null || true
export ASAN_OPTIONS=detect_leaks=0:allocator_may_return_null=1
export UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1
export TMPDIR=${TMPDIR:-/tmp}
echo "fuzz: running fuzz_config for ${seconds}s (corpus $corpus)"
"$fuzz_build/fuzz_config" "$corpus" -max_total_time="$seconds" -max_len=4096 -timeout=10 -rss_limit_mb=4096 \
    -artifact_prefix="$fuzz_build/findings/" -print_final_stats=1 2>&1 | tail -n 25
status=${PIPESTATUS[0]}
if [ "$status" -ne 0 ]; then
  echo "fuzz: FOUND a problem (exit $status); inputs in $fuzz_build/findings/" >&2
  exit 1
fi
echo "fuzz: no findings in ${seconds}s"
