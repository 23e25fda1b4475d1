#!/usr/bin/env bash
# hiradix inside someone else's SystemC platform, from the outside: installs the build into a temporary
# prefix, builds examples/systemc-platform against it with find_package(hiradix), runs it, and checks the
# round trips it printed against the analytical zero-load value of each path (examples/systemc-platform/
# main.cpp explains them: 2 x (1 + 29) + 5 = 65 ns over a local hop, 2 x (1 + 119) + 5 = 245 ns over a
# global hop).
# Usage: tests/platform_example.sh BUILD_DIR
set -euo pipefail
src=$(cd "$(dirname "$0")/.." && pwd)
build=$(cd "$1" && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cmake --install "$build" --prefix "$work/prefix" >/dev/null
cmake -S "$src/examples/systemc-platform" -B "$work/example" -DCMAKE_PREFIX_PATH="$work/prefix" -DCMAKE_BUILD_TYPE=Release >/dev/null
cmake --build "$work/example" -j 2 >/dev/null
SYSTEMC_DISABLE_COPYRIGHT_MESSAGE=1 "$work/example/platform" | tee "$work/out.txt"
fail=0
check() {  # generator, expected round trip in ns
  local n
  n=$(grep -c "^$1: .* ok, round trip $2 ns$" "$work/out.txt" || true)
  if [ "$n" != 3 ]; then echo "FAIL: $1 should see 3 reads of $2 ns"; fail=1; fi
}
check generator_0 65
check generator_1 245
grep -q "done$" "$work/out.txt" || { echo "FAIL: the platform did not finish"; fail=1; }
exit $fail
